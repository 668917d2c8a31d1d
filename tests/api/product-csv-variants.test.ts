import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersion } from '../../src/server/features/catalog/queries.js';
import type { Product } from '../../src/shared/catalog.js';
import type { ProductDetail } from '../../src/shared/product-detail.js';
import { IMPORT_MESSAGES, type ImportReport, PRODUCT_CSV_COLUMNS } from '../../src/shared/product-csv.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, pngFile, uploadProduct } from '../helpers/catalog.js';

/**
 * The products CSV with variants, brands and specifications: one row per variant under the
 * product's id, spec:<Name> columns. An unedited export imports as nothing; a file creates a product
 * with its variants, changes a variant's price and stock, leaves an unlisted variant on sale, and a
 * bad row (unknown brand or spec, text in a number spec, a combination twice) writes nothing.
 */

function csvOf(rows: string[][]): string {
  return rows
    .map((cells) => cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
    .join('\r\n');
}

describe('products CSV with variants and specifications', () => {
  let t: TestApp;
  let admin: string;
  let phoneId: number;
  let cableId: number;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(admin) });

  async function importCsv(csv: string, query = '', headers: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    const response = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/products/import${query}`,
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type')!, ...bearer(admin), ...headers },
    });
  }

  async function exported(): Promise<string[][]> {
    const res = await call('GET', '/api/admin/products/export.csv');
    expect(res.statusCode, res.body).toBe(200);
    const rows: string[][] = parse(res.body, { bom: true });
    return rows;
  }

  const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<ProductDetail>();

  /** The state the file must not touch when it is refused: every variant row and product sum. */
  async function snapshot() {
    const db = t.app.ctx.db;
    return {
      version: await catalogVersion(db),
      products: await db
        .selectFrom('products')
        .select(['id', 'price_paisa', 'stock', 'brand_id', 'variant_count'])
        .orderBy('id')
        .execute(),
      variants: await db
        .selectFrom('product_variants')
        .select(['id', 'sku', 'option1', 'option2', 'price_paisa', 'stock', 'archived_at'])
        .orderBy('id')
        .execute(),
      specs: await db
        .selectFrom('product_specs')
        .select(['product_id', 'field_id', 'value'])
        .orderBy('product_id')
        .orderBy('field_id')
        .execute(),
    };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    const mobiles = await createPath(t, admin, 'Mobiles', 'Android');
    await createPath(t, admin, 'Accessories');
    for (const name of ['Samsung', 'Xiaomi']) expect((await call('POST', '/api/admin/brands', { name })).statusCode).toBe(201);
    for (const field of [
      { name: 'RAM', kind: 'number', unit: 'GB', choices: null, isFilter: true },
      { name: 'Chipset', kind: 'text', unit: null, choices: null, isFilter: false },
    ]) {
      const res = await call('POST', `/api/admin/categories/${mobiles.categoryId}/spec-fields`, field);
      expect(res.statusCode, res.body).toBe(201);
    }

    const phone = await uploadProduct(
      t,
      admin,
      {
        name: 'Galaxy A55',
        description: 'A Samsung phone',
        price: '52999',
        category: 'Mobiles',
        subCategory: 'Android',
        sku: 'SAM-A55',
      },
      [await pngFile('a55.png')],
    );
    expect(phone.statusCode, phone.body).toBe(201);
    phoneId = phone.json<Product>().id;
    const variants = await call('PUT', `/api/products/${phoneId}/variants`, {
      options: [
        { name: 'Storage', values: ['128 GB', '256 GB'] },
        { name: 'Colour', values: ['Black', 'Blue'] },
      ],
      variants: [
        { options: { Storage: '128 GB', Colour: 'Black' }, price: 52999, stock: 5, sku: 'SAM-A55-128-BK' },
        { options: { Storage: '256 GB', Colour: 'Black' }, price: 59999, stock: 3 },
        { options: { Storage: '256 GB', Colour: 'Blue' }, price: 59999, stock: 2 },
      ],
    });
    expect(variants.statusCode, variants.body).toBe(200);
    const specs = await call('PUT', `/api/products/${phoneId}/specs`, {
      brand: 'Samsung',
      specs: { RAM: 8, Chipset: 'Exynos 1480' },
    });
    expect(specs.statusCode, specs.body).toBe(200);

    const cable = await uploadProduct(
      t,
      admin,
      { name: 'USB-C cable', description: 'One metre', price: '499', category: 'Accessories', stock: '25' },
      [await pngFile('cable.png')],
    );
    expect(cable.statusCode, cable.body).toBe(201);
    cableId = cable.json<Product>().id;
  });
  afterAll(async () => t.close());

  it('exports one row per variant with the brand, options and spec columns', async () => {
    const [header, ...rows] = await exported();
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS, 'spec:RAM', 'spec:Chipset']);
    const col = (name: string) => header!.indexOf(name);
    const phoneRows = rows.filter((row) => row[col('id')] === String(phoneId));
    expect(
      phoneRows.map((row) => [row[col('option1_value')], row[col('option2_value')], row[col('price')], row[col('stock')]]),
    ).toEqual([
      ['128 GB', 'Black', '52999', '5'],
      ['256 GB', 'Black', '59999', '3'],
      ['256 GB', 'Blue', '59999', '2'],
    ]);
    for (const row of phoneRows) {
      expect(row[col('brand')]).toBe('Samsung');
      expect(row[col('option1_name')]).toBe('Storage');
      expect(row[col('spec:RAM')]).toBe('8 GB');
      expect(row[col('spec:Chipset')]).toBe('Exynos 1480');
    }
    expect(phoneRows[0]![col('variant_sku')]).toBe('SAM-A55-128-BK');
    const cableRows = rows.filter((row) => row[col('id')] === String(cableId));
    expect(cableRows).toHaveLength(1);
    expect(cableRows[0]![col('option1_name')]).toBe('');
    expect(cableRows[0]![col('spec:RAM')]).toBe('');
  });

  it('imports an unedited export as nothing at all: every row unchanged, nothing written', async () => {
    const before = await snapshot();
    const csv = csvOf(await exported());
    const preview = await importCsv(csv, '?dryRun=1');
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json<ImportReport>();
    expect(report).toMatchObject({ rows: 4, creates: 0, updates: 0, unchanged: 4, errorRows: 0, errors: [], priceChanges: [] });
    expect(report.preview.map((row) => row.action)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
    const applied = await importCsv(csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ImportReport>()).toMatchObject({ applied: true, unchanged: 4, updates: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('changes a variant’s price and stock; a variant left out of the file stays on sale', async () => {
    const [header, ...rows] = await exported();
    const col = (name: string) => header!.indexOf(name);
    const phoneRows = rows.filter((row) => row[col('id')] === String(phoneId));
    const blue = phoneRows.find((row) => row[col('option2_value')] === 'Blue')!;
    blue[col('price')] = '62,999';
    blue[col('stock')] = '7';
    // The 256 GB / Black row is left out: its variant stays as it is.
    const file = [header!, phoneRows[0]!, blue];
    const res = await importCsv(csvOf(file));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ applied: true, updates: 2, unchanged: 0, errors: [] });
    const product = await detail(phoneId);
    expect(product.variants.map((variant) => [variant.label, variant.price, variant.stock])).toEqual([
      ['128 GB / Black', 52999, 5],
      ['256 GB / Black', 59999, 3],
      ['256 GB / Blue', 62999, 7],
    ]);
    expect(product.price).toBe(52999);
    expect(product.stock).toBe(15);
  });

  it('asks to confirm a variant price moved too far, then writes it', async () => {
    const [header, ...rows] = await exported();
    const col = (name: string) => header!.indexOf(name);
    const row = rows.find((cells) => cells[col('variant_sku')] === 'SAM-A55-128-BK')!;
    row[col('price')] = '5,299';
    const csv = csvOf([header!, row]);
    const refused = await importCsv(csv);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().priceChanges).toEqual([
      expect.objectContaining({ productId: phoneId, name: 'Galaxy A55 (128 GB / Black)', oldPrice: 52999, newPrice: 5299 }),
    ]);
    expect((await detail(phoneId)).variants[0]!.price).toBe(52999);
    const confirmed = await importCsv(csv, '?confirmPriceChanges=1');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await detail(phoneId)).variants[0]!.price).toBe(5299);
    expect((await detail(phoneId)).price).toBe(5299);
  });

  it('creates a product with its variants, brand and specifications from a file', async () => {
    const [header, ...rows] = await exported();
    const col = (name: string) => header!.indexOf(name);
    const image = rows.find((row) => row[col('id')] === String(phoneId))![col('images')]!;
    const base = Object.fromEntries(header!.map((name) => [name, '']));
    const line = (cells: Record<string, string>) => header!.map((name) => cells[name] ?? '');
    const product = {
      ...base,
      sku: 'XI-RN13',
      name: 'Redmi Note 13',
      description: 'A Xiaomi phone',
      category: 'Mobiles > Android',
      images: image,
      brand: 'xiaomi',
      option1_name: 'Storage',
      option2_name: 'Colour',
      'spec:RAM': '8',
      'spec:Chipset': 'Helio G99',
    };
    const csv = csvOf([
      header!,
      line({
        ...product,
        option1_value: '128 GB',
        option2_value: 'Black',
        price: '29,999',
        stock: '4',
        variant_sku: 'XI-RN13-128',
      }),
      line({
        ...product,
        option1_value: '256 GB',
        option2_value: 'Black',
        price: '1,04,999',
        stock: '',
        variant_sku: 'XI-RN13-256',
      }),
      line({ ...product, option1_value: '256 GB', option2_value: 'Green', price: '34999', stock: '2' }),
    ]);
    const res = await importCsv(csv, '?confirmPriceChanges=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ applied: true, creates: 3, errors: [] });
    const id = (await t.app.ctx.db.selectFrom('products').select('id').where('sku', '=', 'XI-RN13').executeTakeFirstOrThrow()).id;
    const made = await detail(Number(id));
    expect(made.brand).toBe('Xiaomi');
    expect(made.options).toEqual([
      { name: 'Storage', values: ['128 GB', '256 GB'] },
      { name: 'Colour', values: ['Black', 'Green'] },
    ]);
    expect(made.variants.map((variant) => [variant.label, variant.sku, variant.price, variant.stock])).toEqual([
      ['128 GB / Black', 'XI-RN13-128', 29999, 4],
      ['256 GB / Black', 'XI-RN13-256', 104999, null],
      ['256 GB / Green', null, 34999, 2],
    ]);
    expect(made.price).toBe(29999);
    expect(made.stock).toBe(6);
    expect(made.specs).toEqual([
      { name: 'RAM', value: '8 GB' },
      { name: 'Chipset', value: 'Helio G99' },
    ]);
    // And its export imports again as nothing.
    const again = await importCsv(csvOf(await exported()), '?dryRun=1');
    expect(again.json<ImportReport>()).toMatchObject({ creates: 0, updates: 0, errorRows: 0 });
  });

  it('refuses bad rows in both languages and writes nothing', async () => {
    const before = await snapshot();
    const [header, ...rows] = await exported();
    const col = (name: string) => header!.indexOf(name);
    const phoneRows = rows.filter((row) => row[col('id')] === String(phoneId));
    const cable = rows.find((row) => row[col('id')] === String(cableId))!;
    // Rows 2–4: the product's rows with an unknown brand and text in a number spec; row 5 a new
    // variant (to be written if the file were good); row 6 a combination twice, its brand still the
    // old one; row 7 a value for a field the cable's category lacks.
    const bad = phoneRows.map((row) => {
      const copy = [...row];
      copy[col('brand')] = 'Nokla';
      copy[col('spec:RAM')] = 'lots';
      return copy;
    });
    const fresh = [...bad[0]!];
    fresh[col('option2_value')] = 'Violet';
    fresh[col('variant_sku')] = '';
    const twice = [...phoneRows[1]!];
    const cableBad = [...cable, 'Light'];
    const file = [[...header!, 'spec:Weight'], ...[...bad, fresh, twice].map((row) => [...row, '']), cableBad];
    const res = await importCsv(csvOf(file));
    expect(res.statusCode, res.body).toBe(400);
    const report = res.json<ImportReport>();
    expect(report.applied).toBe(false);
    const errors = report.errors.map((error) => [error.row, error.column, error.message]);
    expect(errors).toEqual(
      expect.arrayContaining([
        [2, 'brand', 'There is no brand with this name'],
        [2, 'spec:RAM', 'Must be a number'],
        [6, 'option1_value', 'This combination is listed twice'],
        [7, 'spec:Weight', 'This category has no specification field with this name'],
      ]),
    );
    // The product's rows must agree on its columns.
    expect(errors).toContainEqual([6, 'brand', IMPORT_MESSAGES.groupDiffers('brand', 2)]);
    expect(await snapshot()).toEqual(before);

    const nepali = await importCsv(csvOf(file), '', { 'accept-language': 'ne' });
    expect(nepali.statusCode).toBe(400);
    const messages = nepali.json<ImportReport>().errors.map((error) => error.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'यो नामको कुनै ब्रान्ड छैन',
        'अङ्कमा लेख्नुहोस्',
        'यो जोडी दुई पटक लेखिएको छ',
        'यो क्याटेगोरीमा यो नामको विवरण-फिल्ड छैन',
        'एउटै सामानका पङ्क्ति मिल्नुपर्छ: यहाँको brand पङ्क्ति २ को भन्दा फरक छ',
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('serves the template with the new columns and an example product in variants', async () => {
    const res = await call('GET', '/api/admin/products/template.csv');
    expect(res.statusCode).toBe(200);
    const table: string[][] = parse(res.body, { bom: true });
    const [header, ...rows] = table;
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS, 'spec:RAM']);
    expect(rows.filter((row) => row[header!.indexOf('option1_name')] === 'Storage')).toHaveLength(2);
    expect(rows.every((row) => row.length === header!.length)).toBe(true);
  });
});
