import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTRICTS, districtsOf, findDistrict } from '../../src/shared/districts.js';
import { CHECKOUT_MESSAGES, NEPAL_PROVINCES, type Order, createOrderSchema } from '../../src/shared/orders.js';
import { type PaymentOptions, deliveryRatesOf, placeFeePaisa } from '../../src/shared/payments.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import {
  NO_ORDER_LIMITS,
  type TestShopper,
  bearer,
  countRows,
  deliveryFields,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
} from '../helpers/orders.js';

describe('the districts of Nepal', () => {
  it('are 77, by province, each with an English and a Devanagari name, the valley marked', () => {
    expect(DISTRICTS).toHaveLength(77);
    expect(NEPAL_PROVINCES.map((province) => districtsOf(province).length)).toEqual([14, 8, 13, 11, 12, 10, 9]);
    expect(new Set(DISTRICTS.map((d) => d.en)).size).toBe(77);
    expect(new Set(DISTRICTS.map((d) => d.ne)).size).toBe(77);
    for (const district of DISTRICTS) {
      expect(district.en, district.en).toMatch(/^[A-Z][a-z]+( (East|West))?$/);
      expect(district.ne, district.en).toMatch(/^[\u0900-\u097f ]+$/);
    }
    expect(DISTRICTS.filter((d) => d.valley).map((d) => d.en)).toEqual(['Bhaktapur', 'Kathmandu', 'Lalitpur']);
    expect(districtsOf('Gandaki').map((d) => d.en)).toContain('Nawalparasi East');
    expect(districtsOf('Lumbini').map((d) => d.en)).toEqual(expect.arrayContaining(['Nawalparasi West', 'Rukum East']));
    expect(districtsOf('Karnali').map((d) => d.en)).toContain('Rukum West');
  });

  it('every one passes the create schema in its province, in either script, stored by its English name', () => {
    const base = { ...deliveryFields(), userId: 1, totalAmount: 1 };
    for (const district of DISTRICTS) {
      for (const name of [district.en, district.ne, district.en.toUpperCase()]) {
        const parsed = createOrderSchema.safeParse({ ...base, province: district.province, district: name });
        expect(parsed.success, `${district.province} ${name}`).toBe(true);
        expect(parsed.data?.district).toBe(district.en);
      }
    }
    // Both ways of writing the nasal mark name the same district.
    expect(findDistrict('काठमाडौँ')?.en).toBe('Kathmandu');
    // A short form, a town, a province, or half of a divided district is not a district.
    for (const text of ['ktm', 'KTM', 'Baneshwor', 'Pokhara', 'Bagmati', 'Rukum', 'Nawalparasi', 'काठ']) {
      expect(findDistrict(text), text).toBeUndefined();
    }
  });
});

