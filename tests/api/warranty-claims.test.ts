import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/server/i18n/errors-ne.js';
import type { AuditPage } from '../../src/shared/audit.js';
import type { OrderDetail } from '../../src/shared/orders.js';
import type { AdminClaim, AdminClaimPage, Claim, ClaimsOfOrder } from '../../src/shared/warranty.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/catalog.js';
import { orderItemRow, orderRow } from '../helpers/order-rows.js';
import { type TestProduct, type TestShopper, bearer, makeProduct, makeShopper } from '../helpers/orders.js';

const DAY = 24 * 60 * 60 * 1000;

/** A captured mail's text part: base64 (as non-ASCII mails are sent) decoded, else as it came. */
function bodyOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  if (split < 0) return raw;
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  return /Content-Transfer-Encoding: base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : raw;
}

/**
 * Warranty claims: a unit past its return window and within its warranty, once while a claim is
 * open (parallel requests too); the admin's forward-only steps with history, mail, text and
 * audit following; bad input a clear 4xx in both languages, nothing written.
 */
describe('warranty claims', () => {
  let t: TestApp;
  let admin: string;
  let ip = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  /** A product with a warranty of `months` (null: none counted). */
  async function product(months: number | null, category?: string): Promise<TestProduct> {
    const made = await makeProduct(t, { price: 20_000, ...(category ? { category } : {}) });
    await t.app.ctx.db.updateTable('products').set({ warranty_months: months }).where('id', '=', made.id).execute();
    return made;
  }

  /** A delivered order (history says when) of one line; `serials` recorded at shipping with the months kept. */
  async function order(
    shopper: TestShopper,
    item: TestProduct,
    options: { deliveredAgoMs?: number; status?: 'delivered' | 'shipped'; serials?: string[]; months?: number | null } = {},
  ): Promise<{ id: string; itemId: number }> {
    const id = `ORD-W${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const at = new Date(t.clock.now().getTime() - (options.deliveredAgoMs ?? 30 * DAY)).toISOString();
    const quantity = options.serials?.length ?? 1;
    const db = t.app.ctx.db;
    const status = options.status ?? 'delivered';
    await db
      .insertInto('orders')
      .values(
        orderRow({
          id,
          user_id: shopper.userId,
          status,
          total_paisa: item.pricePaisa * quantity,
          subtotal_paisa: item.pricePaisa * quantity,
          payment_method: 'cod',
          payment_status: 'paid',
          full_name: 'Sita Sharma',
          created_at: at,
        }),
      )
      .execute();
    const row = await db
      .insertInto('order_items')
      .values(orderItemRow(id, item, { quantity, stock_reserved: quantity }))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status === 'delivered') {
      await db
        .insertInto('order_status_history')
        .values({
          order_id: id,
          admin_id: null,
          from_status: 'shipped',
          to_status: 'delivered',
          changed_at: at,
          kind: 'status',
          note: null,
        })
        .execute();
    }
    for (const [position, serial] of (options.serials ?? []).entries()) {
      await db
        .insertInto('order_item_serials')
        .values({
          order_item_id: row.id,
          position,
          order_id: id,
          serial,
          warranty_months: options.months === undefined ? 12 : options.months,
        })
        .execute();
    }
    return { id, itemId: Number(row.id) };
  }

  const open = (shopper: TestShopper, orderId: string, payload: unknown, options: { userId?: number; locale?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${options.userId ?? shopper.userId}/order/${orderId}/warranty-claims`,
      headers: { ...bearer(shopper.token), ...(options.locale ? { 'accept-language': options.locale } : {}) },
      remoteAddress: `10.55.${++ip % 250}.1`,
      payload: payload as object,
    });
  const list = (shopper: TestShopper, orderId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${shopper.userId}/order/${orderId}/warranty-claims`,
      headers: bearer(shopper.token),
    });
  const step = (id: number, payload: unknown, token = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/warranty-claims/${id}/status`,
      headers: bearer(token),
      payload: payload as object,
    });
  const claimCount = async (orderId: string) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('warranty_claims')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  async function mailSaying(to: string, words: string): Promise<string> {
    for (let tries = 0; tries < 100; tries += 1) {
      const found = t.mail.messages
        .filter((m) => m.to.includes(to))
        .map((m) => `${m.text}\n${bodyOf(m.raw)}`)
        .find((text) => text.includes(words));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${to} saying ${words}`);
  }
  const ISSUE = 'The screen stays black after charging overnight.';

  it('opens a claim for a serial unit past the return window; lists it; tells the shopper; the order history shows it', async () => {
    const shopper = await makeShopper(t);
    const phone = await product(12);
    const { id, itemId } = await order(shopper, phone, { serials: ['IMEI-111', 'IMEI-222'] });
    const before = (await list(shopper, id)).json<ClaimsOfOrder>();
    expect(before.units).toHaveLength(2);
    expect(before.units.every((unit) => unit.claimable)).toBe(true);
    expect(before.units[0]!.warrantyEnds).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Texts go only to a number the shopper proved with a code.
    await t.app.ctx.db
      .updateTable('users')
      .set({ phone_verified_at: new Date().toISOString() })
      .where('id', '=', shopper.userId)
      .execute();
    const created = await open(shopper, id, { orderItemId: itemId, serial: 'imei-222', issue: `  ${ISSUE}  ` });
    expect(created.statusCode, created.body).toBe(201);
    const claim = created.json<{ claim: Claim }>().claim;
    expect(claim).toMatchObject({
      orderId: id,
      orderItemId: itemId,
      serial: 'IMEI-222',
      issue: ISSUE,
      status: 'opened',
      note: null,
    });

    const after = (await list(shopper, id)).json<ClaimsOfOrder>();
    expect(after.claims.map((c) => c.id)).toEqual([claim.id]);
    expect(after.units.map((unit) => [unit.serial, unit.claimable])).toEqual([
      ['IMEI-111', true],
      ['IMEI-222', false],
    ]);
    expect(await mailSaying(shopper.email, `Warranty claim #${claim.id}`)).toContain('IMEI-222');
    const texts = await t.app.ctx.db.selectFrom('jobs').select('summary').where('kind', '=', 'sms-later').execute();
    expect(texts.length).toBeGreaterThan(0);

    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) });
    expect(detail.statusCode, detail.body).toBe(200);
    const history = detail.json<{ order: OrderDetail }>().order.history;
    expect(history.at(-1)).toMatchObject({ kind: 'warranty', to: 'opened', by: 'shopper', note: `Warranty claim #${claim.id}` });
  });

  it('a line shipped without serials is one unit: no serial asked, a serial given is refused', async () => {
    const shopper = await makeShopper(t);
    const { id, itemId } = await order(shopper, await product(6));
    const withSerial = await open(shopper, id, { orderItemId: itemId, serial: 'X1', issue: ISSUE });
    expect(withSerial.statusCode).toBe(400);
    expect(withSerial.json().message).toBe('This item was shipped without serials: leave the serial out');
    const created = await open(shopper, id, { orderItemId: itemId, issue: ISSUE });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ claim: Claim }>().claim.serial).toBe('');
  });

  it('409 while the unit can still be returned, after its warranty, without a warranty, before delivery', async () => {
    const shopper = await makeShopper(t);
    const early = await order(shopper, await product(12), { deliveredAgoMs: 2 * DAY });
    const tooEarly = await open(shopper, early.id, { orderItemId: early.itemId, issue: ISSUE });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toMatch(/can still be returned: use a return instead$/);

    const old = await order(shopper, await product(1), { deliveredAgoMs: 70 * DAY });
    const tooLate = await open(shopper, old.id, { orderItemId: old.itemId, issue: ISSUE });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toMatch(/^The warranty of .* has ended$/);
    expect((await list(shopper, old.id)).json<ClaimsOfOrder>().units[0]!.claimable).toBe(false);

    const none = await order(shopper, await product(null));
    const noWarranty = await open(shopper, none.id, { orderItemId: none.itemId, issue: ISSUE });
    expect(noWarranty.statusCode).toBe(409);
    expect(noWarranty.json().message).toMatch(/has no warranty counted by the shop$/);
    const nepali = await open(shopper, none.id, { orderItemId: none.itemId, issue: ISSUE }, { locale: 'ne' });
    expect(nepali.json().message).toMatch(/को वारेन्टी पसलले गन्दैन$/);

    const zero = await order(shopper, await product(12), { serials: ['S-ZERO'], months: null });
    expect((await open(shopper, zero.id, { orderItemId: zero.itemId, serial: 'S-ZERO', issue: ISSUE })).statusCode).toBe(409);

    const onTheWay = await order(shopper, await product(12), { status: 'shipped' });
    const shipped = await open(shopper, onTheWay.id, { orderItemId: onTheWay.itemId, issue: ISSUE });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe('A warranty claim can be opened once the order has been delivered');
    for (const o of [early, old, none, zero, onTheWay]) expect(await claimCount(o.id)).toBe(0);
  });

  it('a category without returns opens claims right after delivery', async () => {
    const shopper = await makeShopper(t);
    const item = await product(12, 'No Returns Gear');
    await t.app.ctx.db.updateTable('categories').set({ return_days: 0 }).where('name', '=', 'No Returns Gear').execute();
    const { id, itemId } = await order(shopper, item, { deliveredAgoMs: DAY });
    expect((await open(shopper, id, { orderItemId: itemId, issue: ISSUE })).statusCode).toBe(201);
  });

  it('bad input is a clear 400 in both languages and writes nothing', async () => {
    const shopper = await makeShopper(t);
    const { id, itemId } = await order(shopper, await product(12), { serials: ['SN-A'] });
    const cases: [unknown, string][] = [
      [{ orderItemId: itemId, serial: 'SN-A', issue: '' }, 'Describe the problem in 10 to 2,000 characters'],
      [{ orderItemId: itemId, serial: 'SN-A', issue: '          ' }, 'Describe the problem in 10 to 2,000 characters'],
      [{ orderItemId: itemId, serial: 'SN-A', issue: 'x'.repeat(10_000) }, 'Describe the problem in 10 to 2,000 characters'],
      [{ orderItemId: itemId, serial: 'SN-A' }, 'Describe the problem in 10 to 2,000 characters'],
      [{ orderItemId: 'one', serial: 'SN-A', issue: ISSUE }, 'orderItemId must be a positive whole number'],
      [{ orderItemId: itemId, serial: 'S'.repeat(41), issue: ISSUE }, 'Serial must be at most 40 characters'],
      [{ orderItemId: itemId + 100_000, serial: 'SN-A', issue: ISSUE }, 'That item is not in this order'],
      [
        { orderItemId: itemId, issue: ISSUE },
        expect.stringMatching(/^Give the serial of the unit of .* that needs repair$/) as never,
      ],
      [
        { orderItemId: itemId, serial: 'SN-B', issue: ISSUE },
        expect.stringMatching(/^That serial is not one of the units of/) as never,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await open(shopper, id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toEqual(message);
    }
    const nepali = await open(shopper, id, { orderItemId: itemId, serial: 'SN-A', issue: '' }, { locale: 'ne' });
    expect(nepali.statusCode).toBe(400);
    expect(nepali.json().message).toBe(serverMessage('Describe the problem in 10 to 2,000 characters', 'ne'));
    expect(nepali.json().message).toMatch(/[\u0900-\u097F]/);
    expect(await claimCount(id)).toBe(0);

    // A script is kept as typed (shown as text, never as HTML) and mailed as text.
    const script = '<script>alert("x")</script> broken speaker';
    const created = await open(shopper, id, { orderItemId: itemId, serial: 'SN-A', issue: script });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ claim: Claim }>().claim.issue).toBe(script);
  });

  it("another shopper's order is 404 (their own path) or 403 (someone else's path), and nothing is written", async () => {
    const owner = await makeShopper(t);
    const other = await makeShopper(t);
    const { id, itemId } = await order(owner, await product(12));
    const asOther = await open(other, id, { orderItemId: itemId, issue: ISSUE });
    expect(asOther.statusCode).toBe(404);
    const otherPath = await open(other, id, { orderItemId: itemId, issue: ISSUE }, { userId: owner.userId });
    expect(otherPath.statusCode).toBe(403);
    expect((await list(other, id)).statusCode).toBe(404);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${owner.userId}/order/${id}/warranty-claims`,
      payload: { orderItemId: itemId, issue: ISSUE },
    });
    expect(noToken.statusCode).toBe(401);
    expect(await claimCount(id)).toBe(0);
  });

  it('parallel claims for one unit: exactly one 201, the rest 409; a closed claim frees the unit', async () => {
    const shopper = await makeShopper(t);
    const { id, itemId } = await order(shopper, await product(12), { serials: ['PAR-1'] });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => open(shopper, id, { orderItemId: itemId, serial: 'PAR-1', issue: ISSUE })),
    );
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().message).toBe('This unit already has an open warranty claim');
    }
    expect(await claimCount(id)).toBe(1);
    const claimId = results.find((res) => res.statusCode === 201)!.json<{ claim: Claim }>().claim.id;
    expect((await step(claimId, { status: 'rejected', note: 'Water damage is not covered' })).statusCode).toBe(200);
    expect((await open(shopper, id, { orderItemId: itemId, serial: 'PAR-1', issue: ISSUE })).statusCode).toBe(201);
  });

  it('the admin moves a claim forward only, each step in the history, the audit log and a mail in the shopper’s language', async () => {
    const shopper = await makeShopper(t);
    await t.app.ctx.db.updateTable('users').set({ language: 'ne' }).where('id', '=', shopper.userId).execute();
    const { id, itemId } = await order(shopper, await product(24), { serials: ['FWD-1'] });
    const claim = (await open(shopper, id, { orderItemId: itemId, serial: 'FWD-1', issue: ISSUE })).json<{ claim: Claim }>()
      .claim;

    const skip = await step(claim.id, { status: 'repaired' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('This claim cannot move to that step');
    const path = ['received', 'at_service_centre', 'replaced', 'returned_to_shopper'] as const;
    for (const status of path) {
      const res = await step(claim.id, { status, ...(status === 'replaced' ? { note: 'New unit from the brand' } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ claim: AdminClaim }>().claim).toMatchObject({ status, customerEmail: shopper.email });
    }
    const backwards = await step(claim.id, { status: 'received' });
    expect(backwards.statusCode).toBe(409);
    const rejectClosed = await step(claim.id, { status: 'rejected', note: 'Too late now' });
    expect(rejectClosed.statusCode).toBe(409);

    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) });
    const history = detail.json<{ order: OrderDetail }>().order.history.filter((entry) => entry.kind === 'warranty');
    expect(history.map((entry) => [entry.from, entry.to, entry.by])).toEqual([
      ['', 'opened', 'shopper'],
      ['opened', 'received', 'admin'],
      ['received', 'at_service_centre', 'admin'],
      ['at_service_centre', 'replaced', 'admin'],
      ['replaced', 'returned_to_shopper', 'admin'],
    ]);
    expect(history[3]!.note).toBe(`Warranty claim #${claim.id}: New unit from the brand`);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=warranty&entityId=${claim.id}`,
      headers: bearer(admin),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json<AuditPage>().entries;
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatchObject({ action: 'warranty.step', changes: { status: ['replaced', 'returned_to_shopper'] } });
    expect(entries[0]!.adminName).toBe('root-admin');

    const mail = await mailSaying(shopper.email, 'सर्भिस सेन्टरले सामान बदलिदियो');
    expect(mail).toContain('टिप्पणी: New unit from the brand');
  });

  it('a rejection needs a reason; bad steps are 400; the admin list filters by status; permissions hold', async () => {
    const shopper = await makeShopper(t);
    const { id, itemId } = await order(shopper, await product(12), { serials: ['REJ-1'] });
    const claim = (await open(shopper, id, { orderItemId: itemId, serial: 'REJ-1', issue: ISSUE })).json<{ claim: Claim }>()
      .claim;
    const noReason = await step(claim.id, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Give the reason for rejecting the claim (3 to 500 characters)');
    expect((await step(claim.id, { status: 'fixed' })).statusCode).toBe(400);
    expect((await step(claim.id, { status: 'received', note: 'n'.repeat(501) })).statusCode).toBe(400);
    const unknown = await step(999_999, { status: 'received' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Warranty claim not found');
    expect((await step(0, { status: 'received' })).statusCode).toBe(400);

    const opened = await t.app.inject({ method: 'GET', url: '/api/admin/warranty-claims?status=opened', headers: bearer(admin) });
    expect(opened.statusCode, opened.body).toBe(200);
    const page = opened.json<AdminClaimPage>();
    expect(page.claims.every((c) => c.status === 'opened')).toBe(true);
    expect(page.claims.some((c) => c.id === claim.id)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/warranty-claims?status=lost', headers: bearer(admin) })).statusCode,
    ).toBe(400);

    // A shopper's token is not an admin's (403); no token at all is 401.
    expect((await step(claim.id, { status: 'received' }, shopper.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/warranty-claims' })).statusCode).toBe(401);

    // Staff hold 'warranty' as they hold 'returns'.
    const username = `staff-${crypto.randomBytes(3).toString('hex')}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(admin),
      payload: { username, role: 'staff' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { password } = created.json<{ password: string }>();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password },
      remoteAddress: '10.56.0.1',
    });
    const staffToken = first.json<{ token: string }>().token;
    const newPassword = 'a brand new password 42';
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(staffToken),
      payload: { currentPassword: password, password: newPassword, confirmPassword: newPassword },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password: newPassword },
      remoteAddress: '10.56.0.2',
    });
    const staff = login.json<{ token: string }>().token;
    const byStaff = await step(claim.id, { status: 'rejected', note: 'Physical damage' }, staff);
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(byStaff.json<{ claim: AdminClaim }>().claim).toMatchObject({ status: 'rejected', note: 'Physical damage' });
    const shopperView = (await list(shopper, id)).json<ClaimsOfOrder>();
    expect(shopperView.claims[0]).toMatchObject({ status: 'rejected', note: 'Physical damage' });
  });
});
