import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { PreparedQuery } from '../../db/client.js';
import type { Database } from '../../db/schema.js';

/**
 * SQL of the admin's Dashboard. The period's figures are read from the tables the database keeps
 * (migration 019: order_day_totals, product_day_sales, product_month_sales; migration 035:
 * coupon_day_totals), so a year costs a few thousand rows whatever the number of orders; the waiting orders from indexes of the orders
 * themselves (the stock lists are in stock-queries.ts). Days are Nepal days, 'YYYY-MM-DD', compared as text.
 *
 * Each statement is a PreparedQuery (built and compiled once per dialect): building these
 * statements with Kysely on every request cost more CPU than running some of them. Their fixed
 * values are literals (sql.lit), the request's values placeholders.
 */

type Db = Kysely<Database>;
type Totals = ExpressionBuilder<Database, 'order_day_totals'>;

/** A first and a last day (or month), both included. */
export type Span = readonly [first: string, last: string];
/** A span that holds nothing (its first comes after its last). */
const NOTHING: Span = ['9999', '0000'];

/** Paid online: the gateway confirmed it and it is neither refunded nor due a refund. */
const paidOnline = (eb: Totals) => eb('payment_status', '=', sql.lit('paid'));
/** A cash-on-delivery order delivered: the courier has the money (never "paid": that is an online payment). */
const codDelivered = (eb: Totals) =>
  eb.and([
    eb('payment_method', '=', sql.lit('cod')),
    eb('status', '=', sql.lit('delivered')),
    eb('payment_status', '!=', sql.lit('paid')),
  ]);

/** A totals row's amount without its test payments (the sandbox took them: no money moved). */
const revenuePaisa = (eb: Totals) => eb('amount_paisa', '-', eb.ref('test_amount_paisa'));

const sum = (value: unknown) => Number(value ?? 0);

// ---------------------------------------------------------------------------------------------
// The period

const periodTotalsQuery = new PreparedQuery<TotalsRow, [first: string, last: string]>('dashboard-period-totals', (db, $) =>
  db
    .selectFrom('order_day_totals')
    .select((eb) => [
      'status',
      'payment_method',
      'payment_status',
      eb.fn.sum<number>('order_count').as('orders'),
      eb.fn.sum<number>('amount_paisa').as('amount_paisa'),
      eb.fn.sum<number>('test_count').as('test_orders'),
      eb.fn.sum<number>('test_amount_paisa').as('test_amount_paisa'),
    ])
    .where('day', '>=', $(0))
    .where('day', '<=', $(1))
    .groupBy(['status', 'payment_method', 'payment_status']),
);

export interface TotalsRow {
  status: string;
  payment_method: string;
  payment_status: string;
  orders: number;
  amount_paisa: number;
  /** Of these, the test-payment orders (the sandbox took their payment): never revenue. */
  test_orders: number;
  test_amount_paisa: number;
}

/** The orders placed in the period, by status and payment now: how many, and their totals. */
export async function periodTotals(db: Db, days: Span): Promise<TotalsRow[]> {
  const rows = await periodTotalsQuery.rows(db, days[0], days[1]);
  return rows.map((row) => ({
    ...row,
    orders: sum(row.orders),
    amount_paisa: sum(row.amount_paisa),
    test_orders: sum(row.test_orders),
    test_amount_paisa: sum(row.test_amount_paisa),
  }));
}

const dailyTotalsQuery = new PreparedQuery<
  { day: string; orders: number; online_paisa: number; cod_paisa: number },
  [first: string, last: string]
>('dashboard-daily-totals', (db, $) =>
  db
    .selectFrom('order_day_totals')
    .select((eb) => [
      'day',
      eb.fn.sum<number>('order_count').as('orders'),
      eb.fn.sum<number>(eb.case().when(paidOnline(eb)).then(revenuePaisa(eb)).else(sql.lit(0)).end()).as('online_paisa'),
      eb.fn.sum<number>(eb.case().when(codDelivered(eb)).then(revenuePaisa(eb)).else(sql.lit(0)).end()).as('cod_paisa'),
    ])
    .where('day', '>=', $(0))
    .where('day', '<=', $(1))
    .groupBy('day')
    .orderBy('day'),
);

export interface DayRow {
  day: string;
  orders: number;
  online_paisa: number;
  cod_paisa: number;
}

/** Per day of the period that has orders: how many were placed, and the revenue of each kind (read in key order, no sorting). */
export async function dailyTotals(db: Db, days: Span): Promise<DayRow[]> {
  const rows = await dailyTotalsQuery.rows(db, days[0], days[1]);
  return rows.map((row) => ({
    day: row.day,
    orders: sum(row.orders),
    online_paisa: sum(row.online_paisa),
    cod_paisa: sum(row.cod_paisa),
  }));
}