describe('checkout: the district', () => {
  let t: TestApp;
  let price1500: number;

  beforeAll(async () => {
    // One shopper places an order per district: the order limits are tested in order-limits.test.ts.
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
    price1500 = (await makeProduct(t, { price: 1_500, stock: null })).id;
  });
  afterAll(async () => t.close());

  const create = (who: TestShopper, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/orders/create', payload, headers: { ...bearer(who.token), ...headers } });

  /** An order of one Rs. 1,500 product (below the free-delivery threshold) to `province` / `district`. */
  async function orderTo(who: TestShopper, province: string, district: string, headers: Record<string, string> = {}) {
    // A refused order leaves the cart as it was: start each try from an empty one.
    await t.app.ctx.db.deleteFrom('cart_items').where('user_id', '=', who.userId).execute();
    await fillCart(t.app.ctx.db, who.userId, [{ productId: price1500, quantity: 1 }]);
    return create(who, orderBody(who.userId, 1_500, { province, district }), headers);
  }

  it('takes the English name in any case or the Nepali one, stores the English name and charges by it', async () => {
    const shopper = await makeShopper(t);
    const cases: [string, string, string, number][] = [
      ['Bagmati', 'काठमाडौं', 'Kathmandu', 100],
      ['Bagmati', 'काठमाडौँ', 'Kathmandu', 100],
      ['Bagmati', ' lalitpur ', 'Lalitpur', 100],
      ['Bagmati', 'भक्तपुर', 'Bhaktapur', 100],
      ['Bagmati', 'CHITWAN', 'Chitwan', 200],
      ['Gandaki', 'कास्की', 'Kaski', 200],
      ['Sudurpashchim', 'kailali', 'Kailali', 200],
      ['Karnali', 'रुकुम पश्चिम', 'Rukum West', 200],
    ];
    for (const [province, typed, stored, fee] of cases) {
      const res = await orderTo(shopper, province, typed);
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(201);
      const order = res.json<{ order: Order }>().order;
      expect(order, typed).toMatchObject({ province, district: stored, deliveryFee: fee, totalAmount: 1_500 + fee });
      const row = await t.app.ctx.db
        .selectFrom('orders')
        .select(['district'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.district).toBe(stored);
    }
    // The form is filled again with the stored name.
    const last = await t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${shopper.userId}/last-address`,
      headers: bearer(shopper.token),
    });
    expect(last.json().address).toMatchObject({ province: 'Karnali', district: 'Rukum West' });
  });

  it('refuses a district of another province with 400 on the district, and places nothing', async () => {
    const shopper = await makeShopper(t);
    const before = await countRows(t.app.ctx.db, 'orders');
    for (const [province, district] of [
      ['Sudurpashchim', 'LALITPUR'],
      ['Koshi', 'काठमाडौं'],
      ['Gandaki', 'Nawalparasi West'],
      ['Lumbini', 'Rukum West'],
    ] as const) {
      const res = await orderTo(shopper, province, district);
      expect(res.statusCode, `${province} ${district}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({ district: CHECKOUT_MESSAGES.districtOtherProvince });
    }
    expect(await countRows(t.app.ctx.db, 'orders')).toBe(before);
    // The cart is kept for a corrected try.
    const kept = await t.app.ctx.db.selectFrom('cart_items').select('product_id').where('user_id', '=', shopper.userId).execute();
    expect(kept).toEqual([{ product_id: price1500 }]);
    expect((await orderTo(shopper, 'Bagmati', 'LALITPUR')).statusCode).toBe(201);
  });

  it('refuses anything that is not a district with 400, in English and in Nepali', async () => {
    const shopper = await makeShopper(t);
    expect(CHECKOUT_MESSAGES.districtUnknown).toBe('District must be one of the 77 districts of Nepal');
    for (const district of ['ktm', 'Baneshwor', 'Rukum', 'Kathmandu Valley', '<b>Kaski</b>']) {
      const res = await orderTo(shopper, 'Bagmati', district);
      expect(res.statusCode, `${district}: ${res.body}`).toBe(400);
      expect(res.json().errors, district).toEqual({ district: CHECKOUT_MESSAGES.districtUnknown });
    }
    const ne = await orderTo(shopper, 'Bagmati', 'ktm', { 'accept-language': 'ne' });
    expect(ne.statusCode).toBe(400);
    expect(ne.json().errors).toEqual({ district: 'जिल्ला नेपालका ७७ जिल्लामध्ये एक हुनुपर्छ' });
    const otherNe = await orderTo(shopper, 'Sudurpashchim', 'ललितपुर', { 'accept-language': 'ne' });
    expect(otherNe.statusCode).toBe(400);
    expect(otherNe.json().errors).toEqual({ district: 'जिल्ला छानिएको प्रदेशभित्रकै हुनुपर्छ' });
    // A blank district still says it is required.
    const blank = await orderTo(shopper, 'Bagmati', ' ');
    expect(blank.json().errors).toEqual({ district: CHECKOUT_MESSAGES.districtRequired });
  });

  it('the product page’s delivery rule (price alone, payment-options’ rates) is what checkout charges', async () => {
    const shopper = await makeShopper(t);
    const options = (await t.app.inject({ method: 'GET', url: '/api/orders/payment-options' })).json<PaymentOptions>();
    expect(options.delivery.freeFrom).toBe(5_000);
    const rates = deliveryRatesOf(options.delivery);
    for (const price of [94_999, 5_000, 4_999]) {
      const product = await makeProduct(t, { price, stock: null });
      for (const [province, district, valley] of [
        ['Bagmati', 'Kathmandu', true],
        ['Gandaki', 'Kaski', false],
      ] as const) {
        // What the product page says for this place.
        const shownPaisa = placeFeePaisa(valley, price * 100, rates);
        expect(shownPaisa, `${price} ${district}`).toBe(price >= 5_000 ? 0 : valley ? 100_00 : 200_00);
        await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
        const res = await create(shopper, orderBody(shopper.userId, price, { province, district }));
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json<{ order: Order }>().order.deliveryFee * 100, `${price} ${district}`).toBe(shownPaisa);
      }
    }
  });
});
