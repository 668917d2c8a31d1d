import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, type Product, type ProductPage } from '../../src/shared/catalog.js';
import type { Order } from '../../src/shared/orders.js';
import { ARCHIVE_MESSAGES, type ArchivedProductPage } from '../../src/shared/product-archive.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, shopperToken } from '../helpers/catalog.js';
import { categoryId as categoryIdOf, fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Archived products: the product delete keeps its path and answer but archives; the admin
 * lists what can still be restored and restores it within 30 days (back in every list at once);
 * after that, or when its category is gone with nothing of its name in its place, restore is 409.
 */
describe('archived products API', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const del = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) });
  /** Moves the shop's clock; tokens live an hour by it, so the admin signs in again. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    admin = await adminToken(t);
  };
  const restore = (id: number | string, token: string | null = admin, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/restore`,
      headers: { ...(token ? bearer(token) : {}), ...headers },
    });
  const archived = async (query = '') => {
    const res = await get(`/api/admin/products/archived${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ArchivedProductPage>();
  };
  const addSub = async (categoryId: number, name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/category/${categoryId}/subcategory`,
      payload: { name },
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().subCategory.id as number;
  };
  const listed = async (category: string) =>
    (await get(`/api/products?category=${encodeURIComponent(category)}&page=1`)).json<ProductPage>();

  it('keeps SPEC’s delete answer, takes the product out of the shop, and lists it as archived until when it can come back', async () => {
    const product = await makeProduct(t, { name: 'Archive Me Keyboard', category: 'Keyboards', price: 4500 });
    expect((await listed('Keyboards')).total).toBe(1);
    expect((await archived()).products.map((item) => item.id)).not.toContain(product.id);

    const res = await del(product.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CATALOG_MESSAGES.productDeleted });
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await listed('Keyboards')).total).toBe(0);

    const page = await archived();
    const entry = page.products.find((item) => item.id === product.id)!;
    expect(entry).toMatchObject({ name: 'Archive Me Keyboard', price: 4500, category: 'Keyboards' });
    expect(Date.parse(entry.restorableUntil) - Date.parse(entry.archivedAt)).toBe(30 * DAY_MS);
    expect(Math.abs(Date.parse(entry.archivedAt) - t.clock.now().getTime())).toBeLessThan(60_000);

    const back = await restore(product.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Product>()).toMatchObject({ id: product.id, name: 'Archive Me Keyboard', category: 'Keyboards' });
    // Back in the shop at once: the product, the (cached per catalogue version) list and its total.
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(200);
    const after = await listed('Keyboards');
    expect(after.total).toBe(1);
    expect(after.products.map((item) => item.id)).toEqual([product.id]);
    expect((await archived()).products.map((item) => item.id)).not.toContain(product.id);
  });

  it('answers 404 for no such product, 409 for one that is not archived or restored already, and needs an admin', async () => {
    const product = await makeProduct(t, { category: 'Mice' });
    expect((await restore(999_999)).statusCode).toBe(404);
    expect((await restore('abc')).statusCode).toBe(400);
    const live = await restore(product.id);
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe(ARCHIVE_MESSAGES.notArchived);

    expect((await del(product.id)).statusCode).toBe(200);
    expect((await restore(product.id, null)).statusCode).toBe(401);
    const shopper = await shopperToken(t);
    expect((await restore(product.id, shopper)).statusCode).toBe(403);
    expect((await get('/api/admin/products/archived')).statusCode).toBe(401);
    expect((await get('/api/admin/products/archived', shopper)).statusCode).toBe(403);

    // Two restores at once (a double click): one brings it back, the other is told it is not archived.
    const [first, second] = await Promise.all([restore(product.id), restore(product.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  });

  it('restores within 30 days, not after: the older one leaves the archived list and answers 409 (in Nepali too)', async () => {
    const old = await makeProduct(t, { name: 'Old Speaker', category: 'Speakers' });
    expect((await del(old.id)).statusCode).toBe(200);
    await advance(2 * DAY_MS);
    const recent = await makeProduct(t, { name: 'Recent Speaker', category: 'Speakers' });
    expect((await del(recent.id)).statusCode).toBe(200);

    // 29 days after the first archive: both listed, newest archive first.
    await advance(27 * DAY_MS);
    const ids = (await archived()).products.map((item) => item.id);
    expect(ids.indexOf(recent.id)).toBeLessThan(ids.indexOf(old.id));
    expect(ids.indexOf(old.id)).toBeGreaterThanOrEqual(0);

    // 30 days and a minute: the first can no longer be restored, the second still can.
    await advance(DAY_MS + 60_000);
    const page = await archived();
    expect(page.products.map((item) => item.id)).not.toContain(old.id);
    expect(page.products.map((item) => item.id)).toContain(recent.id);
    const late = await restore(old.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ARCHIVE_MESSAGES.tooLate);
    const lateNe = await restore(old.id, admin, { 'accept-language': 'ne' });
    expect(lateNe.statusCode).toBe(409);
    expect(lateNe.json().message).toContain('दिनभन्दा बढी');
    // Never removed: the row is still there for the orders that hold it.
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select(['name', 'deleted_at'])
      .where('id', '=', old.id)
      .executeTakeFirst();
    expect(row?.name).toBe('Old Speaker');
    expect(row?.deleted_at).not.toBeNull();

    expect((await restore(recent.id)).statusCode).toBe(200);
  });

  it('pages the archived list', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const product = await makeProduct(t, { category: 'Paging' });
      expect((await del(product.id)).statusCode).toBe(200);
      t.clock.advance(1000);
      made.push(product.id);
    }
    const first = await archived('?pageSize=2&page=1');
    expect(first).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.products.map((item) => item.id)).toEqual([made[2], made[1]]);
    const second = await archived('?pageSize=2&page=2');
    expect(second.products[0]!.id).toBe(made[0]);
    expect(first.totalPages).toBe(Math.ceil(first.total / 2));
    expect((await get('/api/admin/products/archived?pageSize=500', admin)).statusCode).toBe(400);
  });

  it('refuses while the category is gone, and restores into a new category of the same name', async () => {
    const categoryId = await categoryIdOf(t, 'Cables');
    const subId = await addSub(categoryId, 'USB-C');
    const product = await makeProduct(t, { name: 'Braided Cable', category: 'Cables' });
    expect((await del(product.id)).statusCode).toBe(200);
    // Empty of live products and subcategories: the category can go.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/category/${categoryId}/subcategory/${subId}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/category/${categoryId}`, headers: bearer(admin) })).statusCode,
    ).toBe(200);

    const refused = await restore(product.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ARCHIVE_MESSAGES.categoryGone('category', 'Cables'));
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'cables' },
      headers: bearer(admin),
    });
    const newId = again.json().category.id as number;
    const back = await restore(product.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Product>()).toMatchObject({ categoryId: newId, category: 'cables' });
    expect((await listed('Cables')).products.map((item) => item.id)).toEqual([product.id]);
  });

  it('refuses while its subcategory is gone, and takes a new one of that name in the same category', async () => {
    const categoryId = await categoryIdOf(t, 'Chairs');
    const subId = await addSub(categoryId, 'Gaming Chairs');
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${(await makeProduct(t, { name: 'Throne', category: 'Chairs' })).id}`,
      payload: { subCategory: 'Gaming Chairs' },
      headers: bearer(admin),
    });
    const product = upload.json<Product>();
    expect(product.subCategoryId).toBe(subId);
    expect((await del(product.id)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/category/${categoryId}/subcategory/${subId}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    const refused = await restore(product.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ARCHIVE_MESSAGES.categoryGone('subcategory', 'Gaming Chairs'));

    await addSub(categoryId, 'Gaming Chairs');
    const back = await restore(product.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Product>()).toMatchObject({ categoryId, subCategory: 'Gaming Chairs' });
    expect(back.json<Product>().subCategoryId).not.toBe(subId);
  });

  it('leaves the orders that hold an archived product as they were', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Ordered Then Archived', price: 1200, stock: null, category: 'Keyboards' });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 2 }]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 2400),
      headers: bearer(shopper.token),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    expect((await del(product.id)).statusCode).toBe(200);
    const read = await get(`/api/orders/user/${shopper.userId}/order/${order.id}`, shopper.token);
    expect(read.json<{ order: Order }>().order.orderItems).toEqual([
      expect.objectContaining({
        price: 1200,
        quantity: 2,
        product: expect.objectContaining({ id: product.id, name: 'Ordered Then Archived' }),
      }),
    ]);
  });
});
