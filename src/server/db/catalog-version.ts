import type { Kysely, QueryExecutorProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

/**
 * The catalogue version (catalog_state.version) kept in memory on PostgreSQL (ADR 0059).
 *
 * Cached catalogue answers are checked against the version on every request. SQLite reads it
 * in-process for next to nothing; on PostgreSQL the read was a round trip per request. Instead,
 * one connection of its own LISTENs on CATALOG_VERSION_CHANNEL, where migration 053's trigger
 * sends each new version as its transaction commits, and the same connection reads the version
 * every POLL_MS as a safety net (a notification lost with a broken connection, a listener that
 * fell silent). While that connection is down, or before it first answers, `current()` says
 * nothing and callers read the version per request as before, so an answer is never checked
 * against a version older than the database's by more than the poll interval, and usually by the
 * few milliseconds a notification takes.
 *
 * A write of this process is seen by its own next read at once: bumping the version (inside the
 * write's transaction) tells the watch the version to expect, and until the watch has seen it
 * (notification or poll), or for EXPECT_MS if the transaction rolled back, reads ask the database.
 */

export const CATALOG_VERSION_CHANNEL = 'pasal_catalog_version';
/** The listener connection's application_name (pg_stat_activity shows it). */
export const CATALOG_VERSION_APPLICATION = 'pasal-catalog-version';
/** How often the listener connection reads the version itself, and retries when it is down. */
export const POLL_MS = 1_000;
/** A poll that does not answer within this long counts the connection as broken. */
const QUERY_TIMEOUT_MS = 2_000;

/** How long a version expected from this process's own write is waited for (its transaction may roll back). */
const EXPECT_MS = 2 * POLL_MS + QUERY_TIMEOUT_MS;

const VERSION_SQL = 'select version from catalog_state where id = 1';

/** By the handle's dialect adapter, which its transactions share. */
const watches = new WeakMap<object, CatalogVersionWatch>();

/** The watch of a database handle or of one of its transactions; undefined for SQLite and a handle without one. */
export function catalogVersionWatchOf(db: QueryExecutorProvider): CatalogVersionWatch | undefined {
  return watches.get(db.getExecutor().adapter);
}

export class CatalogVersionWatch {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private live = false;
  private version = 0;
  /** A version this process is writing, and until when it is waited for. */
  private expected = 0;
  private expectedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    db: Kysely<Database>,
    private readonly connectionString: string,
    private readonly pollMs = POLL_MS,
  ) {
    watches.set(db.getExecutor().adapter, this);
  }

  /** Connects the listener (failures are retried by the poll) and starts the poll. */
  async start(): Promise<void> {
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
    await this.connect();
  }

  /** The version, when the listener vouches for it; undefined: read it from the database. */
  current(): number | undefined {
    if (!this.live) return undefined;
    if (this.version < this.expected && Date.now() < this.expectedUntil) return undefined;
    return this.version;
  }

  /** A version read from the database, sent by it, or committed by this process (versions only grow). */
  observe(version: number): void {
    if (version > this.version) this.version = version;
  }

  /** This process's transaction set the version to `version`: reads ask the database until it is seen. */
  expect(version: number): void {
    if (version > this.expected) this.expected = version;
    this.expectedUntil = Date.now() + EXPECT_MS;
  }

  /** This process's transaction will move the version past the one known now (a database trigger does). */
  expectChange(): void {
    this.expect(this.version + 1);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    if (this.timer) clearInterval(this.timer);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async poll(): Promise<void> {
    if (this.stopped) return;
    if (!this.client) {
      await this.connect();
      return;
    }
    const client = this.client;
    try {
      await this.readOn(client);
    } catch {
      this.drop(client);
    }
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: CATALOG_VERSION_APPLICATION,
      query_timeout: QUERY_TIMEOUT_MS,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
    });
    // A connection that breaks (the server restarts, the backend is ended) must not crash the
    // process; reads go to the database until the poll has connected again.
    client.on('error', () => this.drop(client));
    client.on('end', () => this.drop(client));
    client.on('notification', (message) => {
      if (message.channel !== CATALOG_VERSION_CHANNEL || message.payload === undefined) return;
      const version = Number(message.payload);
      if (Number.isFinite(version)) this.observe(version);
    });
    try {
      await client.connect();
      // Listening first, then reading: a version committed in between arrives as a notification.
      await client.query(`listen ${CATALOG_VERSION_CHANNEL}`);
      if (this.stopped) throw new Error('stopped');
      this.client = client;
      await this.readOn(client);
      this.live = this.client === client;
    } catch {
      this.drop(client);
    }
  }

  private async readOn(client: pg.Client): Promise<void> {
    const result = await client.query<{ version: number | string }>(VERSION_SQL);
    this.observe(Number(result.rows[0]?.version ?? 0));
  }

  private drop(client: pg.Client): void {
    if (this.client === client || this.client === undefined) {
      this.live = false;
      this.client = undefined;
    }
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
  }
}
