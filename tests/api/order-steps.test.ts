import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/orders.js';
import { adminToken } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer, fillCart, makeProduct, makeShopper, orderBody, type TestShopper } from '../helpers/orders.js';

/** Orders only move forward, corrections are their own action, and each order has a short number (both databases). */
describe('orders that only move forward, and their short numbers', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  async function placeOrder(who: TestShopper, productId: number, overrides: Record<string, unknown> = {}): Promise<Order> {
    await fillCart(t.app.ctx.db, who.userId, [{ productId, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(who.userId, 60000, overrides),
      headers: bearer(who.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: Order }>().order;
  }
  const setStatus = (id: string, body: Record<string, unknown>, token = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${id}/status`, payload: body, headers: bearer(token) });
  const takeBack = (id: string, body: unknown, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/reverse`, payload: body as object, headers: bearer(token) });
  const history = (id: string) =>
    t.app.ctx.db.selectFrom('order_status_history').selectAll().where('order_id', '=', id).orderBy('id').execute();
  /** Mails queued for the shopper (the durable outbox, so nothing depends on when they are sent). */
  const mailsAbout = async (email: string) => {
    const rows = await t.app.ctx.db.selectFrom('jobs').select('payload').where('payload', 'like', `%${email}%`).execute();
    return rows.length;
  };

  it('refuses a step back through the status call: 409, nothing written, nothing mailed', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 60000, stock: 5 });
    const order = await placeOrder(shopper, product.id);
    expect((await setStatus(order.id, { status: 'delivered' })).statusCode).toBe(200);
    const rows = (await history(order.id)).length;
    const mails = await mailsAbout(shopper.email);
    expect(mails).toBeGreaterThan(0); // the forward moves were mailed
    for (const status of ['shipped', 'pending', 'confirmed', 'cancelled']) {
      const res = await setStatus(order.id, { status });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STATUS_BACKWARD' });
    }
    expect((await history(order.id)).length).toBe(rows);
    expect(await mailsAbout(shopper.email)).toBe(mails);
    const ne = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'shipped' },
      headers: { ...bearer(admin), 'accept-language': 'ne' },
    });
    expect(ne.statusCode).toBe(409);
    expect(ne.json().message).toMatch(/[\u0900-\u097F]/);
  });

  it('takes an order back only with a reason and a confirmation; recorded with the reason, not mailed', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 60000, stock: 5 });
    const order = await placeOrder(shopper, product.id);
    expect((await setStatus(order.id, { status: 'shipped' })).statusCode).toBe(200);
    const mails = await mailsAbout(shopper.email);
    expect(mails).toBeGreaterThan(0); // the forward moves were mailed
    for (const body of [
      { status: 'confirmed' },
      { status: 'confirmed', reason: 'Wrong box sent' },
      { status: 'confirmed', reason: 'Wrong box sent', confirm: false },
      { status: 'confirmed', reason: 'no', confirm: true },
      { status: 'lost', reason: 'Wrong box sent', confirm: true },
    ]) {
      const res = await takeBack(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const forward = await takeBack(order.id, { status: 'delivered', reason: 'Wrong box sent', confirm: true });
    expect(forward.statusCode).toBe(409);
    expect(forward.json().code).toBe('NOT_A_STEP_BACK');

    const res = await takeBack(order.id, { status: 'confirmed', reason: 'Wrong box sent', confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('confirmed');
    expect((await history(order.id)).at(-1)).toMatchObject({
      from_status: 'shipped',
      to_status: 'confirmed',
      note: 'Wrong box sent',
    });
    expect(await mailsAbout(shopper.email)).toBe(mails);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=order&entityId=${order.id}&action=order.reverse`,
      headers: bearer(admin),
    });
    expect(audit.json().entries[0]).toMatchObject({ adminName: 'root-admin', note: 'Wrong box sent' });

    // A cancelled order (before its sale) is reopened the same way, its units taken again.
    const other = await placeOrder(shopper, product.id);
    expect((await setStatus(other.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await setStatus(other.id, { status: 'pending' })).statusCode).toBe(409);
    const reopened = await takeBack(other.id, { status: 'pending', reason: 'Shopper wants it after all', confirm: true });
    expect(reopened.statusCode, reopened.body).toBe(200);
  });

  it('a staff role may move orders forward but not take them back: 403 before the body is read', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(admin),
      payload: { username: `counter-${Date.now()}`, role: 'staff' },
    });
    const { password, staff } = created.json<{ password: string; staff: { username: string } }>();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: staff.username, password },
    });
    const token = login.json<{ token: string }>().token;
    const fresh = 'fresh password 12345';
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(token),
      payload: { currentPassword: password, password: fresh, confirmPassword: fresh },
    });
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 60000, stock: 5 });
    const order = await placeOrder(shopper, product.id);
    expect((await setStatus(order.id, { status: 'confirmed' }, token)).statusCode).toBe(200);
    const refused = await takeBack(order.id, { status: 12, confirm: 'yes' }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role does not allow this');
  });

  it('numbers orders #1001, #1002 … without gaps or repeats under parallel checkouts; searchable, in the CSV', async () => {
    const product = await makeProduct(t, { price: 60000, stock: 100 });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => makeShopper(t)));
    const before = await t.app.ctx.db
      .selectFrom('counters')
      .select('value')
      .where('name', '=', 'order')
      .executeTakeFirstOrThrow();
    const orders = await Promise.all(
      shoppers.map((shopper) => placeOrder(shopper, product.id, { landmark: 'Opposite Bhatbhateni' })),
    );
    const numbers = orders.map((order) => order.number!).sort((a, b) => a - b);
    const first = Number(before.value) + 1;
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, index) => first + index));
    expect(first).toBeGreaterThan(1000);

    const mine = orders[3]!;
    const shopperRead = await t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${shoppers[3]!.userId}/order/${mine.id}`,
      headers: bearer(shoppers[3]!.token),
    });
    expect(shopperRead.json().order.number).toBe(mine.number);
    for (const q of [`#${mine.number}`, String(mine.number), `%23${mine.number}`]) {
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/orders/all?q=${q.startsWith('#') ? encodeURIComponent(q) : q}&page=1`,
        headers: bearer(admin),
      });
      expect(found.statusCode, found.body).toBe(200);
      const ids = found.json<{ orders: Order[] }>().orders.map((order) => order.id);
      expect(ids, q).toContain(mine.id);
    }

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export.csv?q=${mine.number}`,
      headers: bearer(admin),
    });
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const line = lines.find((row) => row.startsWith(mine.id))!.split(',');
    const cell = (name: string) => line[columns.indexOf(name)];
    expect(cell('Order number')).toBe(`#${mine.number}`);
    expect(cell('Province')).toBe('Bagmati');
    expect(cell('Address')).toBe('Thamel Marg 12');
    expect(cell('Landmark')).toBe('Opposite Bhatbhateni');
    expect(cell('Phone')).toBe('9841234567');
    expect(cell('COD amount (Rs.)')).toBe(String(mine.totalAmount));
  });
});
