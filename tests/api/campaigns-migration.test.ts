import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { lowestBefore } from '../../src/server/features/promotions/campaign-prices.js';
import { createTestDatabase } from '../helpers/app.js';

/**
 * Migration 036 on a shop with products: the price history is filled from the price changes the
 * audit log recorded and the prices as they are, and from then on triggers keep it. On SQLite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */
describe('migration 036: the price history of an existing shop', () => {
  let handle: DbHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await drop?.();
  });

  it('reads past price changes from the audit log, then records every change', async () => {
    const database = await createTestDatabase();
    drop = () => database.drop();
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-mig-')) });
    const db = handle.db as unknown as Kysely<unknown>;
    await migrateTo(db, '035_coupon_day_totals');

    const exec = (query: ReturnType<typeof sql>) => query.execute(db);
    const made = '2026-10-01T06:00:00.000Z';
    const raised = '2026-11-20T06:00:00.000Z';
    await exec(sql`insert into categories (name, name_key, created_at) values ('Phones', 'phones', ${made})`);
    const categoryId = Number((await sql<{ id: number }>`select id from categories`.execute(db)).rows[0]!.id);
    await exec(sql`insert into products (name, name_sort, description, price_paisa, category_id, stock, created_at, updated_at)
      values ('Phone', 'phone', 'A phone', 130000, ${categoryId}, 5, ${made}, ${raised})`);
    const productId = Number((await sql<{ id: number }>`select max(id) as id from products`.execute(db)).rows[0]!.id);
    // Rs. 1,000 raised to Rs. 1,300 on 20 November, as the product form records it.
    await exec(sql`insert into audit_log (admin_id, action, entity_type, entity_id, summary, changes, created_at)
      values (1, 'product.update', 'product', ${String(productId)}, 'Phone', ${JSON.stringify({ price: [1000, 1300] })}, ${raised})`);

    await migrateToLatest(db);
    const history = async () =>
      (
        await sql<{ price_paisa: number; recorded_at: string }>`select price_paisa, recorded_at from price_history
          where product_id = ${productId} and variant_id = 0 order by recorded_at, id`.execute(db)
      ).rows.map((row) => ({ price_paisa: Number(row.price_paisa), recorded_at: row.recorded_at }));
    const before = await history();
    // A sale starting on 25 November: the lowest of its last 30 days is the Rs. 1,000 before the raise.
    expect(lowestBefore(before, '2026-11-25T00:00:00.000Z')).toBe(100000);
    // One starting 30 days after the raise: only Rs. 1,300.
    expect(lowestBefore(before, '2026-12-21T00:00:00.000Z')).toBe(130000);

    // From now on the database records each change itself, at the row's updated_at.
    const cut = '2026-12-01T06:00:00.000Z';
    await exec(sql`update products set price_paisa = 120000, updated_at = ${cut} where id = ${productId}`);
    await exec(sql`update products set stock = 4, updated_at = '2026-12-02T06:00:00.000Z' where id = ${productId}`);
    expect((await history()).slice(-1)).toEqual([{ price_paisa: 120000, recorded_at: cut }]);
    expect((await history()).length).toBe(before.length + 1);
  });
});
