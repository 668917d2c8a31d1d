import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_MESSAGES,
  PRODUCT_WARRANTY_MAX,
  type Product,
  RELATED_PRODUCTS_MAX,
  type RelatedProducts,
  parseImages,
} from '../../src/shared/catalog.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, multipart, pngFile, rowCount, uploadProduct } from '../helpers/catalog.js';

/**
 * What the product page tells a shopper beside the price: a product's warranty (set and
 * changed by the admin), the products related to it (same child category, then subcategory, then
 * category), and how long a delivery takes (DELIVERY_DAYS_VALLEY / DELIVERY_DAYS_OUTSIDE beside the
 * charges of GET /api/orders/payment-options).
 */

describe('a product’s warranty', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    await createPath(t, admin, 'Phones');
  });
  afterAll(async () => t.close());

  const base = { name: 'Redmi Note 13', description: 'A phone.', price: '27999', category: 'Phones' };
  const upload = async (fields: Record<string, string>) => uploadProduct(t, admin, { ...base, ...fields }, [await pngFile()]);
  const get = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>();
  const editJson = (id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload, headers: bearer(admin) });
  const editForm = async (id: number, fields: Record<string, string>) => {
    const { payload, headers } = await multipart(fields);
    return t.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload, headers: { ...headers, ...bearer(admin) } });
  };

  it('is given on upload, written as one trimmed line, and answered by every product read', async () => {
    const res = await upload({ warranty: '  1 year\n official   warranty ' });
    expect(res.statusCode).toBe(201);
    const product = res.json<Product>();
    expect(product.warranty).toBe('1 year official warranty');
    expect(await get(product.id)).toEqual(product);
    const page = (await t.app.inject({ method: 'GET', url: '/api/products?page=1' })).json<{ products: Product[] }>();
    expect(page.products.find((p) => p.id === product.id)?.warranty).toBe('1 year official warranty');
  });

  it('is none (null) when left out or blank', async () => {
    for (const fields of [{}, { warranty: '' }, { warranty: '   ' }] as Record<string, string>[]) {
      const res = await upload(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(201);
      expect(res.json<Product>().warranty).toBeNull();
    }
  });

  it(`is refused over ${PRODUCT_WARRANTY_MAX} characters, and nothing is stored`, async () => {
    const rows = await rowCount(t, 'products');
    expect((await upload({ warranty: 'y'.repeat(PRODUCT_WARRANTY_MAX) })).statusCode).toBe(201);
    const res = await upload({ warranty: 'y'.repeat(PRODUCT_WARRANTY_MAX + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: CATALOG_MESSAGES.warrantyTooLong,
      errors: { warranty: CATALOG_MESSAGES.warrantyTooLong },
    });
    expect(await rowCount(t, 'products')).toBe(rows + 1);
    // In the shopper's language when asked.
    const nepali = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${(await upload({})).json<Product>().id}`,
      payload: { warranty: 'y'.repeat(PRODUCT_WARRANTY_MAX + 1) },
      headers: { ...bearer(admin), 'accept-language': 'ne' },
    });
    expect(nepali.statusCode).toBe(400);
    expect(nepali.json().message).toBe('वारेन्टी बढीमा १०० अक्षरको हुनुपर्छ');
  });

  it('is set, changed, kept and taken off by an edit (the admin form’s multipart, or JSON)', async () => {
    const { id } = (await upload({})).json<Product>();
    let res = await editForm(id, { warranty: '2 years official warranty' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>().warranty).toBe('2 years official warranty');
    // An edit that does not name it leaves it.
    res = await editJson(id, { name: 'Redmi Note 13 Pro' });
    expect(res.json<Product>()).toMatchObject({ name: 'Redmi Note 13 Pro', warranty: '2 years official warranty' });
    res = await editJson(id, { warranty: ' 6 months  shop warranty ' });
    expect(res.json<Product>().warranty).toBe('6 months shop warranty');
    // Too long: refused, the old one stays.
    res = await editJson(id, { warranty: 'z'.repeat(PRODUCT_WARRANTY_MAX + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ warranty: CATALOG_MESSAGES.warrantyTooLong });
    expect((await get(id)).warranty).toBe('6 months shop warranty');
    // The form's empty field takes it off; so does null in JSON.
    res = await editForm(id, { warranty: '' });
    expect(res.json<Product>().warranty).toBeNull();
    await editJson(id, { warranty: '1 year' });
    res = await editJson(id, { warranty: null });
    expect(res.statusCode).toBe(200);
    expect((await get(id)).warranty).toBeNull();
    res = await editJson(id, { warranty: 12 });
    expect(res.statusCode).toBe(400);
  });

  it('can only be written by an admin', async () => {
    const { id } = (await upload({ warranty: '1 year' })).json<Product>();
    const res = await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload: { warranty: 'forever' } });
    expect(res.statusCode).toBe(401);
    expect((await get(id)).warranty).toBe('1 year');
  });
});

describe('related products', () => {
  let t: TestApp;
  let admin: string;
  const made: Record<string, Product> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    await createPath(t, admin, 'Audio', 'Headphones', 'Over-Ear');
    await createPath(t, admin, 'Laptops');
    const tree = [
      ['Audio', 'Headphones', 'True Wireless'],
      ['Audio', 'Speakers'],
    ] as const;
    const categories = (await t.app.inject({ method: 'GET', url: '/api/category' })).json<
      { id: number; name: string; subCategories: { id: number; name: string }[] }[]
    >();
    const audio = categories.find((c) => c.name === 'Audio')!;
    const headphones = audio.subCategories.find((s) => s.name === 'Headphones')!;
    await t.app.inject({
      method: 'POST',
      url: `/api/category/${audio.id}/subcategory/${headphones.id}/childcategory`,
      payload: { name: tree[0][2] },
      headers: bearer(admin),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/category/${audio.id}/subcategory`,
      payload: { name: tree[1][1] },
      headers: bearer(admin),
    });
    // Made oldest first: in each level the newest come first.
    const add = async (key: string, path: [string, string?, string?], stock?: number) => {
      const [category, subCategory, childCategory] = path;
      const res = await uploadProduct(
        t,
        admin,
        {
          name: key,
          description: `${key} description`,
          price: '1000',
          category,
          subCategory,
          childCategory,
          stock: stock === undefined ? undefined : String(stock),
        },
        [await pngFile(`${key}.png`), await pngFile(`${key}-2.png`, '#00aa00')],
      );
      expect(res.statusCode, key).toBe(201);
      made[key] = res.json<Product>();
    };
    await add('speaker', ['Audio', 'Speakers']);
    await add('audio-only', ['Audio']);
    await add('wireless', ['Audio', 'Headphones', 'True Wireless']);
    await add('headphones-only', ['Audio', 'Headphones']);
    await add('over-ear-empty', ['Audio', 'Headphones', 'Over-Ear'], 0);
    await add('over-ear-old', ['Audio', 'Headphones', 'Over-Ear']);
    await add('over-ear-few', ['Audio', 'Headphones', 'Over-Ear'], 3);
    await add('over-ear-new', ['Audio', 'Headphones', 'Over-Ear']);
    await add('laptop', ['Laptops']);
    await add('over-ear-deleted', ['Audio', 'Headphones', 'Over-Ear']);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${made['over-ear-deleted']!.id}`, headers: bearer(admin) });
  });
  afterAll(async () => t.close());

  const related = (id: number, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/products/${id}/related`, headers });
  const names = (body: RelatedProducts) => body.products.map((product) => product.name);

  it('lists the same child category first (in stock, newest first), then the subcategory, then the category', async () => {
    const res = await related(made['over-ear-new']!.id);
    expect(res.statusCode).toBe(200);
    // Never itself nor a deleted product; the one out of stock comes after every one in stock; never another category.
    expect(names(res.json())).toEqual([
      'over-ear-few',
      'over-ear-old',
      'headphones-only',
      'wireless',
      'audio-only',
      'speaker',
      'over-ear-empty',
    ]);
  });

  it('answers compact cards: name, price, first image, stock', async () => {
    const few = made['over-ear-few']!;
    const card = (await related(made['over-ear-new']!.id)).json<RelatedProducts>().products[0];
    expect(card).toEqual({
      id: few.id,
      name: few.name,
      price: 1000,
      image: parseImages(few.images)[0],
      stock: 3,
      sale: null,
      rating: { average: 0, count: 0 },
    });
  });

  it('starts at the subcategory or the category of a product without a child category', async () => {
    expect(names((await related(made['headphones-only']!.id)).json())).toEqual([
      'over-ear-new',
      'over-ear-few',
      'over-ear-old',
      'wireless',
      'audio-only',
      'speaker',
      'over-ear-empty',
    ]);
    expect(names((await related(made['laptop']!.id)).json())).toEqual([]);
  });

  it(`lists at most ${RELATED_PRODUCTS_MAX}`, async () => {
    for (let i = 0; i < RELATED_PRODUCTS_MAX + 2; i++) {
      const res = await uploadProduct(t, admin, { name: `laptop ${i}`, description: 'd', price: '500', category: 'Laptops' }, [
        await pngFile(),
      ]);
      expect(res.statusCode).toBe(201);
    }
    const body = (await related(made['laptop']!.id)).json<RelatedProducts>();
    expect(body.products).toHaveLength(RELATED_PRODUCTS_MAX);
    expect(names(body)[0]).toBe(`laptop ${RELATED_PRODUCTS_MAX + 1}`);
  });

  it('answers 404 for a product that is missing or deleted, 400 for a bad id', async () => {
    expect((await related(424242)).statusCode).toBe(404);
    expect((await related(made['over-ear-deleted']!.id)).statusCode).toBe(404);
    expect((await related(made['over-ear-deleted']!.id)).json().message).toBe(CATALOG_MESSAGES.productNotFound);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/abc/related' })).statusCode).toBe(400);
  });

  it('is cached like the other catalogue reads: 304 while unchanged, new after a catalogue change or a stock move', async () => {
    const id = made['wireless']!.id;
    const first = await related(id);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect((await related(id, { 'if-none-match': etag })).statusCode).toBe(304);
    // A related product sells out (an order moves stock without a catalogue change): the answer follows.
    await t.app.ctx.db.updateTable('products').set({ stock: 0 }).where('id', '=', made['over-ear-few']!.id).execute();
    const moved = await related(id, { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<RelatedProducts>().products.find((p) => p.name === 'over-ear-few')?.stock).toBe(0);
    // A catalogue change (a product deleted) too.
    await t.app.inject({ method: 'DELETE', url: `/api/products/${made['speaker']!.id}`, headers: bearer(admin) });
    expect(names((await related(id)).json())).not.toContain('speaker');
  });
});

