import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersion } from '../../src/server/features/catalog/queries.js';
import { CATALOG_MESSAGES, parseImages } from '../../src/shared/catalog.js';
import type { ProductDetail } from '../../src/shared/product-detail.js';
import {
  PRODUCT_OPTION_VALUES_MAX,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_VARIANTS_MAX,
  VARIANT_IMAGES_MAX,
  VARIANT_MESSAGES,
} from '../../src/shared/variants.js';
import { type TestApp, buildTestApp, usingPostgres } from '../helpers/app.js';
import { adminToken, bearer, multipart, pngFile, rowCount, shopperToken, uploadedFiles } from '../helpers/catalog.js';
import { categoryId, fakeImageBase, makeProduct } from '../helpers/orders.js';

/**
 * The owner's write of a product's options and variants: PUT /api/products/:id/variants and the
 * `options`/`variants` fields of the product form. The whole set is sent each time; variants are
 * updated in place (by id or combination), archived when left out, and the product row keeps the
 * sums (lowest price, summed tracked stock, live count) in the same transaction.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminToken(t);
  await categoryId(t, 'Phones');
});
afterAll(async () => t.close());

type Body = Record<string, unknown>;
const put = (id: number, payload: unknown, token: string | null = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}/variants`,
    payload: payload as Body,
    headers: token ? bearer(token) : {},
  });
const get = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<ProductDetail>();
const editJson = (id: number, payload: Body) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload, headers: bearer(admin) });

const STORAGE = { name: 'Storage', values: ['128 GB', '256 GB'] };
const COLOUR = { name: 'Colour', values: ['Black', 'Blue'] };
let skus = 0;
/** Two storages by two colours; the 128 GB / Blue one has a SKU of its own (each call a new one). */
const phoneBody = (sku = `PH-128-BLU-${(skus += 1)}`) => ({
  options: [STORAGE, COLOUR],
  variants: [
    { options: { Storage: '128 GB', Colour: 'Black' }, price: 95000, stock: 4 },
    { options: { Storage: '128 GB', Colour: 'Blue' }, price: '95000', stock: 0, sku },
    { options: { Storage: '256 GB', Colour: 'Black' }, price: 109999.5, stock: 3 },
    { options: { Storage: '256 GB', Colour: 'Blue' }, price: 110000 },
  ],
});

