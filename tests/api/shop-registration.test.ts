import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { adminToken } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer, makeShopper } from '../helpers/orders.js';

const DAY = 86_400_000;

/** The shop's e-commerce registration number, and refunds owed too long flagged on the Dashboard (both databases). */
describe('what the law asks to be shown', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ STORE_PAN: '601234567', STORE_ECOMMERCE_REG: 'ECOM-2081/82-0042' });
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  it('gives the registration number beside the PAN in the store facts the footer and invoices show', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store' });
    expect(res.json()).toMatchObject({ pan: '601234567', ecommerceRegistration: 'ECOM-2081/82-0042' });
  });

  it('refuses a registration number that is not one (the server does not start)', () => {
    expect(() => loadConfig({ STORE_ECOMMERCE_REG: '<script>' })).toThrow(/STORE_ECOMMERCE_REG/);
  });

  it('flags a refund owed for more than seven days as overdue on the Dashboard', async () => {
    const shopper = await makeShopper(t);
    const db = t.app.ctx.db;
    const now = t.clock.now().getTime();
    const write = async (id: string, dueSince: number) => {
      const at = new Date(dueSince - DAY).toISOString();
      await db
        .insertInto('orders')
        .values({
          id,
          user_id: shopper.userId,
          status: 'cancelled',
          total_paisa: 500_000,
          payment_method: 'khalti',
          payment_status: 'refund_due',
          payment_ref: null,
          full_name: 'Sita Sharma',
          phone: '9841234567',
          province: 'Bagmati',
          district: 'Kathmandu',
          city: 'Kathmandu',
          address: 'Thamel 12',
          landmark: null,
          idempotency_key: null,
          invoice_no: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto('order_status_history')
        .values({
          order_id: id,
          admin_id: null,
          from_status: 'paid',
          to_status: 'refund_due',
          changed_at: new Date(dueSince).toISOString(),
          kind: 'payment',
          note: null,
        })
        .execute();
    };
    await write('ORD-OVERDUE0000000001', now - 8 * DAY);
    await write('ORD-RECENT00000000001', now - 2 * DAY);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json<{ waiting: { refundDue: { overdue: number; orders: { id: string; overdue: boolean }[] } } }>().waiting
      .refundDue;
    expect(group.overdue).toBe(1);
    const flags = Object.fromEntries(group.orders.map((order) => [order.id, order.overdue]));
    expect(flags).toMatchObject({ 'ORD-OVERDUE0000000001': true, 'ORD-RECENT00000000001': false });

    // Six days on: the second is overdue too.
    t.clock.advance(6 * DAY);
    const later = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(await adminToken(t)) });
    expect(later.json().waiting.refundDue.overdue).toBe(2);
  });
});
