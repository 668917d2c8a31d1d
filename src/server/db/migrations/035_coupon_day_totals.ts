import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The Dashboard's coupon figures (ADR 0040, kept as ADR 0021 keeps the other figures):
 *
 * - coupon_day_totals(day, code, order_count, revenue_paisa, discount_paisa): per Nepal day of
 *   placing and coupon code, the orders with that code that count as revenue now (paid online, or
 *   cash on delivery and delivered; never a test payment), their totals and the discounts they were given.
 *
 * Triggers keep it in the transaction of every write, as migrations 019 and 025 do for
 * order_day_totals: an order inserted that already counts (a bulk load; checkout's orders are
 * pending); an order whose status, payment, total, test flag, discount or code changes leaves its
 * old row if it counted and joins its new row if it counts (one upsert, in key order, so that
 * concurrent PostgreSQL writers lock rows in one order). A cancelled order, a refund or a test
 * payment therefore takes the order's discount and revenue out of its day.
 * A year is read from about (days × codes used) rows, whatever the number of orders.
 */

/** The Nepal date ('YYYY-MM-DD') of an ISO-8601 UTC text column (as migration 019). */
const nepalDay = (pg: boolean, column: string) =>
  pg ? `to_char(${column}::timestamp + interval '345 minutes', 'YYYY-MM-DD')` : `date(${column}, '+345 minutes')`;

/** Whether an order row `r` is in the table: it has a coupon code and counts as revenue (as migration 025). */
const counted = (r: string) =>
  `(${r}.coupon_code is not null and ${r}.test_payment = 0 and (${r}.payment_status = 'paid' or (${r}.payment_method = 'cod' and ${r}.status = 'delivered')))`;

const WATCHED = ['status', 'payment_method', 'payment_status', 'total_paisa', 'test_payment', 'discount_paisa', 'coupon_code'];
const changed = (distinct: string) => WATCHED.map((column) => `old.${column} ${distinct} new.${column}`).join(' or ');
const COLUMNS = 'day, code, order_count, revenue_paisa, discount_paisa';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const day = (column: string) => nepalDay(pg, column);
  await sql`create table coupon_day_totals (
    day text not null,
    code text not null,
    order_count bigint not null,
    revenue_paisa bigint not null,
    discount_paisa bigint not null,
    primary key (day, code)
  )${sql.raw(pg ? '' : ' without rowid')}`.execute(db);

  const upsert = `on conflict (day, code) do update set
    order_count = coupon_day_totals.order_count + excluded.order_count,
    revenue_paisa = coupon_day_totals.revenue_paisa + excluded.revenue_paisa,
    discount_paisa = coupon_day_totals.discount_paisa + excluded.discount_paisa`;
  /** The old row out (if it counted) and the new one in (if it counts), netted per key. */
  const moved = `
    insert into coupon_day_totals (${COLUMNS})
    select k.day, k.code, sum(k.n), sum(k.revenue), sum(k.discount) from (
      select ${day('old.created_at')} as day, old.coupon_code as code, -1 as n, -old.total_paisa as revenue,
        -old.discount_paisa as discount where ${counted('old')}
      union all
      select ${day('new.created_at')}, new.coupon_code, 1, new.total_paisa, new.discount_paisa where ${counted('new')}
    ) k where true group by k.day, k.code order by k.day, k.code
    ${upsert};`;

  if (pg) {
    await sql
      .raw(
        `create function coupon_day_totals_inserted() returns trigger language plpgsql as $$
        begin
          insert into coupon_day_totals (${COLUMNS})
          select ${day('n.created_at')}, n.coupon_code, count(*), sum(n.total_paisa), sum(n.discount_paisa)
          from new_orders n where ${counted('n')} group by 1, 2 order by 1, 2
          ${upsert};
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function coupon_day_totals_updated() returns trigger language plpgsql as $$
        begin
          ${moved}
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger coupon_day_totals_insert after insert on orders
      referencing new table as new_orders for each statement execute function coupon_day_totals_inserted()`.execute(db);
    await sql
      .raw(
        `create trigger coupon_day_totals_update after update of ${WATCHED.join(', ')} on orders
        for each row when ((${counted('old')} or ${counted('new')}) and (${changed('is distinct from')}))
        execute function coupon_day_totals_updated()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger coupon_day_totals_insert after insert on orders when ${counted('new')} begin
          insert into coupon_day_totals (${COLUMNS})
          values (${day('new.created_at')}, new.coupon_code, 1, new.total_paisa, new.discount_paisa)
          ${upsert};
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger coupon_day_totals_update after update of ${WATCHED.join(', ')} on orders
        when (${counted('old')} or ${counted('new')}) and (${changed('is not')})
        begin ${moved} end`,
      )
      .execute(db);
  }

  // The orders already placed.
  await sql
    .raw(
      `insert into coupon_day_totals (${COLUMNS})
      select ${day('o.created_at')}, o.coupon_code, count(*), sum(o.total_paisa), sum(o.discount_paisa)
      from orders o where ${counted('o')} group by 1, 2 order by 1, 2`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const trigger of ['coupon_day_totals_insert', 'coupon_day_totals_update']) {
    await sql`drop trigger if exists ${sql.ref(trigger)}${sql.raw(pg ? ' on orders' : '')}`.execute(db);
  }
  if (pg) {
    for (const fn of ['coupon_day_totals_inserted', 'coupon_day_totals_updated']) {
      await sql`drop function if exists ${sql.ref(fn)}()`.execute(db);
    }
  }
  await db.schema.dropTable('coupon_day_totals').execute();
}
