import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../src/shared/audit.js';
import type { Order } from '../../src/shared/orders.js';
import { createAdmin, resetAdminPassword } from '../../src/server/features/admin/service.js';
import { OrdersService } from '../../src/server/features/orders/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, pngFile, shopperToken, uploadProduct } from '../helpers/catalog.js';
import { fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';

/**
 * The admin's audit log: every kind of admin write leaves exactly one entry, in its own
 * transaction, with the admin, the time and the fields that changed (before → after, money in
 * rupees); a refused write leaves none; the list filters, pages and needs an admin.
 */
describe('admin audit log API', () => {
  let t: TestApp;
  let admin: string;
  let rootId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    const row = await t.app.ctx.db
      .selectFrom('admins')
      .select('id')
      .where('username', '=', 'root-admin')
      .executeTakeFirstOrThrow();
    rootId = row.id;
  });
  afterAll(async () => t.close());

  const auditCount = async () => {
    const row = await t.app.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  const list = async (query = '', token = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };

  /** Runs one write and returns the one entry it added (fails when it added none or more). */
  async function oneEntry(write: () => Promise<{ statusCode: number; body: string }>, status = 200): Promise<AuditEntry> {
    const before = await auditCount();
    const res = await write();
    expect(res.statusCode, res.body).toBe(status);
    expect(await auditCount()).toBe(before + 1);
    return (await list('?pageSize=1')).entries[0]!;
  }

  /** Runs one write that must be refused, and checks it added nothing. */
  async function noEntry(write: () => Promise<{ statusCode: number; body: string }>, status: number): Promise<void> {
    const before = await auditCount();
    const res = await write();
    expect(res.statusCode, res.body).toBe(status);
    expect(await auditCount()).toBe(before);
  }

  const post = (url: string, payload: unknown, token = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
  const del = (url: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(admin) });
  const putJson = (url: string, payload?: unknown) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: bearer(admin) });

  it('needs an admin: 401 without a token, 403 for a shopper', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/admins' })).statusCode).toBe(401);
    const shopper = await shopperToken(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(shopper) })).statusCode).toBe(403);
    const admins = await t.app.inject({ method: 'GET', url: '/api/admin/audit/admins', headers: bearer(admin) });
    expect(admins.json().admins).toContainEqual({ id: rootId, username: 'root-admin' });
  });

  it('records each category create and delete once, by path, and nothing for a refused one', async () => {
    const created = await oneEntry(() => post('/api/category', { name: 'Audio Gear' }), 201);
    const categoryId = Number(created.entityId);
    expect(created).toMatchObject({
      adminId: rootId,
      adminName: 'root-admin',
      action: 'category.create',
      entityType: 'category',
      summary: 'Audio Gear',
      changes: { name: [null, 'Audio Gear'] },
      note: null,
    });
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const sub = await oneEntry(() => post(`/api/category/${categoryId}/subcategory`, { name: 'Headphones' }), 201);
    expect(sub).toMatchObject({ action: 'subcategory.create', entityType: 'subcategory', summary: 'Audio Gear › Headphones' });
    const child = await oneEntry(
      () => post(`/api/category/${categoryId}/subcategory/${sub.entityId}/childcategory`, { name: 'Wireless' }),
      201,
    );
    expect(child).toMatchObject({
      action: 'childCategory.create',
      entityType: 'childCategory',
      summary: 'Audio Gear › Headphones › Wireless',
      changes: { name: [null, 'Wireless'] },
    });

    // Refused: a blank name (400), a taken name (409), a category that still has a subcategory (409).
    await noEntry(() => post('/api/category', { name: '  ' }), 400);
    await noEntry(() => post('/api/category', { name: 'audio-gear' }), 409);
    await noEntry(() => del(`/api/category/${categoryId}`), 409);

    const gone = await oneEntry(() =>
      del(`/api/category/${categoryId}/subcategory/${sub.entityId}/childcategory/${child.entityId}`),
    );
    expect(gone).toMatchObject({
      action: 'childCategory.delete',
      entityId: child.entityId,
      changes: { name: ['Wireless', null] },
    });
    expect((await oneEntry(() => del(`/api/category/${categoryId}/subcategory/${sub.entityId}`))).action).toBe(
      'subcategory.delete',
    );
    const last = await oneEntry(() => del(`/api/category/${categoryId}`));
    expect(last).toMatchObject({
      action: 'category.delete',
      entityId: String(categoryId),
      changes: { name: ['Audio Gear', null] },
    });
    // Deleted already: 404, nothing new.
    await noEntry(() => del(`/api/category/${categoryId}`), 404);
  });

  it('records a product’s upload, each edit (only what changed, price in rupees), feature and archive; a refused edit none', async () => {
    await createPath(t, admin, 'Monitors', 'Curved');
    const upload = async () =>
      uploadProduct(
        t,
        admin,
        { name: 'Curved 27', description: 'A monitor', price: '32000', category: 'Monitors', subCategory: 'Curved' },
        [await pngFile()],
      );
    const created = await oneEntry(upload, 201);
    const id = created.entityId;
    expect(created).toMatchObject({
      action: 'product.create',
      entityType: 'product',
      summary: 'Curved 27',
      changes: {
        name: [null, 'Curved 27'],
        description: [null, 'A monitor'],
        price: [null, 32000],
        category: [null, 'Monitors › Curved'],
        isFeatured: [null, false],
        images: [null, 1],
      },
    });
    // Stock not tracked: nothing to say about it.
    expect(created.changes.stock).toBeUndefined();

    const price = await oneEntry(() => putJson(`/api/products/${id}`, { price: '29999.50' }));
    expect(price).toMatchObject({ action: 'product.update', summary: 'Curved 27', changes: { price: [32000, 29999.5] } });
    expect(Object.keys(price.changes)).toEqual(['price']);

    const stock = await oneEntry(() => putJson(`/api/products/${id}`, { stock: 7 }));
    expect(stock.changes).toEqual({ stock: [null, 7] });

    // The edit form sends every field: only the changed ones are recorded, the name under its new name.
    const form = await oneEntry(() =>
      putJson(`/api/products/${id}`, {
        name: 'Curved 27 QHD',
        description: 'A monitor',
        price: '29999.50',
        category: 'Monitors',
        subCategory: '',
        stock: '7',
      }),
    );
    expect(form).toMatchObject({
      summary: 'Curved 27 QHD',
      changes: { name: ['Curved 27', 'Curved 27 QHD'], category: ['Monitors › Curved', 'Monitors'] },
    });
    expect(Object.keys(form.changes).sort()).toEqual(['category', 'name']);

    // Saved unchanged: nothing happened worth an entry. Refused (a bad price, an unknown category): none.
    await noEntry(() => putJson(`/api/products/${id}`, { name: 'Curved 27 QHD', price: 29999.5 }), 200);
    await noEntry(() => putJson(`/api/products/${id}`, { price: 'abc' }), 400);
    await noEntry(() => putJson(`/api/products/${id}`, { category: 'No Such Category' }), 400);
    await noEntry(() => putJson('/api/products/999999', { price: 10 }), 404);

    const featured = await oneEntry(() => putJson(`/api/products/${id}/feature`));
    expect(featured).toMatchObject({ action: 'product.feature', changes: { isFeatured: [false, true] } });
    const unfeatured = await oneEntry(() => putJson(`/api/products/${id}/feature`));
    expect(unfeatured.changes).toEqual({ isFeatured: [true, false] });

    const archived = await oneEntry(() => del(`/api/products/${id}`));
    expect(archived).toMatchObject({ action: 'product.archive', summary: 'Curved 27 QHD', changes: { archived: [false, true] } });
    await noEntry(() => del(`/api/products/${id}`), 404);

    const restored = await oneEntry(() => post(`/api/admin/products/${id}/restore`, undefined));
    expect(restored).toMatchObject({ action: 'product.restore', changes: { archived: [true, false] } });

    // The product's history: the same endpoint by entity, newest first, the price change in it.
    const history = await list(`?entityType=product&entityId=${id}`);
    expect(history.entries.map((entry) => entry.action)).toEqual([
      'product.restore',
      'product.archive',
      'product.feature',
      'product.feature',
      'product.update',
      'product.update',
      'product.update',
      'product.create',
    ]);
    expect(history.entries.find((entry) => entry.changes.price)?.changes.price).toEqual([32000, 29999.5]);
    expect(history.total).toBe(8);
  });

  it('records an order’s status change with the payment it moved and the history note, and a refund', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 207399, stock: null });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 207399),
      headers: bearer(shopper.token),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;

    const confirmed = await oneEntry(() => putJson(`/api/orders/${order.id}/status`, { status: 'confirmed' }));
    expect(confirmed).toMatchObject({
      adminId: rootId,
      action: 'order.status',
      entityType: 'order',
      entityId: order.id,
      summary: 'Sita Sharma',
      changes: { status: ['pending', 'confirmed'] },
      note: null,
    });
    // Setting the status it has changes nothing: no entry. A status the shop does not know: none.
    await noEntry(() => putJson(`/api/orders/${order.id}/status`, { status: 'confirmed' }), 200);
    await noEntry(() => putJson(`/api/orders/${order.id}/status`, { status: 'lost' }), 400);

    // Paid, then cancelled with a reason (the other helper's form sends it; the service takes it):
    // the entry has the status, the payment it moved, and the reason.
    await t.app.ctx.db.updateTable('orders').set({ payment_status: 'paid' }).where('id', '=', order.id).execute();
    const before = await auditCount();
    await new OrdersService(t.app.ctx).updateStatus(order.id, 'cancelled', rootId, t.app.log, 'Customer asked to cancel');
    expect(await auditCount()).toBe(before + 1);
    const cancelled = (await list(`?entityType=order&entityId=${order.id}&pageSize=1`)).entries[0]!;
    expect(cancelled).toMatchObject({
      action: 'order.status',
      changes: { status: ['confirmed', 'cancelled'], paymentStatus: ['paid', 'refund_due'] },
      note: 'Customer asked to cancel',
    });
    const history = await t.app.ctx.db
      .selectFrom('order_status_history')
      .select('note')
      .where('order_id', '=', order.id)
      .where('to_status', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(history.note).toBe('Customer asked to cancel');

    const refund = await oneEntry(() => putJson(`/api/orders/${order.id}/payment`, { paymentStatus: 'refunded' }));
    expect(refund).toMatchObject({
      action: 'order.refund',
      entityId: order.id,
      changes: { paymentStatus: ['refund_due', 'refunded'], amount: [null, 207399] },
    });
    await noEntry(() => putJson(`/api/orders/${order.id}/payment`, { paymentStatus: 'refunded' }), 409);
  });

  it('records an admin’s password change without anything secret, and a reset from the command line as nobody', async () => {
    await createAdmin(t.app.ctx, 'second-admin', 'first secret passphrase');
    const login = await post('/api/admin/login', { username: 'second-admin', password: 'first secret passphrase' });
    const token = login.json().token as string;
    const second = await t.app.ctx.db
      .selectFrom('admins')
      .select('id')
      .where('username', '=', 'second-admin')
      .executeTakeFirstOrThrow();

    // Refused (wrong current password): none.
    await noEntry(
      () =>
        post(
          '/api/admin/change-password',
          { currentPassword: 'not it at all', password: 'second secret passphrase', confirmPassword: 'second secret passphrase' },
          token,
        ),
      400,
    );
    const changed = await oneEntry(() =>
      post(
        '/api/admin/change-password',
        {
          currentPassword: 'first secret passphrase',
          password: 'second secret passphrase',
          confirmPassword: 'second secret passphrase',
        },
        token,
      ),
    );
    expect(changed).toMatchObject({
      adminId: second.id,
      adminName: 'second-admin',
      action: 'admin.password',
      entityType: 'admin',
      entityId: String(second.id),
      summary: 'second-admin',
      changes: { otherSessionsEnded: [null, 0] },
    });
    const stored = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'admin.password').execute();
    const text = JSON.stringify(stored);
    expect(text).not.toContain('secret passphrase');
    expect(text).not.toContain('$argon2');

    await resetAdminPassword(t.app.ctx, 'second-admin', 'third secret passphrase');
    const reset = (await list('?action=admin.password&pageSize=1')).entries[0]!;
    expect(reset).toMatchObject({
      adminId: null,
      adminName: null,
      summary: 'second-admin',
      changes: { sessionsEnded: [null, 1] },
    });
  });

  it('filters by entity, admin, action and days, pages newest first, and refuses a bad query', async () => {
    // Another admin's writes, a day later.
    const other = await createAdmin(t.app.ctx, 'night-admin', 'night shift passphrase');
    t.clock.advance(24 * 60 * 60_000);
    // Tokens live an hour by the shop's clock: new ones for the new day.
    admin = await adminToken(t);
    const otherToken = await t.app.ctx.sessions.start('admin', other.id);
    const day = t.clock.now().toISOString().slice(0, 10);
    for (const name of ['Filter One', 'Filter Two', 'Filter Three'])
      expect((await post('/api/category', { name }, otherToken)).statusCode).toBe(201);

    const mine = await list(`?adminId=${other.id}`);
    expect(mine.total).toBe(3);
    expect(mine.entries.map((entry) => entry.summary)).toEqual(['Filter Three', 'Filter Two', 'Filter One']);
    expect(mine.entries.every((entry) => entry.adminName === 'night-admin')).toBe(true);

    const page2 = await list(`?adminId=${other.id}&pageSize=2&page=2`);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2, totalPages: 2 });
    expect(page2.entries.map((entry) => entry.summary)).toEqual(['Filter One']);

    const today = await list(`?from=${day}&to=${day}`);
    expect(today.entries.map((entry) => entry.summary).sort()).toEqual(['Filter One', 'Filter Three', 'Filter Two']);
    const yesterday = await list(`?to=${new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10)}`);
    expect(yesterday.entries.some((entry) => entry.summary.startsWith('Filter'))).toBe(false);
    expect(yesterday.total).toBeGreaterThan(0);
    // Days in Nepal (tzOffset 345: UTC+5:45): the writes fall on the Nepal day of the shop's clock, not the one before.
    const nepalDay = new Date(t.clock.now().getTime() + 345 * 60_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(nepalDay) - 86_400_000).toISOString().slice(0, 10);
    expect((await list(`?from=${nepalDay}&to=${nepalDay}&tzOffset=345&adminId=${other.id}`)).total).toBe(3);
    expect((await list(`?from=${dayBefore}&to=${dayBefore}&tzOffset=345&adminId=${other.id}`)).total).toBe(0);

    const creates = await list('?action=category.create&entityType=category');
    expect(creates.entries.every((entry) => entry.action === 'category.create')).toBe(true);
    expect(creates.total).toBeGreaterThanOrEqual(5);
    const products = await list('?entityType=product');
    expect(products.entries.every((entry) => entry.entityType === 'product')).toBe(true);

    for (const bad of [
      '?entityType=planet',
      '?action=product.explode',
      '?page=0',
      '?pageSize=101',
      '?from=2026-02-30',
      '?from=2026-03-02&to=2026-03-01',
      '?adminId=x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${bad}`, headers: bearer(admin) });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
