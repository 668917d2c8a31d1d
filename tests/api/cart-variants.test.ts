import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddToCartResponse, CART_MESSAGES, type CartItem } from '../../src/shared/cart.js';
import { parseImages } from '../../src/shared/catalog.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { type TestShopper, bearer, makeProduct, makeShopper } from '../helpers/orders.js';
import { addTestVariants, archiveTestVariant, setTestVariantStock } from '../helpers/variants.js';

/**
 * The cart with variants: a product with variants is added by choosing one (variantId), each
 * variant is its own line, priced, stocked and pictured as the variant, and every wrong choice is
 * refused with a clear answer.
 */
describe('cart with variants', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ MAX_UNITS_PER_ORDER: '10' });
  });
  afterAll(async () => t.close());

  const add = (who: TestShopper, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/add-to-cart',
      payload: { userId: who.userId, ...payload },
      headers: { ...bearer(who.token), ...headers },
    });
  const view = async (who: TestShopper) =>
    (await t.app.inject({ method: 'GET', url: `/api/cart/view-cart/${who.userId}`, headers: bearer(who.token) })).json<{
      cartItems: CartItem[];
    }>().cartItems;
  const setQuantity = (who: TestShopper, itemId: number, quantity: number) =>
    t.app.inject({ method: 'PUT', url: '/api/cart/update-quantity', payload: { itemId, quantity }, headers: bearer(who.token) });
  const newShopper = () => makeShopper(t);

  const blackImage = 'b'.repeat(32);
  /** A phone in two storages and two colours; the 256 GB Black has its own picture. */
  async function phone(stock: { black128?: number | null; black256?: number | null } = {}) {
    const product = await makeProduct(t, { name: 'Galaxy S24', price: 1, stock: null, images: ['a'.repeat(32), blackImage] });
    const [black128, black256, blue128] = await addTestVariants(t.app.ctx.db, product.id, {
      options: [
        { name: 'Storage', values: ['128 GB', '256 GB'] },
        { name: 'Colour', values: ['Black', 'Blue'] },
      ],
      variants: [
        { values: ['128 GB', 'Black'], price: 99_999, stock: stock.black128 === undefined ? 5 : stock.black128 },
        {
          values: ['256 GB', 'Black'],
          price: 119_999.5,
          stock: stock.black256 === undefined ? 2 : stock.black256,
          images: [blackImage],
        },
        { values: ['128 GB', 'Blue'], price: 99_999, stock: null },
      ],
    });
    return { product, black128: black128!, black256: black256!, blue128: blue128! };
  }

  it('needs a variant for a product with variants: 400 naming the options to choose, in English and Nepali', async () => {
    const { product } = await phone();
    const shopper = await newShopper();
    const res = await add(shopper, { productId: product.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Choose a Storage and Colour',
      errors: { variantId: 'Choose a Storage and Colour' },
    });
    const ne = await add(shopper, { productId: product.id, variantId: null }, { 'accept-language': 'ne' });
    expect(ne.statusCode).toBe(400);
    expect(ne.json().message).toBe('Storage र Colour छान्नुहोस्');
    expect(await view(shopper)).toEqual([]);
    expect(CART_MESSAGES.chooseVariant(['Colour'])).toBe('Choose a Colour');
    expect(CART_MESSAGES.chooseVariant(['Storage', 'RAM', 'Colour'])).toBe('Choose a Storage, RAM and Colour');
  });

  it('adds a variant as its own line at the variant’s price, stock and pictures; the same variant again raises it', async () => {
    const { product, black128, black256 } = await phone();
    const shopper = await newShopper();
    // The client's price is never read.
    const first = await add(shopper, { productId: product.id, variantId: String(black256.id), quantity: 1, price: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const line = first.json<AddToCartResponse>().cartItem;
    expect(line).toEqual({
      id: expect.any(Number),
      quantity: 1,
      variantId: black256.id,
      variantLabel: '256 GB / Black',
      product: {
        id: product.id,
        name: 'Galaxy S24',
        price: 119_999.5,
        images: expect.any(String),
        stock: 2,
        isAvailable: true,
      },
    });
    // Its own picture only; the 128 GB Black names none, so it shows the product's two.
    expect(parseImages(line.product.images)).toEqual([expect.stringContaining(blackImage)]);
    const other = await add(shopper, { productId: product.id, variantId: black128.id, quantity: 2 });
    expect(other.statusCode, other.body).toBe(200);
    expect(parseImages(other.json<AddToCartResponse>().cartItem.product.images)).toHaveLength(2);
    const again = await add(shopper, { productId: product.id, variantId: black256.id });
    expect(again.json<AddToCartResponse>().cartItem).toMatchObject({ id: line.id, quantity: 2, variantId: black256.id });

    const cart = await view(shopper);
    expect(
      cart.map((item) => [item.variantId, item.variantLabel, item.quantity, item.product.price, item.product.stock]),
    ).toEqual([
      [black256.id, '256 GB / Black', 2, 119_999.5, 2],
      [black128.id, '128 GB / Black', 2, 99_999, 5],
    ]);
    // add-to-cart answers the line as view-cart lists it.
    expect(cart[0]).toEqual(again.json<AddToCartResponse>().cartItem);
  });

  it('refuses a wrong variant: another product’s 400, an archived or unknown one 404, any for a product without variants 400', async () => {
    const { product, black128 } = await phone();
    const second = await phone();
    const plain = await makeProduct(t, { name: 'USB Cable', stock: 10 });
    const shopper = await newShopper();

    const foreign = await add(shopper, { productId: product.id, variantId: second.black128.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: CART_MESSAGES.variantOfOtherProduct,
      errors: { variantId: CART_MESSAGES.variantOfOtherProduct },
    });

    const unknown = await add(shopper, { productId: product.id, variantId: 2 ** 31 - 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Variant not found');

    await archiveTestVariant(t.app.ctx.db, black128);
    const archived = await add(shopper, { productId: product.id, variantId: black128.id });
    expect(archived.statusCode).toBe(404);
    expect(archived.json().message).toBe(CART_MESSAGES.variantNotFound);

    const none = await add(shopper, { productId: plain.id, variantId: second.black128.id });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: CART_MESSAGES.noVariants, errors: { variantId: CART_MESSAGES.noVariants } });
    // An empty variantId is none: the plain product is added as itself.
    const plainLine = await add(shopper, { productId: plain.id, variantId: '' });
    expect(plainLine.statusCode, plainLine.body).toBe(200);
    expect(plainLine.json<AddToCartResponse>().cartItem).toMatchObject({ variantId: null, variantLabel: null });

    for (const variantId of ['abc', -1, 0, 1.5, '12x', true, { id: 1 }, '99999999999']) {
      const res = await add(shopper, { productId: product.id, variantId });
      expect(res.statusCode, JSON.stringify(variantId)).toBe(400);
      expect(res.json().errors?.variantId, JSON.stringify(variantId)).toBe(CART_MESSAGES.variantIdInvalid);
    }
    expect((await view(shopper)).map((item) => item.product.id)).toEqual([plain.id]);
  });

  it('checks the variant’s stock (not the product’s sum) and the product’s units limit', async () => {
    const { product, black128, black256, blue128 } = await phone({ black128: 5, black256: 2 });
    const shopper = await newShopper();
    expect((await add(shopper, { productId: product.id, variantId: black256.id, quantity: 1 })).statusCode).toBe(200);
    // The product holds 7 in all, the variant 2, and the cart 1 of it already.
    const over = await add(shopper, { productId: product.id, variantId: black256.id, quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: CART_MESSAGES.notEnoughStock('Galaxy S24 (256 GB / Black)', 2, 1),
      code: 'OUT_OF_STOCK',
      productId: product.id,
      variantId: black256.id,
      available: 2,
      inCart: 1,
    });
    await setTestVariantStock(t.app.ctx.db, black128, 0);
    const soldOut = await add(shopper, { productId: product.id, variantId: black128.id });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('"Galaxy S24 (128 GB / Black)" is out of stock');
    // Untracked: no stock limit, but one order may take at most MAX_UNITS_PER_ORDER (10) of the
    // product, its variants' lines together: the 256 GB Black in the cart counts.
    const pastAll = await add(shopper, { productId: product.id, variantId: blue128.id, quantity: 10 });
    expect(pastAll.statusCode).toBe(409);
    expect(pastAll.json()).toMatchObject({
      code: 'TOO_MANY_UNITS',
      message: 'You can order at most 10 of "Galaxy S24" at a time, counting all its variants together',
      variantId: blue128.id,
      inCart: 1,
    });
    expect((await add(shopper, { productId: product.id, variantId: blue128.id, quantity: 9 })).statusCode).toBe(200);
    const tooMany = await add(shopper, { productId: product.id, variantId: blue128.id, quantity: 1 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'TOO_MANY_UNITS', variantId: blue128.id, limit: 10, inCart: 10 });
    expect((await view(shopper)).map((item) => [item.variantId, item.quantity])).toEqual([
      [black256.id, 1],
      [blue128.id, 9],
    ]);
  });

  it('sets a variant line’s quantity within the variant’s stock; an archived variant’s line is unavailable and 404', async () => {
    const { product, black128, black256 } = await phone({ black128: 5, black256: 2 });
    const shopper = await newShopper();
    const a = (await add(shopper, { productId: product.id, variantId: black128.id })).json<AddToCartResponse>().cartItem;
    const b = (await add(shopper, { productId: product.id, variantId: black256.id })).json<AddToCartResponse>().cartItem;

    const set = await setQuantity(shopper, a.id, 5);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().cartItem).toMatchObject({ quantity: 5, variantId: black128.id, variantLabel: '128 GB / Black' });
    const over = await setQuantity(shopper, a.id, 6);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'OUT_OF_STOCK', variantId: black128.id, available: 5 });

    await archiveTestVariant(t.app.ctx.db, black256);
    const cart = await view(shopper);
    expect(cart.map((item) => [item.variantId, item.product.isAvailable])).toEqual([
      [black128.id, true],
      [black256.id, false],
    ]);
    const gone = await setQuantity(shopper, b.id, 1);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(CART_MESSAGES.variantNotFound);
    // It can still be removed.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/cart/remove-item/${b.id}`, headers: bearer(shopper.token) })).statusCode,
    ).toBe(200);
  });

  it('shows a line of the product itself as unavailable once the product has variants', async () => {
    const plain = await makeProduct(t, { name: 'Pixel 9', stock: 4 });
    const shopper = await newShopper();
    expect((await add(shopper, { productId: plain.id })).statusCode).toBe(200);
    await addTestVariants(t.app.ctx.db, plain.id, {
      options: [{ name: 'Colour', values: ['Obsidian'] }],
      variants: [{ values: ['Obsidian'], price: 90_000, stock: 3 }],
    });
    const [line] = await view(shopper);
    expect(line).toMatchObject({ variantId: null, product: { isAvailable: false } });
    const again = await add(shopper, { productId: plain.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Choose a Colour');
  });

  it('keeps one shopper’s parallel adds of one variant within its stock', async () => {
    const { product, black256 } = await phone({ black256: 3 });
    const shopper = await newShopper();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => add(shopper, { productId: product.id, variantId: black256.id, quantity: 1 })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(3);
    expect((await view(shopper)).map((item) => item.quantity)).toEqual([3]);
  });
});
