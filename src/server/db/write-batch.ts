import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * SQLite's connection, to run statements on at once (synchronously) inside a write batch: the
 * Kysely handle compiles PreparedQuery's SQL, `prepare` is the statement cache Kysely uses too.
 */
export interface SqliteNow {
  db: Kysely<Database>;
  /** Shared with Kysely: never switch one to pluck(), raw() or expand() (Kysely would get that shape). */
  prepare(sql: string): SQLite.Statement;
}

interface Job {
  work: (conn: SqliteNow) => unknown;
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

/**
 * Group commit for SQLite (ADR 0011). A commit is the dearest part of a small write: the WAL
 * frames of every page it changed are written out, about as much CPU as the statements before
 * it. The writes that arrive in one turn of the event loop are run together when the turn ends
 * (setImmediate), in one transaction with one commit; each in a savepoint of its own, so one
 * that throws is undone alone and the others still commit. Nobody's promise settles before the
 * commit: an answer never reports a write that could still be lost.
 *
 * Jobs run synchronously on the connection (better-sqlite3 statements, no await), while the batch
 * holds Kysely's connection, so no other query or transaction is between their statements.
 */
export class SqliteWriteBatch {
  private queue: Job[] = [];
  private scheduled = false;
  private readonly flushing = new Set<Promise<void>>();
  private readonly conn: SqliteNow;
  /** One job in a savepoint (better-sqlite3 nests a transaction function as a savepoint). */
  private readonly inSavepoint: (job: Job) => unknown;
  private readonly inTransaction: (jobs: Job[]) => void;

  constructor(
    db: Kysely<Database>,
    private readonly sqlite: SQLite.Database,
    prepare: (sql: string) => SQLite.Statement,
  ) {
    this.conn = { db, prepare };
    this.inSavepoint = sqlite.transaction((job: Job) => job.work(this.conn));
    const runAll = sqlite.transaction((jobs: Job[]) => {
      for (const job of jobs) {
        try {
          job.outcome = { ok: true, value: this.inSavepoint(job) };
        } catch (error) {
          // An I/O or full-disk error can make SQLite roll back the whole transaction: the jobs
          // before this one are gone too, and the ones after would run outside any transaction.
          if (!this.sqlite.inTransaction) throw new BatchLost(error);
          job.outcome = { ok: false, error };
        }
      }
    });
    // BEGIN IMMEDIATE: the write lock is taken at once, not at the first write.
    this.inTransaction = (jobs) => runAll.immediate(jobs);
  }

  /** Runs `work` in the next batch; settles after that batch's commit with what it returned or threw. */
  run<T>(work: (conn: SqliteNow) => T): Promise<T> {
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
      // Through Kysely's connection: waits for a transaction in progress, and holds off others.
      await this.conn.db.connection().execute(async () => this.inTransaction(jobs));
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
}
