import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createTestDatabase } from '../helpers/app.js';

/**
 * Migration 012 on a shop that already has shoppers: their sequential ids become random
 * ones everywhere they are referenced, nothing is lost or left pointing nowhere, shopper sessions
 * end, and a phone number is unique among verified accounts only.
 */
describe('migration 012: random shopper ids for an existing shop', () => {
  let handle: DbHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await drop?.();
  });

  it('moves every reference to the new ids, ends shopper sessions and frees unverified phone numbers', async () => {
    const database = await createTestDatabase();
    drop = () => database.drop();
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-mig-')) });
    const db = handle.db as unknown as Kysely<unknown>;
    await migrateTo(db, '011_order_payments');

    const now = new Date().toISOString();
    const exec = (query: ReturnType<typeof sql>) => query.execute(db);
    for (const [id, verified] of [
      [1, 1],
      [2, 1],
      [3, 0],
    ] as const) {
      await exec(sql`insert into users (id, first_name, last_name, email, phone_number, password_hash, email_verified, created_at, updated_at)
        values (${id}, 'Sita', 'Shrestha', ${`s${id}@example.com`}, ${`980000000${id}`}, 'x', ${verified}, ${now}, ${now})`);
    }
    await exec(sql`insert into categories (name, name_key, created_at) values ('Phones', 'phones', ${now})`);
    const categoryId = Number((await sql<{ id: number }>`select id from categories`.execute(db)).rows[0]!.id);
    await exec(sql`insert into products (name, name_sort, description, price_paisa, category_id, stock, created_at, updated_at)
      values ('Phone', 'phone', 'A phone', 100000, ${categoryId}, 5, ${now}, ${now})`);
    const productId = Number((await sql<{ id: number }>`select id from products`.execute(db)).rows[0]!.id);
    await exec(
      sql`insert into cart_items (user_id, product_id, quantity, created_at, updated_at) values (2, ${productId}, 1, ${now}, ${now})`,
    );
    await exec(
      sql`insert into cart_items (user_id, product_id, quantity, created_at, updated_at) values (3, ${productId}, 2, ${now}, ${now})`,
    );
    await exec(
      sql`insert into otp_codes (user_id, code_hash, expires_at, attempts, created_at) values (3, 'h', ${now}, 0, ${now})`,
    );
    await exec(sql`insert into otp_sends (user_id, sent_at) values (3, ${now})`);
    await exec(
      sql`insert into sessions (id, kind, subject_id, current_jti, created_at, expires_at) values ('s1', 'user', 2, 'j', ${now}, ${now})`,
    );
    await exec(
      sql`insert into sessions (id, kind, subject_id, current_jti, created_at, expires_at) values ('a1', 'admin', 1, 'j', ${now}, ${now})`,
    );

    await migrateToLatest(db);

    const users = (await sql<{ id: number; email: string }>`select id, email from users order by email`.execute(db)).rows;
    expect(users.map((user) => user.email)).toEqual(['s1@example.com', 's2@example.com', 's3@example.com']);
    const idOf = (email: string) => Number(users.find((user) => user.email === email)!.id);
    for (const user of users) expect(Number(user.id)).toBeGreaterThanOrEqual(2 ** 32);

    const carts = (
      await sql<{ user_id: number; quantity: number }>`select user_id, quantity from cart_items order by quantity`.execute(db)
    ).rows;
    expect(carts.map((row) => [Number(row.user_id), row.quantity])).toEqual([
      [idOf('s2@example.com'), 1],
      [idOf('s3@example.com'), 2],
    ]);
    const codes = (await sql<{ user_id: number }>`select user_id from otp_codes`.execute(db)).rows;
    expect(codes.map((row) => Number(row.user_id))).toEqual([idOf('s3@example.com')]);
    const sends = (await sql<{ user_id: number }>`select user_id from otp_sends`.execute(db)).rows;
    expect(sends.map((row) => Number(row.user_id))).toEqual([idOf('s3@example.com')]);
    // Shopper tokens name the old ids: their sessions end. The admin's stays.
    const sessions = (await sql<{ id: string }>`select id from sessions`.execute(db)).rows;
    expect(sessions.map((row) => row.id)).toEqual(['a1']);

    // The foreign keys hold as before: a cart line for nobody is refused, a removed user takes its cart.
    await expect(
      exec(
        sql`insert into cart_items (user_id, product_id, quantity, created_at, updated_at) values (3, ${productId}, 1, ${now}, ${now})`,
      ),
    ).rejects.toThrow();
    await exec(sql`delete from users where id = ${idOf('s3@example.com')}`);
    expect((await sql`select id from cart_items`.execute(db)).rows).toHaveLength(1);

    // The unverified account's removal was queued; a number is unique among the accounts that
    // proved it by a texted code only (migration 040).
    const jobs = (await sql<{ kind: string }>`select kind from jobs`.execute(db)).rows;
    expect(jobs.map((job) => job.kind)).toEqual(['accounts.remove-unverified']);
    const insertUser = (id: number, email: string, phone: string, provedAt: string | null) =>
      exec(sql`insert into users (id, first_name, last_name, email, phone_number, password_hash, email_verified,
          phone_verified_at, created_at, updated_at)
        values (${id}, 'Ram', 'Thapa', ${email}, ${phone}, 'x', 1, ${provedAt}, ${now}, ${now})`);
    await insertUser(2 ** 33, 'u1@example.com', '9800000001', null);
    await insertUser(2 ** 33 + 1, 'u2@example.com', '9800000001', now);
    await expect(insertUser(2 ** 33 + 2, 'v@example.com', '9800000001', now)).rejects.toThrow();
  });
});