async function variantRows(productId: number) {
  return t.app.ctx.db
    .selectFrom('product_variants')
    .select(['id', 'label', 'sku', 'option1', 'option2', 'option3', 'price_paisa', 'stock', 'archived_at'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}
async function productSums(productId: number) {
  const row = await t.app.ctx.db
    .selectFrom('products')
    .select(['price_paisa', 'stock', 'variant_count'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return { price: Number(row.price_paisa) / 100, stock: row.stock, count: Number(row.variant_count) };
}

describe('PUT /api/products/:id/variants', () => {
  it('writes options and variants, answers the product detail, and GET answers the same', async () => {
    const product = await makeProduct(t, { price: 1, stock: 50, category: 'Phones' });
    const before = await catalogVersion(t.app.ctx.db);
    const res = await put(product.id, phoneBody('PH-128-BLU'));
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<ProductDetail>();
    expect(detail.options).toEqual([STORAGE, COLOUR]);
    expect(detail.variants.map(({ id: _id, ...rest }) => rest)).toEqual([
      { sku: null, options: { Storage: '128 GB', Colour: 'Black' }, label: '128 GB / Black', price: 95000, stock: 4, images: [], sale: null },
      {
        sku: 'PH-128-BLU',
        options: { Storage: '128 GB', Colour: 'Blue' },
        label: '128 GB / Blue',
        price: 95000,
        stock: 0,
        images: [],
        sale: null,
      },
      {
        sku: null,
        options: { Storage: '256 GB', Colour: 'Black' },
        label: '256 GB / Black',
        price: 109999.5,
        stock: 3,
        images: [],
        sale: null,
      },
      {
        sku: null,
        options: { Storage: '256 GB', Colour: 'Blue' },
        label: '256 GB / Blue',
        price: 110000,
        stock: null,
        images: [],
        sale: null,
      },
    ]);
    // The product's sums: lowest live price, tracked stock summed, the count.
    expect(detail.price).toBe(95000);
    expect(detail.stock).toBe(7);
    expect(await productSums(product.id)).toEqual({ price: 95000, stock: 7, count: 4 });
    expect(await get(product.id)).toEqual(detail);
    // Cached answers change with the catalogue version.
    expect(await catalogVersion(t.app.ctx.db)).toBeGreaterThan(before);
    // option1–3 hold the values in option order, '' past the last option.
    const rows = await variantRows(product.id);
    expect(rows.map((row) => [row.option1, row.option2, row.option3])).toEqual([
      ['128 GB', 'Black', ''],
      ['128 GB', 'Blue', ''],
      ['256 GB', 'Black', ''],
      ['256 GB', 'Blue', ''],
    ]);
  });

  it('records the change in the audit log with the admin', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    expect((await put(product.id, phoneBody())).statusCode).toBe(200);
    const entries = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['admin_id', 'action', 'entity_type', 'changes'])
      .where('entity_type', '=', 'product')
      .where('entity_id', '=', String(product.id))
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'product.update', entity_type: 'product' });
    expect(entries[0]!.admin_id).not.toBeNull();
    const changes = JSON.parse(entries[0]!.changes) as Record<string, [unknown, unknown]>;
    expect(changes.options).toEqual([null, 'Storage: 128 GB, 256 GB; Colour: Black, Blue']);
    expect(changes.variants?.[1]).toContain('256 GB / Black: Rs. 109999.5, stock 3');
    expect(changes.price).toEqual([1500, 95000]);
  });

  it('keeps the stock untracked (null) when no variant tracks it, and sums only the tracked ones', async () => {
    const product = await makeProduct(t, { stock: 9, category: 'Phones' });
    const body = (firstStock?: number) => ({
      options: [STORAGE],
      variants: [
        { options: { Storage: '128 GB' }, price: 500, stock: firstStock },
        { options: { Storage: '256 GB' }, price: 400, stock: null },
      ],
    });
    expect((await put(product.id, body())).statusCode).toBe(200);
    expect(await productSums(product.id)).toEqual({ price: 400, stock: null, count: 2 });
    expect((await put(product.id, body(2))).statusCode).toBe(200);
    expect(await productSums(product.id)).toEqual({ price: 400, stock: 2, count: 2 });
  });

  it('updates variants in place by id or combination, archives the ones left out (never deletes), inserts new ones', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    const first = (await put(product.id, phoneBody())).json<ProductDetail>();
    const [a, b, c] = first.variants;
    const res = await put(product.id, {
      options: [STORAGE, { name: 'Colour', values: ['Black', 'Blue', 'Green'] }],
      variants: [
        // by id, with a new price and stock
        { id: c!.id, options: { Storage: '256 GB', Colour: 'Black' }, price: 100000, stock: 1 },
        // by combination (no id), names compared without case
        { options: { storage: '128 gb', COLOUR: 'black' }, price: 90000, stock: 2 },
        // new
        { options: { Storage: '128 GB', Colour: 'Green' }, price: 91000, stock: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<ProductDetail>();
    expect(detail.variants.map((variant) => [variant.label, variant.price, variant.stock])).toEqual([
      ['256 GB / Black', 100000, 1],
      ['128 GB / Black', 90000, 2],
      ['128 GB / Green', 91000, 5],
    ]);
    expect(detail.variants[0]!.id).toBe(c!.id);
    expect(detail.variants[1]!.id).toBe(a!.id);
    expect([a!.id, b!.id, c!.id]).not.toContain(detail.variants[2]!.id);
    // Left out: archived, its row and SKU kept for the orders that name it.
    const rows = await variantRows(product.id);
    expect(rows).toHaveLength(5);
    const archived = rows.filter((row) => row.archived_at !== null);
    expect(archived.map((row) => row.label).sort()).toEqual(['128 GB / Blue', '256 GB / Blue']);
    expect(archived.find((row) => row.label === '128 GB / Blue')?.sku).toBe(b!.sku);
    expect(await productSums(product.id)).toEqual({ price: 90000, stock: 8, count: 3 });
    // An archived variant's SKU is free again.
    const other = await makeProduct(t, { category: 'Phones' });
    const reuse = await put(other.id, {
      options: [STORAGE],
      variants: [{ options: { Storage: '128 GB' }, price: 1, sku: b!.sku!.toLowerCase() }],
    });
    expect(reuse.statusCode, reuse.body).toBe(200);
  });

  it('lets two variants swap their combinations and SKUs in one write', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    const body = {
      options: [COLOUR],
      variants: [
        { options: { Colour: 'Black' }, price: 100, sku: 'SWAP-A' },
        { options: { Colour: 'Blue' }, price: 200, sku: 'SWAP-B' },
      ],
    };
    const [black, blue] = (await put(product.id, body)).json<ProductDetail>().variants;
    const res = await put(product.id, {
      options: [COLOUR],
      variants: [
        { id: black!.id, options: { Colour: 'Blue' }, price: 100, sku: 'SWAP-B' },
        { id: blue!.id, options: { Colour: 'Black' }, price: 200, sku: 'SWAP-A' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductDetail>().variants.map((variant) => [variant.id, variant.label, variant.sku])).toEqual([
      [black!.id, 'Blue', 'SWAP-B'],
      [blue!.id, 'Black', 'SWAP-A'],
    ]);
    expect((await variantRows(product.id)).filter((row) => row.archived_at !== null)).toEqual([]);
  });

  it('an empty pair makes the product one sold as itself again: every variant archived, its last price kept', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    expect((await put(product.id, phoneBody())).statusCode).toBe(200);
    const res = await put(product.id, { options: [], variants: [] });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<ProductDetail>();
    expect(detail).toMatchObject({ options: [], variants: [], price: 95000, stock: 7 });
    expect(await productSums(product.id)).toEqual({ price: 95000, stock: 7, count: 0 });
    const rows = await variantRows(product.id);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.archived_at !== null)).toBe(true);
    // … and its own price and stock can be edited again (a far price move, confirmed).
    expect((await editJson(product.id, { price: '500', stock: '3', confirmPriceChange: 'true' })).statusCode).toBe(200);
    expect(await productSums(product.id)).toEqual({ price: 500, stock: 3, count: 0 });
  });

  it('shows a chosen subset of the product’s images for a variant, and refuses an image it does not have', async () => {
    const bases = [fakeImageBase(), fakeImageBase()];
    const product = await makeProduct(t, { category: 'Phones', images: bases });
    const addresses = parseImages((await get(product.id)).images);
    const ok = await put(product.id, {
      options: [COLOUR],
      variants: [
        { options: { Colour: 'Black' }, price: 10, images: [addresses[1]] },
        { options: { Colour: 'Blue' }, price: 10, images: [] },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ProductDetail>().variants.map((variant) => variant.images)).toEqual([[addresses[1]], []]);

    const elsewhere = parseImages((await get((await makeProduct(t, { category: 'Phones' })).id)).images)[0]!;
    for (const image of [elsewhere, '/uploads/products/not-an-image.webp', 'https://example.com/a.png']) {
      const res = await put(product.id, {
        options: [COLOUR],
        variants: [{ options: { Colour: 'Black' }, price: 10, images: [image] }],
      });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().errors).toEqual({ 'variants.0.images': VARIANT_MESSAGES.imageUnknown });
    }
  });

  it('refuses bad input with 400 and field errors, and writes nothing', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    expect((await put(product.id, phoneBody())).statusCode).toBe(200);
    const before = {
      detail: await get(product.id),
      rows: await variantRows(product.id),
      version: await catalogVersion(t.app.ctx.db),
    };
    const v = (options: Body, extra: Body = {}) => ({ options, price: 100, ...extra });
    const values = (n: number) => Array.from({ length: n }, (_, i) => `V${i}`);
    const cases: Array<[string, unknown, string, string?]> = [
      ['body not an object', [], '_'],
      ['options missing', { variants: [] }, 'options'],
      ['options not a list', { options: 'Storage', variants: [] }, 'options', VARIANT_MESSAGES.optionsList],
      [
        'too many options',
        {
          options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
          variants: [v({ A: 'x', B: 'x', C: 'x', D: 'x' })],
        },
        'options',
        VARIANT_MESSAGES.optionsTooMany,
      ],
      ['option name blank', { options: [{ name: ' ', values: ['x'] }], variants: [v({ ' ': 'x' })] }, 'options.0.name'],
      [
        'option names twice (case-insensitive)',
        { options: [STORAGE, { name: 'storage', values: ['x'] }], variants: [v({ Storage: '128 GB' })] },
        'options.1.name',
        VARIANT_MESSAGES.optionNameTwice,
      ],
      [
        'option without values',
        { options: [{ name: 'Colour', values: [] }], variants: [v({ Colour: 'x' })] },
        'options.0.values',
      ],
      [
        'value twice',
        { options: [{ name: 'Colour', values: ['Black', 'black'] }], variants: [v({ Colour: 'Black' })] },
        'options.0.values.1',
        VARIANT_MESSAGES.optionValueTwice,
      ],
      [
        'empty value',
        { options: [{ name: 'Colour', values: ['Black', ''] }], variants: [v({ Colour: 'Black' })] },
        'options.0.values.1',
      ],
      [
        'value too long',
        { options: [{ name: 'Colour', values: ['x'.repeat(41)] }], variants: [v({ Colour: 'x'.repeat(41) })] },
        'options.0.values.0',
        VARIANT_MESSAGES.optionValueTooLong,
      ],
      [
        'too many values',
        { options: [{ name: 'Colour', values: values(PRODUCT_OPTION_VALUES_MAX + 1) }], variants: [v({ Colour: 'V0' })] },
        'options.0.values',
        VARIANT_MESSAGES.optionValuesTooMany,
      ],
      [
        'too many variants',
        {
          options: [
            { name: 'Colour', values: values(11) },
            { name: 'Size', values: values(10) },
          ],
          variants: values(11).flatMap((colour) => values(10).map((size) => v({ Colour: colour, Size: size }))),
        },
        'variants',
        VARIANT_MESSAGES.variantsTooMany,
      ],
      ['options without variants', { options: [STORAGE], variants: [] }, 'variants', VARIANT_MESSAGES.variantsRequired],
      ['variants without options', { options: [], variants: [v({})] }, 'options', VARIANT_MESSAGES.optionsRequired],
      [
        'a variant missing an option',
        { options: [STORAGE, COLOUR], variants: [v({ Storage: '128 GB' })] },
        'variants.0.options',
        VARIANT_MESSAGES.variantOptions,
      ],
      [
        'a variant naming an option the product has not',
        { options: [STORAGE], variants: [v({ Storage: '128 GB', Colour: 'Black' })] },
        'variants.0.options',
        VARIANT_MESSAGES.variantOptions,
      ],
      [
        'a value the option has not',
        { options: [STORAGE], variants: [v({ Storage: '512 GB' })] },
        'variants.0.options',
        VARIANT_MESSAGES.variantValueUnknown,
      ],
      [
        'a combination twice',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }), v({ Storage: '128 gb' })] },
        'variants.1.options',
        VARIANT_MESSAGES.combinationTwice,
      ],
      [
        'no price',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }), { options: { Storage: '256 GB' } }] },
        'variants.1.price',
        CATALOG_MESSAGES.priceRequired,
      ],
      [
        'price 0',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { price: 0 })] },
        'variants.0.price',
        CATALOG_MESSAGES.pricePositive,
      ],
      [
        'price text',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { price: 'lots' })] },
        'variants.0.price',
        CATALOG_MESSAGES.priceNumeric,
      ],
      [
        'price of 3 decimals',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { price: 1.234 })] },
        'variants.0.price',
        CATALOG_MESSAGES.pricePaisa,
      ],
      [
        'price too high',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { price: 1e8 })] },
        'variants.0.price',
        CATALOG_MESSAGES.priceTooHigh,
      ],
      [
        'negative stock',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { stock: -1 })] },
        'variants.0.stock',
        CATALOG_MESSAGES.stockWhole,
      ],
      [
        'fractional stock',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { stock: 1.5 })] },
        'variants.0.stock',
        CATALOG_MESSAGES.stockWhole,
      ],
      [
        'SKU characters',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { sku: 'A B' })] },
        'variants.0.sku',
        CATALOG_MESSAGES.skuCharacters,
      ],
      [
        'SKU too long',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { sku: 'A'.repeat(65) })] },
        'variants.0.sku',
        CATALOG_MESSAGES.skuTooLong,
      ],
      [
        'SKU twice',
        {
          options: [STORAGE],
          variants: [v({ Storage: '128 GB' }, { sku: 'DUP-1' }), v({ Storage: '256 GB' }, { sku: 'dup-1' })],
        },
        'variants.1.sku',
        VARIANT_MESSAGES.skuTwice,
      ],
      [
        'id not a whole number',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { id: 1.5 })] },
        'variants.0.id',
        VARIANT_MESSAGES.variantId,
      ],
      [
        'id twice',
        {
          options: [STORAGE],
          variants: [
            v({ Storage: '128 GB' }, { id: before.detail.variants[0]!.id }),
            v({ Storage: '256 GB' }, { id: before.detail.variants[0]!.id }),
          ],
        },
        'variants.1.id',
        VARIANT_MESSAGES.variantTwice,
      ],
      [
        'an id of another product',
        { options: [STORAGE], variants: [v({ Storage: '128 GB' }, { id: 2_000_000 })] },
        'variants.0.id',
        VARIANT_MESSAGES.notThisProducts,
      ],
    ];
    for (const [what, body, field, message] of cases) {
      const res = await put(product.id, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      const answer = res.json<{ code: string; errors: Record<string, string> }>();
      expect(answer.code, what).toBe('VALIDATION_FAILED');
      expect(Object.keys(answer.errors), what).toContain(field);
      if (message) expect(answer.errors[field], what).toBe(message);
    }
    expect(await get(product.id)).toEqual(before.detail);
    expect(await variantRows(product.id)).toEqual(before.rows);
    expect(await catalogVersion(t.app.ctx.db)).toBe(before.version);
    expect(PRODUCT_OPTIONS_MAX).toBe(3);
    expect(PRODUCT_VARIANTS_MAX).toBe(100);
  });

  it('takes exactly the limits: 3 options, 30 values, 100 variants, 40-character texts', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    const values = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`.padEnd(40, '.'));
    const a = values('a', PRODUCT_OPTION_VALUES_MAX);
    const b = values('b', 4);
    const c = values('c', 1);
    const variants = a.slice(0, 25).flatMap((x) => b.map((y) => ({ options: { ['N'.repeat(40)]: x, B: y, C: c[0] }, price: 1 })));
    expect(variants).toHaveLength(PRODUCT_VARIANTS_MAX);
    const res = await put(product.id, {
      options: [
        { name: 'N'.repeat(40), values: a },
        { name: 'B', values: b },
        { name: 'C', values: c },
      ],
      variants,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductDetail>().variants).toHaveLength(PRODUCT_VARIANTS_MAX);
  });

  it('refuses a SKU another live product or another product’s variant has (409), case-insensitively; the product’s own is allowed', async () => {
    const holder = await makeProduct(t, { category: 'Phones' });
    expect((await editJson(holder.id, { sku: 'TAKEN-1' })).statusCode).toBe(200);
    const other = await makeProduct(t, { category: 'Phones' });
    expect(
      (await put(other.id, { options: [COLOUR], variants: [{ options: { Colour: 'Black' }, price: 1, sku: 'VAR-TAKEN' }] }))
        .statusCode,
    ).toBe(200);

    const product = await makeProduct(t, { category: 'Phones' });
    expect((await editJson(product.id, { sku: 'MINE-1' })).statusCode).toBe(200);
    for (const sku of ['taken-1', 'var-taken']) {
      const res = await put(product.id, {
        options: [COLOUR],
        variants: [
          { options: { Colour: 'Black' }, price: 1, sku: 'FREE-1' },
          { options: { Colour: 'Blue' }, price: 1, sku },
        ],
      });
      expect(res.statusCode, sku).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'SKU_TAKEN',
        message: VARIANT_MESSAGES.skuTaken,
        errors: { 'variants.1.sku': VARIANT_MESSAGES.skuTaken },
      });
    }
    expect(await variantRows(product.id)).toEqual([]);
    const own = await put(product.id, {
      options: [COLOUR],
      variants: [{ options: { Colour: 'Black' }, price: 1, sku: 'mine-1' }],
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('a product’s own SKU may not be another product’s variant’s (409), but may be one of its own variants’', async () => {
    const holder = await makeProduct(t, { category: 'Phones' });
    const sku = `VARONLY-${holder.id}`;
    expect(
      (await put(holder.id, { options: [COLOUR], variants: [{ options: { Colour: 'Black' }, price: 1, sku }] })).statusCode,
    ).toBe(200);
    const other = await makeProduct(t, { category: 'Phones' });
    const res = await editJson(other.id, { sku: sku.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ sku: CATALOG_MESSAGES.skuTaken });
    expect((await editJson(holder.id, { sku })).statusCode).toBe(200);
  });

  it('two products racing for one SKU: one wins, the other gets the same 409 (the unique index is the last guard)', async () => {
    const [p1, p2] = [await makeProduct(t, { category: 'Phones' }), await makeProduct(t, { category: 'Phones' })];
    const body = { options: [COLOUR], variants: [{ options: { Colour: 'Black' }, price: 1, sku: 'RACE-SKU' }] };
    const answers = await Promise.all([put(p1.id, body), put(p2.id, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((res) => res.statusCode === 409)!;
    expect(lost.json()).toMatchObject({ code: 'SKU_TAKEN', errors: { 'variants.0.sku': VARIANT_MESSAGES.skuTaken } });
    const live = await t.app.ctx.db
      .selectFrom('product_variants')
      .select('product_id')
      .where('sku', '=', 'RACE-SKU')
      .where('archived_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it.skipIf(!usingPostgres())(
    'a SKU taken by a write the check could not see yet: the unique index refuses it, answered as the same 409',
    async () => {
      const [p1, p2] = [await makeProduct(t, { category: 'Phones' }), await makeProduct(t, { category: 'Phones' })];
      const now = new Date().toISOString();
      let answer: ReturnType<typeof put> | undefined;
      await t.app.ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('product_variants')
          .values({
            product_id: p1.id,
            position: 1,
            option1: 'Black',
            label: 'Black',
            sku: 'HELD-RACE',
            price_paisa: 100,
            stock: null,
            created_at: now,
            updated_at: now,
            archived_at: null,
          })
          .execute();
        answer = put(p2.id, { options: [COLOUR], variants: [{ options: { Colour: 'Black' }, price: 1, sku: 'held-race' }] });
        // The write passed its check and waits at the index for this transaction to end.
        await expect
          .poll(async () => {
            const { rows } = await sql<{
              n: number;
            }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
              t.app.ctx.db,
            );
            return rows[0]!.n;
          })
          .toBeGreaterThan(0);
      });
      const res = await answer!;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'SKU_TAKEN', errors: { 'variants.0.sku': VARIANT_MESSAGES.skuTaken } });
      expect(await variantRows(p2.id)).toEqual([]);
    },
  );

  it('answers 404 for an unknown or archived product', async () => {
    expect((await put(99_999_999, phoneBody())).statusCode).toBe(404);
    const product = await makeProduct(t, { category: 'Phones' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(admin) })).statusCode,
    ).toBe(200);
    const res = await put(product.id, phoneBody());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CATALOG_MESSAGES.productNotFound);
    expect(await variantRows(product.id)).toEqual([]);
  });

  it('is for admins only: 401 without a token, 403 for a shopper', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    expect((await put(product.id, phoneBody(), null)).statusCode).toBe(401);
    expect((await put(product.id, phoneBody(), await shopperToken(t))).statusCode).toBe(403);
    expect(await variantRows(product.id)).toEqual([]);
  });

  it('answers its field errors in Nepali with Accept-Language ne', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/variants`,
      payload: {
        options: [STORAGE],
        variants: [
          { options: { Storage: '128 GB' }, price: 1 },
          { options: { Storage: '128 GB' }, price: 1 },
        ],
      },
      headers: { ...bearer(admin), 'accept-language': 'ne' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['variants.1.options']).toBe('यो जोडी दुई पटक लेखिएको छ');
  });
});

