import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.js';
import { type Db, normalise, type OrderRow, orderRowsQuery } from './queries.js';

/** SQL of the admin's order list and its CSV export: the filter, pages and keyset batches. */

type Status = OrdersTable['status'];

export interface OrderFilter {
  /** Lower-cased search text. */
  search?: string;
  /** The search text as an order id without hyphens or spaces, upper case (shared compactOrderId). */
  compactId?: string;
  /** The search text as an order's short number ('#1042', '1042'): that order, exactly. */
  number?: number;
  /** ISO bounds on created_at: from inclusive, before exclusive. */
  from?: string;
  before?: string;
  status?: Status;
  paymentStatus?: string;
  paymentMethod?: string;
}

/** `%text%` for LIKE with its wildcards escaped (the query says ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type OrderEb = ExpressionBuilder<Database & { o: Database['orders']; u: Database['users'] }, 'o' | 'u'>;

function filterWhere(eb: OrderEb, filter: OrderFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.search !== undefined) {
    const pattern = containsPattern(filter.search);
    const like = (column: Expression<unknown>) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
    // An id read out in groups ('ORD-HAQ4-W5S9…', 'haq4 w5s9') is looked for in the ids without their hyphen.
    const idForm =
      filter.compactId === undefined ? [] : [sql<SqlBool>`replace(${eb.ref('o.id')}, '-', '') like ${`%${filter.compactId}%`}`];
    conditions.push(
      eb.or([
        ...(filter.number === undefined ? [] : [eb('o.number', '=', filter.number)]),
        ...idForm,
        like(eb.ref('o.id')),
        like(eb.ref('o.full_name')),
        like(sql`${eb.ref('u.first_name')} || ' ' || ${eb.ref('u.last_name')}`),
        like(eb.ref('u.email')),
        like(eb.ref('o.phone')),
        like(eb.ref('u.phone_number')),
      ]),
    );
  }
  if (filter.from !== undefined) conditions.push(eb('o.created_at', '>=', filter.from));
  if (filter.before !== undefined) conditions.push(eb('o.created_at', '<', filter.before));
  if (filter.status !== undefined) conditions.push(eb('o.status', '=', filter.status));
  if (filter.paymentStatus === 'refund_due') {
    // Money to give back: the order's own payment, or a payment beyond it (a second or late one).
    conditions.push(eb.or([eb('o.payment_status', '=', 'refund_due'), eb('o.extra_refund_paisa', '>', 0)]));
  } else if (filter.paymentStatus !== undefined) conditions.push(eb('o.payment_status', '=', filter.paymentStatus));
  if (filter.paymentMethod !== undefined) conditions.push(eb('o.payment_method', '=', filter.paymentMethod));
  return eb.and(conditions);
}

export async function allOrderRows(db: Db): Promise<OrderRow[]> {
  const rows = await orderRowsQuery(db).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute();
  return rows.map(normalise);
}

export async function orderPage(
  db: Db,
  filter: OrderFilter,
  sort: 'date_desc' | 'date_asc',
  limit: number,
  offset: number,
): Promise<OrderRow[]> {
  const direction = sort === 'date_asc' ? 'asc' : 'desc';
  const rows = await orderRowsQuery(db)
    .where((eb) => filterWhere(eb, filter))
    .orderBy('o.created_at', direction)
    .orderBy('o.id', direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(normalise);
}

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => filterWhere(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a keyset walk through the orders stopped: the last row's sort key. */
export interface OrderCursor {
  created_at: string;
  id: string;
}

/**
 * The next `limit` orders of a filter after `after`, in (created_at, id) order: the CSV export walks
 * them batch by batch, each batch its own short query, so neither memory nor a connection is held
 * for the whole walk (on SQLite a held connection would stop every other query).
 */
export async function orderBatchAfter(
  db: Db,
  filter: OrderFilter,
  sort: 'date_desc' | 'date_asc',
  after: OrderCursor | undefined,
  limit: number,
): Promise<OrderRow[]> {
  const direction = sort === 'date_asc' ? 'asc' : 'desc';
  const beyond = direction === 'asc' ? '>' : '<';
  const rows = await orderRowsQuery(db)
    .where((eb) => filterWhere(eb, filter))
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('o.created_at', beyond, after!.created_at),
          eb.and([eb('o.created_at', '=', after!.created_at), eb('o.id', beyond, after!.id)]),
        ]),
      ),
    )
    .orderBy('o.created_at', direction)
    .orderBy('o.id', direction)
    .limit(limit)
    .execute();
  return rows.map(normalise);
}
