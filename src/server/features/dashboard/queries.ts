import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../shared/dashboard.js';

/**
 * SQL of the admin's Dashboard. The period's figures are read from the tables the database keeps
 * (migration 019: order_day_totals, product_day_sales, product_month_sales), so a year costs a few
 * thousand rows whatever the number of orders; the waiting orders and the stock lists from indexes
 * of the orders and products themselves. Days are Nepal days, 'YYYY-MM-DD', compared as text.
 */

type Db = Kysely<Database>;
type Totals = ExpressionBuilder<Database, 'order_day_totals'>;

/** A first and a last day (or month), both included. */
export type Span = readonly [first: string, last: string];

/** Paid online: the gateway confirmed it and it is neither refunded nor due a refund. */
const paidOnline = (eb: Totals) => eb('payment_status', '=', 'paid');
/** A cash-on-delivery order delivered: the courier has the money (never "paid": that is an online payment). */
const codDelivered = (eb: Totals) =>
  eb.and([eb('payment_method', '=', 'cod'), eb('status', '=', 'delivered'), eb('payment_status', '!=', 'paid')]);

const sum = (value: unknown) => Number(value ?? 0);

export interface TotalsRow {
  status: string;
  payment_method: string;
  payment_status: string;
  orders: number;
  amount_paisa: number;
}

/** The orders placed in the period, by status and payment now: how many, and their totals. */
export async function periodTotals(db: Db, days: Span): Promise<TotalsRow[]> {
  const rows = await db
    .selectFrom('order_day_totals')
    .select((eb) => [
      'status',
      'payment_method',
      'payment_status',
      eb.fn.sum<number>('order_count').as('orders'),
      eb.fn.sum<number>('amount_paisa').as('amount_paisa'),
    ])
    .where('day', '>=', days[0])
    .where('day', '<=', days[1])
    .groupBy(['status', 'payment_method', 'payment_status'])
    .execute();
  return rows.map((row) => ({ ...row, orders: sum(row.orders), amount_paisa: sum(row.amount_paisa) }));
}

export interface DayRow {
  day: string;
  orders: number;
  online_paisa: number;
  cod_paisa: number;
}

/** Per day of the period that has orders: how many were placed, and the revenue of each kind. */
export async function dailyTotals(db: Db, days: Span): Promise<DayRow[]> {
  const rows = await db
    .selectFrom('order_day_totals')
    .select((eb) => [
      'day',
      eb.fn.sum<number>('order_count').as('orders'),
      eb.fn.sum<number>(eb.case().when(paidOnline(eb)).then(eb.ref('amount_paisa')).else(0).end()).as('online_paisa'),
      eb.fn.sum<number>(eb.case().when(codDelivered(eb)).then(eb.ref('amount_paisa')).else(0).end()).as('cod_paisa'),
    ])
    .where('day', '>=', days[0])
    .where('day', '<=', days[1])
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    orders: sum(row.orders),
    online_paisa: sum(row.online_paisa),
    cod_paisa: sum(row.cod_paisa),
  }));
}

export interface SalesRow {
  list: 'revenue' | 'units';
  product_id: number;
  name: string;
  units: number;
  revenue_paisa: number;
}

/**
 * The best-selling products of the orders that count as revenue: the top `limit` by line revenue
 * and the top `limit` by units. `months` are read from the monthly table and `days` (the days
 * outside whole months) from the daily one; together they must cover the period once.
 */
export async function topProducts(db: Db, spans: { months?: Span; days: Span[] }, limit: number): Promise<SalesRow[]> {
  const { months, days } = spans;
  const rows = await db
    .with(
      (cte) => cte('sales').materialized(),
      (qb) =>
        qb
          .selectFrom((eb) => {
            const daily = eb
              .selectFrom('product_day_sales')
              .select(['product_id', 'units', 'revenue_paisa'])
              .where((w) => w.or(days.map(([first, last]) => w.and([w('day', '>=', first), w('day', '<=', last)]))));
            return (
              months
                ? eb
                    .selectFrom('product_month_sales')
                    .select(['product_id', 'units', 'revenue_paisa'])
                    .where('month', '>=', months[0])
                    .where('month', '<=', months[1])
                    .unionAll(daily)
                : daily
            ).as('s');
          })
          .select((eb) => [
            's.product_id',
            eb.fn.sum<number>('s.units').as('units'),
            eb.fn.sum<number>('s.revenue_paisa').as('revenue_paisa'),
          ])
          .groupBy('s.product_id')
          .having((eb) => eb.fn.sum('s.units'), '>', 0),
    )
    .selectFrom((eb) =>
      eb
        .selectFrom('sales')
        .select(['product_id', 'units', 'revenue_paisa', sql.lit('revenue').as('list')])
        .orderBy('revenue_paisa', 'desc')
        .orderBy('units', 'desc')
        .orderBy('product_id')
        .limit(limit)
        .as('by_revenue'),
    )
    .selectAll()
    .unionAll((eb) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('sales')
            .select(['product_id', 'units', 'revenue_paisa', sql.lit('units').as('list')])
            .orderBy('units', 'desc')
            .orderBy('revenue_paisa', 'desc')
            .orderBy('product_id')
            .limit(limit)
            .as('by_units'),
        )
        .selectAll(),
    )
    .execute();
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((row) => row.product_id))];
  const names = new Map(
    (await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute()).map((row) => [row.id, row.name]),
  );
  return rows.map((row) => ({
    list: row.list as SalesRow['list'],
    product_id: row.product_id,
    name: names.get(row.product_id) ?? '',
    units: sum(row.units),
    revenue_paisa: sum(row.revenue_paisa),
  }));
}

