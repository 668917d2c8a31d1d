import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Compilable,
  type CompiledQuery,
  Kysely,
  PostgresDialect,
  type QueryResult,
  type SqliteDatabase,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE, tighten } from '../lib/private-files.js';
import { LruCache } from '../lib/lru-cache.js';
import type { Database } from './schema.js';
import { SnapshotReader } from './snapshot-reader.js';
import {
  type CheckpointResult,
  startWalCheckpointer,
  type WalCheckpointer,
  type WalCheckpointerOptions,
} from './wal-checkpointer.js';
import type { Dialect } from './dialect.js';
import { SqliteDialectWithoutRowLocks } from './row-locks.js';
import { SqliteWriteBatch, transactionPerWrite, type WriteBatch } from './write-batch.js';
import { CatalogVersionWatch } from './catalog-version.js';

export type { Dialect } from './dialect.js';
export type { SnapshotReader } from './snapshot-reader.js';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** SQLite with background checkpoints only. */
  walCheckpointer?: WalCheckpointer | undefined;
  /** Small writes: group commit on SQLite, a transaction each on PostgreSQL (write-batch.ts). */
  writeBatch: WriteBatch;
  /** PostgreSQL with `watchCatalogVersion`: the catalogue version kept in memory (catalog-version.ts). */
  catalogVersionWatch?: CatalogVersionWatch | undefined;
  /** SQLite: a read-only second connection for the hottest reads (snapshot-reader.ts). */
  reader?: SnapshotReader | undefined;
  close(): Promise<void>;
}

// pg returns BIGINT and NUMERIC as strings; our bigints are paisa and counts, far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite: copy the WAL into the database file on a worker thread (wal-checkpointer.ts). */
  backgroundCheckpoints?: Pick<WalCheckpointerOptions, 'intervalMs' | 'onFailure' | 'onMainCheckpointError'>;
  /**
   * PostgreSQL: keep the catalogue version in memory, told by the database when it moves
   * (catalog-version.ts); the server's handle does, short-lived ones (CLI, tests' own) need not.
   * Started by the caller once the schema is migrated.
   */
  watchCatalogVersion?: boolean;
}

/** With background checkpoints: the worker's `restartAfterPages` (~16 MB of WAL). */
const WAL_PAGES_BEFORE_RESTART = 4_000;
/**
 * With background checkpoints, the pages the WAL may reach before a commit checkpoints it
 * itself (~40 MB): a bound on its size should the worker fall behind.
 */
const WAL_PAGES_BEFORE_INLINE_CHECKPOINT = 10_000;
/** SQLite's default: a commit that takes the WAL past this many pages checkpoints it. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1_000;

export function openDatabase(options: OpenOptions): DbHandle {
  if (options.databaseUrl) {
    // A database that does not answer fails a request within seconds (503, lib/error-handler.ts) instead of holding it.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection that PostgreSQL ends (restart, failover, DROP DATABASE … WITH (FORCE)) must not crash the process: the pool drops it.
    pool.on('error', () => undefined);
    // Nor may one that is checked out: pg emits 'error' on the client as well as failing its query,
    // and pg-pool listens only while the client is idle, so a restart mid-query threw an uncaught
    // exception (found by the outage drill, tests/api/jobs-postgres.test.ts). The query's caller gets the error.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const watch = options.watchCatalogVersion ? new CatalogVersionWatch(db, options.databaseUrl) : undefined;
    return {
      db,
      dialect: 'postgres',
      writeBatch: transactionPerWrite(db),
      catalogVersionWatch: watch,
      async close() {
        await watch?.stop();
        await db.destroy();
      },
    };
  }
  // Private: 0700 folder, 0600 database (its -wal and -shm files take the database's mode).
  ensurePrivateDir(options.dataDir);
  for (const suffix of ['-wal', '-shm']) tighten(path.join(options.dataDir, `pasal.sqlite${suffix}`), PRIVATE_FILE_MODE);
  ensurePrivateFile(path.join(options.dataDir, 'pasal.sqlite'));
  const sqlite = new SQLite(path.join(options.dataDir, 'pasal.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const dialect = new SqliteDialectWithoutRowLocks({ database: statements });
  const db = new Kysely<Database>({ dialect });
  const background = options.backgroundCheckpoints;
  const walCheckpointer =
    background &&
    startWalCheckpointer(sqlite.name, {
      intervalMs: background.intervalMs,
      restartAfterPages: WAL_PAGES_BEFORE_RESTART,
      // Through Kysely, so that it waits for a transaction in progress on the connection.
      checkpointOnMain: async () => (await sql<CheckpointResult>`PRAGMA wal_checkpoint(PASSIVE)`.execute(db)).rows[0],
      onMainCheckpointError: background.onMainCheckpointError,
      onFailure(error) {
        if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
        background.onFailure(error);
      },
    });
  if (walCheckpointer) sqlite.pragma(`wal_autocheckpoint = ${WAL_PAGES_BEFORE_INLINE_CHECKPOINT}`);
  const writeBatch = new SqliteWriteBatch(db, dialect, sqlite);
  const reader = SnapshotReader.open(sqlite.name, db);
  return {
    db,
    dialect: 'sqlite',
    walCheckpointer,
    writeBatch,
    reader,
    async close() {
      await writeBatch.idle();
      await walCheckpointer?.stop();
      reader.close();
      await db.destroy();
    },
  };
}

/** What Kysely's SQLite dialect takes, with better-sqlite3's own statements. */
interface CachedStatements extends SqliteDatabase {
  prepare(sql: string): SQLite.Statement;
}