const refundedReturnsQuery = new PreparedQuery<RefundedReturnRow, [start: string, end: string]>(
  'dashboard-refunded-returns',
  (db, $) =>
    db
      .selectFrom('returns as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['o.created_at', 'o.status', 'o.payment_method', 'o.payment_status', 'r.refund_paisa'])
      .where('r.status', '=', sql.lit('refunded'))
      // A return is asked for after its order was placed: the status index is read from the period's start.
      .where('r.created_at', '>=', $(0))
      .where('o.created_at', '>=', $(0))
      .where('o.created_at', '<', $(1))
      .where('o.test_payment', '=', sql.lit(0)),
);

export interface RefundedReturnRow {
  created_at: string;
  status: string;
  payment_method: string;
  payment_status: string;
  refund_paisa: number;
}

/**
 * The returns settled by refund (the money is back with the shopper) of the orders placed from
 * `start` to before `end` (instants): each with its order's placing time, status and payment, so
 * the revenue of the order's day can be made net of the returned lines.
 */
export async function refundedReturns(db: Db, start: string, end: string): Promise<RefundedReturnRow[]> {
  const rows = await refundedReturnsQuery.rows(db, start, end);
  return rows.map((row) => ({ ...row, refund_paisa: sum(row.refund_paisa) }));
}

// ---------------------------------------------------------------------------------------------
// Top products

/**
 * Sales of a month span and two day spans (each a range of its table's primary key, one after
 * another), per product; then the top $(6) by line revenue and the top $(6) by units.
 */
const topProductsQuery = new PreparedQuery<
  { list: string; product_id: number; units: number; revenue_paisa: number },
  [months: string, monthsEnd: string, daysA: string, daysAEnd: string, daysB: string, daysBEnd: string, limit: number]
>('dashboard-top-products', (db, $) =>
  db
    .with(
      (cte) => cte('sales').materialized(),
      (qb) =>
        qb
          .selectFrom((eb) =>
            eb
              .selectFrom('product_month_sales')
              .select(['product_id', 'units', 'revenue_paisa'])
              .where('month', '>=', $(0))
              .where('month', '<=', $(1))
              .unionAll(
                eb
                  .selectFrom('product_day_sales')
                  .select(['product_id', 'units', 'revenue_paisa'])
                  .where('day', '>=', $(2))
                  .where('day', '<=', $(3)),
              )
              .unionAll(
                eb
                  .selectFrom('product_day_sales')
                  .select(['product_id', 'units', 'revenue_paisa'])
                  .where('day', '>=', $(4))
                  .where('day', '<=', $(5)),
              )
              .as('s'),
          )
          .select((eb) => [
            's.product_id',
            eb.fn.sum<number>('s.units').as('units'),
            eb.fn.sum<number>('s.revenue_paisa').as('revenue_paisa'),
          ])
          .groupBy('s.product_id')
          .having((eb) => eb.fn.sum('s.units'), '>', sql.lit(0)),
    )
    .selectFrom((eb) =>
      eb
        .selectFrom('sales')
        .select(['product_id', 'units', 'revenue_paisa', sql.lit('revenue').as('list')])
        .orderBy('revenue_paisa', 'desc')
        .orderBy('units', 'desc')
        .orderBy('product_id')
        .limit($(6))
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
            .limit($(6))
            .as('by_units'),
        )
        .selectAll(),
    ),
);

export interface SalesRow {
  list: 'revenue' | 'units';
  product_id: number;
  name: string;
  units: number;
  revenue_paisa: number;
}

/**
 * The best-selling products of the orders that count as revenue: the top `limit` by line revenue
 * and the top `limit` by units. `months` are read from the monthly table and `days` (at most two
 * spans: the days outside whole months) from the daily one; together they must cover the period once.
 */
