import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import {
  CANCEL_REASON_MAX,
  ORDER_MESSAGES,
  type Order,
  type OrderDetail,
  compactOrderId,
  formatOrderId,
  orderIdMatches,
} from '../../src/shared/orders.js';
import { adminToken } from '../helpers/accounts.js';
import { type TestApp, buildTestApp, createTestDatabase } from '../helpers/app.js';
import {
  type TestShopper,
  auditOrders,
  bearer,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
  stockOf,
} from '../helpers/orders.js';

/**
 * Order tracking and the admin's cancellation reason: one order read on its
 * own carries its history and its lines' pictures; a shopper cancels their own pending order with a
 * reason (stock back, payment settled as the admin's cancel does, the store told at its address);
 * the admin's status change takes a reason into the history and the mail; ids read out in groups
 * find their order.
 */

const STORE_EMAIL = 'orders@pasal.test';

describe('order tracking and cancelling', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ STORE_EMAIL });
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  async function placeOrder(who: TestShopper, lines: { productId: number; quantity: number; price: number }[]): Promise<Order> {
    await fillCart(t.app.ctx.db, who.userId, lines);
    const total = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(who.userId, total),
      headers: bearer(who.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: Order }>().order;
  }

  const detail = async (who: TestShopper, orderId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${who.userId}/order/${orderId}`,
      headers: bearer(who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ order: OrderDetail }>().order;
  };
  const cancel = (who: TestShopper, orderId: string, body: unknown, userId = who.userId, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${userId}/order/${orderId}/cancel`,
      payload: body as Record<string, unknown>,
      headers: { ...bearer(who.token), ...headers },
    });
  const setStatus = (id: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${id}/status`, payload: body, headers: bearer(admin) });
  const historyRows = (orderId: string) =>
    t.app.ctx.db.selectFrom('order_status_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const mailsTo = (to: string, subject: string) =>
    t.mail.messages.filter((mail) => mail.to.includes(to) && mail.subject.includes(subject));
  /** The first mail to `to` after `since` whose subject contains `subject` (the order's confirmation may come later). */
  async function mailWith(to: string, subject: string, since: number) {
    await expect.poll(() => mailsTo(to, subject).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const mail = t.mail.messages.slice(since).find((one) => one.to.includes(to) && one.subject.includes(subject))!;
    // The whole message, decoded, with its lines ended as the mail was written (the HTML part too).
    return { ...mail, text: mail.text.replace(/\r\n/g, '\n') };
  }

  describe('one order read on its own', () => {
    it('has each change with its date and who made it, and its lines’ small pictures; a deleted product has neither picture nor page', async () => {
      const sita = await makeShopper(t);
      const kept = await makeProduct(t, { name: 'Keyboard', price: 4000, stock: 3 });
      const gone = await makeProduct(t, { name: 'Old Mouse', price: 900, stock: null });
      const bare = await makeProduct(t, { name: 'Cable', price: 100, stock: null, images: [] });
      const order = await placeOrder(sita, [
        { productId: kept.id, quantity: 1, price: 4000 },
        { productId: gone.id, quantity: 1, price: 900 },
        { productId: bare.id, quantity: 2, price: 100 },
      ]);
      await t.app.ctx.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', gone.id)
        .execute();
      expect((await setStatus(order.id, { status: 'confirmed' })).statusCode).toBe(200);
      t.clock.advance(60_000);
      expect((await setStatus(order.id, { status: 'shipped' })).statusCode).toBe(200);

      const read = await detail(sita, order.id);
      expect(read.history).toEqual([
        { kind: 'status', from: 'pending', to: 'confirmed', at: expect.any(String), by: 'admin', note: null },
        { kind: 'status', from: 'confirmed', to: 'shipped', at: expect.any(String), by: 'admin', note: null },
      ]);
      expect(Date.parse(read.history[1]!.at)).toBeGreaterThan(Date.parse(read.history[0]!.at));
      const [keyboard, mouse, cable] = read.orderItems.map((item) => item.product);
      expect(keyboard).toMatchObject({ id: kept.id, available: true, thumbnail: expect.stringMatching(/-320\.webp$/) });
      expect(mouse).toEqual({ id: gone.id, name: 'Old Mouse', category: 'Gaming Gear', thumbnail: null, available: false });
      expect(cable).toMatchObject({ available: true, thumbnail: null });

      // The admin's read of the same order says the same.
      const asAdmin = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(admin) });
      expect(asAdmin.json<{ order: OrderDetail }>().order.history).toEqual(read.history);
      // The list keeps its shape (no history, no pictures).
      const list = await t.app.inject({ method: 'GET', url: `/api/orders/user/${sita.userId}`, headers: bearer(sita.token) });
      const listed = list.json<{ orders: Order[] }>().orders[0]!;
      expect(listed).not.toHaveProperty('history');
      expect(listed.orderItems[0]!.product).toEqual({ id: kept.id, name: 'Keyboard', category: 'Gaming Gear' });
    });
  });

  describe('the shopper cancels a pending order', () => {
    it('cancels with the reason, gives the units back, records it as the shopper’s, mails the shopper and the store', async () => {
      const sita = await makeShopper(t);
      const tracked = await makeProduct(t, { name: 'Gaming Chair', price: 20_000, stock: 4 });
      const untracked = await makeProduct(t, { name: 'Mouse Pad', price: 500, stock: null });
      const order = await placeOrder(sita, [
        { productId: tracked.id, quantity: 3, price: 20_000 },
        { productId: untracked.id, quantity: 2, price: 500 },
      ]);
      expect(await stockOf(t.app.ctx.db, tracked.id)).toBe(1);
      const since = t.mail.messages.length;

      const res = await cancel(sita, order.id, { reason: '  Ordered the wrong colour  ' });
      expect(res.statusCode, res.body).toBe(200);
      const cancelled = res.json<{ order: OrderDetail }>().order;
      expect(cancelled).toMatchObject({ id: order.id, status: 'cancelled', paymentStatus: 'unpaid' });
      expect(cancelled.history).toEqual([
        {
          kind: 'status',
          from: 'pending',
          to: 'cancelled',
          at: expect.any(String),
          by: 'shopper',
          note: 'Ordered the wrong colour',
        },
      ]);
      const rows = await historyRows(order.id);
      expect(rows.map((row) => [row.admin_id, row.user_id, row.note])).toEqual([[null, sita.userId, 'Ordered the wrong colour']]);

      // Stock as the admin's cancel leaves it.
      expect(await stockOf(t.app.ctx.db, tracked.id)).toBe(4);
      expect(await stockOf(t.app.ctx.db, untracked.id)).toBeNull();
      expect((await auditOrders(t.app.ctx.db, new Map([[tracked.id, 4]]))).problems).toEqual([]);

      // The shopper's mail says why; the store's, at its own address, who, why and what.
      const grouped = formatOrderId(order.id);
      const own = await mailWith(sita.email, 'is Cancelled', since);
      expect(own.subject).toBe(`Your Pasal order ${grouped} is Cancelled`);
      expect(own.text).toContain(`Your order ${grouped} is now Cancelled.\n(It was Pending.)\nReason: Ordered the wrong colour`);
      const store = await mailWith(STORE_EMAIL, formatOrderId(order.id), since);
      expect(store.subject).toBe(`Order ${grouped} was cancelled by the customer`);
      expect(store.text).toContain(`Sita Sharma (${sita.phoneNumber}, ${sita.email}) cancelled order ${grouped} of Rs. 61,000.`);
      expect(store.text).toContain('Reason: Ordered the wrong colour');
      expect(store.text).toContain('Payment: Cash on Delivery, Pay on delivery');
      expect(store.text).toContain('<strong>Reason:</strong> Ordered the wrong colour');
    });

    it("answers 404 for another shopper's order (403 for another shopper's userId) and changes nothing", async () => {
      const sita = await makeShopper(t);
      const ram = await makeShopper(t);
      const product = await makeProduct(t, { price: 300, stock: 5 });
      const order = await placeOrder(sita, [{ productId: product.id, quantity: 2, price: 300 }]);

      const theirs = await cancel(ram, order.id, { reason: 'Not mine at all' });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(ORDER_MESSAGES.orderNotFound);
      expect((await cancel(ram, order.id, { reason: 'Not mine at all' }, sita.userId)).statusCode).toBe(403);
      expect((await cancel(sita, 'ORD-0000000000000000', { reason: 'No such order' })).statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/orders/user/${sita.userId}/order/${order.id}/cancel`,
        payload: { reason: 'No token here' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await detail(sita, order.id)).status).toBe('pending');
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
      expect(await historyRows(order.id)).toEqual([]);
    });

    it('answers 409 NOT_PENDING once the shop has confirmed it, and changes nothing', async () => {
      const sita = await makeShopper(t);
      const product = await makeProduct(t, { price: 300, stock: 5 });
      const order = await placeOrder(sita, [{ productId: product.id, quantity: 1, price: 300 }]);
      await setStatus(order.id, { status: 'confirmed' });

      const res = await cancel(sita, order.id, { reason: 'Too late now?' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'NOT_PENDING', message: ORDER_MESSAGES.notPending });
      const ne = await cancel(sita, order.id, { reason: 'Too late now?' }, sita.userId, { 'accept-language': 'ne' });
      expect(ne.json().message).toBe('पुष्टि हुन बाँकी अर्डर मात्र रद्द गर्न सकिन्छ');
      expect((await detail(sita, order.id)).status).toBe('confirmed');
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(4);
      expect((await historyRows(order.id)).map((row) => row.to_status)).toEqual(['confirmed']);

      // An order the admin cancelled is not the shopper's to cancel again.
      await setStatus(order.id, { status: 'cancelled', reason: 'Out of stock at the supplier' });
      expect((await cancel(sita, order.id, { reason: 'Cancel it please' })).statusCode).toBe(409);
    });

    it('is safe against a double tap: two cancels at once give the units back once, one history row, one store mail', async () => {
      const sita = await makeShopper(t);
      const product = await makeProduct(t, { name: 'Double Tap Headset', price: 7000, stock: 2 });
      const order = await placeOrder(sita, [{ productId: product.id, quantity: 2, price: 7000 }]);
      const since = t.mail.messages.length;

      const [first, second] = await Promise.all([
        cancel(sita, order.id, { reason: 'Changed my mind' }),
        cancel(sita, order.id, { reason: 'Changed my mind' }),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json().order.status).toBe('cancelled');
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(2);
      expect((await historyRows(order.id)).filter((row) => row.kind === 'status')).toHaveLength(1);
      // And later, a third tap still answers the cancelled order.
      expect((await cancel(sita, order.id, { reason: 'Changed my mind' })).statusCode).toBe(200);
      await t.mail.waitFor(STORE_EMAIL, { since });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mailsTo(STORE_EMAIL, formatOrderId(order.id))).toHaveLength(1);
      expect(mailsTo(sita.email, formatOrderId(order.id)).filter((mail) => mail.subject.includes('Cancelled'))).toHaveLength(1);
    });

    it('needs a reason of 3 to 300 characters (the shared messages, Nepali too)', async () => {
      const sita = await makeShopper(t);
      const product = await makeProduct(t, { price: 300, stock: 5 });
      const order = await placeOrder(sita, [{ productId: product.id, quantity: 1, price: 300 }]);
      for (const [body, message] of [
        [{}, ORDER_MESSAGES.reasonRequired],
        [{ reason: '   ' }, ORDER_MESSAGES.reasonRequired],
        [{ reason: 'no' }, 'The reason must be at least 3 characters'],
        [{ reason: 'x'.repeat(CANCEL_REASON_MAX + 1) }, 'The reason must be at most 300 characters'],
        [{ reason: 42 }, ORDER_MESSAGES.reasonRequired],
      ] as const) {
        const res = await cancel(sita, order.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const ne = await cancel(sita, order.id, { reason: 'no' }, sita.userId, { 'accept-language': 'ne' });
      expect(ne.json().message).toBe('कारणमा कम्तीमा ३ अक्षर हुनुपर्छ');
      expect((await detail(sita, order.id)).status).toBe('pending');
      expect((await cancel(sita, order.id, { reason: 'x'.repeat(CANCEL_REASON_MAX) })).statusCode).toBe(200);
    });

    it('an order paid online becomes refund due (the store is told to refund); one awaiting payment stops waiting', async () => {
      const sita = await makeShopper(t);
      const product = await makeProduct(t, { name: 'Paid Monitor', price: 25_000, stock: 1 });
      const paid = await placeOrder(sita, [{ productId: product.id, quantity: 1, price: 25_000 }]);
      // As a confirmed eSewa payment leaves it (payments-flow.test.ts pays through the sandbox).
      await t.app.ctx.db
        .updateTable('orders')
        .set({ payment_method: 'esewa', payment_status: 'paid', payment_ref: '000AB12' })
        .where('id', '=', paid.id)
        .execute();
      const since = t.mail.messages.length;
      const res = await cancel(sita, paid.id, { reason: 'Found it cheaper' });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json<{ order: OrderDetail }>().order;
      expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due' });
      expect(order.history.map(({ kind, from, to, by }) => [kind, from, to, by])).toEqual([
        ['status', 'pending', 'cancelled', 'shopper'],
        ['payment', 'paid', 'refund_due', 'shopper'],
      ]);
      const store = await mailWith(STORE_EMAIL, formatOrderId(paid.id), since);
      expect(store.text).toContain('Payment: eSewa, Refund due');
      expect(store.text).toContain('The customer paid Rs. 25,000: refund it, then mark it refunded.');
      const own = await mailWith(sita.email, `${formatOrderId(paid.id)} is Cancelled`, since);
      expect(own.text).toContain('The Rs. 25,000 you paid will be refunded to you.');

      const other = await makeProduct(t, { price: 12_000, stock: 1 });
      const awaiting = await placeOrder(sita, [{ productId: other.id, quantity: 1, price: 12_000 }]);
      await t.app.ctx.db
        .updateTable('orders')
        .set({ payment_method: 'khalti', payment_status: 'awaiting_payment' })
        .where('id', '=', awaiting.id)
        .execute();
      const stopped = (await cancel(sita, awaiting.id, { reason: 'Wallet problem' })).json<{ order: OrderDetail }>().order;
      expect(stopped).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      expect(await stockOf(t.app.ctx.db, other.id)).toBe(1);
    });
  });

  describe('the admin’s status change with a reason', () => {
    it('records the reason and mails it; without one (SPEC’s body) it still works; a bad one is 400', async () => {
      const sita = await makeShopper(t);
      const product = await makeProduct(t, { price: 2_07_399, stock: 2 });
      const order = await placeOrder(sita, [{ productId: product.id, quantity: 1, price: 2_07_399 }]);
      const since = t.mail.messages.length;

      const res = await setStatus(order.id, { status: 'cancelled', reason: 'The supplier cannot deliver this model' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ order: Order }>().order.status).toBe('cancelled');
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(2);
      const read = await detail(sita, order.id);
      expect(read.history).toEqual([
        expect.objectContaining({ to: 'cancelled', by: 'admin', note: 'The supplier cannot deliver this model' }),
      ]);
      const mail = await mailWith(sita.email, 'is Cancelled', since);
      expect(mail.subject).toBe(`Your Pasal order ${formatOrderId(order.id)} is Cancelled`);
      expect(mail.text).toContain('Reason: The supplier cannot deliver this model');
      expect(mail.text).toContain('<strong>Reason:</strong> The supplier cannot deliver this model');
      // The store is not mailed about its own cancel.
      expect(mailsTo(STORE_EMAIL, formatOrderId(order.id))).toEqual([]);

      // Reopening is a correction of its own (with a reason); then SPEC's bare {status} moves it on.
      const reopened = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/reverse`,
        payload: { status: 'pending', reason: 'The supplier found one', confirm: true },
        headers: bearer(admin),
      });
      expect(reopened.statusCode).toBe(200);
      expect((await setStatus(order.id, { status: 'cancelled' })).statusCode).toBe(200);
      expect((await historyRows(order.id)).at(-1)).toMatchObject({ to_status: 'cancelled', note: null });
      const short = await setStatus(order.id, { status: 'pending', reason: 'no' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('The reason must be at least 3 characters');
    });
  });

  describe('order ids read out in groups', () => {
    it('are written in fours for people and found by the admin’s search however they are typed', async () => {
      expect(formatOrderId('ORD-HAQ4W5S9THSTWKGX')).toBe('ORD-HAQ4-W5S9-THST-WKGX');
      expect(formatOrderId('ORD-TEST')).toBe('ORD-TEST');
      expect(compactOrderId('ord-haq4 w5s9')).toBe('ORDHAQ4W5S9');
      expect(compactOrderId('50%')).toBeUndefined();
      expect(orderIdMatches('ORD-HAQ4W5S9THSTWKGX', 'w5s9-thst')).toBe(true);
      expect(orderIdMatches('ORD-HAQ4W5S9THSTWKGX', 'ORD-HAQ4-W5S9-THST-WKGX')).toBe(true);
      expect(orderIdMatches('ORD-HAQ4W5S9THSTWKGX', 'W5S9-WKGX')).toBe(false);

      const sita = await makeShopper(t);
      const product = await makeProduct(t, { price: 100, stock: null });
      const order = await placeOrder(sita, [{ productId: product.id, quantity: 1, price: 100 }]);
      await placeOrder(sita, [{ productId: product.id, quantity: 1, price: 100 }]);
      const grouped = formatOrderId(order.id);
      const found = async (q: string) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/orders/all?q=${encodeURIComponent(q)}`,
          headers: bearer(admin),
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ orders: Order[] }>().orders.map((one) => one.id);
      };
      for (const typed of [grouped, grouped.toLowerCase(), grouped.replace(/-/g, ' '), grouped.slice(4, 13), order.id]) {
        expect(await found(typed), typed).toEqual([order.id]);
      }
      // The answer keeps the plain id.
      expect(order.id).toMatch(/^ORD-[0-9A-Z]{16}$/);
    });
  });
});

