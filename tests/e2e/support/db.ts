import path from 'node:path';
import SQLite from 'better-sqlite3';
import { workerShop } from './worker-shop.js';

/**
 * Straight into the SQLite file of this worker's e2e shop (DATA_DIR/pasal.sqlite, see
 * worker-shop.ts), for the few states no client can bring about, e.g. a mail that failed for good.
 * The browser tests always run on SQLite; the server keeps the file in WAL mode, so a second
 * connection may write beside it.
 */
function withDatabase<T>(work: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(workerShop().dataDir, 'pasal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

export interface FailedJobInput {
  kind: string;
  summary: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lastError: string;
}

/** A job the worker gave up on (status 'failed'); returns its id. */
export function insertFailedJob(job: FailedJobInput): number {
  const now = new Date().toISOString();
  return withDatabase((db) => {
    const result = db
      .prepare(
        `insert into jobs (kind, key, payload, summary, status, run_at, attempts, max_attempts, claim, last_error,
                           created_at, updated_at, finished_at)
         values (?, null, ?, ?, 'failed', ?, ?, ?, null, ?, ?, ?, ?)`,
      )
      .run(job.kind, JSON.stringify(job.payload), job.summary, now, job.attempts, job.maxAttempts, job.lastError, now, now, now);
    return Number(result.lastInsertRowid);
  });
}

/**
 * Sets an order's status and payment status as the shop would have after events no browser test can
 * bring about quickly (a wallet payment, then a cancel): e.g. 'cancelled' with 'refund_due'.
 */
export function setOrderState(orderId: string, status: string, paymentStatus: string): void {
  withDatabase((db) => {
    db.prepare('update orders set status = ?, payment_status = ? where id = ?').run(status, paymentStatus, orderId);
  });
}

/**
 * A delivered order as if it arrived `ms` ago (no history row: its last change counts as the
 * delivery) and its products with a warranty of `months`: a unit past its return window.
 */
export function backdateDelivery(orderId: string, ms: number, months: number): void {
  withDatabase((db) => {
    db.prepare('update orders set updated_at = ? where id = ?').run(new Date(Date.now() - ms).toISOString(), orderId);
    db.prepare('update products set warranty_months = ? where id in (select product_id from order_items where order_id = ?)').run(
      months,
      orderId,
    );
  });
}

/**
 * Moves a shopper's past code sends `ms` back in time, as if that long had gone by since they were
 * sent: the server's wait before another code (its own clock) is then over without the test
 * sitting it out.
 */
export function backdateOtpSends(userId: number, ms: number): void {
  withDatabase((db) => {
    const sends = db.prepare('select id, sent_at from otp_sends where user_id = ?').all(userId) as Array<{
      id: number;
      sent_at: string;
    }>;
    const move = db.prepare('update otp_sends set sent_at = ? where id = ?');
    for (const send of sends) move.run(new Date(Date.parse(send.sent_at) - ms).toISOString(), send.id);
  });
}

/**
 * Specification values of products (test setup: spec_fields and product_specs rows of migration 026
 * written straight in, one text field per name of the category), and the catalogue version bumped
 * as the shop's own writes do, so that no kept answer outlives them.
 */
export function insertSpecRows(categoryId: number, specs: { productId: number; values: Record<string, string> }[]): void {
  const now = new Date().toISOString();
  withDatabase((db) => {
    const fieldIds = new Map<string, number>();
    const addField = db.prepare(
      `insert into spec_fields (category_id, name, name_key, kind, is_filter, position, created_at)
       values (?, ?, ?, 'text', 1, ?, ?)`,
    );
    const addValue = db.prepare('insert into product_specs (product_id, field_id, value, value_number) values (?, ?, ?, null)');
    db.transaction(() => {
      for (const { productId, values } of specs) {
        for (const [name, value] of Object.entries(values)) {
          let fieldId = fieldIds.get(name);
          if (fieldId === undefined) {
            fieldId = Number(addField.run(categoryId, name, name.toLowerCase(), fieldIds.size + 1, now).lastInsertRowid);
            fieldIds.set(name, fieldId);
          }
          addValue.run(productId, fieldId, value);
        }
      }
      db.prepare('update catalog_state set version = version + 1 where id = 1').run();
    })();
  });
}
