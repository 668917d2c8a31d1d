import { openDatabase } from '../../src/server/db/client.js';
import { sleep } from './proc.js';

/**
 * What the soak checks in the database at its end, as bench/checkout.ts does after its rounds:
 * for every product the traffic could buy, units at the start = units left + units its order lines
 * hold (nothing oversold, nothing lost); every order whole (it has lines, they make its subtotal,
 * subtotal − discount + delivery makes its total); as many orders as checkouts answered 201 and as
 * many paid as payments landed paid; and the durable queue drained (no job due and not done).
 */

export interface Target {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** Stock of the given products now (null: not tracked). */
export async function stockOf(target: Target, productIds: number[]): Promise<Map<number, number | null>> {
  const handle = openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    const rows = await handle.db.selectFrom('products').select(['id', 'stock']).where('id', 'in', productIds).execute();
    return new Map(rows.map((row) => [Number(row.id), row.stock === null ? null : Number(row.stock)]));
  } finally {
    await handle.close();
  }
}

export interface Audit {
  orders: number;
  paid: number;
  lines: number;
  /** Units the tracked products of the pool sold (their order lines' reserved units). */
  unitsSold: number;
  /** Pool products with tracked stock that sold out during the run. */
  soldOut: number;
  problems: string[];
  /** Jobs due and not done (queued or running with run_at passed) after the wait, and failed ones. */
  jobsDue: number;
  jobsFailed: number;
  jobsWaitedSeconds: number;
  /** Every job by status, e.g. "done 120, queued 40 (later)": that the queue had work at all. */
  jobsByStatus: string;
}

export async function audit(
  target: Target,
  initial: Map<number, number | null>,
  answered: { orders: number; paid: number },
  waitForJobsSeconds: number,
): Promise<Audit> {
  const handle = openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  const db = handle.db;
  try {
    const problems: string[] = [];
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'total_paisa', 'subtotal_paisa', 'discount_paisa', 'delivery_fee_paisa', 'payment_status'])
      .execute();
    const items = await db
      .selectFrom('order_items')
      .select(['order_id', 'product_id', 'unit_price_paisa', 'quantity', 'stock_reserved'])
      .execute();
    const byOrder = new Map<string, typeof items>();
    for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
    for (const order of orders) {
      const lines = byOrder.get(order.id) ?? [];
      const sum = lines.reduce((acc, line) => acc + Number(line.unit_price_paisa) * Number(line.quantity), 0);
      const total = Number(order.subtotal_paisa) - Number(order.discount_paisa) + Number(order.delivery_fee_paisa);
      if (lines.length === 0) problems.push(`order ${order.id} has no lines`);
      else if (sum !== Number(order.subtotal_paisa))
        problems.push(`order ${order.id}: subtotal ${order.subtotal_paisa}, lines ${sum}`);
      else if (total !== Number(order.total_paisa))
        problems.push(`order ${order.id}: total ${order.total_paisa}, worked out ${total}`);
    }
    const now = await stockOf(target, [...initial.keys()]);
    let unitsSold = 0;
    let soldOut = 0;
    for (const [productId, before] of initial) {
      if (before === null) continue;
      const left = now.get(productId);
      const held = items
        .filter((item) => Number(item.product_id) === productId)
        .reduce((acc, item) => acc + Number(item.stock_reserved), 0);
      unitsSold += held;
      if (left === null || left === undefined || left < 0) problems.push(`product ${productId}: stock ${left}`);
      else if (before !== left + held)
        problems.push(`product ${productId}: ${before} at the start ≠ ${left} left + ${held} sold`);
      else if (left === 0 && before > 0) soldOut += 1;
    }
    const paid = orders.filter((order) => order.payment_status === 'paid').length;
    if (orders.length !== answered.orders)
      problems.push(`${orders.length} orders stored, ${answered.orders} checkouts answered 201`);
    if (paid !== answered.paid) problems.push(`${paid} orders paid, ${answered.paid} payments landed paid`);

    // The queue: mails (payment received) and the like run within seconds; a job due and not
    // done after the wait is one the queue lost track of. Jobs set for later (a cash-on-delivery
    // order's confirmation in hours) are not due.
    const started = performance.now();
    let due = 0;
    for (;;) {
      const at = new Date().toISOString();
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .where('run_at', '<=', at)
        .executeTakeFirstOrThrow();
      due = Number(row.n);
      if (due === 0 || performance.now() - started > waitForJobsSeconds * 1000) break;
      await sleep(500);
    }
    const failed = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    const checkedAt = new Date().toISOString();
    const statuses = await db
      .selectFrom('jobs')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n'), eb.fn.max('run_at').as('last')])
      .groupBy('status')
      .execute();
    const jobsByStatus = statuses
      .map(
        (row) =>
          `${row.status} ${Number(row.n)}${row.status === 'queued' && String(row.last) > checkedAt ? ' (set for later)' : ''}`,
      )
      .join(', ');
    return {
      orders: orders.length,
      paid,
      lines: items.length,
      unitsSold,
      soldOut,
      problems,
      jobsDue: due,
      jobsFailed: Number(failed.n),
      jobsWaitedSeconds: (performance.now() - started) / 1000,
      jobsByStatus: jobsByStatus || 'none',
    };
  } finally {
    await handle.close();
  }
}
