import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import type { Dialect } from './client.js';
import { dialectOf } from './dialect.js';

/** An arbitrary constant that names Pasal's start-up work among PostgreSQL advisory locks. */
const STARTUP_LOCK_KEY = 7_317_020_017;

/**
 * Runs start-up work (migrations, the first admin, the demo catalogue) while holding a PostgreSQL
 * advisory lock, so several processes starting together against one database take turns: the
 * first does the work, the others wait, then find it done. The lock is the session's,
 * on one connection kept for it, and ends with that connection should the process die. SQLite:
 * one process owns the file, so the work simply runs.
 */
export async function withStartupLock<T>(db: Kysely<unknown>, dialect: Dialect, work: () => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}

/**
 * Whether this process is the only one on the database: the shop's one process opens SQLite's
 * file, while every process shares PostgreSQL. On a database of its own, work a process finds
 * half-done at start was cut short by its own last stop.
 */
export function ownedByThisProcess(db: QueryExecutorProvider): boolean {
  return dialectOf(db) === 'sqlite';
}
