import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersion } from '../../src/server/features/catalog/queries.js';
import type { AuditPage } from '../../src/shared/audit.js';
import type { Product, ProductPage } from '../../src/shared/catalog.js';
import type { ImportReport } from '../../src/shared/product-csv.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, pngFile, uploadProduct } from '../helpers/catalog.js';

/**
 * The owner's catalogue tools as exported: the products CSV imported again without an edit
 * changes nothing (no SKU needed: the id is the row's identity), prices written with lakh or
 * Western commas are read, and a price moved to under half or over one and a half times the old one
 * waits for the owner's confirmation.
 */

/** A CSV text from rows of cells (quoted where needed), CRLF line ends. */
function csvOf(rows: string[][]): string {
  return rows
    .map((cells) => cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
    .join('\r\n');
}

describe('products CSV round trip', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    await createPath(t, admin, 'Laptops', 'Gaming Laptops', 'RTX 4060');
    await createPath(t, admin, 'Phones', 'Android');
    const made = async (key: string, fields: Record<string, string>, extra: Record<string, unknown> = {}) => {
      const res = await uploadProduct(t, admin, { description: `About ${key}`, ...fields }, [await pngFile(`${key}.png`)]);
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = res.json<Product>().id;
      if (Object.keys(extra).length > 0) {
        const put = await t.app.inject({
          method: 'PUT',
          url: `/api/products/${ids[key]}`,
          headers: bearer(admin),
          payload: extra,
        });
        expect(put.statusCode, put.body).toBe(200);
      }
    };
    // Stock, a warranty, a child category, a SKU, a low-stock alert and a limit per order.
    await made(
      'laptop',
      {
        name: 'Legion 5',
        price: '139999',
        category: 'Laptops',
        subCategory: 'Gaming Laptops',
        childCategory: 'RTX 4060',
        stock: '4',
        warranty: '1 year official warranty',
        sku: 'LEN-L5',
      },
      { lowStockThreshold: 2, maxPerOrder: 3, isFeatured: true },
    );
    // No SKU, a subcategory, stock not tracked, no warranty.
    await made('phone', { name: 'Galaxy A55, 8/256', price: '92999.50', category: 'Phones', subCategory: 'Android' });
    // No SKU, a category only, out of stock, a formula-like name.
    await made('cable', { name: '=USB-C cable', price: '499', category: 'Laptops', stock: '0' });
  });
  afterAll(async () => t.close());

  async function importCsv(csv: string | Buffer, query = '', extraHeaders: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), 'products.csv');
    const response = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/products/import${query}`,
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type')!, ...bearer(admin), ...extraHeaders },
    });
  }

  const exportCsv = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const products = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/products?page=1&pageSize=100' })).json<ProductPage>().products;
  const auditTotal = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(admin) })).json<AuditPage>().total;
  const state = async () => ({
    products: await products(),
    version: await catalogVersion(t.app.ctx.db),
    audit: await auditTotal(),
  });

  /** The export as rows of cells (header first), to edit a cell and import again. */
  const exportedRows = async (): Promise<string[][]> => parse((await exportCsv()).body.slice(1));
  const edited = (rows: string[][], id: number, column: string, value: string) => {
    const index = rows[0]!.indexOf(column);
    return rows.map((cells) => (cells[0] === String(id) ? cells.map((cell, i) => (i === index ? value : cell)) : cells));
  };

  it('an unedited export imports as every row unchanged, and writes nothing', async () => {
    const before = await state();
    expect(before.products.filter((product) => product.sku === null)).toHaveLength(2);
    const file = Buffer.from((await exportCsv()).rawPayload);

    const preview = await importCsv(file, '?dryRun=1');
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json<ImportReport>();
    expect(report).toMatchObject({ rows: 3, creates: 0, updates: 0, unchanged: 3, errorRows: 0, priceChanges: [] });
    expect(report.preview.map((row) => row.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);

    const applied = await importCsv(file);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ImportReport>()).toMatchObject({ applied: true, creates: 0, updates: 0, unchanged: 3 });
    // Not a column, not the catalogue's version, not the audit log: updatedAt included.
    expect(await state()).toEqual(before);
  });

  it('a row without a SKU is matched by its id: an edit of it updates that product only', async () => {
    const rows = edited(await exportedRows(), ids.phone!, 'stock', '12');
    const res = await importCsv(csvOf(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ creates: 0, updates: 1, unchanged: 2 });
    const phone = (await products()).find((product) => product.id === ids.phone)!;
    expect(phone).toMatchObject({ stock: 12, sku: null, subCategory: 'Android', price: 92999.5 });
  });

  it('reads prices written with lakh or Western commas and "Rs.", and refuses commas out of place', async () => {
    const rows = await exportedRows();
    let file = edited(rows, ids.laptop!, 'price', '1,39,999');
    file = edited(file, ids.phone!, 'price', 'Rs. 92,999');
    file = edited(file, ids.cable!, 'price', '499.00');
    const ok = await importCsv(csvOf(file), '?dryRun=1');
    const report = ok.json<ImportReport>();
    expect(report.errorRows, ok.body).toBe(0);
    const price = (id: number) => report.preview.find((row) => row.productId === id)!.price;
    expect([price(ids.laptop!), price(ids.phone!), price(ids.cable!)]).toEqual([139999, 92999, 499]);
    // The laptop's price is as it was (only written differently): unchanged.
    expect(report.preview.find((row) => row.productId === ids.laptop)!.action).toBe('unchanged');

    for (const bad of ['1,3,9', '13,99', '1,39,99,9', '12,345,67', 'Rs 1.2.3']) {
      const refused = (await importCsv(csvOf(edited(rows, ids.cable!, 'price', bad)), '?dryRun=1')).json<ImportReport>();
      expect(refused.errors, bad).toEqual([{ row: 4, column: 'price', message: 'Price must be a number' }]);
    }
  });

  it('a price typed a digit short waits for confirmation: listed in the preview, refused (409) unapplied, then applied', async () => {
    const rows = edited(await exportedRows(), ids.laptop!, 'price', '13,999');
    const csv = csvOf(edited(rows, ids.cable!, 'stock', '5'));
    const preview = (await importCsv(csv, '?dryRun=1')).json<ImportReport>();
    expect(preview).toMatchObject({ errorRows: 0, updates: 2 });
    expect(preview.priceChanges).toEqual([
      {
        row: 2,
        productId: ids.laptop,
        name: 'Legion 5',
        oldPrice: 139999,
        newPrice: 13999,
        message:
          'The price changes from Rs. 1,39,999 to Rs. 13,999, less than half or more than one and a half times the old one',
      },
    ]);

    const before = await state();
    const refused = await importCsv(csv);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PRICE_CHANGE_UNCONFIRMED', applied: false, priceChanges: [{ row: 2 }] });
    const ne = await importCsv(csv, '', { 'accept-language': 'ne' });
    expect(ne.json().priceChanges[0].message).toBe(
      'मूल्य रु. १,३९,९९९ बाट रु. १३,९९९ मा बदलिन्छ: पुरानो मूल्यको आधाभन्दा कम वा डेढ गुणाभन्दा बढी',
    );
    expect(await state(), 'a refused file writes nothing').toEqual(before);

    const applied = await importCsv(csv, '?confirmPriceChanges=1');
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await products();
    expect(after.find((product) => product.id === ids.laptop)!.price).toBe(13999);
    expect(after.find((product) => product.id === ids.cable)!.stock).toBe(5);
  });

  it('a product sold in variants keeps its price and stock (the variants’ sums): a row changing them is refused', async () => {
    const db = t.app.ctx.db;
    await db.updateTable('products').set({ variant_count: 2 }).where('id', '=', ids.cable!).execute();
    try {
      const rows = await exportedRows();
      const untouched = (await importCsv(csvOf(rows), '?dryRun=1')).json<ImportReport>();
      expect(untouched).toMatchObject({ errorRows: 0, unchanged: 3 });
      const repriced = (await importCsv(csvOf(edited(rows, ids.cable!, 'stock', '40')), '?dryRun=1')).json<ImportReport>();
      expect(repriced.errors).toEqual([
        {
          row: 4,
          column: 'price',
          message: 'This product is sold in variants: change its price and stock in its variants',
        },
      ]);
      // Its other columns may still change.
      const renamed = (
        await importCsv(csvOf(edited(rows, ids.cable!, 'warranty', '6 months')), '?dryRun=1')
      ).json<ImportReport>();
      expect(renamed).toMatchObject({ errorRows: 0, updates: 1 });
    } finally {
      await db.updateTable('products').set({ variant_count: 0 }).where('id', '=', ids.cable!).execute();
    }
  });
});
