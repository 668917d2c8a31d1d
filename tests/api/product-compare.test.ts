import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARE_MESSAGES, type ProductCompare } from '../../src/shared/product-compare.js';
import type { ProductDetail } from '../../src/shared/product-detail.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer } from '../helpers/catalog.js';
import { categoryId, makeProduct } from '../helpers/orders.js';
import { insertSpecRows } from '../helpers/spec-rows.js';

/**
 * GET /api/products/compare?ids=…: up to four live products, each as its page reads it (with its
 * specifications), in the order asked; a bad list is a 400 on `ids`, an unknown or archived id is
 * left out.
 */
describe('comparing products', () => {
  let t: TestApp;
  let laptops: number[];

  beforeAll(async () => {
    t = await buildTestApp();
    const category = await categoryId(t, 'Laptops');
    laptops = [];
    for (const [name, price] of [
      ['Asus TUF A15', 95_000],
      ['Dell G15', 120_000],
      ['Lenovo LOQ', 105_000],
      ['HP Victus', 99_000],
      ['Acer Nitro', 89_000],
    ] as const) {
      laptops.push((await makeProduct(t, { name, price, category: 'Laptops' })).id);
    }
    await insertSpecRows(t.app.ctx.db, category, [
      { productId: laptops[0]!, values: { RAM: '16 GB', Processor: 'Ryzen 7 7435HS' } },
      { productId: laptops[1]!, values: { RAM: '16 GB', Processor: 'Core i7-13650HX', Display: '15.6" 165 Hz' } },
    ]);
  });
  afterAll(async () => t.close());

  const compare = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/products/compare${query}`, headers });

  it('answers the products in the order asked, each with its specifications, to anyone', async () => {
    const [asus, dell, lenovo] = laptops as [number, number, number];
    const res = await compare(`?ids=${dell},${asus},${lenovo}`);
    expect(res.statusCode, res.body).toBe(200);
    const { products } = res.json<ProductCompare>();
    expect(products.map((product) => product.name)).toEqual(['Dell G15', 'Asus TUF A15', 'Lenovo LOQ']);
    expect(products[0]!.specs).toEqual([
      { name: 'RAM', value: '16 GB' },
      { name: 'Processor', value: 'Core i7-13650HX' },
      { name: 'Display', value: '15.6" 165 Hz' },
    ]);
    expect(products[1]!.specs).toEqual([
      { name: 'RAM', value: '16 GB' },
      { name: 'Processor', value: 'Ryzen 7 7435HS' },
    ]);
    expect(products[2]!.specs).toEqual([]);
    // Each is what its own page reads.
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${dell}` });
    expect(products[0]).toEqual(page.json<ProductDetail>());
    expect(products[1]).toMatchObject({ price: 95_000, stock: 10, category: 'Laptops', options: [], variants: [] });
  });

  it('takes one to four ids, spaces around them allowed, and is not read as a product id', async () => {
    const one = await compare(`?ids=${laptops[3]}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<ProductCompare>().products.map((product) => product.name)).toEqual(['HP Victus']);
    const four = await compare(`?ids=${laptops.slice(0, 4).join(',%20')}`);
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json<ProductCompare>().products).toHaveLength(4);
  });

  it('leaves out an unknown or archived product instead of refusing the list', async () => {
    const [asus, dell, , , acer] = laptops as [number, number, number, number, number];
    const archived = await t.app.inject({ method: 'DELETE', url: `/api/products/${acer}`, headers: bearer(await adminToken(t)) });
    expect(archived.statusCode, archived.body).toBe(200);
    const res = await compare(`?ids=${asus},999999,${acer},${dell}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductCompare>().products.map((product) => product.id)).toEqual([asus, dell]);
    const none = await compare('?ids=999998');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ products: [] });
  });

  it.each([
    ['no ids', '', COMPARE_MESSAGES.idsFormat],
    ['an empty list', '?ids=', COMPARE_MESSAGES.idsFormat],
    ['a word', '?ids=1,two', COMPARE_MESSAGES.idsFormat],
    ['zero', '?ids=0', COMPARE_MESSAGES.idsFormat],
    ['a negative id', '?ids=-3', COMPARE_MESSAGES.idsFormat],
    ['a fraction', '?ids=1.5', COMPARE_MESSAGES.idsFormat],
    ['an empty place', '?ids=1,,2', COMPARE_MESSAGES.idsFormat],
    ['an id past 32 bits', '?ids=2147483648', COMPARE_MESSAGES.idsFormat],
    ['the list given twice', '?ids=1&ids=2', COMPARE_MESSAGES.idsFormat],
    ['five ids', '?ids=1,2,3,4,5', COMPARE_MESSAGES.tooMany],
    ['an id twice', '?ids=7,8,07', COMPARE_MESSAGES.repeated],
  ])('refuses %s with 400 on ids', async (_, query, message) => {
    const res = await compare(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, errors: { ids: message } });
  });

  it('says what is wrong in Nepali when asked', async () => {
    const res = await compare('?ids=1,2,3,4,5', { 'accept-language': 'ne' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ids: 'एक पटकमा बढीमा ४ वटा सामान मात्र तुलना गर्न सकिन्छ' });
  });
});