describe('a product with variants, edited as a product', () => {
  it('refuses a changed price or stock (each variant has its own) and accepts the unchanged ones a form sends back', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    expect((await put(product.id, phoneBody())).statusCode).toBe(200);
    let res = await editJson(product.id, { price: '999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ price: VARIANT_MESSAGES.setVariantPrices });
    res = await editJson(product.id, { stock: '100' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ stock: VARIANT_MESSAGES.setVariantStock });
    res = await editJson(product.id, { stock: '' });
    expect(res.statusCode).toBe(400);
    expect(await productSums(product.id)).toEqual({ price: 95000, stock: 7, count: 4 });

    res = await editJson(product.id, { name: 'Galaxy S24', price: '95000', stock: '7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductDetail>()).toMatchObject({ name: 'Galaxy S24', price: 95000, stock: 7 });
    expect(res.json<ProductDetail>().variants).toHaveLength(4);
  });

  it('takes options and variants with the edit (JSON lists or multipart JSON texts), their sums winning over the form’s price', async () => {
    const product = await makeProduct(t, { category: 'Phones' });
    let res = await editJson(product.id, {
      name: 'Pixel 9',
      price: '1',
      options: [STORAGE],
      variants: [{ options: { Storage: '128 GB' }, price: 70000, stock: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductDetail>()).toMatchObject({ name: 'Pixel 9', price: 70000, stock: 2, options: [STORAGE] });

    const { payload, headers } = await multipart({
      name: 'Pixel 9 Pro',
      options: JSON.stringify([COLOUR]),
      variants: JSON.stringify([{ options: { Colour: 'Blue' }, price: 80000, stock: 1 }]),
    });
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductDetail>()).toMatchObject({ name: 'Pixel 9 Pro', price: 80000, stock: 1, options: [COLOUR] });

    // A bad variant: nothing of the edit is written, the name included.
    const bad = await multipart({
      name: 'Renamed',
      variants: JSON.stringify([{ options: { Colour: 'Blue' } }]),
      options: JSON.stringify([COLOUR]),
    });
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: bad.payload,
      headers: { ...bad.headers, ...bearer(admin) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'variants.0.price': CATALOG_MESSAGES.priceRequired });
    const notJson = await multipart({ name: 'Renamed', options: '[oops', variants: '[]' });
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: notJson.payload,
      headers: { ...notJson.headers, ...bearer(admin) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ options: VARIANT_MESSAGES.optionsList });
    expect((await get(product.id)).name).toBe('Pixel 9 Pro');
  });

  it('fits the largest set in a multipart form beside many other fields', async () => {
    const bases = Array.from({ length: VARIANT_IMAGES_MAX }, () => fakeImageBase());
    const product = await makeProduct(t, { category: 'Phones', images: bases });
    const images = parseImages((await get(product.id)).images);
    const values = Array.from({ length: 10 }, (_, i) => `Value ${i}`);
    const variants = values.flatMap((a) =>
      values.map((b) => ({
        options: { A: a, B: b },
        price: '1000',
        stock: '1',
        sku: `${product.id}-${a}-${b}`.replace(/ /g, ''),
        images,
      })),
    );
    const text = JSON.stringify(variants);
    expect(text.length).toBeGreaterThan(64 * 1024);
    const extra = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`unused${i}`, 'x']));
    const { payload, headers } = await multipart({
      ...extra,
      name: 'Big set',
      options: JSON.stringify([
        { name: 'A', values },
        { name: 'B', values },
      ]),
      variants: text,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<ProductDetail>().variants).toHaveLength(PRODUCT_VARIANTS_MAX);
    expect(res.json<ProductDetail>().variants[99]!.images).toEqual(images);
  });

  it('drops an image the product no longer has from its variants', async () => {
    const bases = [fakeImageBase(), fakeImageBase()];
    const product = await makeProduct(t, { category: 'Phones', images: bases });
    const addresses = parseImages((await get(product.id)).images);
    expect(
      (await put(product.id, { options: [COLOUR], variants: [{ options: { Colour: 'Black' }, price: 5, images: addresses }] }))
        .statusCode,
    ).toBe(200);
    const res = await editJson(product.id, { imageOrder: [addresses[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductDetail>().variants[0]!.images).toEqual([addresses[1]]);
  });
});

describe('POST /api/products with variants', () => {
  const form = (fields: Record<string, string>) => ({
    name: 'Redmi Note 13',
    description: 'A phone with a big battery.',
    category: 'Phones',
    ...fields,
  });
  const create = async (fields: Record<string, string>) => {
    const { payload, headers } = await multipart(form(fields), [await pngFile()]);
    return t.app.inject({ method: 'POST', url: '/api/products/', payload, headers: { ...headers, ...bearer(admin) } });
  };

  it('creates the product and its variants in one write; the price may be left to the variants', async () => {
    const res = await create({
      options: JSON.stringify([STORAGE]),
      variants: JSON.stringify([
        { options: { Storage: '128 GB' }, price: '27999', stock: '5', sku: 'RN13-128' },
        { options: { Storage: '256 GB' }, price: '31999', stock: 2 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json<ProductDetail>();
    expect(detail).toMatchObject({ price: 27999, stock: 7, options: [STORAGE] });
    expect(detail.variants.map((variant) => [variant.label, variant.sku, variant.price, variant.stock])).toEqual([
      ['128 GB', 'RN13-128', 27999, 5],
      ['256 GB', null, 31999, 2],
    ]);
    expect(await get(detail.id)).toEqual(detail);
    expect(await productSums(detail.id)).toEqual({ price: 27999, stock: 7, count: 2 });
  });

  it('creates nothing (no product, no image) when a variant is bad or its SKU is taken', async () => {
    const holder = await makeProduct(t, { category: 'Phones' });
    expect((await editJson(holder.id, { sku: 'HELD-SKU' })).statusCode).toBe(200);
    const before = {
      products: await rowCount(t, 'products'),
      images: await rowCount(t, 'product_images'),
      files: await uploadedFiles(t),
    };

    let res = await create({
      price: '100',
      options: JSON.stringify([STORAGE]),
      variants: JSON.stringify([
        { options: { Storage: '128 GB' }, price: 1 },
        { options: { Storage: '256 GB' }, price: -5 },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'variants.1.price': CATALOG_MESSAGES.priceNumeric });

    // The product's own fields and its variants are checked together.
    res = await create({ name: '', price: '100', options: JSON.stringify([STORAGE]), variants: '[]' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: CATALOG_MESSAGES.productNameRequired,
      variants: VARIANT_MESSAGES.variantsRequired,
    });

    res = await create({
      options: JSON.stringify([STORAGE]),
      variants: JSON.stringify([{ options: { Storage: '128 GB' }, price: 1, sku: 'held-sku' }]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ 'variants.0.sku': VARIANT_MESSAGES.skuTaken });

    expect(await rowCount(t, 'products')).toBe(before.products);
    expect(await rowCount(t, 'product_images')).toBe(before.images);
    expect(await uploadedFiles(t)).toEqual(before.files);
  });

  it('still needs a price without variants', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ price: CATALOG_MESSAGES.priceRequired });
  });
});
