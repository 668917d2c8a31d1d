import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A refund owed this long is overdue: the Dashboard flags it (the law expects money back promptly). */
export const REFUND_OVERDUE_DAYS = 7;

/**
 * The orders whose payment has been refund_due since before `cutoff`, and how many there are. Since
 * when is the payment's last change to refund_due in the order's history (the order's date when it
 * has none, as for orders written before the history kept payments). Only refund_due orders are
 * read, through orders(payment_status, created_at).
 */
export async function overdueRefunds(db: Db, cutoff: string): Promise<{ ids: Set<string>; count: number }> {
  const rows = await db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.payment_status', '=', 'refund_due')
    .where(
      sql<string>`coalesce((select max(h.changed_at) from order_status_history h
        where h.order_id = ${sql.ref('o.id')} and h.kind = 'payment' and h.to_status = 'refund_due'), ${sql.ref('o.created_at')})`,
      '<',
      cutoff,
    )
    .execute();
  return { ids: new Set(rows.map((row) => row.id)), count: rows.length };
}
