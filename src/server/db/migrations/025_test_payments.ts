import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Test payments: orders whose online payment was taken by the payment sandbox, where no money moved.
 *
 * - orders.test_payment (0 or 1): set in the statement that records a payment as received while
 *   the sandbox runs (payments/service.ts markPaid), never cleared. The admin's orders, the invoice and
 *   the CSV export say so; the Dashboard's revenue leaves such orders out.
 * - order_day_totals.test_count and test_amount_paisa: the part of each totals row (day, status,
 *   payment method and status) made of test-payment orders, so revenue is the row's amount less
 *   that part; the counts of orders by status still include them.
 * - The Dashboard's triggers of migration 019 are made again with the flag: a test-payment order
 *   never counts as revenue (its lines never reach the product sales), and a change of the flag
 *   moves the order between the parts as a change of status does.
 * - Orders already paid through the sandbox (a payment try whose reference the sandbox took and
 *   completed) are marked; the new triggers put the figures right as they are marked.
 */

/** The Nepal date ('YYYY-MM-DD') of an ISO-8601 UTC text column (as migration 019). */
const nepalDay = (pg: boolean, column: string) =>
  pg ? `to_char(${column}::timestamp + interval '345 minutes', 'YYYY-MM-DD')` : `date(${column}, '+345 minutes')`;

/** Whether an order row `r` counts as revenue: paid online or delivered cash on delivery, and not a test payment. */
const countsAsRevenue = (r: string) =>
  `(${r}.test_payment = 0 and (${r}.payment_status = 'paid' or (${r}.payment_method = 'cod' and ${r}.status = 'delivered')))`;

const TOTALS_KEY = 'day, status, payment_method, payment_status';
const WATCHED = 'status, payment_method, payment_status, total_paisa, test_payment';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('orders')
    .addColumn('test_payment', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`test_payment in (0, 1)`),
    )
    .execute();
  await db.schema
    .alterTable('order_day_totals')
    .addColumn('test_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_day_totals')
    .addColumn('test_amount_paisa', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  await dropTriggers(db, pg);
  if (pg) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  // Orders paid through the sandbox before the flag existed: a completed sandbox payment of one of their tries.
  await sql`update orders set test_payment = 1
    where payment_method in ('esewa', 'khalti') and payment_status in ('paid', 'refund_due', 'refunded')
      and exists (
        select 1 from payment_attempts a join sandbox_payments s on s.gateway = a.method and s.reference = a.reference
        where a.order_id = orders.id and a.status in ('paid', 'refund_due', 'refunded')
          and s.status in ('COMPLETE', 'Completed')
      )`.execute(db);
}

