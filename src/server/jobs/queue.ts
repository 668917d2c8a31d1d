import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { ownedByThisProcess } from '../db/startup-lock.js';
import { type Clock, isoIn, isoNow } from '../lib/clock.js';
import { safeErrorText } from './error-text.js';
import * as q from './queries.js';

/**
 * The durable queue (ADR 0014): a table of jobs over Kysely, the same on SQLite and
 * PostgreSQL. Work that must happen later (a mail, a payment check) is a row written in the
 * transaction of the change that causes it, so it exists exactly when the change does; a worker
 * inside the shop process runs it, retries it with growing pauses and, at the end, marks it
 * failed for the admin to see. A job runs at least once: a crash while it runs means it runs
 * again after its lease, so handlers are safe to repeat.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface JobHandler<P> {
  kind: string;
  /** Takes before the job is failed for good (the first run counts). */
  maxAttempts: number;
  /** The pause before the next take after `attempts` failed ones. */
  retryDelayMs(attempts: number): number;
  /** A run that takes longer has failed (and its lease is this plus a margin). */
  timeoutMs: number;
  /** Checks the stored payload; throws PermanentJobError when it can never run. */
  parse(payload: unknown): P;
  run(payload: P, signal: AbortSignal): Promise<void>;
}

/** A failure that no retry can mend (unknown kind, broken payload): the job fails at once. */
export class PermanentJobError extends Error {}

export interface EnqueueOptions {
  /** What the admin panel shows about the job: no secrets, no codes. */
  summary: string;
  /** Queued jobs of the same key are dropped: this one replaces them. */
  key?: string;
  delayMs?: number;
}

/** A job its writer took at once, to run it in the foreground (JobQueue.runClaimed). */
export interface ClaimedJob {
  id: number;
  kind: string;
  token: string;
  payload: string;
  attempts: number;
}

export interface JobQueueOptions {
  /** Jobs run at the same time by this process. */
  concurrency?: number;
  /** How often an idle worker looks for due work (it is also woken by this process's own writes). */
  pollMs?: number;
  /** How long finished jobs are kept. */
  keepDoneMs?: number;
}

