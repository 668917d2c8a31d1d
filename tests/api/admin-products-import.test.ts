import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersion } from '../../src/server/features/catalog/queries.js';
import { IMAGE_WIDTHS, type Product, type ProductPage } from '../../src/shared/catalog.js';
import type { AuditPage } from '../../src/shared/audit.js';
import type { ImportReport } from '../../src/shared/product-csv.js';
import { type TestApp, buildTestApp, usingPostgres } from '../helpers/app.js';
import {
  adminToken,
  bearer,
  createPath,
  makeImage,
  rowCount,
  shopperToken,
  uploadProduct,
  uploadedFiles,
} from '../helpers/catalog.js';

/**
 * Products to CSV and back: the SKU, the export, and the import — its preview, its one
 * transaction, categories by path, images from a ZIP, and every way a file can be wrong.
 */

const HEADER = 'id,sku,name,description,category,price,stock,featured,images';
/** What the export writes: every column, the optional low_stock_threshold and warranty too. */
const EXPORT_HEADER =
  'id,sku,name,description,category,price,stock,low_stock_threshold,featured,warranty,images,max_per_order,' +
  'brand,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,variant_sku';
const NE = { 'accept-language': 'ne' };

/** A CSV text from rows of cells (quoted where needed), CRLF line ends. */
function csvOf(rows: (string | number)[][]): string {
  return rows
    .map((cells) =>
      cells.map((cell) => (/[",\r\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell))).join(','),
    )
    .join('\r\n');
}

async function importForm(csv: string | Buffer, zip?: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), 'products.csv');
  if (zip) form.append('images', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'images.zip');
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

describe('products CSV export and import', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  async function importCsv(
    csv: string | Buffer,
    options: { zip?: Uint8Array; dryRun?: boolean; confirm?: boolean; headers?: Record<string, string> } = {},
  ) {
    const { payload, headers } = await importForm(csv, options.zip);
    const query = options.dryRun ? '?dryRun=1' : options.confirm ? '?confirmPriceChanges=1' : '';
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/products/import${query}`,
      payload,
      headers: { ...headers, ...bearer(admin), ...options.headers },
    });
  }

  const productBySku = async (sku: string) => {
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select('id')
      .where(sql<string>`lower(sku)`, '=', sku.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return (await t.app.inject({ method: 'GET', url: `/api/products/${row.id}` })).json<Product>();
  };

  /** The import entries of the audit log, newest first, as the Activity tab reads them. */
  const importAudit = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=product.import', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };

  const storedExtras = async (sku: string) =>
    t.app.ctx.db
      .selectFrom('products')
      .select(['warranty', 'low_stock_threshold'])
      .where(sql<string>`lower(sku)`, '=', sku.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();

  const snapshot = async () => ({
    products: await rowCount(t, 'products'),
    categories: await rowCount(t, 'categories'),
    images: await rowCount(t, 'product_images'),
    files: (await uploadedFiles(t)).length,
    version: await catalogVersion(t.app.ctx.db),
  });

  it('SKU: set on upload and edit, unique case-insensitively among live products, freed by a delete, cleared with ""', async () => {
    await createPath(t, admin, 'Sku Cat');
    const png = { name: 'a.png', type: 'image/png', data: await makeImage() };
    const first = await uploadProduct(
      t,
      admin,
      { name: 'Sku One', description: 'd', price: '100', category: 'Sku Cat', sku: ' SKU-ONE ' },
      [png],
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Product>().sku).toBe('SKU-ONE');
    const clash = await uploadProduct(
      t,
      admin,
      { name: 'Sku Two', description: 'd', price: '100', category: 'Sku Cat', sku: 'sku-one' },
      [png],
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'SKU_TAKEN', errors: { sku: 'Another product already has this SKU' } });
    const badChars = await uploadProduct(
      t,
      admin,
      { name: 'Sku Two', description: 'd', price: '100', category: 'Sku Cat', sku: 'sku one' },
      [png],
    );
    expect(badChars.statusCode).toBe(400);
    expect(badChars.json().errors.sku).toBe('SKU may only use letters, digits and - _ . /');

    const second = await uploadProduct(
      t,
      admin,
      { name: 'Sku Two', description: 'd', price: '100', category: 'Sku Cat', sku: 'SKU-TWO' },
      [png],
    );
    const secondId = second.json<Product>().id;
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${secondId}`,
      payload: { sku: 'Sku-One' },
      headers: bearer(admin),
    });
    expect(taken.statusCode).toBe(409);
    // Its own SKU in another case is fine; '' removes it.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/products/${secondId}`,
          payload: { sku: 'sku-two' },
          headers: bearer(admin),
        })
      ).json().sku,
    ).toBe('sku-two');
    expect(
      (
        await t.app.inject({ method: 'PUT', url: `/api/products/${secondId}`, payload: { sku: '' }, headers: bearer(admin) })
      ).json().sku,
    ).toBeNull();
    // A deleted product's SKU is free again.
    await t.app.inject({ method: 'DELETE', url: `/api/products/${first.json<Product>().id}`, headers: bearer(admin) });
    const reused = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${secondId}`,
      payload: { sku: 'SKU-ONE' },
      headers: bearer(admin),
    });
    expect(reused.statusCode, reused.body).toBe(200);
  });

  it('refuses strangers (401) and shoppers (403) on the export and the import', async () => {
    for (const headers of [{}, bearer(await shopperToken(t))]) {
      const status = Object.keys(headers).length === 0 ? 401 : 403;
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers })).statusCode).toBe(status);
      const { payload, headers: form } = await importForm(`${HEADER}\r\n`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/products/import',
        payload,
        headers: { ...form, ...headers },
      });
      expect(res.statusCode).toBe(status);
    }
  });

  it('creates and updates by SKU, creates category paths, stores ZIP images with their variants, bumps the version once', async () => {
    const before = await snapshot();
    const zip = zipSync({
      'pics/red.png': await makeImage({ color: '#ff0000' }),
      'blue.jpg': await makeImage({ color: '#0000ff', format: 'jpeg' }),
    });
    const csv = csvOf([
      HEADER.split(','),
      [
        '',
        'LAP-RTX-1',
        'रोग गेमिङ ल्यापटप',
        'Fast, "quiet" laptop',
        'Laptops > Gaming Laptops > RTX',
        '189999.50',
        '5',
        'yes',
        'red.png | blue.jpg',
      ],
      ['', 'LAP-RTX-2', 'Second laptop', 'Another', 'laptops > gaming-laptops > rtx', '99999', '', 'no', 'pics/red.png'],
      ['', 'MOUSE-1', 'Mouse', 'A mouse', 'Accessories', '1500', '0', '', 'blue.jpg'],
    ]);
    const preview = await importCsv(csv, { zip, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json<ImportReport>();
    expect(report).toMatchObject({
      dryRun: true,
      applied: false,
      rows: 3,
      creates: 3,
      updates: 0,
      errorRows: 0,
      errors: [],
      newCategories: ['Laptops', 'Laptops > Gaming Laptops', 'Laptops > Gaming Laptops > RTX', 'Accessories'],
    });
    expect(report.preview[0]).toMatchObject({
      row: 2,
      action: 'create',
      sku: 'LAP-RTX-1',
      price: 189999.5,
      stock: 5,
      featured: true,
      images: 2,
    });
    // The preview wrote nothing.
    expect(await snapshot()).toEqual(before);

    const applied = await importCsv(csv, { zip });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ImportReport>()).toMatchObject({ applied: true, creates: 3, updates: 0 });
    const after = await snapshot();
    expect(after.products - before.products).toBe(3);
    expect(after.categories - before.categories).toBe(2); // Laptops, Accessories (sub and child levels are other tables)
    // Two distinct images, each processed once into every width, shared by the rows that name them.
    expect(after.files - before.files).toBe(2 * IMAGE_WIDTHS.length);
    expect(after.version).toBe(before.version + 1);

    const laptop = (await productBySku('LAP-RTX-1'))!;
    expect(laptop).toMatchObject({
      name: 'रोग गेमिङ ल्यापटप',
      description: 'Fast, "quiet" laptop',
      category: 'Laptops',
      subCategory: 'Gaming Laptops',
      childCategory: 'RTX',
      price: 189999.5,
      stock: 5,
      isFeatured: true,
    });
    expect(JSON.parse(laptop.images)).toHaveLength(2);
    const second = (await productBySku('LAP-RTX-2'))!;
    // The path matched the new nodes as category names compare (ignoring case, hyphens as spaces).
    expect([second.category, second.subCategory, second.childCategory]).toEqual(['Laptops', 'Gaming Laptops', 'RTX']);
    expect(second.stock).toBeNull();
    expect(JSON.parse(second.images)[0]).toBe(JSON.parse(laptop.images)[0]);
    const served = await t.app.inject({ method: 'GET', url: JSON.parse(laptop.images)[0] as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // An update by SKU (another case): the columns given change, the images stay when the cell is empty.
    const update = csvOf([
      ['sku', 'name', 'description', 'category', 'price', 'stock'],
      ['lap-rtx-1', 'ROG Laptop 2', 'New text', 'Laptops > Gaming Laptops', '179999', ''],
    ]);
    const updated = await importCsv(update);
    expect(updated.json<ImportReport>()).toMatchObject({ applied: true, creates: 0, updates: 1 });
    const changed = (await productBySku('LAP-RTX-1'))!;
    expect(changed).toMatchObject({
      id: laptop.id,
      name: 'ROG Laptop 2',
      price: 179999,
      childCategory: null,
      stock: null,
      isFeatured: true,
    });
    expect(changed.images).toBe(laptop.images);
  });

  it('exports the live products in the import’s columns (BOM, Nepali intact, formulas neutralised), and the file imports back unchanged', async () => {
    await createPath(t, admin, 'Export Cat', 'Export Sub');
    const png = { name: 'a.png', type: 'image/png', data: await makeImage({ color: '#00aa00' }) };
    const made = await uploadProduct(
      t,
      admin,
      {
        name: "=cmd|'/C calc'!A0",
        description: 'नेपाली विवरण, with a comma',
        price: '2500.75',
        category: 'Export Cat',
        subCategory: 'Export Sub',
        stock: '7',
        sku: 'EXP-1',
      },
      [png],
    );
    expect(made.statusCode, made.body).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pasal-products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith(`\uFEFF${EXPORT_HEADER}\r\n`)).toBe(true);
    const rows: string[][] = parse(res.body.slice(1));
    const row = rows.find((cells) => cells[1] === 'EXP-1')!;
    expect(row.slice(0, 10)).toEqual([
      String(made.json<Product>().id),
      'EXP-1',
      "'=cmd|'/C calc'!A0",
      'नेपाली विवरण, with a comma',
      'Export Cat > Export Sub',
      '2500.75',
      '7',
      '', // low_stock_threshold: the shop's default
      'no',
      '', // warranty: none
    ]);
    expect(row[10]).toMatch(/^http:\/\/localhost(:\d+)?\/uploads\/products\/[0-9a-f]{32}-640\.webp$/);

    // The whole export, imported as it is (products without a SKU too): every row unchanged, no error.
    // (tests/api/product-csv-roundtrip.test.ts proves it writes nothing.)
    const products = (await t.app.inject({ method: 'GET', url: '/api/products?page=1&pageSize=100' })).json<ProductPage>()
      .products;
    const back = await importCsv(Buffer.from(res.rawPayload), { dryRun: true });
    const report = back.json<ImportReport>();
    expect(report).toMatchObject({ errorRows: 0, creates: 0, updates: 0, unchanged: rows.length - 1 });
    const applied = await importCsv(Buffer.from(res.rawPayload));
    expect(applied.statusCode, applied.body).toBe(200);
    const again = (await t.app.inject({ method: 'GET', url: '/api/products?page=1&pageSize=100' })).json<ProductPage>().products;
    const strip = (list: Product[]) => list.map(({ updatedAt: _u, ...rest }) => rest);
    expect(strip(again)).toEqual(strip(products));
  });

  it('the preview lists every row’s errors (row, column, message), in Nepali when asked, and writes nothing', async () => {
    const before = await snapshot();
    const csv = csvOf([
      HEADER.split(','),
      ['', 'OK-1', 'Fine', 'Fine product', 'Accessories', '100', '', '', 'https://example.com/pic.jpg'],
      ['', '', '', 'x', 'Accessories', 'abc', '-1', 'maybe', ''],
      ['999999', 'OK-2', 'Ghost', 'x', 'A > B > C > D', '0', '', 'no', 'missing.png'],
      ['', 'OK-3', 'Dup', 'x', 'Accessories', '10', '', '', 'ok.png'],
      ['', 'ok-3', 'Dup again', 'x', 'Accessories', '10', '', '', 'ok.png'],
    ]);
    const res = await importCsv(csv, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ImportReport>();
    const at = (row: number) =>
      report.errors.filter((error) => error.row === row).map(({ column, message }) => [column, message]);
    expect(at(2)).toEqual([
      [
        'images',
        'Images are not fetched from other sites: put "https://example.com/pic.jpg" in the ZIP file and write its file name here',
      ],
    ]);
    expect(at(3)).toEqual([
      ['name', 'Name is required'],
      ['price', 'Price must be a number'],
      ['stock', 'Stock must be a whole number of 0 or more'],
      ['featured', 'Featured must be yes or no'],
      ['images', 'At least one image is required'],
    ]);
    expect(at(4)).toEqual([
      ['category', 'A category path has at most three levels: Category > Subcategory > Child category'],
      ['price', 'Price must be greater than 0'],
      ['id', 'There is no product with id 999999'],
      ['images', 'The image "missing.png" is not in the ZIP file'],
    ]);
    expect(at(6)).toContainEqual(['sku', 'This SKU is already used in row 5']);
    expect(report.errorRows).toBe(5);
    expect(report.preview.find((row) => row.row === 3)!.errors.length).toBe(5);

    const ne = await importCsv(csv, { dryRun: true, headers: NE });
    const neReport = ne.json<ImportReport>();
    expect(neReport.errors.find((error) => error.row === 3 && error.column === 'name')!.message).toBe('नाम लेख्नुहोस्');
    expect(neReport.errors.find((error) => error.row === 6)!.message).toBe('यो SKU पङ्क्ति ५ मा पहिल्यै छ');

    // Applying the same file: 400 with the same errors, and still nothing written.
    const applied = await importCsv(csv);
    expect(applied.statusCode).toBe(400);
    expect(applied.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      applied: false,
      message: 'The file has errors, so nothing was imported',
    });
    expect(applied.json<ImportReport>().errors).toEqual(report.errors);
    expect(await snapshot()).toEqual(before);
  });

  it('wrong columns: 400 naming the missing and the unknown ones', async () => {
    const res = await importCsv('sku,title,price,colour\r\nA,B,1,red\r\n', { dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CSV_COLUMNS',
      message: 'The CSV file lacks these columns: name, description, category',
      missingColumns: ['name', 'description', 'category'],
      unknownColumns: ['title', 'colour'],
      errors: {
        unknown:
          'The CSV file has columns this shop does not know: title, colour. Its columns are id, sku, name, description, category, price, stock, low_stock_threshold, featured, warranty, images, max_per_order, brand, option1_name, option1_value, option2_name, option2_value, option3_name, option3_value, variant_sku, spec:<Name>.',
      },
    });
    const ne = await importCsv('sku,title,price,colour\r\nA,B,1,red\r\n', { dryRun: true, headers: NE });
    expect(ne.json().message).toBe('CSV फाइलमा यी स्तम्भ छैनन्: name, description, category');
    // A header named twice, a file with only a header, an empty file.
    expect((await importCsv('sku,name,description,category,price,SKU\r\n')).json().message).toBe(
      'The column "sku" appears twice',
    );
    expect((await importCsv('sku,name,description,category,price\r\n,,,,\r\n')).json().message).toBe(
      'The CSV file has no product rows',
    );
    expect((await importCsv('\r\n \r\n')).json().message).toBe('The CSV file is empty');
    // An empty file part is what a browser sends when no file was chosen.
    expect((await importCsv('')).json().message).toBe('Choose a CSV file to import');
  });

  it('broken encoding: 400 "not UTF-8" (Latin-1, UTF-16); a BOM and semicolons are fine; broken quotes name the line', async () => {
    const latin1 = Buffer.from('sku,name,description,category,price\r\nC-1,Caf\xe9,x,Accessories,10\r\n', 'latin1');
    const res = await importCsv(latin1, { dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)" and try again.',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sku,name\r\n', 'utf16le')]);
    expect((await importCsv(utf16, { dryRun: true })).json().message).toMatch(/^The file is not UTF-8 text/);

    const semicolons = '\uFEFFsku;name;description;category;price\r\nSEMI-1;Café;x;Accessories;10\r\n';
    const ok = await importCsv(semicolons, { dryRun: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ImportReport>().errors[0]).toMatchObject({ row: 2, column: 'images' }); // a new product needs an image
    expect(ok.json<ImportReport>().preview[0]).toMatchObject({ sku: 'SEMI-1', name: 'Café' });

    const quotes = await importCsv('sku,name,description,category,price\r\nQ-1,"Unclosed,x,Accessories,10\r\n', { dryRun: true });
    expect(quotes.statusCode).toBe(400);
    expect(quotes.json().message).toMatch(/^The CSV file could not be read near line \d+: check its quotes$/);
  });

  it('a 50 MB file: 413 with a clear message, nothing written', async () => {
    const before = await snapshot();
    const line = 'BIG-SKU,Big,x,Accessories,10\r\n';
    const big = Buffer.from(`sku,name,description,category,price\r\n${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))}`);
    expect(big.length).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    const res = await importCsv(big, { dryRun: true });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The CSV file must be at most 20 MB');
    expect(await snapshot()).toEqual(before);
  });

  it('a row that fails halfway (a database rule refuses the 4th of 5 rows): nothing of the file is written, its images removed', async () => {
    const db = t.app.ctx.db;
    if (usingPostgres()) {
      await sql`create function import_boom() returns trigger language plpgsql as $$
        begin if new.name = 'Boom' then raise exception 'boom'; end if; return new; end $$`.execute(db);
      await sql`create trigger import_boom before insert on products for each row execute function import_boom()`.execute(db);
    } else {
      await sql`create trigger import_boom before insert on products when new.name = 'Boom' begin select raise(abort, 'boom'); end`.execute(
        db,
      );
    }
    try {
      const before = await snapshot();
      const auditBefore = (await importAudit()).total;
      const zip = zipSync({ 'half.png': await makeImage({ color: '#123456' }) });
      const csv = csvOf([
        ['sku', 'name', 'description', 'category', 'price', 'images'],
        ['HALF-1', 'Fine 1', 'x', 'Halfway > New Sub', '10', 'half.png'],
        ['HALF-2', 'Fine 2', 'x', 'Halfway', '10', 'half.png'],
        ['LAP-RTX-2', 'Updated', 'x', 'Halfway', '10', ''],
        ['HALF-3', 'Boom', 'x', 'Halfway', '10', 'half.png'],
        ['HALF-4', 'Fine 4', 'x', 'Halfway', '10', 'half.png'],
      ]);
      const preview = await importCsv(csv, { zip, dryRun: true });
      expect(preview.json<ImportReport>()).toMatchObject({ errorRows: 0, creates: 4, updates: 1 });
      // LAP-RTX-2's price falls from far above Rs. 20: confirmed, so the rows are written (until row 5).
      const res = await importCsv(csv, { zip, confirm: true });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'IMPORT_FAILED',
        row: 5,
        message: 'Row 5 could not be saved, so nothing was imported',
      });
      expect(await snapshot()).toEqual(before);
      expect((await importAudit()).total, 'a failed apply leaves no audit entry').toBe(auditBefore);
      expect(await productBySku('HALF-1')).toBeUndefined();
      expect((await productBySku('LAP-RTX-2'))!.name).toBe('Second laptop');
    } finally {
      await sql`drop trigger import_boom${sql.raw(usingPostgres() ? ' on products' : '')}`.execute(db);
      if (usingPostgres()) await sql`drop function import_boom()`.execute(db);
    }
  });

  it('records an applied import in the audit log (one entry with its counts, in its transaction); a preview or a refused file none', async () => {
    const zip = zipSync({ 'audit.png': await makeImage({ color: '#336699' }) });
    const first = await importCsv(
      csvOf([
        ['sku', 'name', 'description', 'category', 'price', 'images'],
        ['AUD-1', 'Audit one', 'x', 'Accessories', '10', 'audit.png'],
      ]),
      { zip },
    );
    expect(first.statusCode, first.body).toBe(200);
    const before = await importAudit();
    expect(before.entries[0]).toMatchObject({ action: 'product.import', changes: { created: [null, 1], updated: [null, 0] } });

    const csv = csvOf([
      ['sku', 'name', 'description', 'category', 'price', 'images'],
      ['AUD-1', 'Audit one, renamed', 'x', 'Accessories', '11', ''],
      ['AUD-2', 'Audit two', 'x', 'Audit Cat > Audit Sub', '20', 'audit.png'],
    ]);
    const preview = await importCsv(csv, { zip, dryRun: true });
    expect(preview.json<ImportReport>()).toMatchObject({ dryRun: true, creates: 1, updates: 1, errorRows: 0 });
    expect((await importAudit()).total, 'a preview records nothing').toBe(before.total);

    const refused = await importCsv(`${csv}\r\nAUD-3,,x,Accessories,abc,audit.png`, { zip });
    expect(refused.statusCode).toBe(400);
    expect((await importAudit()).total, 'a refused file records nothing').toBe(before.total);

    const applied = await importCsv(csv, { zip });
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await importAudit();
    expect(after.total).toBe(before.total + 1);
    const entry = after.entries[0]!;
    expect(entry).toMatchObject({
      action: 'product.import',
      entityType: 'product',
      entityId: 'import',
      summary: 'products.csv',
      adminName: expect.any(String),
      changes: { rows: [null, 2], created: [null, 1], updated: [null, 1], categoriesCreated: [null, 2] },
      note: null,
    });
    expect(entry.adminId).not.toBeNull();
    // The entry's time is the import's own: the products it wrote carry the same.
    const renamed = (await productBySku('AUD-1'))!;
    expect(renamed.name).toBe('Audit one, renamed');
    expect(renamed.updatedAt).toBe(entry.createdAt);
    // The Activity tab's "What: Products" filter lists it.
    const products = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=product', headers: bearer(admin) });
    expect(products.json<AuditPage>().entries.some((item) => item.id === entry.id)).toBe(true);
    // The product the file changed has the change in its own history, as an edit would record it;
    // the product it created has none there (the import's entry counts it).
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=product&entityId=${renamed.id}`,
      headers: bearer(admin),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<AuditPage>().entries[0]).toMatchObject({
      action: 'product.update',
      summary: 'Audit one, renamed',
      changes: { name: ['Audit one', 'Audit one, renamed'], price: [10, 11] },
      note: 'products.csv',
      createdAt: entry.createdAt,
    });
    expect(history.json<AuditPage>().entries[0]!.changes).not.toHaveProperty('category');
  });

  it('warranty and low_stock_threshold: optional columns, checked as the product form checks them, exported and read back', async () => {
    const zip = zipSync({ 'w.png': await makeImage({ color: '#aa7700' }) });
    const csv = csvOf([
      ['sku', 'name', 'description', 'category', 'price', 'stock', 'images', 'Warranty', 'LOW_STOCK_THRESHOLD'],
      ['WAR-1', 'Warranty one', 'x', 'Accessories', '10', '2', 'w.png', '  1 year\nofficial   warranty ', '3'],
      ['WAR-2', 'Warranty two', 'x', 'Accessories', '10', '9', 'w.png', '', ''],
    ]);
    const preview = await importCsv(csv, { zip, dryRun: true });
    expect(preview.json<ImportReport>()).toMatchObject({ errorRows: 0, creates: 2 });
    const applied = await importCsv(csv, { zip });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await storedExtras('WAR-1')).toEqual({ warranty: '1 year official warranty', low_stock_threshold: 3 });
    expect(await storedExtras('WAR-2')).toEqual({ warranty: null, low_stock_threshold: null });
    expect((await productBySku('WAR-1'))!.warranty).toBe('1 year official warranty');
    // The Dashboard reads the threshold: 2 left of a threshold of 3 is low stock.
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=today', headers: bearer(admin) });
    const low = dashboard.json<{ stock: { low: { products: { name: string; stock: number; threshold: number }[] } } }>().stock
      .low;
    expect(low.products).toContainEqual(expect.objectContaining({ name: 'Warranty one', stock: 2, threshold: 3 }));
    expect(low.products.some((product) => product.name === 'Warranty two')).toBe(false);

    // The export writes both; the file imports back unchanged.
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: bearer(admin) });
    const rows: string[][] = parse(exported.body.slice(1));
    expect(rows[0]).toEqual(EXPORT_HEADER.split(','));
    const war1 = rows.find((cells) => cells[1] === 'WAR-1')!;
    expect([war1[7], war1[9]]).toEqual(['3', '1 year official warranty']);
    const war2 = rows.find((cells) => cells[1] === 'WAR-2')!;
    expect([war2[7], war2[9]]).toEqual(['', '']);

    // A file without the columns keeps them; empty cells take them off; 0 is a threshold of its own.
    await importCsv(
      csvOf([
        ['sku', 'name', 'description', 'category', 'price'],
        ['WAR-1', 'Warranty one', 'x', 'Accessories', '12'],
      ]),
    );
    expect(await storedExtras('WAR-1')).toEqual({ warranty: '1 year official warranty', low_stock_threshold: 3 });
    await importCsv(
      csvOf([
        ['sku', 'name', 'description', 'category', 'price', 'warranty', 'low_stock_threshold'],
        ['WAR-1', 'Warranty one', 'x', 'Accessories', '12', '', ''],
        ['WAR-2', 'Warranty two', 'x', 'Accessories', '10', '6 months shop warranty', '0'],
      ]),
    );
    expect(await storedExtras('WAR-1')).toEqual({ warranty: null, low_stock_threshold: null });
    expect(await storedExtras('WAR-2')).toEqual({ warranty: '6 months shop warranty', low_stock_threshold: 0 });

    // Bad values: the product form's own messages, per row and column; nothing written.
    const before = await snapshot();
    const bad = await importCsv(
      csvOf([
        ['sku', 'name', 'description', 'category', 'price', 'warranty', 'low_stock_threshold'],
        ['WAR-1', 'Warranty one', 'x', 'Accessories', '12', 'w'.repeat(101), '-1'],
        ['WAR-2', 'Warranty two', 'x', 'Accessories', '10', 'fine', '2.5'],
        ['WAR-3', 'Warranty three', 'x', 'Accessories', '10', 'fine', 'lots'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ImportReport>().errors).toEqual([
      { row: 2, column: 'low_stock_threshold', message: 'Low stock alert must be a whole number of 0 or more' },
      { row: 2, column: 'warranty', message: 'Warranty must be at most 100 characters' },
      { row: 3, column: 'low_stock_threshold', message: 'Low stock alert must be a whole number of 0 or more' },
      { row: 4, column: 'low_stock_threshold', message: 'Low stock alert must be a whole number of 0 or more' },
      { row: 4, column: 'images', message: 'At least one image is required' },
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await storedExtras('WAR-2')).toEqual({ warranty: '6 months shop warranty', low_stock_threshold: 0 });
  });

  it('a SKU twice in the file: the apply refuses the file whole', async () => {
    const before = await snapshot();
    const zip = zipSync({ 'x.png': await makeImage() });
    const csv = csvOf([
      ['sku', 'name', 'description', 'category', 'price', 'images'],
      ['TWICE-1', 'One', 'x', 'Accessories', '10', 'x.png'],
      ['TWICE-2', 'Two', 'x', 'Accessories', '10', 'x.png'],
      ['twice-1', 'Three', 'x', 'Accessories', '10', 'x.png'],
    ]);
    const res = await importCsv(csv, { zip });
    expect(res.statusCode).toBe(400);
    expect(res.json<ImportReport>().errors).toEqual([{ row: 4, column: 'sku', message: 'This SKU is already used in row 2' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('ZIP images: by folder or bare name, not-an-image and ambiguous names reported, a ZIP that is no ZIP refused', async () => {
    const zip = zipSync({
      'a/same.png': await makeImage(),
      'b/same.png': await makeImage({ color: '#ffffff' }),
      'notes.txt': new TextEncoder().encode('not an image at all, just text'),
    });
    const csv = csvOf([
      ['sku', 'name', 'description', 'category', 'price', 'images'],
      ['Z-1', 'One', 'x', 'Accessories', '10', 'same.png'],
      ['Z-2', 'Two', 'x', 'Accessories', '10', 'b/same.png'],
      ['Z-3', 'Three', 'x', 'Accessories', '10', 'notes.txt'],
      ['Z-4', 'Four', 'x', 'Accessories', '10', '/uploads/products/0123456789abcdef0123456789abcdef-640.webp'],
    ]);
    const report = (await importCsv(csv, { zip, dryRun: true })).json<ImportReport>();
    expect(report.errors).toEqual([
      { row: 2, column: 'images', message: 'The ZIP file has more than one image named "same.png": write its folder too' },
      { row: 4, column: 'images', message: '"notes.txt" is not a JPEG, PNG, WebP, AVIF or GIF image' },
      {
        row: 5,
        column: 'images',
        message: '"/uploads/products/0123456789abcdef0123456789abcdef-640.webp" is not an image of this shop',
      },
    ]);
    const notZip = await importCsv(csv, { zip: new TextEncoder().encode('PK but not really a zip file'), dryRun: true });
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe('The ZIP file could not be read');
  });
});