/**
 * Kysely's SQLite driver calls prepare() for every query, and better-sqlite3 compiles the SQL each
 * time. Reusing the statement of the same SQL text (the queries are parameterised) saves that work:
 * a tenth of the CPU of a catalogue read. Safe with one connection: Kysely runs one query at a
 * time on it (a streamed query holds the connection until it ends).
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = 500): CachedStatements {
  const statements = new LruCache<SQLite.Statement>(capacity);
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * A query built and compiled by Kysely once per dialect, then run with new parameter values.
 * Building and compiling the tree of query objects costs more CPU than running a small indexed
 * statement. `build` receives `$`, which makes the placeholder of the i-th parameter of run();
 * the compiled statement's parameters must all be such placeholders (checked when compiling), and
 * each is replaced by its value in run()'s order, whatever order the SQL puts them in.
 */
export class PreparedQuery<R, P extends readonly unknown[]> {
  private readonly compiled = new WeakMap<object, { query: CompiledQuery<R>; order: number[] }>();

  constructor(
    private readonly name: string,
    /** `$(i)` is typed never so that it fits any column; it is a placeholder string at run time. */
    private readonly build: (db: Kysely<Database>, $: (index: number) => never) => Compilable<R>,
  ) {}

  execute(db: Kysely<Database> | Transaction<Database>, ...parameters: P): Promise<QueryResult<R>> {
    const { query, order } = this.compiledFor(db);
    return db.executeQuery<R>({
      query: query.query,
      queryId: query.queryId,
      sql: query.sql,
      parameters: inOrder(order, parameters),
    });
  }

  async rows(db: Kysely<Database> | Transaction<Database>, ...parameters: P): Promise<R[]> {
    return (await this.execute(db, ...parameters)).rows;
  }

  async first(db: Kysely<Database> | Transaction<Database>, ...parameters: P): Promise<R | undefined> {
    return (await this.execute(db, ...parameters)).rows[0];
  }

  /** SQLite: the rows at once, read on the snapshot reader (inside its read(), for one snapshot). */
  rowsNow(reader: SnapshotReader, ...parameters: P): R[] {
    const { query, order } = this.compiledFor(reader.compiler);
    return reader.all<R>(query.sql, inOrder(order, parameters));
  }

  /** Keyed by the dialect adapter, which a handle shares with its transactions. */
  private compiledFor(db: Kysely<Database> | Transaction<Database>) {
    const key = db.getExecutor().adapter;
    let entry = this.compiled.get(key);
    if (!entry) {
      const placeholders = new Map<string, number>();
      const $ = (index: number): never => {
        const placeholder = `\u0000pasal:${this.name}:${index}\u0000`;
        placeholders.set(placeholder, index);
        return placeholder as never;
      };
      const query = this.build(db, $).compile();
      const order = query.parameters.map((value) => {
        const index = typeof value === 'string' ? placeholders.get(value) : undefined;
        if (index === undefined) throw new Error(`prepared query ${this.name}: a parameter is not a placeholder`);
        return index;
      });
      entry = { query, order };
      this.compiled.set(key, entry);
    }
    return entry;
  }
}

function inOrder(order: number[], parameters: readonly unknown[]): unknown[] {
  const values = new Array<unknown>(order.length);
  for (let i = 0; i < order.length; i += 1) values[i] = parameters[order[i]!];
  return values;
}

/**
 * PreparedQuery for a statement whose number of parameters varies, as `id IN (…)` with a list:
 * `forCount(n)` is the query for n parameters, made on first use and kept. `build` receives the
 * placeholders of all n parameters, in run()'s order.
 */
export class PreparedQueries<R> {
  private readonly byCount = new Map<number, PreparedQuery<R, readonly unknown[]>>();

  constructor(
    private readonly name: string,
    private readonly build: (db: Kysely<Database>, placeholders: never[]) => Compilable<R>,
  ) {}

  forCount(count: number): PreparedQuery<R, readonly unknown[]> {
    let query = this.byCount.get(count);
    if (!query) {
      query = new PreparedQuery<R, readonly unknown[]>(`${this.name}:${count}`, (db, $) =>
        this.build(
          db,
          Array.from({ length: count }, (_, i) => $(i)),
        ),
      );
      this.byCount.set(count, query);
    }
    return query;
  }

  rows(db: Kysely<Database> | Transaction<Database>, parameters: readonly unknown[]): Promise<R[]> {
    return this.forCount(parameters.length).rows(db, ...parameters);
  }

  rowsNow(reader: SnapshotReader, parameters: readonly unknown[]): R[] {
    return this.forCount(parameters.length).rowsNow(reader, ...parameters);
  }
}