const LEASE_MARGIN_MS = 15_000;
const WAKE_COALESCE_MS = 20;
const DB_RETRY_MS = 2_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly inFlight = new Map<Promise<void>, AbortController>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly keepDoneMs: number;
  private taking = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake() that came while the worker was busy: its next pause ends at once. */
  private woken = false;
  private coalescing: NodeJS.Timeout | undefined;
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: Log,
    options: JobQueueOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.pollMs = options.pollMs ?? 1_000;
    this.keepDoneMs = options.keepDoneMs ?? 14 * DAY_MS;
  }

  register<P>(handler: JobHandler<P>): void {
    this.handlers.set(handler.kind, handler);
  }

  // -------------------------------------------------------------------------------------------
  // Writing jobs (inside the caller's transaction; call wake() once it has committed)

  async enqueue(db: Db, kind: string, payload: unknown, options: EnqueueOptions): Promise<number> {
    return this.write(db, kind, JSON.stringify(payload), options);
  }

  /**
   * A job written already taken by this process, for work the caller runs at once while someone
   * waits (runClaimed). Should the process die before it finishes, its lease ends and the worker
   * of any process runs it.
   */
  async enqueueClaimed(db: Db, kind: string, payload: unknown, options: EnqueueOptions): Promise<ClaimedJob> {
    const token = newClaimToken();
    const text = JSON.stringify(payload);
    const id = await this.write(db, kind, text, options, token);
    return { id, kind, token, payload: text, attempts: 1 };
  }

  /** Writes a job (replacing the queued ones of its key), queued, or already taken with `claimToken`. */
  private async write(db: Db, kind: string, payload: string, options: EnqueueOptions, claimToken?: string): Promise<number> {
    const handler = this.handlerOf(kind);
    if (options.key !== undefined) {
      await q.lockJobs(db, { key: options.key });
      await q.deleteQueuedByKey(db, options.key);
    }
    return q.insertJob(db, {
      kind,
      key: options.key ?? null,
      payload,
      summary: options.summary,
      maxAttempts: handler.maxAttempts,
      runAt: isoIn(this.clock, options.delayMs ?? 0),
      now: isoNow(this.clock),
      ...(claimToken ? { claim: { token: claimToken, leaseUntil: isoIn(this.clock, handler.timeoutMs + LEASE_MARGIN_MS) } } : {}),
    });
  }

  /** Drops the queued jobs of a key (say, the mail of a code that was just used). */
  async cancelQueued(db: Db, key: string): Promise<void> {
    await q.deleteQueuedByKey(db, key);
  }

  /**
   * Runs a claimed job now; true when it succeeded. A failure is retried by the worker as any
   * other. `timeoutMs` shortens the kind's timeout for this first try, when someone is waiting.
   */
  async runClaimed(job: ClaimedJob, timeoutMs?: number): Promise<boolean> {
    const ok = await this.execute(job, undefined, timeoutMs);
    if (!ok) this.wake();
    return ok;
  }

  /** Tells this process's worker that new work may be due (after a commit that wrote jobs). */
  wake(): void {
    // Wakes that come close together (a checkout each, under load) are answered by one look for
    // work a moment later, which then takes them all: one claim query instead of one per order.
    if (this.coalescing) return;
    this.coalescing = setTimeout(() => {
      this.coalescing = undefined;
      const wake = this.wakeUp;
      this.wakeUp = undefined;
      if (wake) wake();
      else this.woken = true;
    }, WAKE_COALESCE_MS);
  }

  // -------------------------------------------------------------------------------------------
  // The worker

  start(): void {
    if (this.loop) return;
    this.taking = true;
    this.loop = this.work().catch((error: unknown) => this.log.error({ err: error }, 'the job worker stopped'));
  }

  /** Shut-down, first step: take no new jobs (running ones go on). */
  stopTaking(): void {
    this.taking = false;
    clearTimeout(this.coalescing);
    this.coalescing = undefined;
    const wake = this.wakeUp;
    this.wakeUp = undefined;
    wake?.();
  }

  /** Shut-down: take no new jobs, let running ones finish for up to `timeoutMs`, then abort them (their leases bring them back). */
  async stop(timeoutMs = 5_000): Promise<void> {
    this.stopTaking();
    await this.loop;
    this.loop = undefined;
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = Promise.allSettled([...this.inFlight.keys()]).then(() => true);
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const inTime = await Promise.race([finished, late]);
    clearTimeout(timer);
    if (!inTime) {
      this.log.warn(
        { jobs: this.inFlight.size },
        'jobs still running at shut-down were stopped; they run again after their lease',
      );
      for (const controller of this.inFlight.values()) controller.abort();
      await Promise.allSettled([...this.inFlight.keys()]);
    }
  }

  private async work(): Promise<void> {
    if (ownedByThisProcess(this.db)) {
      // No other process runs jobs on this database: a job still 'running' was cut short by a crash. Run it again now.
      const released = await q.releaseRunning(this.db, isoNow(this.clock));
      if (released > 0) this.log.warn({ jobs: released }, 'jobs interrupted by the last stop run again');
    }
    while (this.taking) {
      const free = this.concurrency - this.inFlight.size;
      let taken = 0;
      if (free > 0) {
        try {
          taken = await this.takeDue(free);
          await this.pruneNowAndThen();
        } catch (error) {
          // The database is away (restart, network): try again shortly, never stop the worker.
          this.log.warn({ reason: safeErrorText(error) }, 'the job worker could not reach the database');
          await this.pause(DB_RETRY_MS);
          continue;
        }
      }
      if (taken > 0 && taken === free) continue;
      await this.pause(this.pollMs);
    }
  }

  private async takeDue(limit: number): Promise<number> {
    const token = newClaimToken();
    // The longest lease of any kind: a job's own timeout is enforced by execute().
    const leaseMs = Math.max(0, ...[...this.handlers.values()].map((handler) => handler.timeoutMs)) + LEASE_MARGIN_MS;
    const jobs = await q.claimDue(this.db, {
      now: isoNow(this.clock),
      limit,
      token,
      leaseUntil: isoIn(this.clock, leaseMs),
    });
    for (const job of jobs) {
      const controller = new AbortController();
      const running = this.execute(
        { id: job.id, kind: job.kind, token, payload: job.payload, attempts: job.attempts },
        controller.signal,
      ).then(() => undefined);
      this.inFlight.set(running, controller);
      void running.finally(() => {
        this.inFlight.delete(running);
        this.wake();
      });
    }
    return jobs.length;
  }

  /** Runs one taken job and records the outcome; never throws. */
  private async execute(job: ClaimedJob, signal?: AbortSignal, timeoutMs?: number): Promise<boolean> {
    const handler = this.handlers.get(job.kind);
    let error: unknown;
    try {
      if (!handler) throw new PermanentJobError(`unknown job kind '${job.kind}'`);
      if (job.attempts > handler.maxAttempts) throw new PermanentJobError('stopped: it was interrupted on every attempt');
      // Replaced while it ran (a new code's mail): its work is no longer wanted.
      if (job.attempts > 1 && (await q.isSuperseded(this.db, job.id))) {
        await q.markDone(this.db, job.id, job.token, isoNow(this.clock));
        return true;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(job.payload);
      } catch {
        throw new PermanentJobError('its payload is not valid JSON');
      }
      const parsed = handler.parse(payload);
      await runWithTimeout((timeoutSignal) => handler.run(parsed, timeoutSignal), timeoutMs ?? handler.timeoutMs, signal);
    } catch (caught) {
      error = caught;
    }
    try {
      if (error === undefined) {
        if (!(await q.markDone(this.db, job.id, job.token, isoNow(this.clock)))) {
          this.log.warn({ jobId: job.id, kind: job.kind }, 'a job finished after its lease ended; it may run twice');
        }
        return true;
      }
      const permanent = error instanceof PermanentJobError || !handler;
      const retry = !permanent && job.attempts < handler.maxAttempts;
      const text = safeErrorText(error);
      const now = this.clock.now().getTime();
      const replaced = await this.db.transaction().execute(async (trx) => {
        await q.lockJobs(trx, { id: job.id });
        // A job replaced while it ran is not tried again (the mail of a voided code).
        if (!permanent && (await q.isSuperseded(trx, job.id))) {
          await q.markDone(trx, job.id, job.token, new Date(now).toISOString());
          return true;
        }
        await q.markFailed(trx, job.id, job.token, {
          error: text,
          now: new Date(now).toISOString(),
          runAt: retry ? new Date(now + handler.retryDelayMs(job.attempts)).toISOString() : undefined,
        });
        return false;
      });
      if (replaced) return false;
      const fields = { jobId: job.id, kind: job.kind, attempts: job.attempts, reason: text };
      if (retry) this.log.warn(fields, 'a job failed; it will be retried');
      else this.log.error(fields, 'a job failed for good');
    } catch (recordError) {
      // The outcome could not be written: the lease brings the job back, so nothing is lost.
      this.log.warn({ jobId: job.id, reason: safeErrorText(recordError) }, 'could not record the outcome of a job');
    }
    return false;
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await q.pruneDone(this.db, new Date(now - this.keepDoneMs).toISOString());
  }

  /** Sleeps `ms`, or less when woken. */
  private pause(ms: number): Promise<void> {
    if (!this.taking || this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        // A pause that ended by itself must not stay the one a later wake() calls (that wake would be lost).
        if (this.wakeUp === done) this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private handlerOf(kind: string): JobHandler<unknown> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no job handler for '${kind}'`);
    return handler;
  }
}

function newClaimToken(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/** Runs `work` with a signal that aborts after `timeoutMs` (or with `outer`); a run still going then fails. */
async function runWithTimeout(
  work: (signal: AbortSignal) => Promise<void>,
  timeoutMs: number,
  outer: AbortSignal | undefined,
): Promise<void> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  outer?.addEventListener('abort', abort);
  let timer: NodeJS.Timeout | undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`did not finish within ${Math.round(timeoutMs / 1000)} s`));
      controller.abort();
    }, timeoutMs);
    controller.signal.addEventListener('abort', () => reject(new Error('stopped at shut-down')));
  });
  stopped.catch(() => undefined);
  try {
    await Promise.race([work(controller.signal), stopped]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abort);
  }
}
