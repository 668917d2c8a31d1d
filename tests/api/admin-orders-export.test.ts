import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCsvStream } from '../../src/server/features/orders/export.js';
import * as q from '../../src/server/features/orders/checkout-queries.js';
import type { OrdersPage } from '../../src/shared/admin-orders.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { bearer, makeProduct, makeShopper } from '../helpers/orders.js';

/**
 * GET /api/admin/orders/export.csv: the Orders tab's orders as a spreadsheet file —
 * UTF-8 with a BOM, CRLF, RFC 4180 quoting, formulas neutralised, the list's filters, streamed.
 */

const BOM = '\uFEFF';
const HEADER = [
  'Order ID',
  'Date (Nepal time)',
  'Customer name',
  'Phone',
  'Email',
  'District',
  'City',
  'Status',
  'Payment method',
  'Payment status',
  'Test payment',
  'Subtotal (Rs.)',
  'Delivery (Rs.)',
  'VAT (Rs.)',
  'Total (Rs.)',
  'Items',
  'Invoice number',
  'Credit note number',
  'Discount (Rs.)',
  'Coupon code',
  'Order number',
  'Province',
  'Address',
  'Landmark',
  'COD amount (Rs.)',
];

let sequence = 0;

describe('admin orders CSV export', () => {
  let t: TestApp;
  let admin: string;
  let userId: number;
  let productId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    const shopper = await makeShopper(t, { email: 'export.buyer@example.com' });
    userId = shopper.userId;
    productId = (await makeProduct(t, { name: 'Export Mouse' })).id;
  });
  afterAll(async () => t.close());

  /** An order written straight to the tables (thousands of them in a second); returns its id. */
  async function insertOrder(overrides: Partial<q.NewOrder> = {}, items: { name: string; quantity: number }[] = []) {
    sequence += 1;
    const id = overrides.id ?? `EXP${String(sequence).padStart(7, '0')}`;
    const at = overrides.created_at ?? new Date(Date.UTC(2025, 0, 15, 8, 0, 0) + sequence * 1000).toISOString();
    await q.insertOrder(t.app.ctx.db, {
      id,
      user_id: userId,
      status: 'pending',
      total_paisa: 250_000,
      subtotal_paisa: 240_000,
      delivery_fee_paisa: 10_000,
      vat_paisa: 27_611,
      invoice_no: null,
      payment_method: 'cod',
      payment_status: 'unpaid',
      payment_ref: null,
      full_name: 'Sita Sharma',
      phone: '9841234567',
      province: 'Bagmati',
      district: 'Kathmandu',
      city: 'Kathmandu',
      address: 'Thamel 12',
      landmark: null,
      idempotency_key: null,
      created_at: at,
      updated_at: at,
      ...overrides,
    });
    if (items.length > 0) {
      await q.insertOrderItems(
        t.app.ctx.db,
        items.map((item, index) => ({
          order_id: id,
          product_id: productId + index * 0,
          product_name: item.name,
          category_name: 'Gaming Gear',
          unit_price_paisa: 120_000,
          quantity: item.quantity,
          stock_reserved: 0,
          vat_paisa: 0,
        })),
      );
    }
    return id;
  }

  const exportCsv = (query = '', headers: Record<string, string> = bearer(admin)) =>
    t.app.inject({ method: 'GET', url: `/api/admin/orders/export.csv${query}`, headers });

  const rowsOf = (body: string): string[][] => parse(body.slice(1));

  it('refuses a stranger (401) and a shopper (403)', async () => {
    expect((await exportCsv('', {})).statusCode).toBe(401);
    const shopper = await makeShopper(t);
    expect((await exportCsv('', bearer(shopper.token))).statusCode).toBe(403);
  });

  it('is UTF-8 with a BOM and CRLF, a dated attachment, and keeps Nepali names and amounts in rupees', async () => {
    const id = await insertOrder(
      {
        full_name: 'सीता शर्मा',
        city: 'ललितपुर',
        district: 'Lalitpur',
        created_at: '2025-01-15T18:30:00.000Z',
        total_paisa: 123_456_75,
        subtotal_paisa: 123_356_75,
        delivery_fee_paisa: 100_00,
        vat_paisa: 14_202_75,
        status: 'shipped',
        payment_method: 'esewa',
        payment_status: 'paid',
      },
      [
        { name: 'Asus ROG, "Strix" G16', quantity: 2 },
        { name: 'माउस', quantity: 1 },
      ],
    );
    const res = await exportCsv(`?q=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pasal-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    // The bytes: EF BB BF first, then the header line ending in CRLF.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.startsWith(`${BOM}Order ID,Date (Nepal time),`)).toBe(true);
    expect(res.body.split('\r\n')).toHaveLength(3); // header, one order, and the empty rest after the last CRLF
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const [header, row] = rowsOf(res.body);
    expect(header).toEqual(HEADER);
    expect(row).toEqual([
      id,
      '2025-01-16 00:15', // 18:30 UTC is a quarter past midnight in Kathmandu
      'सीता शर्मा',
      '9841234567',
      'export.buyer@example.com',
      'Lalitpur',
      'ललितपुर',
      'Shipped',
      'eSewa',
      'Paid',
      'No',
      '123356.75',
      '100',
      '14202.75',
      '123456.75',
      '2 × Asus ROG, "Strix" G16; 1 × माउस',
      '',
      '',
      '0',
      '',
      // Written straight to the table, the order has no short number; eSewa paid: no cash to collect.
      '',
      'Bagmati',
      'Thamel 12',
      '',
      '0',
    ]);
    // RFC 4180: the cell with a comma and quotes is quoted, its quotes doubled.
    expect(res.body).toContain('"2 × Asus ROG, ""Strix"" G16; 1 × माउस"');
  });

  it('says which orders were paid through the payment sandbox (a test payment)', async () => {
    const test = await insertOrder({ payment_method: 'khalti', payment_status: 'paid', test_payment: 1 });
    const real = await insertOrder({ payment_method: 'khalti', payment_status: 'paid' });
    const rows = rowsOf((await exportCsv('?q=exp')).body);
    const column = HEADER.indexOf('Test payment');
    expect(rows.find((cells) => cells[0] === test)?.[column]).toBe('Yes');
    expect(rows.find((cells) => cells[0] === real)?.[column]).toBe('No');
  });

  it('neutralises cells a spreadsheet would run as formulas (= + - @, tab, CR), but not numbers', async () => {
    const id = await insertOrder({
      full_name: '=HYPERLINK("http://evil.example","click")',
      phone: '+9779841234567',
      city: '-2+3',
      district: '@SUM(A1)',
      address: 'x',
    });
    const tab = await insertOrder({ full_name: '\tTabbed', city: '\rReturn' });
    const res = await exportCsv(`?q=exp`);
    const rows = rowsOf(res.body);
    const row = rows.find((cells) => cells[0] === id)!;
    expect(row[2]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(row[3]).toBe("'+9779841234567");
    expect(row[5]).toBe("'@SUM(A1)");
    expect(row[6]).toBe("'-2+3");
    const tabbed = rows.find((cells) => cells[0] === tab)!;
    expect(tabbed[2]).toBe("'\tTabbed");
    expect(tabbed[6]).toBe("'\rReturn");
    // No cell anywhere starts with a formula character.
    for (const cells of rows) for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('applies the Orders tab’s filters exactly as the list does', async () => {
    const day = (d: number, hourUtc: number) => new Date(Date.UTC(2024, 5, d, hourUtc, 0, 0)).toISOString();
    const tag = 'FLT';
    await insertOrder({
      id: `${tag}1`,
      created_at: day(1, 10),
      status: 'delivered',
      payment_method: 'khalti',
      payment_status: 'paid',
    });
    await insertOrder({
      id: `${tag}2`,
      created_at: day(2, 10),
      status: 'pending',
      payment_method: 'cod',
      payment_status: 'unpaid',
    });
    await insertOrder({
      id: `${tag}3`,
      created_at: day(3, 10),
      status: 'delivered',
      payment_method: 'cod',
      payment_status: 'paid',
    });
    // 20:00 UTC on the 3rd is already the 4th in Nepal (+5:45): a day filter in Nepal time must see that.
    await insertOrder({
      id: `${tag}4`,
      created_at: day(3, 20),
      status: 'delivered',
      payment_method: 'esewa',
      payment_status: 'refunded',
    });

    const queries = [
      `q=${tag}`,
      `q=${tag.toLowerCase()}&status=delivered`,
      `q=${tag}&paymentStatus=paid`,
      `q=${tag}&paymentMethod=cod`,
      `q=${tag}&from=2024-06-02&to=2024-06-03&tzOffset=345`,
      `q=${tag}&from=2024-06-04&tzOffset=345`,
      `q=${tag}&sort=date_asc`,
      `q=${tag}&status=cancelled`,
    ];
    const expected: Record<string, string[]> = {
      [queries[0]!]: [`${tag}4`, `${tag}3`, `${tag}2`, `${tag}1`],
      [queries[1]!]: [`${tag}4`, `${tag}3`, `${tag}1`],
      [queries[2]!]: [`${tag}3`, `${tag}1`],
      [queries[3]!]: [`${tag}3`, `${tag}2`],
      [queries[4]!]: [`${tag}3`, `${tag}2`],
      [queries[5]!]: [`${tag}4`],
      [queries[6]!]: [`${tag}1`, `${tag}2`, `${tag}3`, `${tag}4`],
      [queries[7]!]: [],
    };
    for (const query of queries) {
      const res = await exportCsv(`?${query}`);
      expect(res.statusCode, query).toBe(200);
      const ids = rowsOf(res.body)
        .slice(1)
        .map((cells) => cells[0]);
      expect(ids, query).toEqual(expected[query]);
      // The same orders, in the same order, as the admin's list for that query.
      const list = await t.app.inject({ method: 'GET', url: `/api/orders/all?${query}&pageSize=100`, headers: bearer(admin) });
      expect(
        list.json<OrdersPage>().orders.map((order) => order.id),
        query,
      ).toEqual(ids);
    }
    // A bad filter is the list's 400.
    const bad = await exportCsv('?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('streams: a large export arrives in many chunks without a length, every order exactly once (keyset batches with ties)', async () => {
    const tag = 'BIG';
    // 1 300 orders on only 4 distinct instants: the keyset must break ties by id across batch ends.
    const instants = [0, 1, 2, 3].map((i) => new Date(Date.UTC(2023, 2, 1, 9, i, 0)).toISOString());
    const ids: string[] = [];
    const db = t.app.ctx.db;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1300; i += 1) {
        const id = `${tag}${String(i).padStart(5, '0')}`;
        ids.push(id);
        const at = instants[i % instants.length]!;
        await q.insertOrder(trx, {
          id,
          user_id: userId,
          status: 'confirmed',
          total_paisa: 1000 + i,
          subtotal_paisa: 1000 + i,
          delivery_fee_paisa: 0,
          vat_paisa: 0,
          invoice_no: null,
          payment_method: 'cod',
          payment_status: 'unpaid',
          payment_ref: null,
          full_name: `Buyer ${i}`,
          phone: '9800000000',
          province: 'Bagmati',
          district: 'Kathmandu',
          city: 'Kathmandu',
          address: 'Somewhere',
          landmark: null,
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        });
      }
    });

    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const { chunks, headers, body } = await new Promise<{ chunks: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: `/api/admin/orders/export.csv?q=${tag}`, headers: bearer(admin) }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (chunk: Buffer) => parts.push(chunk));
            res.on('end', () =>
              resolve({ chunks: parts.length, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }),
            );
            res.on('error', reject);
          })
          .on('error', reject);
      },
    );
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(chunks).toBeGreaterThan(1);
    const exported = rowsOf(body)
      .slice(1)
      .map((cells) => cells[0]!);
    expect(exported).toHaveLength(1300);
    expect(new Set(exported).size).toBe(1300);
    expect([...exported].sort()).toEqual([...ids].sort());

    // The stream reads the database one batch at a time, as the reader asks: after one read of
    // a small-batch stream only its first batches were fetched, not the 1 300 rows.
    let queries = 0;
    const counting = new Proxy(db, {
      get(target, property) {
        if (property === 'selectFrom') queries += 1;
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const stream = orderCsvStream(counting, { search: tag.toLowerCase() }, 'date_desc', 100);
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.length).toBeGreaterThan(0);
    stream.pause();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Each batch is two queries (orders, their items): about 64 KiB of text (5 batches here) is read
    // ahead of the reader, far from all 13.
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(2 * 7);
    stream.destroy();
  });
});
