import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DbHandle, openDatabase } from '../../src/server/db/client.js';
import { startWalCheckpointer, type WorkerRound } from '../../src/server/db/wal-checkpointer.js';
import { buildTestApp, usingPostgres } from '../helpers/app.js';

/**
 * Background WAL checkpoints (db/wal-checkpointer.ts, ADR 0009): a worker thread copies the WAL
 * into the database file, so that commits on the main connection do not.
 */
describe('WAL checkpoints on a worker thread', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function open(backgroundCheckpoints?: { intervalMs: number }): { handle: DbHandle; file: string; failures: Error[] } {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-wal-'));
    const failures: Error[] = [];
    const handle = openDatabase({
      dataDir,
      ...(backgroundCheckpoints
        ? {
            backgroundCheckpoints: {
              ...backgroundCheckpoints,
              onFailure: (error: Error) => failures.push(error),
              onMainCheckpointError: (error: unknown) => failures.push(error as Error),
            },
          }
        : {}),
    });
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => handle.close());
    return { handle, file: path.join(dataDir, 'pasal.sqlite'), failures };
  }

  /** 500 rows of 400 bytes in one commit: about 50 pages of WAL, far below any automatic checkpoint. */
  async function addNotes(db: Kysely<unknown>, letter: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 500; i += 1) await sql`INSERT INTO notes (body) VALUES (${letter.repeat(400)})`.execute(trx);
    });
  }

  async function writeNotes(db: Kysely<unknown>): Promise<void> {
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
    await addNotes(db, 'n');
  }

  /** A checkpointer that hands over from 20 pages of WAL on, to `checkpointOnMain`. */
  function handingOverEarly(file: string, checkpointOnMain: () => Promise<undefined>) {
    const fail = (error: unknown) => {
      throw error;
    };
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 5,
      restartAfterPages: 20,
      checkpointOnMain,
      onMainCheckpointError: fail,
      onFailure: fail,
    });
    cleanups.push(() => checkpointer.stop());
    return checkpointer;
  }

  /** The rows the database file holds by itself, without its WAL. */
  function notesInFileAlone(file: string): number {
    const copy = `${file}.copy`;
    fs.copyFileSync(file, copy);
    const db = new SQLite(copy, { readonly: true });
    try {
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'notes'").get();
      return table ? (db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n : 0;
    } finally {
      db.close();
      fs.rmSync(copy);
    }
  }

  it('copies committed pages into the database file while the main connection only commits', async () => {
    const { handle, file, failures } = open({ intervalMs: 20 });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(10_000);

    const copiedAll = new Promise<WorkerRound>((resolve) =>
      handle.walCheckpointer?.onRound((round) => {
        if (round.log >= 50 && round.checkpointed === round.log) resolve(round);
      }),
    );
    await writeNotes(handle.db as Kysely<unknown>);
    await copiedAll;
    expect(notesInFileAlone(file)).toBe(500);
    expect(failures).toEqual([]);
  });

  it('without it, the same commits stay in the WAL (SQLite checkpoints only past 1 000 pages)', async () => {
    const { handle, file } = open();
    expect(handle.walCheckpointer).toBeUndefined();
    await writeNotes(handle.db as Kysely<unknown>);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notesInFileAlone(file)).toBe(0);
  });

  it('leaves writes and reads that run while it checkpoints whole and without errors', async () => {
    const { handle, failures } = open({ intervalMs: 1 });
    let rounds = 0;
    handle.walCheckpointer?.onRound(() => (rounds += 1));
    const db = handle.db as Kysely<unknown>;
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
    for (let i = 1; i <= 300; i += 1) {
      await sql`INSERT INTO notes (body) VALUES (${`note ${i}`})`.execute(db);
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM notes`.execute(db);
      expect(rows[0]?.n).toBe(i);
    }
    await vi.waitFor(() => expect(rounds).toBeGreaterThan(0));
    expect(failures).toEqual([]);
  });

  it('lets the WAL start over under commits without a pause, through a hand-over', async () => {
    const { handle, failures } = open({ intervalMs: 10 });
    const rounds: WorkerRound[] = [];
    handle.walCheckpointer?.onRound((round) => rounds.push(round));
    const db = handle.db as Kysely<unknown>;
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
    // ~3 KB a commit (2 pages or more of WAL each), until a hand-over has been followed by a shorter WAL.
    const startedOver = () => {
      const first = rounds.findIndex((round) => round.handOver);
      return first >= 0 && rounds.slice(first + 1).some((round) => round.log < rounds[first]!.log);
    };
    let commits = 0;
    while (!startedOver() && commits < 40_000) {
      await sql`INSERT INTO notes (body) VALUES (${'n'.repeat(3000)})`.execute(db);
      commits += 1;
      // As between a server's requests: the worker's messages are handled.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(startedOver()).toBe(true);
    // The main connection's own checkpoint (at 10 000 pages) never had to step in.
    expect(Math.max(...rounds.map((round) => round.log))).toBeLessThan(10_000);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM notes`.execute(db);
    expect(rows[0]?.n).toBe(commits);
    expect(failures).toEqual([]);
  });

  it('hands a long WAL over to the main connection and waits until it is done', async () => {
    const { handle, file } = open();
    const db = handle.db as Kysely<unknown>;
    let onMain = 0;
    let finish: () => void = () => undefined;
    const reports: WorkerRound[] = [];
    const checkpointer = handingOverEarly(file, () => {
      onMain += 1;
      return new Promise((resolve) => (finish = () => resolve(undefined)));
    });
    checkpointer.onRound((round) => reports.push(round));
    await writeNotes(db);
    await vi.waitFor(() => expect(onMain).toBe(1));
    // While the main connection has not finished, the worker runs no checkpoint.
    const reported = reports.length;
    await sql`INSERT INTO notes (body) VALUES ('more')`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports.length).toBe(reported);
    expect(onMain).toBe(1);
    finish();
    await vi.waitFor(() => expect(reports.length).toBeGreaterThan(reported));
    // Another long WAL, another hand-over.
    await addNotes(db, 'm');
    await vi.waitFor(() => expect(onMain).toBe(2));
    finish();
  });

  it('stops during a hand-over once the main connection is done, and runs no round after', async () => {
    const { handle, file } = open();
    const db = handle.db as Kysely<unknown>;
    let finish: () => void = () => undefined;
    let rounds = 0;
    const checkpointer = handingOverEarly(file, () => new Promise((resolve) => (finish = () => resolve(undefined))));
    checkpointer.onRound(() => (rounds += 1));
    await writeNotes(db);
    await vi.waitFor(() => expect(rounds).toBe(1));
    let stopped = false;
    const stopping = checkpointer.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await sql`INSERT INTO notes (body) VALUES ('after')`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toBe(1);
  });

  it('is what the app runs on its SQLite database', async () => {
    if (usingPostgres()) return;
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(t.app.ctx.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(10_000);
  });

  it('reports a worker that cannot open the database, and still stops', async () => {
    const failed = new Promise<Error>((resolve) => {
      const checkpointer = startWalCheckpointer(path.join(os.tmpdir(), 'pasal-no-such-dir', 'pasal.sqlite'), {
        intervalMs: 10,
        restartAfterPages: 4000,
        checkpointOnMain: () => Promise.resolve(undefined),
        onMainCheckpointError: () => undefined,
        onFailure: resolve,
      });
      cleanups.push(() => checkpointer.stop());
    });
    expect((await failed).message).toMatch(/Cannot open database because the directory does not exist/);
  });
});
