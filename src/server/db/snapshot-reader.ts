import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { LruCache } from '../lib/lru-cache.js';
import type { Database } from './schema.js';

/**
 * SQLite only: a second connection to the shop's file that only reads, for the hottest public
 * reads (a product's page answer and the catalogue version), run synchronously.
 *
 * Through Kysely each statement is a promise, a turn of the connection's lock and a few
 * microtasks; a product's answer takes six, and that bookkeeping cost more than the statements
 * themselves. Here the statements of one answer run back to back inside one read transaction, so
 * they also see one snapshot of the database.
 *
 * Its own connection, not the one Kysely writes on: a read there during another request's open
 * transaction would see that transaction's uncommitted rows (SQLite isolates connections, not
 * statements). In WAL mode this one sees exactly what was committed when its read began, by this
 * process or any other, and never waits for a writer.
 */
export class SnapshotReader {
  private readonly statements = new LruCache<SQLite.Statement>(100);
  private readonly inSnapshot: <T>(work: () => T) => T;

  constructor(
    private readonly sqlite: SQLite.Database,
    /** The handle's Kysely, to compile queries with (nothing is run through it). */
    readonly compiler: Kysely<Database>,
  ) {
    sqlite.pragma('query_only = ON');
    sqlite.pragma('busy_timeout = 5000');
    const transaction = sqlite.transaction((work: () => unknown) => work());
    this.inSnapshot = <T>(work: () => T) => transaction(work) as T;
  }

  static open(file: string, compiler: Kysely<Database>): SnapshotReader {
    return new SnapshotReader(new SQLite(file, { fileMustExist: true }), compiler);
  }

  /** Runs `work` in one read transaction: every statement in it sees the same committed state. */
  read<T>(work: () => T): T {
    return this.inSnapshot(work);
  }

  /** The rows of a parameterised statement (its prepared form kept by SQL text). */
  all<R>(sql: string, parameters: readonly unknown[]): R[] {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement.all(...parameters) as R[];
  }

  close(): void {
    if (this.sqlite.open) this.sqlite.close();
  }
}