/** Accounts registered from `start` (included) to `end` (excluded), ISO UTC, and verified. */
export async function newShoppers(db: Db, start: string, end: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email_verified', '=', 1)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface WaitingRow {
  id: string;
  created_at: string;
  total_paisa: number;
  full_name: string;
  status: Database['orders']['status'];
  payment_method: string;
  payment_status: string;
  /** How many orders the group holds in all (the same on every row). */
  count: number;
}

export type WaitingKind = 'pending' | 'awaitingPayment' | 'refundDue';

/**
 * Orders waiting for the admin, the oldest `limit` of a kind with how many there are:
 * - pending: to confirm (an online order still waiting for its payment is the shopper's to pay);
 * - awaitingPayment: an online payment not come by `awaitingBefore` (and the order not cancelled);
 * - refundDue: money taken for a cancelled order, to give back.
 * Each reads its index: orders(status, created_at) or orders(payment_status, created_at).
 */
export async function waitingOrders(db: Db, kind: WaitingKind, awaitingBefore: string, limit: number): Promise<WaitingRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'id',
      'created_at',
      'total_paisa',
      'full_name',
      'status',
      'payment_method',
      'payment_status',
      eb.fn.countAll<number>().over().as('count'),
    ])
    .$if(kind === 'pending', (qb) => qb.where('status', '=', 'pending').where('payment_status', '!=', 'awaiting_payment'))
    .$if(kind === 'awaitingPayment', (qb) =>
      qb
        .where('payment_status', '=', 'awaiting_payment')
        .where('created_at', '<', awaitingBefore)
        .where('status', '!=', 'cancelled'),
    )
    .$if(kind === 'refundDue', (qb) => qb.where('payment_status', '=', 'refund_due'))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, total_paisa: Number(row.total_paisa), count: Number(row.count) }));
}

/**
 * How far a product is above its low-stock threshold: written exactly as the index
 * products_low_stock of migration 019 (the default a literal), so both databases read that index.
 */
const overThreshold = sql<number>`(stock - coalesce(low_stock_threshold, ${sql.lit(DEFAULT_LOW_STOCK_THRESHOLD)}))`;

function lowStockProducts(db: Db) {
  return db.selectFrom('products').where('deleted_at', 'is', null).where('stock', 'is not', null).where(overThreshold, '<=', 0);
}

export interface StockRow {
  id: number;
  name: string;
  stock: number;
  threshold: number;
}

/** Live products with tracked stock at or under their threshold: how many have some left, how many none. */
export async function stockCounts(db: Db): Promise<{ low: number; out: number }> {
  const row = await lowStockProducts(db)
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('stock', '=', 0).then(1).else(0).end()).as('out'),
      eb.fn.sum<number>(eb.case().when('stock', '>', 0).then(1).else(0).end()).as('low'),
    ])
    .executeTakeFirstOrThrow();
  return { low: sum(row.low), out: sum(row.out) };
}

/** The first `limit` of them: low ones with the fewest left first, out-of-stock ones by name. */
export async function stockList(db: Db, which: 'low' | 'out', limit: number): Promise<StockRow[]> {
  const rows = await lowStockProducts(db)
    .select((eb) => [
      'id',
      'name',
      'stock',
      eb.fn.coalesce('low_stock_threshold', sql.lit(DEFAULT_LOW_STOCK_THRESHOLD)).as('threshold'),
    ])
    .$if(which === 'low', (qb) => qb.where('stock', '>', 0).orderBy('stock'))
    .$if(which === 'out', (qb) => qb.where('stock', '=', 0))
    .orderBy('name_sort')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, stock: Number(row.stock), threshold: Number(row.threshold) }));
}
