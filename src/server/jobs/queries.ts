import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { lockRows } from '../db/row-locks.js';
import type { Database, JobsTable } from '../db/schema.js';

/** SQL of the durable queue (migration 009). Plain Kysely on both dialects. */

type Db = Kysely<Database> | Transaction<Database>;
export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  key: string | null;
  payload: string;
  summary: string;
  maxAttempts: number;
  runAt: string;
  now: string;
  /** Taken at once by the writer (a verification mail tried while the shopper waits): the claim and its lease end. */
  claim?: { token: string; leaseUntil: string };
}

export async function insertJob(db: Db, job: NewJob): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload,
      summary: job.summary,
      status: job.claim ? 'running' : 'queued',
      run_at: job.claim ? job.claim.leaseUntil : job.runAt,
      attempts: job.claim ? 1 : 0,
      max_attempts: job.maxAttempts,
      claim: job.claim?.token ?? null,
      last_error: null,
      created_at: job.now,
      updated_at: job.now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Holds the row locks of a key's jobs, or of one job, until the transaction ends. The writer of a
 * replacing job and the worker recording a replaced job's failure both take them, so one waits for
 * the other and the second sees what the first wrote (a running job that failed just as its
 * replacement was written was otherwise put back in the queue beside it). db/row-locks.ts sends
 * it only where it means something.
 */
export async function lockJobs(db: Db, which: { key: string } | { id: number }) {
  const rows = db.selectFrom('jobs').select('id');
  const locked = 'key' in which ? rows.where('key', '=', which.key) : rows.where('id', '=', which.id);
  await lockRows(db, () => locked.forUpdate().execute());
}

/** Drops the queued (not yet running) jobs of a key: their work is replaced or no longer wanted. */
export async function deleteQueuedByKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('key', '=', key).where('status', '=', 'queued').execute();
}

/**
 * Whether a newer job of the same key exists: the job was replaced while it was running (so
 * deleteQueuedByKey could not drop it) and must not run again, e.g. the mail of a voided code.
 */
export async function isSuperseded(db: Db, id: number): Promise<boolean> {
  const newer = await db
    .selectFrom('jobs as newer')
    .innerJoin('jobs as old', (join) => join.onRef('old.key', '=', 'newer.key'))
    .select('newer.id')
    .where('old.id', '=', id)
    .where('newer.id', '>', id)
    .limit(1)
    .executeTakeFirst();
  return newer !== undefined;
}

/**
 * Takes up to `limit` due jobs: queued ones whose time has come and running ones whose lease
 * ended (their taker died). Each row is taken by one process only: FOR UPDATE SKIP LOCKED where
 * processes share the database; on SQLite the one UPDATE is atomic and one process owns the file.
 */
export async function claimDue(
  db: Kysely<Database>,
  options: { now: string; limit: number; token: string; leaseUntil: string },
): Promise<JobRow[]> {
  const rows = await db
    .updateTable('jobs')
    .set({
      status: 'running',
      claim: options.token,
      run_at: options.leaseUntil,
      attempts: sql<number>`attempts + 1`,
      updated_at: options.now,
    })
    .where('id', 'in', (eb) => {
      return eb
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .where('run_at', '<=', options.now)
        .orderBy('run_at')
        .orderBy('id')
        .limit(options.limit)
        .forUpdate()
        .skipLocked();
    })
    .returningAll()
    .execute();
  return rows.map(toJobRow);
}

/** When the next queued job is due (the worker sleeps until then), or undefined. */
export async function nextRunAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select('run_at')
    .where('status', 'in', ['queued', 'running'])
    .orderBy('run_at')
    .limit(1)
    .executeTakeFirst();
  return row?.run_at;
}

/** Finishes a job this claim still holds; false when the lease ended and someone else took it. */
export async function markDone(db: Db, id: number, token: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'done', claim: null, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('claim', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts a job back in the queue for `runAt`, or marks it failed for good (runAt undefined). */
export async function markFailed(
  db: Db,
  id: number,
  token: string,
  outcome: { error: string; now: string; runAt: string | undefined },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: outcome.runAt === undefined ? 'failed' : 'queued',
      run_at: outcome.runAt ?? outcome.now,
      claim: null,
      last_error: outcome.error,
      finished_at: outcome.runAt === undefined ? outcome.now : null,
      updated_at: outcome.now,
    })
    .where('id', '=', id)
    .where('claim', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** At start on a database of this process's own: every 'running' job is an orphan of a crash. */
export async function releaseRunning(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', claim: null, run_at: now, updated_at: now })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A failed job back in the queue, with a fresh set of attempts. */
export async function requeueFailed(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', run_at: now, attempts: 0, claim: null, finished_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function jobById(db: Db, id: number): Promise<JobRow | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toJobRow(row);
}

export async function jobsByStatus(db: Db, status: JobsTable['status'], limit: number): Promise<JobRow[]> {
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('status', '=', status)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toJobRow);
}

export async function countByStatus(db: Db, status: JobsTable['status']): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Done jobs finished before `before` are forgotten; failed ones stay until the admin deals with them. */
export async function pruneDone(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('status', '=', 'done').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** pg may hand integer columns back as strings in some set-ups; the row is numbers either way. */
function toJobRow(row: JobRow): JobRow {
  return { ...row, id: Number(row.id), attempts: Number(row.attempts), max_attempts: Number(row.max_attempts) };
}
