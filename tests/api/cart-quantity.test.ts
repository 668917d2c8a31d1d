import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, type CartItem } from '../../src/shared/cart.js';
import { adminToken } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { type TestShopper, bearer, fillCart, makeProduct, makeShopper, NO_ORDER_LIMITS } from '../helpers/orders.js';

/** PUT /api/cart/update-quantity: the steppers of the cart drawer and the Cart tab set a line's quantity. */
describe('cart API: setting a line quantity', () => {
  let t: TestApp;
  let sita: TestShopper;
  let ram: TestShopper;

  beforeAll(async () => {
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
    sita = await makeShopper(t);
    ram = await makeShopper(t, { firstName: 'Ram' });
  });
  afterAll(async () => t.close());

  const setQuantity = (who: TestShopper, payload: unknown, headers: Record<string, string> = bearer(who.token)) =>
    t.app.inject({ method: 'PUT', url: '/api/cart/update-quantity', payload: payload as object, headers });
  const lines = async (who: TestShopper): Promise<CartItem[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/cart/view-cart/${who.userId}`, headers: bearer(who.token) });
    return res.json<{ cartItems: CartItem[] }>().cartItems;
  };
  /** A fresh line of a new product in the shopper's cart. */
  const lineOf = async (who: TestShopper, options: { stock: number | null; quantity: number; price?: number }) => {
    const product = await makeProduct(t, { stock: options.stock, price: options.price });
    await fillCart(t.app.ctx.db, who.userId, [{ productId: product.id, quantity: options.quantity }]);
    const line = (await lines(who)).find((item) => item.product.id === product.id);
    if (!line) throw new Error('the line was not written');
    return { product, line };
  };

  it('needs a shopper token (none, garbage or an admin token: 401)', async () => {
    const { line } = await lineOf(sita, { stock: 5, quantity: 1 });
    for (const headers of [{}, bearer('not-a-token'), bearer(await adminToken(t))]) {
      expect((await setQuantity(sita, { itemId: line.id, quantity: 2 }, headers)).statusCode).toBe(401);
    }
    expect((await lines(sita)).find((item) => item.id === line.id)?.quantity).toBe(1);
  });

  it('sets the quantity up and down and answers the line as view-cart lists it', async () => {
    const { line } = await lineOf(sita, { stock: 5, quantity: 1, price: 1200.5 });
    const up = await setQuantity(sita, { userId: sita.userId, itemId: line.id, quantity: 4 });
    expect(up.statusCode, up.body).toBe(200);
    const listed = (await lines(sita)).find((item) => item.id === line.id);
    expect(listed?.quantity).toBe(4);
    expect(up.json()).toEqual({ message: CART_MESSAGES.quantityUpdated, cartItem: listed });

    // Without userId the token says whose line it is; numeric strings are numbers, as in add-to-cart.
    const down = await setQuantity(sita, { itemId: String(line.id), quantity: '2' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().cartItem.quantity).toBe(2);
    expect((await lines(sita)).find((item) => item.id === line.id)?.quantity).toBe(2);
  });

  it('allows exactly the stock, refuses more (409 with what is left) and leaves the line as it was', async () => {
    const { product, line } = await lineOf(sita, { stock: 3, quantity: 1 });
    expect((await setQuantity(sita, { itemId: line.id, quantity: 3 })).statusCode).toBe(200);
    const over = await setQuantity(sita, { itemId: line.id, quantity: 4 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: CART_MESSAGES.notEnoughStock(product.name, 3, 0),
    });
    expect((await lines(sita)).find((item) => item.id === line.id)?.quantity).toBe(3);
  });

  it('takes any quantity up to the ceiling for an untracked product', async () => {
    const { line } = await lineOf(sita, { stock: null, quantity: 1 });
    const res = await setQuantity(sita, { itemId: line.id, quantity: 250 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cartItem.quantity).toBe(250);
  });

  it('refuses a sold-out product (409) and a deleted one (404), so the shopper removes the line', async () => {
    const { product: soldOut, line: soldOutLine } = await lineOf(sita, { stock: 0, quantity: 1 });
    const res = await setQuantity(sita, { itemId: soldOutLine.id, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CART_MESSAGES.outOfStock(soldOut.name));

    const { product: gone, line: goneLine } = await lineOf(sita, { stock: 5, quantity: 1 });
    await t.app.ctx.db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    const deleted = await setQuantity(sita, { itemId: goneLine.id, quantity: 2 });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe(CART_MESSAGES.productNotFound);
  });

  it('refuses a missing, zero, negative, fractional, non-numeric or absurd quantity with 400 and a clear message', async () => {
    const { line } = await lineOf(sita, { stock: null, quantity: 2 });
    for (const quantity of [undefined, null, '', 0, -1, 1.5, '2.5', 'abc', true, [3]]) {
      const res = await setQuantity(sita, { itemId: line.id, quantity });
      expect(res.statusCode, `quantity ${JSON.stringify(quantity)}`).toBe(400);
      expect(res.json().message).toContain(CART_MESSAGES.quantityWhole);
    }
    const huge = await setQuantity(sita, { itemId: line.id, quantity: 2 ** 31 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain(CART_MESSAGES.quantityTooLarge);
    expect((await lines(sita)).find((item) => item.id === line.id)?.quantity).toBe(2);
  });

  it('refuses bad item ids and a body that is not a JSON object', async () => {
    for (const itemId of [undefined, 0, -3, 1.5, 'abc', '99999999999', 2 ** 31]) {
      const res = await setQuantity(sita, { itemId, quantity: 1 });
      expect(res.statusCode, `itemId ${JSON.stringify(itemId)}`).toBe(400);
      expect(res.json().message).toContain(CART_MESSAGES.badItemId);
    }
    expect((await setQuantity(sita, [1, 2])).statusCode).toBe(400);
    // A plain-text body is not read at all, as on the other cart routes.
    expect((await setQuantity(sita, 'quantity=2')).statusCode).toBe(415);
  });

  it("changes only the shopper's own lines: someone else's or a missing line is 404, another userId is 403", async () => {
    const { line: ramLine } = await lineOf(ram, { stock: 10, quantity: 2 });
    const steal = await setQuantity(sita, { itemId: ramLine.id, quantity: 5 });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().message).toBe(CART_MESSAGES.itemNotFound);

    const asRam = await setQuantity(sita, { userId: ram.userId, itemId: ramLine.id, quantity: 5 });
    expect(asRam.statusCode).toBe(403);
    expect(asRam.json().message).toBe(CART_MESSAGES.ownCartOnly);

    expect((await setQuantity(ram, { itemId: 2 ** 31 - 1, quantity: 1 })).statusCode).toBe(404);
    expect((await lines(ram)).find((item) => item.id === ramLine.id)?.quantity).toBe(2);
  });

  it("runs one shopper's concurrent changes one after another: the line ends at one of the asked quantities", async () => {
    const { line } = await lineOf(sita, { stock: 20, quantity: 1 });
    const asked = [3, 7, 11, 5, 9];
    const codes = await Promise.all(
      asked.map(async (quantity) => (await setQuantity(sita, { itemId: line.id, quantity })).statusCode),
    );
    expect(codes).toEqual([200, 200, 200, 200, 200]);
    expect(asked).toContain((await lines(sita)).find((item) => item.id === line.id)?.quantity);
  });
});