describe('delivery times', () => {
  it('are 1–2 days in the valley and 3–5 outside unless configured, as a number or a range', () => {
    expect(loadConfig({}).payments).toMatchObject({
      deliveryDaysValley: { min: 1, max: 2 },
      deliveryDaysOutside: { min: 3, max: 5 },
    });
    expect(
      loadConfig({ DELIVERY_DAYS_VALLEY: ' 1 ', DELIVERY_DAYS_OUTSIDE: '4 – 7', DELIVERY_FEE_VALLEY: '' }).payments,
    ).toMatchObject({ deliveryDaysValley: { min: 1, max: 1 }, deliveryDaysOutside: { min: 4, max: 7 } });
    expect(loadConfig({ DELIVERY_DAYS_VALLEY: '' }).payments.deliveryDaysValley).toEqual({ min: 1, max: 2 });
    for (const bad of ['2-1', 'soon', '1-45', '1..2', '-1']) {
      expect(() => loadConfig({ DELIVERY_DAYS_OUTSIDE: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ DELIVERY_DAYS_OUTSIDE: bad }), bad).toThrow(/DELIVERY_DAYS_OUTSIDE/);
    }
  });

  it('are answered with the charges by GET /api/orders/payment-options', async () => {
    const t = await buildTestApp({ DELIVERY_DAYS_VALLEY: '2', DELIVERY_DAYS_OUTSIDE: '4-7', FREE_DELIVERY_FROM: '10000' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/orders/payment-options' });
      expect(res.statusCode).toBe(200);
      expect(res.json().delivery).toEqual({
        valleyFee: 100,
        outsideFee: 200,
        freeFrom: 10000,
        valleyDistricts: ['Kathmandu', 'Lalitpur', 'Bhaktapur'],
        valleyDays: { min: 2, max: 2 },
        outsideDays: { min: 4, max: 7 },
      });
    } finally {
      await t.close();
    }
  });
});
