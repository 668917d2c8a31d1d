import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/server/db/dialect.js';
import { lockRows, SqliteDialectWithoutRowLocks } from '../../src/server/db/row-locks.js';
import type { Database } from '../../src/server/db/schema.js';
import { buildTestApp, type TestApp, usingPostgres } from '../helpers/app.js';

/**
 * The dialect choices src/server/db makes for the features (ADR 0033): row locks written once,
 * and small writes run through one call on both databases.
 */
describe('row locks, compiled for each database', () => {
  // Compiling needs no connection: neither database is opened.
  const sqlite = new Kysely<Database>({
    dialect: new SqliteDialectWithoutRowLocks({ database: () => Promise.reject(new Error('not opened')) }),
  });
  const postgres = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) });
  const locked = (db: Kysely<Database>) =>
    db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('orders').select('id').distinct().limit(2).forUpdate().skipLocked())
      .forNoKeyUpdate()
      .compile().sql;

  it('PostgreSQL keeps FOR UPDATE, FOR NO KEY UPDATE and SKIP LOCKED', () => {
    expect(locked(postgres)).toBe(
      'select "id" from "orders" where "id" in (select distinct "id" from "orders" limit $1 for update skip locked) for no key update',
    );
  });

  it('SQLite leaves the lock modifiers out, in subqueries too, and keeps the rest of the query', () => {
    expect(locked(sqlite)).toBe('select "id" from "orders" where "id" in (select distinct "id" from "orders" limit ?)');
    expect(sqlite.selectFrom('users').select('id').where('id', '=', 1).forUpdate().compile().sql).toBe(
      'select "id" from "users" where "id" = ?',
    );
  });
});

describe('db/ on the database under test', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('knows which database it is', () => {
    expect(dialectOf(t.app.ctx.db)).toBe(usingPostgres() ? 'postgres' : 'sqlite');
    expect(t.app.ctx.dialect).toBe(dialectOf(t.app.ctx.db));
  });

  it('runs a query written with FOR UPDATE', async () => {
    const { db } = t.app.ctx;
    const rows = await db.transaction().execute((trx) => trx.selectFrom('users').select('id').limit(1).forUpdate().execute());
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('lockRows sends its statement only in a PostgreSQL transaction', async () => {
    const { db } = t.app.ctx;
    const sent: string[] = [];
    const lock = (where: string) => async () => void sent.push(where);
    await lockRows(db, lock('outside a transaction'));
    await db.transaction().execute((trx) => lockRows(trx, lock('in a transaction')));
    await t.app.ctx.writeBatch.run((trx) => lockRows(trx, lock('in a small write')));
    expect(sent).toEqual(usingPostgres() ? ['in a transaction', 'in a small write'] : []);
  });

  it('writeBatch.run commits what its work wrote and undoes work that throws, on either database', async () => {
    const { db, writeBatch } = t.app.ctx;
    const key = (n: number) => `db-dialect-${n}`;
    const write = (n: number) => (trx: Kysely<Database>) =>
      sql`insert into backoff (key, failures, last_at) values (${key(n)}, 0, '2026-01-01T00:00:00.000Z')`.execute(trx);
    const results = await Promise.allSettled([
      writeBatch.run(async (trx) => {
        expect(trx.isTransaction).toBe(true);
        await write(1)(trx);
        return 'one';
      }),
      writeBatch.run(async (trx) => {
        await write(2)(trx);
        throw new Error('two fails');
      }),
      writeBatch.run(async (trx) => {
        await write(3)(trx);
        return (await trx.selectFrom('backoff').select('key').where('key', '=', key(3)).execute()).length;
      }),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'one' },
      { status: 'rejected', reason: new Error('two fails') },
      { status: 'fulfilled', value: 1 },
    ]);
    const stored = await db.selectFrom('backoff').select('key').where('key', 'like', 'db-dialect-%').orderBy('key').execute();
    expect(stored.map((row) => row.key)).toEqual([key(1), key(3)]);
  });
});
