import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DbHandle, PreparedQuery, openDatabase } from '../../src/server/db/client.js';
import type { Database } from '../../src/server/db/schema.js';
import type { WriteBatch } from '../../src/server/db/write-batch.js';

/**
 * Group commit on SQLite (db/write-batch.ts, ADR 0011): the jobs of one event-loop turn share a
 * transaction and its commit, each in a savepoint of its own. Each test has its own database file.
 */
describe('SQLite write batch', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(): Promise<{ handle: DbHandle; batch: WriteBatch; file: string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-batch-'));
    const handle = openDatabase({ dataDir });
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => handle.close());
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`.execute(handle.db);
    return { handle, batch: handle.writeBatch, file: path.join(dataDir, 'pasal.sqlite') };
  }

  const changes = async (trx: Transaction<Database>, query: ReturnType<typeof sql>) =>
    Number((await query.execute(trx)).numAffectedRows);
  const insert = (id: number) => (trx: Transaction<Database>) => changes(trx, sql`INSERT INTO notes (id, n) VALUES (${id}, 0)`);
  const ids = async (handle: DbHandle) =>
    (await sql<{ id: number }>`SELECT id FROM notes ORDER BY id`.execute(handle.db)).rows.map((row) => row.id);

  it('commits the jobs of one turn once; jobs awaited one by one commit once each', async () => {
    const { handle, batch, file } = await open();
    await sql`INSERT INTO notes (id, n) VALUES (1, 0)`.execute(handle.db);
    // No checkpoints: the WAL only grows, by one frame per page a commit writes.
    await sql`PRAGMA wal_autocheckpoint = 0`.execute(handle.db);
    const frames = () => (fs.statSync(`${file}-wal`).size - 32) / (24 + 4096);
    const bump = (trx: Transaction<Database>) => changes(trx, sql`UPDATE notes SET n = n + 1 WHERE id = 1`);

    const before = frames();
    expect(await Promise.all(Array.from({ length: 20 }, () => batch.run(bump)))).toEqual(Array(20).fill(1));
    const together = frames() - before;
    for (let i = 0; i < 20; i += 1) await batch.run(bump);
    const apart = frames() - before - together;

    expect(together).toBe(1);
    expect(apart).toBe(20);
    expect((await sql<{ n: number }>`SELECT n FROM notes WHERE id = 1`.execute(handle.db)).rows).toEqual([{ n: 40 }]);
  });

  it('undoes a job that throws alone: the others of its batch commit, each sees the ones before it', async () => {
    const { handle, batch } = await open();
    const seen: number[] = [];
    const results = await Promise.allSettled([
      batch.run(insert(1)),
      batch.run(async (trx) => {
        await insert(2)(trx);
        throw new Error('job two fails');
      }),
      batch.run(async (trx) => {
        await insert(3)(trx);
        seen.push(...(await sql<{ id: number }>`SELECT id FROM notes ORDER BY id`.execute(trx)).rows.map((row) => row.id));
        return 'three';
      }),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('job two fails') },
      { status: 'fulfilled', value: 'three' },
    ]);
    expect(seen).toEqual([1, 3]);
    expect(await ids(handle)).toEqual([1, 3]);
  });

  it('waits for a Kysely transaction in progress, and never runs inside it', async () => {
    const { handle, batch } = await open();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO notes (id, n) VALUES (10, 0)`.execute(trx);
      await gate;
      throw new Error('the transaction rolls back');
    });
    let settled = false;
    const job = batch.run(insert(11)).finally(() => (settled = true));
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    await expect(transaction).rejects.toThrow('the transaction rolls back');
    expect(await job).toBe(1);
    expect(await ids(handle)).toEqual([11]);
  });

  it('fails every job of a batch whose transaction SQLite rolled back, and writes none of them', async () => {
    const { handle, batch } = await open();
    // What an I/O or full-disk error does: the whole transaction is gone, not just the savepoint.
    const results = await Promise.allSettled([
      batch.run(insert(1)),
      batch.run(async (trx) => {
        await sql`ROLLBACK`.execute(trx);
        throw new Error('disk I/O error');
      }),
      batch.run(insert(3)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) expect((result as PromiseRejectedResult).reason).toEqual(new Error('disk I/O error'));
    expect(await ids(handle)).toEqual([]);
    // The next batch runs in a transaction of its own again.
    expect(await batch.run(insert(4))).toBe(1);
    expect(await ids(handle)).toEqual([4]);
  });

  it('PreparedQuery in a job runs the SQL Kysely runs, each value in its place; a write gives []', async () => {
    const { handle, batch } = await open();
    await sql`INSERT INTO notes (id, n) VALUES (1, 5), (2, 6), (3, 7)`.execute(handle.db);
    const notes = (db: Kysely<Database>) => db as unknown as Kysely<{ notes: { id: number; n: number } }>;
    // Parameters given as (minN, id); the SQL reads them as id, minN.
    const query = new PreparedQuery<{ id: number; n: number }, [minN: number, id: number]>('test-now', (db, $) =>
      notes(db).selectFrom('notes').select(['id', 'n']).where('id', '>=', $(1)).where('n', '>=', $(0)).orderBy('id'),
    );
    const setN = new PreparedQuery<never, [n: number, id: number]>('test-now-set', (db, $) =>
      notes(db)
        .updateTable('notes')
        .set({ n: $(0) })
        .where('id', '=', $(1)),
    );
    expect(await batch.run((trx) => query.rows(trx, 6, 1))).toEqual([
      { id: 2, n: 6 },
      { id: 3, n: 7 },
    ]);
    expect(await query.rows(handle.db, 6, 1)).toEqual([
      { id: 2, n: 6 },
      { id: 3, n: 7 },
    ]);
    expect(await batch.run((trx) => query.first(trx, 99, 1))).toBeUndefined();
    expect(await batch.run((trx) => setN.rows(trx, 42, 3))).toEqual([]);
    expect(await query.first(handle.db, 0, 3)).toEqual({ id: 3, n: 42 });
  });

  it('refuses a statement from a job that kept its transaction past the batch', async () => {
    const { batch } = await open();
    let kept: Transaction<Database> | undefined;
    await batch.run(async (trx) => {
      kept = trx;
    });
    await expect(sql`SELECT 1`.execute(kept!)).rejects.toThrow('a write batch job ran a statement after its batch ended');
  });

  it('runs the jobs given before close() and commits them before the database closes', async () => {
    const { handle, batch, file } = await open();
    const job = batch.run(insert(7));
    await handle.close();
    expect(await job).toBe(1);
    const reader = new SQLite(file, { readonly: true });
    try {
      expect(reader.prepare('SELECT id FROM notes').pluck().all()).toEqual([7]);
    } finally {
      reader.close();
    }
  });
});