async function dropTriggers(db: Kysely<unknown>, pg: boolean): Promise<void> {
  for (const [trigger, table] of [
    ['order_day_totals_insert', 'orders'],
    ['order_day_totals_update', 'orders'],
    ['product_sales_items_insert', 'order_items'],
  ] as const) {
    await sql`drop trigger if exists ${sql.ref(trigger)}${sql.raw(pg ? ` on ${table}` : '')}`.execute(db);
  }
  if (pg) {
    for (const fn of ['order_day_totals_inserted', 'order_day_totals_updated', 'product_sales_items_inserted']) {
      await sql`drop function if exists ${sql.ref(fn)}()`.execute(db);
    }
  }
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const day = (column: string) => nepalDay(true, column);
  const upsertTotals = `on conflict (${TOTALS_KEY}) do update set
    order_count = order_day_totals.order_count + excluded.order_count,
    amount_paisa = order_day_totals.amount_paisa + excluded.amount_paisa,
    test_count = order_day_totals.test_count + excluded.test_count,
    test_amount_paisa = order_day_totals.test_amount_paisa + excluded.test_amount_paisa`;
  /** The lines of order `new` into product sales, times `direction` (+1 or -1). */
  const sales = (table: 'product_day_sales' | 'product_month_sales', span: string) => `
    insert into ${table} (${span}, product_id, units, revenue_paisa)
    select ${span === 'day' ? day('new.created_at') : `substr(${day('new.created_at')}, 1, 7)`}, i.product_id,
      direction * sum(i.quantity), direction * sum(i.quantity * i.unit_price_paisa)
    from order_items i where i.order_id = new.id group by i.product_id order by i.product_id
    on conflict (${span}, product_id) do update set units = ${table}.units + excluded.units,
      revenue_paisa = ${table}.revenue_paisa + excluded.revenue_paisa`;
  /** New lines of orders that count, from the transition table new_items. */
  const itemSales = (table: 'product_day_sales' | 'product_month_sales', span: string) => `
    insert into ${table} (${span}, product_id, units, revenue_paisa)
    select ${span === 'day' ? day('o.created_at') : `substr(${day('o.created_at')}, 1, 7)`} as k, i.product_id,
      sum(i.quantity), sum(i.quantity * i.unit_price_paisa)
    from new_items i join orders o on o.id = i.order_id where ${countsAsRevenue('o')}
    group by 1, 2 order by 1, 2
    on conflict (${span}, product_id) do update set units = ${table}.units + excluded.units,
      revenue_paisa = ${table}.revenue_paisa + excluded.revenue_paisa`;

  await sql
    .raw(
      `create function order_day_totals_inserted() returns trigger language plpgsql as $$
      begin
        insert into order_day_totals (${TOTALS_KEY}, order_count, amount_paisa, test_count, test_amount_paisa)
        select ${day('n.created_at')}, n.status, n.payment_method, n.payment_status, count(*), sum(n.total_paisa),
          sum(n.test_payment), sum(n.test_payment * n.total_paisa)
        from new_orders n group by 1, 2, 3, 4 order by 1, 2, 3, 4
        ${upsertTotals};
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function order_day_totals_updated() returns trigger language plpgsql as $$
      declare direction integer;
      begin
        insert into order_day_totals (${TOTALS_KEY}, order_count, amount_paisa, test_count, test_amount_paisa)
        select k.day, k.status, k.payment_method, k.payment_status, sum(k.n), sum(k.amount), sum(k.tests), sum(k.test_amount) from (
          select ${day('old.created_at')} as day, old.status as status, old.payment_method as payment_method,
            old.payment_status as payment_status, -1 as n, -old.total_paisa as amount,
            -old.test_payment as tests, -old.test_payment * old.total_paisa as test_amount
          union all
          select ${day('new.created_at')}, new.status, new.payment_method, new.payment_status, 1, new.total_paisa,
            new.test_payment, new.test_payment * new.total_paisa
        ) k group by 1, 2, 3, 4 order by 1, 2, 3, 4
        ${upsertTotals};
        if ${countsAsRevenue('old')} is distinct from ${countsAsRevenue('new')} then
          direction := case when ${countsAsRevenue('new')} then 1 else -1 end;
          ${sales('product_day_sales', 'day')};
          ${sales('product_month_sales', 'month')};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function product_sales_items_inserted() returns trigger language plpgsql as $$
      begin
        ${itemSales('product_day_sales', 'day')};
        ${itemSales('product_month_sales', 'month')};
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger order_day_totals_insert after insert on orders
    referencing new table as new_orders for each statement execute function order_day_totals_inserted()`.execute(db);
  await sql
    .raw(
      `create trigger order_day_totals_update after update of ${WATCHED} on orders
      for each row when (
        old.status is distinct from new.status or old.payment_method is distinct from new.payment_method
        or old.payment_status is distinct from new.payment_status or old.total_paisa is distinct from new.total_paisa
        or old.test_payment is distinct from new.test_payment
      ) execute function order_day_totals_updated()`,
    )
    .execute(db);
  await sql`create trigger product_sales_items_insert after insert on order_items
    referencing new table as new_items for each statement execute function product_sales_items_inserted()`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const day = (column: string) => nepalDay(false, column);
  const totals = (r: 'old' | 'new', sign: 1 | -1) => `
    insert into order_day_totals (${TOTALS_KEY}, order_count, amount_paisa, test_count, test_amount_paisa)
    values (${day(`${r}.created_at`)}, ${r}.status, ${r}.payment_method, ${r}.payment_status, ${sign}, ${sign} * ${r}.total_paisa,
      ${sign} * ${r}.test_payment, ${sign} * ${r}.test_payment * ${r}.total_paisa)
    on conflict (${TOTALS_KEY}) do update set order_count = order_count + excluded.order_count,
      amount_paisa = amount_paisa + excluded.amount_paisa, test_count = test_count + excluded.test_count,
      test_amount_paisa = test_amount_paisa + excluded.test_amount_paisa;`;
  const upsertSales = (span: string) =>
    `on conflict (${span}, product_id) do update set units = units + excluded.units, revenue_paisa = revenue_paisa + excluded.revenue_paisa;`;
  const spanOf = (span: string, column: string) => (span === 'day' ? day(column) : `substr(${day(column)}, 1, 7)`);
  /** When an update changes whether the order counts: its lines added (it now counts) or taken away. */
  const sales = (table: string, span: string) => `
    insert into ${table} (${span}, product_id, units, revenue_paisa)
    select ${spanOf(span, 'new.created_at')}, product_id,
      sum(quantity) * (case when ${countsAsRevenue('new')} then 1 else -1 end),
      sum(quantity * unit_price_paisa) * (case when ${countsAsRevenue('new')} then 1 else -1 end)
    from order_items where order_id = new.id and ${countsAsRevenue('old')} <> ${countsAsRevenue('new')}
    group by product_id ${upsertSales(span)}`;
  const itemSales = (table: string, span: string) => `
    insert into ${table} (${span}, product_id, units, revenue_paisa)
    select ${spanOf(span, 'o.created_at')}, new.product_id, new.quantity, new.quantity * new.unit_price_paisa
    from orders o where o.id = new.order_id ${upsertSales(span)}`;

  await sql.raw(`create trigger order_day_totals_insert after insert on orders begin ${totals('new', 1)} end`).execute(db);
  await sql
    .raw(
      `create trigger order_day_totals_update after update of ${WATCHED} on orders
      when old.status is not new.status or old.payment_method is not new.payment_method
        or old.payment_status is not new.payment_status or old.total_paisa is not new.total_paisa
        or old.test_payment is not new.test_payment
      begin
        ${totals('old', -1)}
        ${totals('new', 1)}
        ${sales('product_day_sales', 'day')}
        ${sales('product_month_sales', 'month')}
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger product_sales_items_insert after insert on order_items
      when exists (select 1 from orders o where o.id = new.order_id and ${countsAsRevenue('o')})
      begin
        ${itemSales('product_day_sales', 'day')}
        ${itemSales('product_month_sales', 'month')}
      end`,
    )
    .execute(db);
}

/**
 * Back to migration 019's figures: the test-payment orders count as revenue again, so the tables
 * would have to be rebuilt (migration 019's backfill statements); a way back is not offered.
 */
export async function down(): Promise<void> {
  throw new Error('025_test_payments cannot be undone: rebuild the Dashboard tables from migration 019 instead');
}
