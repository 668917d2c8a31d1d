import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../src/shared/coupons.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { bearer, categoryId, makeProduct, makeShopper } from '../helpers/orders.js';

/** The admin's coupons: create, list, edit, deactivate; bad input as 400 in both languages, a taken code as 409. */
describe('admin coupons', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { ...bearer(admin), ...headers },
      payload: payload as object,
    });

  it('creates a coupon in rupees, code in upper case, and records it in the audit log', async () => {
    const product = await makeProduct(t, { price: 2000 });
    const category = await categoryId(t, 'Consoles');
    const res = await post({
      code: 'dashain-10',
      type: 'percent',
      value: 10,
      minSubtotal: 1000.5,
      maxDiscount: 500,
      startsAt: '2026-10-01T00:00:00+05:45',
      endsAt: '2026-10-20T00:00:00Z',
      usageLimit: 100,
      perCustomerLimit: 1,
      categoryIds: [category],
      productIds: [product.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { coupon } = res.json();
    expect(coupon).toMatchObject({
      code: 'DASHAIN-10',
      type: 'percent',
      value: 10,
      minSubtotal: 1000.5,
      maxDiscount: 500,
      startsAt: '2026-09-30T18:15:00.000Z',
      endsAt: '2026-10-20T00:00:00.000Z',
      usageLimit: 100,
      perCustomerLimit: 1,
      usedCount: 0,
      active: true,
      categoryIds: [category],
      productIds: [product.id],
    });
    const row = await t.app.ctx.db.selectFrom('coupons').selectAll().where('id', '=', coupon.id).executeTakeFirstOrThrow();
    expect(Number(row.min_subtotal_paisa)).toBe(100050);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'coupon')
      .where('entity_id', '=', String(coupon.id))
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['coupon.create']);
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({ code: [null, 'DASHAIN-10'], value: [null, 10] });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ coupons: Array<{ code: string }> }>().coupons.map((c) => c.code)).toContain('DASHAIN-10');
  });

  it('a fixed coupon keeps its rupees as paisa', async () => {
    const res = await post({ code: 'FLAT250', type: 'fixed', value: 250.75 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().coupon).toMatchObject({
      value: 250.75,
      minSubtotal: null,
      usageLimit: null,
      categoryIds: [],
      productIds: [],
    });
    const row = await t.app.ctx.db.selectFrom('coupons').select('value').where('code', '=', 'FLAT250').executeTakeFirstOrThrow();
    expect(Number(row.value)).toBe(25075);
  });

  it('refuses bad input with field errors, in English and in Nepali', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ code: 'ZERO', type: 'fixed', value: 0 }, 'value', COUPON_MESSAGES.valueInvalid],
      [{ code: 'NEG', type: 'fixed', value: -5 }, 'value', COUPON_MESSAGES.valueInvalid],
      [{ code: 'BIG', type: 'percent', value: 101 }, 'value', COUPON_MESSAGES.percentInvalid],
      [{ code: 'FRAC', type: 'percent', value: 12.5 }, 'value', COUPON_MESSAGES.percentInvalid],
      [
        { code: 'BACKWARDS', type: 'percent', value: 5, startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
        'endsAt',
        COUPON_MESSAGES.endBeforeStart,
      ],
      [{ code: 'HAS SPACE', type: 'percent', value: 5 }, 'code', COUPON_MESSAGES.codeFormat],
      [{ code: 'X'.repeat(200), type: 'percent', value: 5 }, 'code', COUPON_MESSAGES.codeFormat],
      [{ code: 'BADTYPE', type: 'bogo', value: 5 }, 'type', COUPON_MESSAGES.typeInvalid],
      [{ code: 'BADLIMIT', type: 'percent', value: 5, usageLimit: 0 }, 'usageLimit', COUPON_MESSAGES.limitInvalid],
      [{ code: 'BADDATE', type: 'percent', value: 5, startsAt: 'tomorrow' }, 'startsAt', COUPON_MESSAGES.dateInvalid],
      [{ code: 'BADMAX', type: 'percent', value: 5, maxDiscount: 0 }, 'maxDiscount', COUPON_MESSAGES.maxDiscountInvalid],
    ];
    for (const [body, field, message] of cases) {
      const en = await post(body);
      expect(en.statusCode, JSON.stringify(body)).toBe(400);
      expect(en.json().errors?.[field], JSON.stringify(en.json())).toBe(message);
      const ne = await post(body, { 'accept-language': 'ne' });
      expect(ne.statusCode).toBe(400);
      expect(ne.json().errors?.[field]).toMatch(/[\u0900-\u097F]/);
    }
    const count = await t.app.ctx.db
      .selectFrom('coupons')
      .select('code')
      .where('code', 'in', ['ZERO', 'NEG', 'BIG', 'BACKWARDS'])
      .execute();
    expect(count).toEqual([]);
  });

  it('an unknown category or product in the scope is 400; a code taken in any case is 409', async () => {
    const unknownCategory = await post({ code: 'SCOPED', type: 'percent', value: 5, categoryIds: [987654] });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().errors.categoryIds).toBe(COUPON_MESSAGES.unknownCategory(987654));
    expect((await post({ code: 'TIHAR', type: 'percent', value: 5 })).statusCode).toBe(201);
    const again = await post({ code: 'tihar', type: 'fixed', value: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'COUPON_CODE_TAKEN', message: COUPON_MESSAGES.codeTaken });
    const ne = await post({ code: 'Tihar', type: 'fixed', value: 100 }, { 'accept-language': 'ne' });
    expect(ne.statusCode).toBe(409);
    expect(ne.json().message).toBe('यो कोडको कुपन पहिल्यै छ');
  });

  it('edits with PUT and PATCH (checked as a whole), deactivates, each audited; a shopper is refused', async () => {
    const created = (await post({ code: 'NEWYEAR', type: 'percent', value: 15, startsAt: '2027-04-14T00:00:00Z' })).json().coupon;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${created.id}`,
      headers: bearer(admin),
      payload: { value: 20, usageLimit: 5 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().coupon).toMatchObject({
      code: 'NEWYEAR',
      value: 20,
      usageLimit: 5,
      startsAt: '2027-04-14T00:00:00.000Z',
    });

    const badPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${created.id}`,
      headers: bearer(admin),
      payload: { endsAt: '2027-04-01T00:00:00Z' },
    });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().errors.endsAt).toBe(COUPON_MESSAGES.endBeforeStart);
    const toPercentOver = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${created.id}`,
      headers: bearer(admin),
      payload: { value: 150 },
    });
    expect(toPercentOver.statusCode).toBe(400);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${created.id}`,
      headers: bearer(admin),
      payload: { code: 'NEWYEAR', type: 'fixed', value: 300 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().coupon).toMatchObject({ type: 'fixed', value: 300, startsAt: null, usageLimit: null });

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/coupons/${created.id}/deactivate`,
      headers: bearer(admin),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().coupon.active).toBe(false);
    const actions = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'coupon')
      .where('entity_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.update', 'coupon.deactivate']);

    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/coupons/999999',
      headers: bearer(admin),
      payload: {},
    });
    expect(missing.statusCode).toBe(404);

    const shopper = await makeShopper(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: bearer(shopper.token),
      payload: { code: 'MINE', type: 'percent', value: 90 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/coupons' })).statusCode).toBe(401);
  });
});
