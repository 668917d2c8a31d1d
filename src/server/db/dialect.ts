import { type QueryExecutorProvider, SqliteAdapter } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The database behind a handle or a transaction. Only src/server/db and the catalogue's listing
 * wing ask it (ADR 0033); a feature asks db/ for what it needs instead (row-locks.ts, write-batch.ts).
 */
export function dialectOf(db: QueryExecutorProvider): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
