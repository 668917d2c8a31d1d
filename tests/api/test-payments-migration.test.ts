import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createTestDatabase } from '../helpers/app.js';

/**
 * Migration 025 on a shop that already took payments through the sandbox: those orders become test
 * payments and leave the Dashboard's revenue and top products; a real payment stays. On SQLite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */
describe('migration 025: test payments of an existing shop', () => {
  let handle: DbHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await drop?.();
  });

  it('marks the orders the sandbox was paid for, and takes them out of the kept revenue figures', async () => {
    const database = await createTestDatabase();
    drop = () => database.drop();
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-mig-')) });
    const db = handle.db as unknown as Kysely<unknown>;
    await migrateTo(db, '022_search_words');

    const now = '2025-03-10T06:00:00.000Z';
    const exec = (query: ReturnType<typeof sql>) => query.execute(db);
    await exec(sql`insert into users (id, first_name, last_name, email, phone_number, password_hash, email_verified, created_at, updated_at)
      values (5000000001, 'Sita', 'Shrestha', 's@example.com', '9800000001', 'x', 1, ${now}, ${now})`);
    await exec(sql`insert into categories (name, name_key, created_at) values ('Phones', 'phones', ${now})`);
    const categoryId = Number((await sql<{ id: number }>`select id from categories`.execute(db)).rows[0]!.id);
    const products: number[] = [];
    for (const name of ['Sandbox Phone', 'Real Phone']) {
      await exec(sql`insert into products (name, name_sort, description, price_paisa, category_id, stock, created_at, updated_at)
        values (${name}, ${name.toLowerCase()}, 'A phone', 100000, ${categoryId}, 5, ${now}, ${now})`);
      products.push(Number((await sql<{ id: number }>`select max(id) as id from products`.execute(db)).rows[0]!.id));
    }
    // Two eSewa orders placed unpaid, then paid: one through the sandbox (it holds the completed payment), one for real.
    for (const [index, id] of ['ORD-SANDBOXPAID', 'ORD-REALLYPAID'].entries()) {
      await exec(sql`insert into orders (id, user_id, status, total_paisa, subtotal_paisa, delivery_fee_paisa, vat_paisa,
          payment_method, payment_status, full_name, phone, province, district, city, address, created_at, updated_at)
        values (${id}, 5000000001, 'confirmed', 110000, 100000, 10000, 0, 'esewa', 'awaiting_payment', 'Sita', '9800000001',
          'Bagmati', 'Kathmandu', 'Kathmandu', 'Thamel', ${now}, ${now})`);
      await exec(sql`insert into order_items (order_id, product_id, product_name, category_name, unit_price_paisa, quantity, stock_reserved)
        values (${id}, ${products[index]!}, 'Phone', 'Phones', 100000, 1, 0)`);
      await exec(sql`insert into payment_attempts (order_id, method, reference, amount_paisa, status, created_at, updated_at)
        values (${id}, 'esewa', ${`${id}-REF`}, 110000, 'paid', ${now}, ${now})`);
      await exec(sql`update orders set payment_status = 'paid' where id = ${id}`);
    }
    await exec(sql`insert into sandbox_payments (gateway, reference, amount_paisa, status, return_url, details, created_at, updated_at)
      values ('esewa', 'ORD-SANDBOXPAID-REF', 110000, 'COMPLETE', '/back', '{}', ${now}, ${now})`);
    // And a payment the sandbox was asked for but never completed, on the real order's other try.
    await exec(sql`insert into sandbox_payments (gateway, reference, amount_paisa, status, return_url, details, created_at, updated_at)
      values ('esewa', 'ORD-REALLYPAID-OTHER', 110000, 'PENDING', '/back', '{}', ${now}, ${now})`);

    const revenue = async () =>
      (
        await sql<{ product_id: number; revenue_paisa: number }>`select product_id, revenue_paisa from product_day_sales
          where revenue_paisa <> 0 order by product_id`.execute(db)
      ).rows.map((row) => [Number(row.product_id), Number(row.revenue_paisa)]);
    expect(await revenue()).toEqual([
      [products[0], 100000],
      [products[1], 100000],
    ]);

    await migrateToLatest(db);

    const flags = (await sql<{ id: string; test_payment: number }>`select id, test_payment from orders order by id`.execute(db))
      .rows;
    expect(flags.map((row) => [row.id, Number(row.test_payment)])).toEqual([
      ['ORD-REALLYPAID', 0],
      ['ORD-SANDBOXPAID', 1],
    ]);
    expect(await revenue()).toEqual([[products[1], 100000]]);
    const totals = (
      await sql<{ orders: number; amount: number; tests: number; test_amount: number }>`select sum(order_count) as orders,
        sum(amount_paisa) as amount, sum(test_count) as tests, sum(test_amount_paisa) as test_amount
        from order_day_totals where payment_status = 'paid'`.execute(db)
    ).rows[0]!;
    expect([totals.orders, totals.amount, totals.tests, totals.test_amount].map(Number)).toEqual([2, 220000, 1, 110000]);
  });
});
