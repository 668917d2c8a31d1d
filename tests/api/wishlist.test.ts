import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WISHLIST_MAX, WISHLIST_MESSAGES, type WishlistResponse } from '../../src/shared/wishlist.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { type TestShopper, bearer, insertProducts, makeProduct, makeShopper } from '../helpers/orders.js';

describe('wishlist API', () => {
  let t: TestApp;
  let sita: TestShopper;
  let ram: TestShopper;

  beforeAll(async () => {
    t = await buildTestApp();
    sita = await makeShopper(t);
    ram = await makeShopper(t, { firstName: 'Ram' });
  });
  afterAll(async () => t.close());

  const url = (who: TestShopper, userId = who.userId) => `/api/users/${userId}/wishlist`;
  const list = (who: TestShopper) => t.app.inject({ method: 'GET', url: url(who), headers: bearer(who.token) });
  const add = (who: TestShopper, productId: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: url(who), payload: { productId }, headers: { ...bearer(who.token), ...headers } });
  const remove = (who: TestShopper, productId: number | string) =>
    t.app.inject({ method: 'DELETE', url: `${url(who)}/${productId}`, headers: bearer(who.token) });

  it('needs a shopper token (none, garbage or an admin token: 401), and the token must be the user in the path (403)', async () => {
    const admin = await adminToken(t);
    for (const headers of [{}, bearer('not-a-token'), bearer(admin)]) {
      expect((await t.app.inject({ method: 'GET', url: url(sita), headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: url(sita), payload: { productId: 1 }, headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: `${url(sita)}/1`, headers })).statusCode).toBe(401);
    }
    const product = await makeProduct(t);
    const other = { method: 'GET' as const, url: url(sita), headers: bearer(ram.token) };
    const res = await t.app.inject(other);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(WISHLIST_MESSAGES.ownWishlistOnly);
    expect(
      (await t.app.inject({ method: 'POST', url: url(sita), payload: { productId: product.id }, headers: bearer(ram.token) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${url(sita)}/${product.id}`, headers: bearer(ram.token) })).statusCode).toBe(403);
    expect((await list(sita)).json()).toEqual({ items: [] });
  });

  it('adds a product once however often it is added, lists it with price, sale, stock and image, and removes it', async () => {
    const product = await makeProduct(t, { name: 'Wireless Mouse', price: 1299.5, stock: 3 });
    const first = await add(sita, product.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: WISHLIST_MESSAGES.added,
      item: { productId: product.id, name: 'Wireless Mouse', price: 1299.5, sale: null, stock: 3, available: true, variantCount: 0 },
    });
    expect(first.json().item.image).toMatch(/^\/uploads\/products\//);
    expect((await add(sita, product.id)).statusCode).toBe(200);
    const body = (await list(sita)).json<WishlistResponse>();
    expect(body.items.map((item) => item.productId)).toEqual([product.id]);

    // A sale on the product shows as its sale.
    await t.app.ctx.db
      .updateTable('products')
      .set({ sale_price_paisa: 99_900, sale_reference_paisa: 129_950, sale_ends_at: '2099-01-01T00:00:00.000Z' })
      .where('id', '=', product.id)
      .execute();
    const onSale = (await list(sita)).json<WishlistResponse>();
    expect(onSale.items[0]!.sale).toMatchObject({ price: 999, wasPrice: 1299.5, percentOff: 23 });

    // Ram's list is his own.
    expect((await list(ram)).json()).toEqual({ items: [] });

    const removed = await remove(sita, product.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: WISHLIST_MESSAGES.removed });
    const again = await remove(sita, product.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(WISHLIST_MESSAGES.notInWishlist);
    expect((await list(sita)).json()).toEqual({ items: [] });
  });

  it('keeps a product deleted later, as no longer available; refuses unknown and deleted products and bad ids in both languages', async () => {
    const product = await makeProduct(t);
    expect((await add(ram, product.id)).statusCode).toBe(200);
    await t.app.ctx.db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', product.id).execute();
    const body = (await list(ram)).json<WishlistResponse>();
    expect(body.items.find((item) => item.productId === product.id)?.available).toBe(false);
    // Adding it again (a guest's heart merged at login) changes nothing and is no error.
    expect((await add(ram, product.id)).statusCode).toBe(200);

    const deleted = await makeProduct(t);
    await t.app.ctx.db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', deleted.id).execute();
    for (const id of [deleted.id, 2 ** 31 - 1]) {
      const res = await add(sita, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(WISHLIST_MESSAGES.productNotFound);
    }
    for (const id of [0, -1, 1.5, 'abc', null, '<script>alert(1)</script>', 2 ** 31]) {
      const res = await add(sita, id);
      expect(res.statusCode, String(id)).toBe(400);
      const ne = await add(sita, id, { 'accept-language': 'ne' });
      expect(ne.statusCode).toBe(400);
      expect(JSON.stringify(ne.json())).toMatch(/[\u0900-\u097F]/);
    }
    for (const id of ['0', 'abc', '99999999999']) expect((await remove(sita, id)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/abc/wishlist', headers: bearer(sita.token) })).statusCode).toBe(400);
  });

  it(`holds at most ${WISHLIST_MAX} products, even when adds past the cap arrive in parallel; says so in both languages`, async () => {
    const shopper = await makeShopper(t, { firstName: 'Gita' });
    const ids = await insertProducts(
      t.app.ctx.db,
      Array.from({ length: WISHLIST_MAX + 20 }, (_, i) => ({ name: `Wish ${i}`, pricePaisa: 10_000 + i, stock: 5 })),
    );
    const now = new Date().toISOString();
    const firstBatch = ids.slice(0, WISHLIST_MAX - 5);
    await t.app.ctx.db
      .insertInto('wishlist_items')
      .values(firstBatch.map((id) => ({ user_id: shopper.userId, product_id: id, created_at: now })))
      .execute();
    const rest = ids.slice(WISHLIST_MAX - 5);
    const answers = await Promise.all(rest.map((id) => add(shopper, id)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(rest.length - 5);
    const count = await t.app.ctx.db
      .selectFrom('wishlist_items')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', shopper.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(WISHLIST_MAX);

    const full = await add(shopper, rest.at(-1));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(WISHLIST_MESSAGES.full);
    const ne = await add(shopper, rest.at(-1), { 'accept-language': 'ne' });
    expect(ne.json().message).toContain('इच्छासूची भरिएको छ');
    expect(ne.json().message).toContain('५००');
    // One already on the list is still fine (idempotent), and after a removal there is room again.
    expect((await add(shopper, firstBatch[0])).statusCode).toBe(200);
    expect((await remove(shopper, firstBatch[0]!)).statusCode).toBe(200);
    expect((await add(shopper, rest.at(-1))).statusCode).toBe(200);
    expect(((await list(shopper)).json<WishlistResponse>()).items).toHaveLength(WISHLIST_MAX);
  });
});
