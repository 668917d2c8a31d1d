import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The admin's Dashboard (ADR 0021): figures kept by the database, so that a period of a
 * year at 100 000 orders is read from a few thousand rows instead of every order and order line.
 *
 * - order_day_totals(day, status, payment_method, payment_status, order_count, amount_paisa): the
 *   orders placed on each Nepal day, by their status and payment now, and their totals.
 * - product_day_sales(day, product_id, units, revenue_paisa) and product_month_sales(month, …):
 *   the lines of the orders that count as revenue, placed that day (month: 'YYYY-MM'), per product.
 *   An order counts as revenue while it is paid online (payment_status 'paid') or is a delivered
 *   cash-on-delivery order; price × quantity, without the delivery charge.
 * The day is the order's created_at in Nepal Standard Time, UTC+05:45 (no daylight saving): the
 * ISO text moved by 345 minutes, its date. created_at never changes after checkout.
 *
 * Triggers keep the three tables in the transaction of every write, whoever writes (checkout, a
 * status change, a payment, the seed of a benchmark), as migration 006 does for catalogue counts:
 * - an order inserted: its totals row (PostgreSQL: one upsert per statement, over its transition table);
 * - an order's status, payment method, payment status or total changed: -1 from the old totals
 *   row, +1 to the new one; when that changes whether it counts as revenue, its lines are added to
 *   or taken from the product sales;
 * - an order line inserted for an order that already counts (never at checkout, whose orders are
 *   pending; a bulk load of old orders does it).
 * Rows are upserted in key order so that concurrent PostgreSQL writers lock them in one order. SQLite
 * has one writer at a time.
 *
 * Also:
 * - products.low_stock_threshold: null means the shop's default (5, DEFAULT_LOW_STOCK_THRESHOLD of
 *   shared/dashboard.ts), and an index of the products at or under it, so the low-stock list reads
 *   those alone ((stock - coalesce(low_stock_threshold, 5)) <= 0; the 5 is written in the index).
 * - users_verified_created: the new shoppers of a period by their registration time.
 */

/** The Nepal date ('YYYY-MM-DD') of an ISO-8601 UTC text column. */
const nepalDay = (pg: boolean, column: string) =>
  pg ? `to_char(${column}::timestamp + interval '345 minutes', 'YYYY-MM-DD')` : `date(${column}, '+345 minutes')`;

/** Whether an order row `r` counts as revenue. */
const countsAsRevenue = (r: string) =>
  `(${r}.payment_status = 'paid' or (${r}.payment_method = 'cod' and ${r}.status = 'delivered'))`;

const TOTALS_KEY = 'day, status, payment_method, payment_status';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const clustered = sql.raw(pg ? '' : ' without rowid');

  await db.schema
    .alterTable('products')
    .addColumn('low_stock_threshold', 'integer', (col) => col.check(sql`low_stock_threshold >= 0`))
    .execute();
  await sql`create index products_low_stock on products ((stock - coalesce(low_stock_threshold, 5)))
    where deleted_at is null and stock is not null`.execute(db);
  await db.schema
    .createIndex('users_verified_created')
    .on('users')
    .column('created_at')
    .where(sql.ref('email_verified'), '=', 1)
    .execute();

  await sql`create table order_day_totals (
    day text not null,
    status text not null,
    payment_method text not null,
    payment_status text not null,
    order_count bigint not null,
    amount_paisa bigint not null,
    primary key (day, status, payment_method, payment_status)
  )${clustered}`.execute(db);
  for (const [table, span] of [
    ['product_day_sales', 'day'],
    ['product_month_sales', 'month'],
  ] as const) {
    await sql`create table ${sql.table(table)} (
      ${sql.ref(span)} text not null,
      product_id integer not null,
      units bigint not null,
      revenue_paisa bigint not null,
      primary key (${sql.ref(span)}, product_id)
    )${clustered}`.execute(db);
  }

  // What the orders so far add up to.
  await sql`insert into order_day_totals (${sql.raw(TOTALS_KEY)}, order_count, amount_paisa)
    select ${sql.raw(nepalDay(pg, 'created_at'))}, status, payment_method, payment_status, count(*), sum(total_paisa)
    from orders group by 1, 2, 3, 4`.execute(db);
  await sql`insert into product_day_sales (day, product_id, units, revenue_paisa)
    select ${sql.raw(nepalDay(pg, 'o.created_at'))}, i.product_id, sum(i.quantity), sum(i.quantity * i.unit_price_paisa)
    from order_items i join orders o on o.id = i.order_id
    where ${sql.raw(countsAsRevenue('o'))} group by 1, 2`.execute(db);
  await sql`insert into product_month_sales (month, product_id, units, revenue_paisa)
    select substr(day, 1, 7), product_id, sum(units), sum(revenue_paisa) from product_day_sales group by 1, 2`.execute(db);

  if (pg) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const day = (column: string) => nepalDay(true, column);
  const upsertTotals = `on conflict (${TOTALS_KEY}) do update set
    order_count = order_day_totals.order_count + excluded.order_count,
    amount_paisa = order_day_totals.amount_paisa + excluded.amount_paisa`;
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
        insert into order_day_totals (${TOTALS_KEY}, order_count, amount_paisa)
        select ${day('n.created_at')}, n.status, n.payment_method, n.payment_status, count(*), sum(n.total_paisa)
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
        insert into order_day_totals (${TOTALS_KEY}, order_count, amount_paisa)
        select k.day, k.status, k.payment_method, k.payment_status, sum(k.n), sum(k.amount) from (
          select ${day('old.created_at')} as day, old.status as status, old.payment_method as payment_method,
            old.payment_status as payment_status, -1 as n, -old.total_paisa as amount
          union all
          select ${day('new.created_at')}, new.status, new.payment_method, new.payment_status, 1, new.total_paisa
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
  await sql`create trigger order_day_totals_update
    after update of status, payment_method, payment_status, total_paisa on orders
    for each row when (
      old.status is distinct from new.status or old.payment_method is distinct from new.payment_method
      or old.payment_status is distinct from new.payment_status or old.total_paisa is distinct from new.total_paisa
    ) execute function order_day_totals_updated()`.execute(db);
  await sql`create trigger product_sales_items_insert after insert on order_items
    referencing new table as new_items for each statement execute function product_sales_items_inserted()`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const day = (column: string) => nepalDay(false, column);
  const totals = (r: 'old' | 'new', sign: 1 | -1) => `
    insert into order_day_totals (${TOTALS_KEY}, order_count, amount_paisa)
    values (${day(`${r}.created_at`)}, ${r}.status, ${r}.payment_method, ${r}.payment_status, ${sign}, ${sign} * ${r}.total_paisa)
    on conflict (${TOTALS_KEY}) do update set order_count = order_count + excluded.order_count,
      amount_paisa = amount_paisa + excluded.amount_paisa;`;
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
      `create trigger order_day_totals_update after update of status, payment_method, payment_status, total_paisa on orders
      when old.status is not new.status or old.payment_method is not new.payment_method
        or old.payment_status is not new.payment_status or old.total_paisa is not new.total_paisa
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

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
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
  for (const table of ['product_month_sales', 'product_day_sales', 'order_day_totals'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('users_verified_created').execute();
  await db.schema.dropIndex('products_low_stock').execute();
  await db.schema.alterTable('products').dropColumn('low_stock_threshold').execute();
}
