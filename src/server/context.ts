import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { openDatabase, type Dialect, type SnapshotReader } from './db/client.js';
import { migrateToLatest } from './db/migrate.js';
import type { Database } from './db/schema.js';
import type { WriteBatch } from './db/write-batch.js';
import { type Clock, systemClock } from './lib/clock.js';
import { MailOutbox, mailDomain } from './jobs/mail-job.js';
import { withStartupLock } from './db/startup-lock.js';
import { JobQueue, type JobQueueOptions } from './jobs/queue.js';
import { reapplyHeapFlags } from './lib/heap-flags.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mail.js';
import { readOrCreateSecret } from './lib/secrets.js';
import { SessionService } from './lib/sessions.js';
import { Backoff } from './lib/backoff.js';
import { DeviceCookies } from './lib/device-cookie.js';
import { DiskStorage, type Storage } from './lib/storage.js';
import { Throttle } from './lib/throttle.js';
import { TokenService } from './lib/tokens.js';
import { createSmsTransport } from './features/sms/clients.js';
import { SmsSender } from './features/sms/sender.js';

/** Everything a feature needs, built once per app and handed to each feature's routes. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  /** For the catalogue's listing wing and start-up only: features ask src/server/db instead (ADR 0033). */
  dialect: Dialect;
  /** Small writes (db/write-batch.ts): on SQLite those of one event-loop turn share one commit. */
  writeBatch: WriteBatch;
  /** SQLite: a read-only connection for the hottest public reads (db/snapshot-reader.ts); none on PostgreSQL. */
  reader?: SnapshotReader | undefined;
  clock: Clock;
  mailer: Mailer;
  /** Product images: DATA_DIR/uploads, or an S3-compatible bucket that every process shares. */
  storage: Storage;
  /** The durable queue (jobs/queue.ts); its worker runs in this process once the app is ready. */
  jobs: JobQueue;
  /** Every mail goes through here: written in the transaction that causes it, sent by the worker. */
  outbox: MailOutbox;
  /** Every text goes through here (features/sms/sender.ts): limits, the daily cap, the queue. */
  sms: SmsSender;
  tokens: TokenService;
  sessions: SessionService;
  throttle: Throttle;
  /** Growing delays for login attempts (lib/login-guard.ts). */
  backoff: Backoff;
  /** Browsers that have proved themselves for an account (lib/device-cookie.ts). */
  devices: DeviceCookies;
  /** Key for hashing one-time codes; derived from the JWT secret. */
  otpKey: string;
  close(): Promise<void>;
}

export interface ContextOverrides {
  clock?: Clock;
  mailer?: Mailer;
  jobs?: JobQueueOptions;
}

export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    watchCatalogVersion: true,
    backgroundCheckpoints: {
      intervalMs: 100,
      onFailure: (error) => log.error({ err: error }, 'the WAL checkpoint worker stopped; SQLite checkpoints in commits again'),
      onMainCheckpointError: (error) => log.warn({ err: error }, 'a WAL checkpoint on the main connection failed'),
    },
  });
  if (handle.walCheckpointer) {
    // Idle until the worker runs, then undo what its start did to the heap flags (heap-flags.ts).
    await handle.walCheckpointer.online;
    reapplyHeapFlags();
  }
  try {
    // Processes starting together migrate once: the others wait for the first (db/startup-lock.ts).
    await withStartupLock(handle.db as Kysely<unknown>, handle.dialect, () => migrateToLatest(handle.db as Kysely<unknown>));
    // Once the version table and its notifications exist; until the listener answers, reads ask the database.
    await handle.catalogVersionWatch?.start();
  } catch (error) {
    await handle.close();
    throw error;
  }
  const clock = overrides.clock ?? systemClock;
  const jwtSecret = config.jwtSecret ?? readOrCreateSecret(config.dataDir, 'jwt-secret');
  const tokens = new TokenService(jwtSecret);
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.dataDir, config.mailFrom, log));
  const storage = await openStorage(config);
  const jobs = new JobQueue(handle.db, clock, log, overrides.jobs);
  const outbox = new MailOutbox(jobs, jwtSecret, mailDomain(config.mailFrom));
  jobs.register(outbox.handler(mailer));
  const sms = new SmsSender({
    db: handle.db,
    jobs,
    outbox,
    clock,
    config: config.sms,
    transport: createSmsTransport(config.sms, config.dataDir, log),
    secret: jwtSecret,
    adminEmail: config.store.email,
  });
  for (const handler of sms.handlers()) jobs.register(handler);
  jobs.register(sms.laterHandler());
  return {
    config,
    db: handle.db,
    dialect: handle.dialect,
    writeBatch: handle.writeBatch,
    reader: handle.reader,
    clock,
    mailer,
    storage,
    jobs,
    outbox,
    sms,
    tokens,
    sessions: new SessionService(handle.db, tokens, clock),
    throttle: new Throttle(handle.db, clock),
    backoff: new Backoff(handle.db, clock),
    devices: new DeviceCookies(jwtSecret),
    otpKey: `otp:${jwtSecret}`,
    async close() {
      // Running jobs get a moment to finish; those cut short run again after their lease.
      await jobs.stop();
      mailer.close();
      storage.close?.();
      await handle.close();
    },
  };
}

/** The AWS SDK is loaded only for a shop that keeps its images in a bucket. */
async function openStorage(config: Config): Promise<Storage> {
  if (config.storage.kind === 'disk') return new DiskStorage(path.join(config.dataDir, 'uploads'));
  const { S3Storage } = await import('./lib/s3-storage.js');
  return new S3Storage(config.storage);
}
