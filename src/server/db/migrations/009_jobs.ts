import { type Kysely, sql } from 'kysely';
import { serialId } from './helpers.js';

/**
 * The durable queue (ADR 0014): every mail and every piece of work that must happen
 * later is a row here, written in the transaction of the change that causes it.
 * - status: queued → running → done, or failed for good; a failed job can be put back to queued.
 * - run_at: when a queued job is due; for a running job, when its lease ends (a job whose lease
 *   ended is taken again, so a crash mid-run means it runs again). One partial index serves both.
 * - claim: a random token per take, so only the taker can finish the job; attempts count takes.
 * - key: an optional name for replacing a queued job (a new verification code voids the old mail).
 * - payload: JSON text; summary: what the admin panel shows (no secrets, no codes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('jobs')
    .addColumn('id', id.type, id.build)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key', 'text')
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('run_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('claim', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addCheckConstraint('jobs_status_valid', sql`status in ('queued', 'running', 'done', 'failed')`)
    .execute();
  // Due work, in order: the only query the worker runs when idle.
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['run_at', 'id'])
    .where(sql<boolean>`status in ('queued', 'running')`)
    .execute();
  // The admin's lists by status, newest first; finished jobs to prune.
  await db.schema.createIndex('jobs_status_updated').on('jobs').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('jobs_key').on('jobs').column('key').where(sql.ref('key'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
