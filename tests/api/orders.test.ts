import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts.js';
import { ORDER_MESSAGES, ORDER_STATUSES, type Order, formatOrderId } from '../../src/shared/orders.js';
import { type OrdersPage } from '../../src/shared/admin-orders.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import {
  type TestShopper,
  auditOrders,
  bearer,
  countRows,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
  stockOf,
  NO_ORDER_LIMITS,
} from '../helpers/orders.js';

describe('orders API: shopper reads, admin list, status changes', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  /** Fills the cart with the lines and checks out; returns the order. */
  async function placeOrder(
    who: TestShopper,
    lines: { productId: number; quantity: number; price: number }[],
    overrides: Record<string, unknown> = {},
  ): Promise<Order> {
    await fillCart(t.app.ctx.db, who.userId, lines);
    const total = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(who.userId, total, overrides),
      headers: bearer(who.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: Order }>().order;
  }

  /** Waits until no mail has arrived for 300 ms (mails are sent after the answer). */
  async function mailSettled(): Promise<void> {
    let count = -1;
    while (count !== t.mail.messages.length) {
      count = t.mail.messages.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /** The first mail to `to` (after index `since`) whose subject contains `subject`. */
  async function mailWithSubject(to: string, subject: string, since: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = t.mail.messages.slice(since).find((mail) => mail.to.includes(to) && mail.subject.includes(subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const setStatus = (id: string, status: unknown, token = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${id}/status`, payload: { status }, headers: bearer(token) });
  // A step back or a reopening: the separate correction, with a reason and a confirmation.
  const takeBack = (id: string, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/reverse`,
      payload: { status, reason: 'The shopper called back', confirm: true },
      headers: bearer(admin),
    });

  describe('shopper', () => {
    it('lists only their own orders, newest first, with items; another userId is 403', async () => {
      const sita = await makeShopper(t);
      const ram = await makeShopper(t);
      const product = await makeProduct(t, { name: 'Controller', price: 5500, stock: null, category: 'Gamepads' });
      const first = await placeOrder(sita, [{ productId: product.id, quantity: 1, price: 5500 }]);
      t.clock.advance(60_000);
      const second = await placeOrder(sita, [{ productId: product.id, quantity: 2, price: 5500 }]);
      await placeOrder(ram, [{ productId: product.id, quantity: 3, price: 5500 }]);

      const res = await get(`/api/orders/user/${sita.userId}`, sita.token);
      expect(res.statusCode).toBe(200);
      const { orders } = res.json<{ orders: Order[] }>();
      expect(orders.map((order) => order.id)).toEqual([second.id, first.id]);
      expect(orders[0]).toEqual(second);
      expect(orders[0]!.orderItems).toEqual([
        {
          id: expect.any(Number),
          price: 5500,
          quantity: 2,
          variantId: null,
          variantLabel: null,
          product: { id: product.id, name: 'Controller', category: 'Gamepads' },
        },
      ]);
      expect(orders[0]!.totalAmount).toBe(11000);

      const peek = await get(`/api/orders/user/${ram.userId}`, sita.token);
      expect(peek.statusCode).toBe(403);
      expect(peek.json().message).toBe(ORDER_MESSAGES.ownOrdersOnly);
      expect((await get(`/api/orders/user/${sita.userId}`)).statusCode).toBe(401);
      expect((await get(`/api/orders/user/${sita.userId}`, admin)).statusCode).toBe(401);
      expect((await get('/api/orders/user/abc', sita.token)).statusCode).toBe(400);
    });

    it('answers {orders: []} for a shopper without orders', async () => {
      const shopper = await makeShopper(t);
      expect((await get(`/api/orders/user/${shopper.userId}`, shopper.token)).json()).toEqual({ orders: [] });
    });

    it("reads one order with its items; someone else's order id is 404, like a missing one", async () => {
      const sita = await makeShopper(t);
      const ram = await makeShopper(t);
      const product = await makeProduct(t, { price: 10, stock: null });
      const order = await placeOrder(sita, [{ productId: product.id, quantity: 4, price: 10 }]);

      const res = await get(`/api/orders/user/${sita.userId}/order/${order.id}`, sita.token);
      expect(res.statusCode).toBe(200);
      // The order as the list has it, its lines with the product's picture, and its (empty) history.
      expect(res.json()).toEqual({
        order: {
          ...order,
          orderItems: order.orderItems.map((item) => ({
            ...item,
            product: {
              ...item.product,
              thumbnail: expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{32}-320\.webp$/),
              available: true,
            },
            units: [],
          })),
          history: [],
          shipment: null,
        },
      });

      const theirs = await get(`/api/orders/user/${ram.userId}/order/${order.id}`, ram.token);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(ORDER_MESSAGES.orderNotFound);
      expect((await get(`/api/orders/user/${sita.userId}/order/ORD-0000000000000000`, sita.token)).statusCode).toBe(404);
      expect((await get(`/api/orders/user/${sita.userId}/order/${order.id}`, ram.token)).statusCode).toBe(403);
    });
  });

  describe('admin', () => {
    let priya: TestShopper;
    let hari: TestShopper;
    let orders: Order[];
    const startMs = Date.parse('2031-03-10T10:00:00.000Z');

    beforeAll(async () => {
      await t.app.ctx.db.deleteFrom('order_status_history').execute();
      priya = await makeShopper(t, { firstName: 'Priya', lastName: 'Gurung', phoneNumber: '9812345670' });
      hari = await makeShopper(t, { firstName: 'Hari', lastName: 'Thapa', phoneNumber: '9801112223' });
      const product = await makeProduct(t, { name: 'SSD 1TB', price: 9000, stock: null });
      // Five orders, moved to five consecutive days from 2031-03-10 (newer than any other order here).
      orders = [];
      for (let day = 0; day < 5; day += 1) {
        const who = day % 2 === 0 ? priya : hari;
        const recipient = day === 3 ? { fullName: 'Maya Rai', phone: '9765432109' } : {};
        const order = await placeOrder(who, [{ productId: product.id, quantity: day + 1, price: 9000 }], recipient);
        const createdAt = new Date(startMs + day * 24 * 60 * 60 * 1000).toISOString();
        await t.app.ctx.db
          .updateTable('orders')
          .set({ created_at: createdAt, updated_at: createdAt })
          .where('id', '=', order.id)
          .execute();
        orders.push({ ...order, createdAt, updatedAt: createdAt });
      }
    });

    const all = (query = '', token = admin) => get(`/api/orders/all${query}`, token);
    const page = async (query: string) => {
      const res = await all(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<OrdersPage>();
    };

    it('needs the admin token: none 401, a shopper token 403 (the one admin guard), nothing changed', async () => {
      expect((await all('', '')).statusCode).toBe(401);
      const asShopper = await all('', priya.token);
      expect(asShopper.statusCode).toBe(403);
      expect(asShopper.json()).toEqual({ message: ACCOUNT_MESSAGES.adminOnly, code: 'FORBIDDEN' });
      expect((await setStatus(orders[0]!.id, 'shipped', priya.token)).statusCode).toBe(403);
      // Checked before the body: an invalid status from a shopper is still 403, not 400.
      expect((await setStatus(orders[0]!.id, 'no such status', priya.token)).statusCode).toBe(403);
      const order = await get(`/api/orders/user/${priya.userId}/order/${orders[0]!.id}`, priya.token);
      expect(order.json<{ order: Order }>().order.status).toBe(orders[0]!.status);
    });

    it('plain call: the array of every order, newest first, with user, items and the delivery fields', async () => {
      const res = await all();
      expect(res.statusCode).toBe(200);
      const list = res.json<Order[]>();
      expect(Array.isArray(list)).toBe(true);
      const total = await countRows(t.app.ctx.db, 'orders');
      expect(list).toHaveLength(total);
      const mine = list.filter((order) => orders.some((o) => o.id === order.id));
      expect(mine.map((order) => order.id)).toEqual([...orders].reverse().map((order) => order.id));
      const newest = list[0]!;
      expect(newest.user).toEqual({
        id: priya.userId,
        firstName: 'Priya',
        lastName: 'Gurung',
        email: priya.email,
        phoneNumber: '9812345670',
      });
      expect(newest).toMatchObject({
        fullName: 'Sita Sharma',
        province: 'Bagmati',
        district: 'Kathmandu',
        city: expect.any(String),
        address: expect.any(String),
      });
      expect(newest.orderItems[0]).toMatchObject({ price: 9000, quantity: 5, product: { name: 'SSD 1TB' } });
    });

    it('pages with total and totalPages, sorted by date either way', async () => {
      const first = await page('?from=2031-03-10&to=2031-03-14&page=1&pageSize=2');
      expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, totalPages: 3 });
      expect(first.orders.map((order) => order.id)).toEqual([orders[4]!.id, orders[3]!.id]);
      const last = await page('?from=2031-03-10&to=2031-03-14&page=3&pageSize=2');
      expect(last.orders.map((order) => order.id)).toEqual([orders[0]!.id]);
      const asc = await page('?from=2031-03-10&sort=date_asc&pageSize=3');
      expect(asc.orders.map((order) => order.id)).toEqual([orders[0]!.id, orders[1]!.id, orders[2]!.id]);
      expect((await page('?from=2031-03-10&page=9')).orders).toEqual([]);
      // Any parameter switches to the page answer; defaults page 1 of 20.
      const defaults = await page('?sort=date_desc');
      expect(defaults).toMatchObject({ page: 1, pageSize: 20 });
      expect(defaults.orders[0]!.id).toBe(orders[4]!.id);
    });

    it('filters by inclusive days on createdAt; "to" covers its whole day', async () => {
      const ids = async (query: string) => (await page(query)).orders.map((order) => order.id);
      expect(await ids('?from=2031-03-11&to=2031-03-12&sort=date_asc')).toEqual([orders[1]!.id, orders[2]!.id]);
      expect(await ids('?from=2031-03-14')).toEqual([orders[4]!.id]);
      expect(await ids('?to=2031-03-10&from=2031-03-01')).toEqual([orders[0]!.id]);
      // 10:00 UTC is 15:45 in Nepal: the same day there. With +14:00 it is already the next day.
      expect(await ids('?from=2031-03-10&to=2031-03-10&tzOffset=345')).toEqual([orders[0]!.id]);
      expect(await ids('?from=2031-03-11&to=2031-03-11&tzOffset=840')).toEqual([orders[0]!.id]);
    });

    it('searches order id, recipient name, shopper name, email and phone, case-insensitively', async () => {
      const ids = async (q: string) => (await page(`?q=${encodeURIComponent(q)}&sort=date_asc`)).orders.map((order) => order.id);
      const target = orders[2]!.id;
      expect(await ids(target.toLowerCase())).toEqual([target]);
      expect(await ids(target.slice(4, 12))).toEqual([target]);
      expect(await ids('maya rai')).toEqual([orders[3]!.id]);
      expect(await ids('9765432109')).toEqual([orders[3]!.id]);
      expect(await ids('HARI THAPA')).toEqual([orders[1]!.id, orders[3]!.id]);
      expect(await ids(priya.email.toUpperCase())).toEqual([orders[0]!.id, orders[2]!.id, orders[4]!.id]);
      expect(await ids('9801112223')).toEqual([orders[1]!.id, orders[3]!.id]);
      expect(await ids('%')).toEqual([]);
      expect(await ids('_')).toEqual([]);
      const combined = await page(`?q=gurung&from=2031-03-12&to=2031-03-14`);
      expect(combined.orders.map((order) => order.id)).toEqual([orders[4]!.id, orders[2]!.id]);
      expect(combined.total).toBe(2);
    });

    it('refuses bad query values with 400', async () => {
      for (const query of [
        '?from=2031-13-01',
        '?to=yesterday',
        '?from=2031-03-12&to=2031-03-11',
        '?sort=price',
        '?page=0',
        '?pageSize=101',
        '?status=lost',
        '?tzOffset=9999',
      ]) {
        const res = await all(query);
        expect(res.statusCode, query).toBe(400);
      }
    });

    it('moves an order forward, records who/when/from/to, mails the shopper, and answers the whole order', async () => {
      const order = orders[0]!;
      const before = t.mail.messages.length;
      const res = await setStatus(order.id, 'shipped');
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json<{ order: Order }>().order;
      // Shipping a cash-on-delivery order is its sale: it gets its tax-invoice number then.
      expect(updated).toEqual({
        ...order,
        status: 'shipped',
        updatedAt: expect.any(String),
        invoiceNumber: expect.stringMatching(/^PSL-\d{6}$/),
        invoiceDate: expect.any(String),
      });
      const mail = await mailWithSubject(priya.email, 'is Shipped', before);
      expect(mail.subject).toContain(formatOrderId(order.id));
      expect(mail.text).toContain(`Your order ${formatOrderId(order.id)} is now Shipped.`);
      expect(mail.text).toContain('(It was Pending.)');

      // Back to pending is no status change (409) but a correction of its own, not mailed as progress.
      const back = await setStatus(order.id, 'pending');
      expect(back.statusCode).toBe(409);
      expect(back.json().code).toBe('STATUS_BACKWARD');
      const mailsBefore = t.mail.messages.length;
      expect((await takeBack(order.id, 'pending')).json().order.status).toBe('pending');
      await mailSettled();
      expect(t.mail.messages.length).toBe(mailsBefore);
      const history = await t.app.ctx.db
        .selectFrom('order_status_history')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      const adminRow = await t.app.ctx.db
        .selectFrom('admins')
        .select('id')
        .where('username', '=', 'root-admin')
        .executeTakeFirstOrThrow();
      expect(history.map((row) => [row.from_status, row.to_status, row.admin_id])).toEqual([
        ['pending', 'shipped', adminRow.id],
        ['shipped', 'pending', adminRow.id],
      ]);
      expect(history.every((row) => !Number.isNaN(Date.parse(row.changed_at)))).toBe(true);
    });

    it('treats the same status as a no-op success: no history, no mail', async () => {
      const order = orders[1]!;
      await mailSettled();
      const historyBefore = await countRows(t.app.ctx.db, 'order_status_history');
      const mailsBefore = t.mail.messages.length;
      const res = await setStatus(order.id, order.status);
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toEqual(order);
      expect(await countRows(t.app.ctx.db, 'order_status_history')).toBe(historyBefore);
      await mailSettled();
      expect(t.mail.messages.length).toBe(mailsBefore);
    });

    it('accepts every SPEC status and refuses anything else with 400; unknown orders are 404', async () => {
      const order = orders[2]!;
      // Each in turn, forward (pending → confirmed → shipped → delivered), then cancelled by a correction.
      for (const status of ORDER_STATUSES.filter((s) => s !== 'cancelled'))
        expect((await setStatus(order.id, status)).json().order.status).toBe(status);
      expect((await takeBack(order.id, 'cancelled')).json().order.status).toBe('cancelled');
      for (const status of ['lost', 'SHIPPED', '', null, 3]) {
        const res = await setStatus(order.id, status);
        expect(res.statusCode, String(status)).toBe(400);
        expect(res.json().message).toBe(ORDER_MESSAGES.statusInvalid);
      }
      const missing = await setStatus('ORD-NOPE', 'shipped');
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('status changes keep stock true', () => {
    it('cancelling gives the units back; reopening takes them again', async () => {
      const shopper = await makeShopper(t);
      const tracked = await makeProduct(t, { name: 'Webcam', price: 3000, stock: 5 });
      const untracked = await makeProduct(t, { name: 'Sticker', price: 50, stock: null });
      const order = await placeOrder(shopper, [
        { productId: tracked.id, quantity: 2, price: 3000 },
        { productId: untracked.id, quantity: 10, price: 50 },
      ]);
      const initial = new Map([[tracked.id, 5]]);
      expect(await stockOf(t.app.ctx.db, tracked.id)).toBe(3);

      expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
      expect(await stockOf(t.app.ctx.db, tracked.id)).toBe(5);
      expect(await stockOf(t.app.ctx.db, untracked.id)).toBeNull();
      expect((await auditOrders(t.app.ctx.db, initial)).problems).toEqual([]);

      // Cancelled to cancelled changes nothing (no double give-back).
      await setStatus(order.id, 'cancelled');
      expect(await stockOf(t.app.ctx.db, tracked.id)).toBe(5);

      expect((await takeBack(order.id, 'confirmed')).statusCode).toBe(200);
      expect(await stockOf(t.app.ctx.db, tracked.id)).toBe(3);
      // Between two live statuses stock does not move.
      await setStatus(order.id, 'delivered');
      expect(await stockOf(t.app.ctx.db, tracked.id)).toBe(3);
      expect((await auditOrders(t.app.ctx.db, initial)).problems).toEqual([]);
    });

    it('reopening a cancelled order whose units were sold meanwhile is 409 and changes nothing', async () => {
      const first = await makeShopper(t);
      const second = await makeShopper(t);
      const product = await makeProduct(t, { name: 'Last VR Headset', price: 60000, stock: 1 });
      const order = await placeOrder(first, [{ productId: product.id, quantity: 1, price: 60000 }]);
      await setStatus(order.id, 'cancelled');
      await placeOrder(second, [{ productId: product.id, quantity: 1, price: 60000 }]);
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);

      const historyBefore = await countRows(t.app.ctx.db, 'order_status_history');
      const res = await takeBack(order.id, 'pending');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: 'Cannot reopen this order: only 0 of "Last VR Headset" left in stock',
        productId: product.id,
        available: 0,
      });
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);
      expect(await countRows(t.app.ctx.db, 'order_status_history')).toBe(historyBefore);
      const stored = await t.app.ctx.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe('cancelled');
      expect((await auditOrders(t.app.ctx.db, new Map([[product.id, 1]]))).problems).toEqual([]);
    });
  });
});
