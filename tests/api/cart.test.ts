import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, type ViewCartResponse } from '../../src/shared/cart.js';
import { parseImages } from '../../src/shared/catalog.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { type TestShopper, bearer, fillCart, makeProduct, makeShopper, NO_ORDER_LIMITS } from '../helpers/orders.js';

describe('cart API', () => {
  let t: TestApp;
  let sita: TestShopper;
  let ram: TestShopper;

  beforeAll(async () => {
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
    sita = await makeShopper(t);
    ram = await makeShopper(t, { firstName: 'Ram' });
  });
  afterAll(async () => t.close());

  const view = (who: TestShopper, userId = who.userId) =>
    t.app.inject({ method: 'GET', url: `/api/cart/view-cart/${userId}`, headers: bearer(who.token) });
  const add = (who: TestShopper, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/add-to-cart',
      payload: { userId: who.userId, ...payload },
      headers: bearer(who.token),
    });
  const remove = (who: TestShopper, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/cart/remove-item/${id}`, headers: bearer(who.token) });
  const clear = async (who: TestShopper) => t.app.ctx.db.deleteFrom('cart_items').where('user_id', '=', who.userId).execute();

  it('needs a shopper token on every call (none, garbage or an admin token: 401)', async () => {
    const admin = await adminToken(t);
    for (const headers of [{}, bearer('not-a-token'), bearer(admin)]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/cart/view-cart/${sita.userId}`, headers })).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/cart/add-to-cart',
            payload: { userId: sita.userId, productId: 1, quantity: 1 },
            headers,
          })
        ).statusCode,
      ).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/cart/remove-item/1', headers })).statusCode).toBe(401);
    }
  });

  it('starts empty', async () => {
    const res = await view(sita);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cartItems: [] });
  });

  it('adds a product and answers the whole line; view-cart lists it with rupee price and the JSON images', async () => {
    const product = await makeProduct(t, {
      name: 'Mechanical Keyboard',
      price: 4599.5,
      stock: 5,
      images: ['a'.repeat(32), 'b'.repeat(32)],
    });
    const res = await add(sita, { productId: product.id, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: CART_MESSAGES.added,
      cartItem: {
        id: expect.any(Number),
        quantity: 2,
        variantId: null,
        variantLabel: null,
        product: {
          id: product.id,
          name: 'Mechanical Keyboard',
          price: 4599.5,
          images: expect.any(String),
          stock: 5,
          isAvailable: true,
        },
      },
    });
    expect(parseImages(body.cartItem.product.images)).toEqual([
      `/uploads/products/${'a'.repeat(32)}-640.webp`,
      `/uploads/products/${'b'.repeat(32)}-640.webp`,
    ]);
    const cart = await view(sita);
    expect(cart.json()).toEqual({ cartItems: [body.cartItem] });
    await clear(sita);
  });

  it('raises the quantity when the product is already in the cart (one line)', async () => {
    const product = await makeProduct(t, { stock: null });
    const first = await add(sita, { productId: product.id, quantity: 2 });
    const second = await add(sita, { productId: product.id, quantity: 3 });
    expect(second.statusCode).toBe(200);
    expect(second.json().cartItem).toMatchObject({ id: first.json().cartItem.id, quantity: 5 });
    const items = (await view(sita)).json().cartItems;
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(5);
    await clear(sita);
  });

  it('lists lines oldest first, each with its own product', async () => {
    const a = await makeProduct(t, { name: 'A', stock: null });
    const b = await makeProduct(t, { name: 'B', stock: null });
    await add(sita, { productId: b.id, quantity: 1 });
    await add(sita, { productId: a.id, quantity: 1 });
    const items = (await view(sita)).json<ViewCartResponse>().cartItems;
    expect(items.map((item) => item.product.name)).toEqual(['B', 'A']);
    await clear(sita);
  });

  it('takes an empty, null or missing quantity as 1 and numeric strings as numbers', async () => {
    const product = await makeProduct(t, { stock: null });
    for (const payload of [{ quantity: '' }, { quantity: null }, {}, { quantity: '  ' }]) {
      const res = await add(sita, { productId: product.id, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
    }
    expect((await view(sita)).json().cartItems[0].quantity).toBe(4);
    const res = await add(sita, { productId: String(product.id), quantity: '3' });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartItem.quantity).toBe(7);
    await clear(sita);
  });

  it('refuses zero, negative, fractional, non-numeric and absurd quantities with 400 and a clear message', async () => {
    const product = await makeProduct(t, { stock: null });
    const cases: [unknown, string][] = [
      [0, CART_MESSAGES.quantityWhole],
      [-1, CART_MESSAGES.quantityWhole],
      ['-3', CART_MESSAGES.quantityWhole],
      [1.5, CART_MESSAGES.quantityWhole],
      ['2.5', CART_MESSAGES.quantityWhole],
      ['abc', CART_MESSAGES.quantityWhole],
      ['1e3', CART_MESSAGES.quantityWhole],
      [true, CART_MESSAGES.quantityWhole],
      [[2], CART_MESSAGES.quantityWhole],
      [2 ** 31, CART_MESSAGES.quantityTooLarge],
      ['99999999999999999999', CART_MESSAGES.quantityTooLarge],
      [1e300, CART_MESSAGES.quantityTooLarge],
    ];
    for (const [quantity, message] of cases) {
      const res = await add(sita, { productId: product.id, quantity });
      expect(res.statusCode, `${JSON.stringify(quantity)} → ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual({ quantity: message });
    }
    expect((await view(sita)).json().cartItems).toEqual([]);
  });

  it('accepts up to 2^31 - 1 for an untracked product, but not a total over it', async () => {
    const product = await makeProduct(t, { stock: null });
    expect((await add(sita, { productId: product.id, quantity: 2 ** 31 - 1 })).statusCode).toBe(200);
    const res = await add(sita, { productId: product.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CART_MESSAGES.quantityTooLarge);
    expect((await view(sita)).json().cartItems[0].quantity).toBe(2 ** 31 - 1);
    await clear(sita);
  });

  it('refuses bad product ids with 400 and missing or deleted products with 404', async () => {
    for (const productId of [0, -1, 'x', 1.5, null]) {
      const res = await add(sita, { productId, quantity: 1 });
      expect(res.statusCode, JSON.stringify(productId)).toBe(400);
      expect(res.json().message).toBe(CART_MESSAGES.productIdInvalid);
    }
    expect((await add(sita, { quantity: 1 })).statusCode).toBe(400);
    const missing = await add(sita, { productId: 987654, quantity: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CART_MESSAGES.productNotFound);

    const product = await makeProduct(t, { stock: 3 });
    await t.app.ctx.db
      .updateTable('products')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', product.id)
      .execute();
    const deleted = await add(sita, { productId: product.id, quantity: 1 });
    expect(deleted.statusCode).toBe(404);
    expect((await view(sita)).json().cartItems).toEqual([]);
  });

  it('refuses more than the stock, counting what the cart already holds (409), and out-of-stock products', async () => {
    const product = await makeProduct(t, { name: 'Headset', stock: 3 });
    const tooMany = await add(sita, { productId: product.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: CART_MESSAGES.notEnoughStock('Headset', 3, 0),
      code: 'OUT_OF_STOCK',
      productId: product.id,
      available: 3,
      inCart: 0,
    });
    expect((await add(sita, { productId: product.id, quantity: 2 })).statusCode).toBe(200);
    const over = await add(sita, { productId: product.id, quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only 3 of "Headset" left in stock, and your cart already has 2');
    expect((await add(sita, { productId: product.id, quantity: 1 })).statusCode).toBe(200);
    expect((await view(sita)).json().cartItems[0].quantity).toBe(3);

    const gone = await makeProduct(t, { name: 'Sold Out Mouse', stock: 0 });
    const soldOut = await add(sita, { productId: gone.id, quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('"Sold Out Mouse" is out of stock');
    await clear(sita);
  });

  it('shows a line whose product was deleted or sold out as not available, so it can be removed', async () => {
    const product = await makeProduct(t, { stock: 2 });
    await add(sita, { productId: product.id, quantity: 1 });
    await t.app.ctx.db.updateTable('products').set({ stock: 0 }).where('id', '=', product.id).execute();
    expect((await view(sita)).json().cartItems[0].product).toMatchObject({ stock: 0, isAvailable: false });
    await t.app.ctx.db
      .updateTable('products')
      .set({ stock: 2, deleted_at: new Date().toISOString() })
      .where('id', '=', product.id)
      .execute();
    const [line] = (await view(sita)).json().cartItems;
    expect(line.product.isAvailable).toBe(false);
    expect((await remove(sita, line.id)).statusCode).toBe(200);
    expect((await view(sita)).json().cartItems).toEqual([]);
  });

  it("allows only the token's own cart: another userId in the path or body is 403", async () => {
    const product = await makeProduct(t, { stock: null });
    const peek = await view(sita, ram.userId);
    expect(peek.statusCode).toBe(403);
    expect(peek.json().message).toBe(CART_MESSAGES.ownCartOnly);
    const sneak = await add(sita, { userId: ram.userId, productId: product.id, quantity: 1 });
    expect(sneak.statusCode).toBe(403);
    expect((await view(ram)).json().cartItems).toEqual([]);
  });

  it("removes a line; another shopper's line is 404 and stays; bad ids are 400", async () => {
    const product = await makeProduct(t, { stock: null });
    await fillCart(t.app.ctx.db, ram.userId, [{ productId: product.id, quantity: 2 }]);
    const [ramLine] = (await view(ram)).json().cartItems;

    const steal = await remove(sita, ramLine.id);
    expect(steal.statusCode).toBe(404);
    expect(steal.json().message).toBe(CART_MESSAGES.itemNotFound);
    expect((await view(ram)).json().cartItems).toHaveLength(1);

    for (const id of ['0', 'abc', '1.5', '99999999999']) expect((await remove(ram, id)).statusCode).toBe(400);
    expect((await remove(ram, 999999)).statusCode).toBe(404);

    // A DELETE that carries Content-Type: application/json and no body is fine.
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/remove-item/${ramLine.id}`,
      headers: { ...bearer(ram.token), 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: CART_MESSAGES.removed });
    expect((await view(ram)).json().cartItems).toEqual([]);
    expect((await remove(ram, ramLine.id)).statusCode).toBe(404);
  });

  it('answers add-to-cart with the line exactly as view-cart lists it (tracked, untracked, no pictures, raised)', async () => {
    const products = [
      await makeProduct(t, { name: 'Tracked', price: 1250.75, stock: 4, images: ['c'.repeat(32)] }),
      await makeProduct(t, { name: 'Untracked', price: 99, stock: null, images: ['d'.repeat(32), 'e'.repeat(32)] }),
      await makeProduct(t, { name: 'No pictures', price: 10, stock: 1, images: [] }),
    ];
    const answers = [];
    for (const product of products) answers.push((await add(sita, { productId: product.id, quantity: 1 })).json().cartItem);
    // Raising a line answers the raised quantity and the stock as it is now.
    await t.app.ctx.db.updateTable('products').set({ stock: 9 }).where('id', '=', products[0]!.id).execute();
    answers[0] = (await add(sita, { productId: products[0]!.id, quantity: 2 })).json().cartItem;
    expect(answers[0]).toMatchObject({ quantity: 3, product: { stock: 9, isAvailable: true } });
    expect(answers[2].product).toMatchObject({ images: '[]', stock: 1, isAvailable: true });
    expect((await view(sita)).json().cartItems).toEqual(answers);
    await clear(sita);
  });

  it("adds one shopper's concurrent calls one after another: no lost quantity, never past the stock", async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Joystick', stock: 6 });
    const results = await Promise.all(Array.from({ length: 10 }, () => add(shopper, { productId: product.id, quantity: 1 })));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 409, 409, 409, 409]);
    // Each success answered a different running total: the line was read after the previous write.
    const quantities = results.filter((res) => res.statusCode === 200).map((res) => res.json().cartItem.quantity as number);
    expect(quantities.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await view(shopper)).json().cartItems).toMatchObject([{ quantity: 6, product: { id: product.id } }]);

    const untracked = await makeProduct(t, { stock: null });
    await Promise.all(Array.from({ length: 8 }, () => add(shopper, { productId: untracked.id, quantity: 2 })));
    expect((await view(shopper)).json().cartItems[1]).toMatchObject({ quantity: 16, product: { id: untracked.id } });
  });

  it('checks the session on every call: a cart call right after logout is 401 and writes nothing', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { stock: null });
    expect((await add(shopper, { productId: product.id, quantity: 1 })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(shopper.token) });
    expect(out.statusCode).toBe(200);
    const after = await add(shopper, { productId: product.id, quantity: 1 });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session has ended. Please log in again.');
    expect((await view(shopper)).statusCode).toBe(401);
    const lines = await t.app.ctx.db.selectFrom('cart_items').select('quantity').where('user_id', '=', shopper.userId).execute();
    expect(lines).toEqual([{ quantity: 1 }]);
  });

  it('validates the body: not an object, missing userId', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add-to-cart',
      payload: '',
      headers: { ...bearer(sita.token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    const noUser = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add-to-cart',
      payload: { productId: 1 },
      headers: bearer(sita.token),
    });
    expect(noUser.statusCode).toBe(400);
  });
});