describe('migration 017: who made a change', () => {
  let handle: DbHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await drop?.();
  });

  it('marks the earlier pay-on-delivery switches as the shopper’s and leaves the rest to the admin or the shop', async () => {
    const database = await createTestDatabase();
    drop = () => database.drop();
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-mig-')) });
    const db = handle.db as unknown as Kysely<unknown>;
    await migrateTo(db, '014_user_language');
    const now = new Date().toISOString();
    const exec = (query: ReturnType<typeof sql>) => query.execute(db);
    await exec(sql`insert into users (id, first_name, last_name, email, phone_number, password_hash, email_verified, created_at, updated_at)
      values (4242, 'Sita', 'Shrestha', 's@example.com', '9800000001', 'x', 1, ${now}, ${now})`);
    await exec(sql`insert into admins (username, password_hash, created_at, updated_at) values ('root', 'x', ${now}, ${now})`);
    const adminId = Number((await sql<{ id: number }>`select id from admins`.execute(db)).rows[0]!.id);
    await exec(sql`insert into orders (id, user_id, status, total_paisa, subtotal_paisa, delivery_fee_paisa, vat_paisa, payment_method,
        payment_status, full_name, phone, province, district, city, address, created_at, updated_at)
      values ('ORD-AAAABBBBCCCCDDDD', 4242, 'cancelled', 10000, 10000, 0, 1150, 'cod', 'unpaid', 'Sita', '9800000001', 'Bagmati',
        'Kathmandu', 'Kathmandu', 'Thamel', ${now}, ${now})`);
    const history = (to: string, admin: number | null, kind: string, note: string | null) =>
      exec(sql`insert into order_status_history (order_id, admin_id, from_status, to_status, changed_at, kind, note)
        values ('ORD-AAAABBBBCCCCDDDD', ${admin}, 'x', ${to}, ${now}, ${kind}, ${note})`);
    await history('unpaid', null, 'payment', 'The shopper chose to pay on delivery');
    await history('cancelled', null, 'status', 'Not paid in time');
    await history('confirmed', adminId, 'status', null);

    await migrateToLatest(db);
    const rows = await sql<{ to_status: string; user_id: number | null }>`
      select to_status, user_id from order_status_history order by id`.execute(db);
    expect(rows.rows.map((row) => [row.to_status, row.user_id === null ? null : Number(row.user_id)])).toEqual([
      ['unpaid', 4242],
      ['cancelled', null],
      ['confirmed', null],
    ]);
  });
});
