import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  DefaultQueryExecutor,
  type DialectAdapter,
  type Dialect as KyselyDialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  Transaction,
} from 'kysely';
import type { Database } from './schema.js';

/**
 * Small writes (add-to-cart): `run(work)` runs `work` in a transaction and settles with what it
 * returned, or threw, once that transaction has committed or rolled back. The same call on both
 * databases; how the transaction is run is the database's (ADR 0011, ADR 0033).
 *
 * `work` must use only the transaction it is given, and await only that transaction's statements:
 * on SQLite the batch holds the one connection while it runs, so a query on the shop's handle
 * would wait for itself, and an await of anything else holds up every write of the batch.
 */
export interface WriteBatch {
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

/** PostgreSQL: a transaction per write; its pooled connections commit side by side. */
export function transactionPerWrite(db: Kysely<Database>): WriteBatch {
  return { run: (work) => db.transaction().execute(work) };
}

interface Job {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
}

/** A job failed with an error after which SQLite had rolled the whole transaction back. */
class BatchLost extends Error {
  constructor(override readonly cause: unknown) {
    super('the write batch was rolled back');
  }
}

/** The batch begins and ends its transactions itself: the Transaction it hands out never does. */
const batchRunsIt = (): never => {
  throw new Error('the write batch runs this transaction');
};
const noDriver: Driver = {
  init: batchRunsIt,
  acquireConnection: batchRunsIt,
  beginTransaction: batchRunsIt,
  commitTransaction: batchRunsIt,
  rollbackTransaction: batchRunsIt,
  releaseConnection: batchRunsIt,
  destroy: batchRunsIt,
};

/**
 * The executor of the batch's Transaction: each statement straight to the connection the batch
 * holds, with none of Kysely's per-query connection handling, as nothing else can use the
 * connection until the batch lets it go. The shop's handle has no plugins to apply.
 */
class HeldConnectionExecutor extends DefaultQueryExecutor {
  private held = true;

  constructor(
    compiler: QueryCompiler,
    adapter: DialectAdapter,
    private readonly connection: DatabaseConnection,
  ) {
    super(compiler, adapter, { provideConnection: (consume) => consume(connection) });
  }

  override executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.held) return Promise.reject(new Error('a write batch job ran a statement after its batch ended'));
    return this.connection.executeQuery<R>(query);
  }

  /** The batch has let the connection go: a job that kept the Transaction can no longer use it. */
  end(): void {
    this.held = false;
  }
}

/**
 * Group commit for SQLite (ADR 0011). A commit is the dearest part of a small write: the WAL
 * frames of every page it changed are written out, about as much CPU as the statements before
 * it. The writes that arrive in one turn of the event loop are run together when the turn ends
 * (setImmediate), in one transaction (BEGIN IMMEDIATE) with one commit; each in a savepoint of its
 * own, so one that throws is undone alone and the others still commit. Nobody's promise settles
 * before the commit: an answer never reports a write that could still be lost.
 *
 * The batch holds Kysely's connection from BEGIN to COMMIT, so no other query or transaction comes
 * between its jobs' statements; the jobs run one after another on a Transaction bound to it.
 */
export class SqliteWriteBatch implements WriteBatch {
  private queue: Job[] = [];
  private scheduled = false;
  private readonly flushing = new Set<Promise<void>>();
  private readonly begin: SQLite.Statement;
  private readonly commit: SQLite.Statement;
  private readonly rollback: SQLite.Statement;
  private readonly savepoint: SQLite.Statement;
  private readonly release: SQLite.Statement;
  private readonly rollbackToSavepoint: SQLite.Statement;
  private readonly compiler: QueryCompiler;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: KyselyDialect,
    private readonly sqlite: SQLite.Database,
  ) {
    if (db.getExecutor().plugins.length > 0) throw new Error('the write batch runs statements without Kysely plugins');
    this.compiler = dialect.createQueryCompiler();
    // BEGIN IMMEDIATE: the write lock is taken at once, not at the first write.
    this.begin = sqlite.prepare('BEGIN IMMEDIATE');
    this.commit = sqlite.prepare('COMMIT');
    this.rollback = sqlite.prepare('ROLLBACK');
    this.savepoint = sqlite.prepare('SAVEPOINT batch_job');
    this.release = sqlite.prepare('RELEASE batch_job');
    this.rollbackToSavepoint = sqlite.prepare('ROLLBACK TO batch_job');
  }

  /** Runs `work` in the next batch; settles after that batch's commit with what it returned or threw. */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          const flush = this.flush();
          this.flushing.add(flush);
          void flush.finally(() => this.flushing.delete(flush));
        });
      }
    });
  }

  /** Settles once every job given so far has been run and settled (before the database closes). */
  async idle(): Promise<void> {
    while (this.scheduled || this.flushing.size > 0) {
      if (this.flushing.size > 0) await Promise.all(this.flushing);
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Never rejects: a failure is each job's. */
  private async flush(): Promise<void> {
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    try {
      // Kysely's connection: waits for a transaction in progress, and holds off others until the end.
      await this.db.getExecutor().provideConnection(async (connection) => {
        const executor = new HeldConnectionExecutor(this.compiler, this.db.getExecutor().adapter, connection);
        const trx = new Transaction<Database>({ config: { dialect: this.dialect }, dialect: this.dialect, driver: noDriver, executor });
        this.begin.run();
        try {
          for (const job of jobs) await this.runInSavepoint(job, trx);
          this.commit.run();
        } catch (error) {
          if (this.sqlite.inTransaction) this.rollback.run();
          throw error;
        } finally {
          executor.end();
        }
      });
    } catch (error) {
      const cause = error instanceof BatchLost ? error.cause : error;
      for (const job of jobs) job.reject(cause);
      return;
    }
    for (const job of jobs) {
      const outcome = job.outcome!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    }
  }

  private async runInSavepoint(job: Job, trx: Transaction<Database>): Promise<void> {
    this.savepoint.run();
    try {
      job.outcome = { ok: true, value: await job.work(trx) };
      this.release.run();
    } catch (error) {
      // An I/O or full-disk error can make SQLite roll back the whole transaction: the jobs
      // before this one are gone too, and the ones after would run outside any transaction.
      if (!this.sqlite.inTransaction) throw new BatchLost(error);
      this.rollbackToSavepoint.run();
      this.release.run();
      job.outcome = { ok: false, error };
    }
  }
}