export async function topProducts(db: Db, spans: { months?: Span; days: Span[] }, limit: number): Promise<SalesRow[]> {
  if (spans.days.length > 2) throw new Error('topProducts reads at most two spans of days');
  const months = spans.months ?? NOTHING;
  const [a = NOTHING, b = NOTHING] = spans.days;
  const rows = await topProductsQuery.rows(db, months[0], months[1], a[0], a[1], b[0], b[1], limit);
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

// ---------------------------------------------------------------------------------------------
// Coupons

const couponTotalsQuery = new PreparedQuery<
  { code: string; orders: number; revenue_paisa: number; discount_paisa: number; all_orders: number; all_discount_paisa: number },
  [first: string, last: string, limit: number]
>('dashboard-coupon-totals', (db, $) =>
  db
    .selectFrom('coupon_day_totals')
    .select((eb) => [
      'code',
      eb.fn.sum<number>('order_count').as('orders'),
      eb.fn.sum<number>('revenue_paisa').as('revenue_paisa'),
      eb.fn.sum<number>('discount_paisa').as('discount_paisa'),
      // Of every code of the period, before the limit: the discounts given in all.
      sql<number>`sum(sum(order_count)) over ()`.as('all_orders'),
      sql<number>`sum(sum(discount_paisa)) over ()`.as('all_discount_paisa'),
    ])
    .where('day', '>=', $(0))
    .where('day', '<=', $(1))
    .groupBy('code')
    .having((eb) => eb.fn.sum('order_count'), '>', sql.lit(0))
    .orderBy('revenue_paisa', 'desc')
    .orderBy('orders', 'desc')
    .orderBy('code')
    .limit($(2)),
);

export interface CouponRow {
  code: string;
  orders: number;
  revenue_paisa: number;
  discount_paisa: number;
}

/**
 * The coupons of the orders that count as revenue (migration 035's coupon_day_totals, a range of
 * its key): the top `limit` codes by revenue, and the orders and discounts of every code together.
 * A code whose orders all stopped counting nets to nothing and is left out.
 */
export async function couponTotals(
  db: Db,
  days: Span,
  limit: number,
): Promise<{ orders: number; discountPaisa: number; top: CouponRow[] }> {
  const rows = await couponTotalsQuery.rows(db, days[0], days[1], limit);
  return {
    orders: sum(rows[0]?.all_orders),
    discountPaisa: sum(rows[0]?.all_discount_paisa),
    top: rows.map((row) => ({
      code: row.code,
      orders: sum(row.orders),
      revenue_paisa: sum(row.revenue_paisa),
      discount_paisa: sum(row.discount_paisa),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// New shoppers

const newShoppersQuery = new PreparedQuery<{ n: number }, [start: string, end: string]>('dashboard-new-shoppers', (db, $) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email_verified', '=', sql.lit(1))
    .where('created_at', '>=', $(0))
    .where('created_at', '<', $(1)),
);

/** Accounts registered from `start` (included) to `end` (excluded), ISO UTC, and verified (index users_verified_created). */
export async function newShoppers(db: Db, start: string, end: string): Promise<number> {
  return Number((await newShoppersQuery.first(db, start, end))?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Orders waiting for action

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

export type WaitingKind = 'pending' | 'awaitingPayment' | 'refundDue' | 'codToConfirm';

const waitingQuery = (kind: WaitingKind) =>
  new PreparedQuery<WaitingRow, [awaitingBefore: string, limit: number]>(`dashboard-waiting-${kind}`, (db, $) =>
    db
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
      .$if(kind === 'pending', (qb) =>
        qb.where('status', '=', sql.lit('pending')).where('payment_status', '!=', sql.lit('awaiting_payment')),
      )
      .$if(kind === 'awaitingPayment', (qb) =>
        qb
          .where('payment_status', '=', sql.lit('awaiting_payment'))
          .where('created_at', '<', $(0))
          .where('status', '!=', sql.lit('cancelled')),
      )
      .$if(kind === 'refundDue', (qb) =>
        qb.where((eb) => eb.or([eb('payment_status', '=', sql.lit('refund_due')), eb('extra_refund_paisa', '>', sql.lit(0))])),
      )
      // Only cash on delivery is pending and unpaid (an online order waits as awaiting_payment).
      .$if(kind === 'codToConfirm', (qb) =>
        qb.where('payment_status', '=', sql.lit('unpaid')).where('status', '=', sql.lit('pending')),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit($(1)),
  );

const waitingQueries = {
  pending: waitingQuery('pending'),
  awaitingPayment: waitingQuery('awaitingPayment'),
  refundDue: waitingQuery('refundDue'),
  codToConfirm: waitingQuery('codToConfirm'),
} satisfies Record<WaitingKind, unknown>;

/**
 * Orders waiting for the admin, the oldest `limit` of a kind with how many there are:
 * - pending: to confirm (an online order still waiting for its payment is the shopper's to pay);
 * - awaitingPayment: an online payment not come by `awaitingBefore` (and the order not cancelled);
 * - refundDue: money taken for a cancelled order, or beyond an order's own payment (a second or
 *   late one), to give back;
 * - codToConfirm: cash on delivery the shop has not confirmed (cancelled after COD_CONFIRM_HOURS).
 * Each reads its index: orders(status, created_at) or orders(payment_status, created_at) (and,
 * for refundDue, the partial index orders_extra_refund beside it).
 */
export async function waitingOrders(db: Db, kind: WaitingKind, awaitingBefore: string, limit: number): Promise<WaitingRow[]> {
  const rows = await waitingQueries[kind].rows(db, awaitingBefore, limit);
  return rows.map((row) => ({ ...row, total_paisa: Number(row.total_paisa), count: Number(row.count) }));
}
