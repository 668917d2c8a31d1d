import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddToCartResponse } from '../../src/shared/cart.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { type TestShopper, bearer, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';
import { addTestVariants } from '../helpers/variants.js';

/**
 * The units of a product one order may take (the shop's MAX_UNITS_PER_ORDER, or the product's
 * own limit) count all its variants together: two storages of one phone cannot each take the
 * limit. Add-to-cart, the quantity change and checkout all hold it, and say so in both languages.
 */
describe('units per order over a product’s variants', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ MAX_UNITS_PER_ORDER: '5' });
  });
  afterAll(async () => t.close());

  const add = (who: TestShopper, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/add-to-cart',
      payload: { userId: who.userId, ...payload },
      headers: { ...bearer(who.token), ...headers },
    });
  const setQuantity = (who: TestShopper, itemId: number, quantity: number, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/cart/update-quantity',
      payload: { itemId, quantity },
      headers: { ...bearer(who.token), ...headers },
    });
  const cartUnits = async (who: TestShopper) => {
    const rows = await t.app.ctx.db.selectFrom('cart_items').select('quantity').where('user_id', '=', who.userId).execute();
    return rows.reduce((sum, row) => sum + row.quantity, 0);
  };

  /** A phone in two storages, plenty of stock of each (stock is not what limits here). */
  async function phone(name: string, maxPerOrder?: number) {
    const product = await makeProduct(t, { name, price: 1, stock: null });
    if (maxPerOrder !== undefined) {
      await t.app.ctx.db.updateTable('products').set({ max_per_order: maxPerOrder }).where('id', '=', product.id).execute();
    }
    const [small, large] = await addTestVariants(t.app.ctx.db, product.id, {
      options: [{ name: 'Storage', values: ['128 GB', '256 GB'] }],
      variants: [
        { values: ['128 GB'], price: 1_000, stock: 50 },
        { values: ['256 GB'], price: 1_500, stock: 50 },
      ],
    });
    return { product, small: small!, large: large! };
  }

  const message = (name: string, max: number) =>
    `You can order at most ${max} of "${name}" at a time, counting all its variants together`;

  it('refuses add-to-cart past the shop’s limit over all the variants’ lines, in English and Nepali', async () => {
    const { product, small, large } = await phone('Pixel 9');
    const shopper = await makeShopper(t);
    expect((await add(shopper, { productId: product.id, variantId: small.id, quantity: 3 })).statusCode).toBe(200);
    // 3 + 3 is over 5 although each line alone is within it.
    const over = await add(shopper, { productId: product.id, variantId: large.id, quantity: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'TOO_MANY_UNITS',
      message: message('Pixel 9', 5),
      productId: product.id,
      variantId: large.id,
      limit: 5,
      inCart: 3,
    });
    const ne = await add(shopper, { productId: product.id, variantId: large.id, quantity: 3 }, { 'accept-language': 'ne' });
    expect(ne.statusCode).toBe(409);
    expect(ne.json().message).toBe('एक पटकमा "Pixel 9" का सबै भेरियन्ट मिलाएर बढीमा ५ वटा मात्र अर्डर गर्न सकिन्छ');
    expect(await cartUnits(shopper)).toBe(3);
    // Up to the limit together is fine; one more of either is not.
    expect((await add(shopper, { productId: product.id, variantId: large.id, quantity: 2 })).statusCode).toBe(200);
    expect((await add(shopper, { productId: product.id, variantId: small.id, quantity: 1 })).statusCode).toBe(409);
    expect(await cartUnits(shopper)).toBe(5);
  });

  it('holds the product’s own limit at the quantity change, counting the other variants’ lines', async () => {
    const { product, small, large } = await phone('Galaxy A55', 4);
    const shopper = await makeShopper(t);
    const a = (await add(shopper, { productId: product.id, variantId: small.id, quantity: 2 })).json<AddToCartResponse>();
    const b = (await add(shopper, { productId: product.id, variantId: large.id, quantity: 2 })).json<AddToCartResponse>();
    const over = await setQuantity(shopper, a.cartItem.id, 3);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'TOO_MANY_UNITS', message: message('Galaxy A55', 4), limit: 4, inCart: 4 });
    const ne = await setQuantity(shopper, b.cartItem.id, 3, { 'accept-language': 'ne' });
    expect(ne.json().message).toBe('एक पटकमा "Galaxy A55" का सबै भेरियन्ट मिलाएर बढीमा ४ वटा मात्र अर्डर गर्न सकिन्छ');
    // Lowering one line makes room for the other.
    expect((await setQuantity(shopper, a.cartItem.id, 1)).statusCode).toBe(200);
    const raised = await setQuantity(shopper, b.cartItem.id, 3);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await cartUnits(shopper)).toBe(4);
  });

  it('refuses checkout of a cart whose variants’ lines together pass the limit, taking no stock', async () => {
    const { product, small, large } = await phone('iPhone 16', 3);
    const shopper = await makeShopper(t);
    expect((await add(shopper, { productId: product.id, variantId: small.id, quantity: 2 })).statusCode).toBe(200);
    expect((await add(shopper, { productId: product.id, variantId: large.id, quantity: 1 })).statusCode).toBe(200);
    // The limit lowered after the cart was filled.
    await t.app.ctx.db.updateTable('products').set({ max_per_order: 2 }).where('id', '=', product.id).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 3_500),
      headers: bearer(shopper.token),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'TOO_MANY_UNITS',
      message: message('iPhone 16', 2),
      productId: product.id,
      productName: 'iPhone 16',
      limit: 2,
    });
    const stocks = await t.app.ctx.db
      .selectFrom('product_variants')
      .select('stock')
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(stocks.map((row) => row.stock)).toEqual([50, 50]);
    // Back within the limit, the order goes through with both variants.
    await t.app.ctx.db.updateTable('products').set({ max_per_order: 3 }).where('id', '=', product.id).execute();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 3_500),
      headers: bearer(shopper.token),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('holds under parallel adds of different variants by one shopper', async () => {
    const { product, small, large } = await phone('Redmi Note 14');
    const shopper = await makeShopper(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        add(shopper, { productId: product.id, variantId: index % 2 === 0 ? small.id : large.id, quantity: 2 }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    // 2 + 2 fit within 5; a third pair of units does not, whichever variant it is.
    expect(codes).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await cartUnits(shopper)).toBe(4);
  });

  it('keeps the plain message for a product sold without variants', async () => {
    const product = await makeProduct(t, { name: 'USB Cable', price: 100, stock: 100 });
    const shopper = await makeShopper(t);
    const res = await add(shopper, { productId: product.id, quantity: 6 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can order at most 5 of "USB Cable" at a time');
  });
});
