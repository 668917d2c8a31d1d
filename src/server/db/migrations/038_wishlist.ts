import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './helpers.js';

/**
 * The wishlist and the alerts that bring shoppers back (ADR 0043).
 *
 * - wishlist_items: one row per shopper and product, the heart on a card saved to the account.
 *   The primary key makes adding the same product twice one row; the service caps a shopper's
 *   rows (WISHLIST_MAX) with the shopper's row locked, so parallel adds cannot pass it.
 * - stock_alerts: "Notify me" on a sold-out product (variant_id 0) or variant; one per shopper and
 *   item; the row is removed when its mail is queued.
 * - alert_opt_outs: the kinds of alert mail a shopper turned off (the Account tab or the one-click
 *   unsubscribe link); checked when the mail's job runs.
 * - Triggers on products and product_variants queue a 'stock-alert' job in the transaction of any
 *   write that takes a sold-out item back into stock (the product form, the variants editor, the
 *   CSV import, a cancelled order giving units back, an Undo), when someone waits for it. One
 *   place for every path; the job (features/alerts) mails the shoppers waiting.
 * - alert_sends: one row per shopper, kind and period (a Nepal day for price drops): the unique
 *   key is what holds "at most one a day" when price changes come in parallel.
 * - A trigger on products queues a 'price-drop' job when the price a shopper pays (the sale price
 *   when below the regular one) falls and someone has the product on their wishlist.
 * - Triggers on cart_items (a line added or its quantity changed) put the shopper's one queued
 *   'cart-reminder' job 24 hours after that change (the row's updated_at, from the shop's clock),
 *   replacing the one queued before: the reminder comes for a cart left alone for a day.
 */

export const STOCK_ALERT_JOB = 'stock-alert';
export const PRICE_DROP_JOB = 'price-drop';
export const CART_REMINDER_JOB = 'cart-reminder';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = serialId(db);
  await db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
    .execute();
  // Who has a product on their wishlist (the price-drop alert looks it up by product).
  await db.schema.createIndex('wishlist_items_product').on('wishlist_items').columns(['product_id', 'user_id']).execute();

  await db.schema
    .createTable('stock_alerts')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('stock_alerts_once', ['user_id', 'product_id', 'variant_id'])
    .execute();
  await db.schema.createIndex('stock_alerts_item').on('stock_alerts').columns(['product_id', 'variant_id', 'id']).execute();

  await db.schema
    .createTable('alert_opt_outs')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('alert_opt_outs_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('alert_sends')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('alert_sends_pk', ['user_id', 'kind', 'period'])
    .execute();

  const now = pg
    ? `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const sides = [
    { table: 'products', product: 'new.id', variant: '0' },
    { table: 'product_variants', product: 'new.product_id', variant: 'new.id' },
  ];
  for (const side of sides) {
    const key = `'${STOCK_ALERT_JOB}:' || ${side.product} || ':' || ${side.variant}`;
    const queue = `insert into jobs (kind, key, payload, summary, status, run_at, attempts, max_attempts, created_at, updated_at)
      select '${STOCK_ALERT_JOB}', ${key},
        '{"productId":' || ${side.product} || ',"variantId":' || ${side.variant} || '}',
        'Back in stock: product ' || ${side.product} || ' variant ' || ${side.variant},
        'queued', ${now}, 0, 5, ${now}, ${now}
      where exists (select 1 from stock_alerts where product_id = ${side.product} and variant_id = ${side.variant})
        and not exists (select 1 from jobs where key = ${key} and status = 'queued');`;
    const rose = 'old.stock is not null and old.stock <= 0 and (new.stock is null or new.stock > 0)';
    if (pg) {
      await sql
        .raw(
          `create function ${side.table}_back_in_stock() returns trigger language plpgsql as $$
          begin
            ${queue}
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${side.table}_back_in_stock after update of stock on ${side.table}
          for each row when (${rose}) execute function ${side.table}_back_in_stock()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(`create trigger ${side.table}_back_in_stock after update of stock on ${side.table} when ${rose} begin ${queue} end`)
        .execute(db);
    }
  }

  // The price a shopper pays fell: queue one price-drop job for the product (with the prices).
  const paid = (row: string) =>
    `(case when ${row}.sale_price_paisa is not null and ${row}.sale_price_paisa < ${row}.price_paisa then ${row}.sale_price_paisa else ${row}.price_paisa end)`;
  const fell = `${paid('new')} < ${paid('old')} and new.deleted_at is null`;
  const queueDrop = `insert into jobs (kind, key, payload, summary, status, run_at, attempts, max_attempts, created_at, updated_at)
      select '${PRICE_DROP_JOB}', null,
        '{"productId":' || new.id || ',"fromPaisa":' || ${paid('old')} || ',"toPaisa":' || ${paid('new')} || '}',
        'Price drop: product ' || new.id,
        'queued', ${now}, 0, 5, ${now}, ${now}
      where exists (select 1 from wishlist_items where product_id = new.id);`;
  if (pg) {
    await sql
      .raw(`create function products_price_dropped() returns trigger language plpgsql as $$ begin ${queueDrop} return null; end $$`)
      .execute(db);
    await sql
      .raw(
        `create trigger products_price_dropped after update of price_paisa, sale_price_paisa on products
        for each row when (${fell}) execute function products_price_dropped()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(`create trigger products_price_dropped after update of price_paisa, sale_price_paisa on products when ${fell} begin ${queueDrop} end`)
      .execute(db);
  }

  const dayLater = pg
    ? `to_char((new.updated_at::timestamptz + interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', new.updated_at, '+1 day')`;
  const cartKey = `'${CART_REMINDER_JOB}:' || new.user_id`;
  const remind = `delete from jobs where key = ${cartKey} and status = 'queued';
      insert into jobs (kind, key, payload, summary, status, run_at, attempts, max_attempts, created_at, updated_at)
      values ('${CART_REMINDER_JOB}', ${cartKey}, '{"userId":' || new.user_id || '}', 'Cart reminder: shopper ' || new.user_id,
        'queued', ${dayLater}, 0, 5, ${now}, ${now});`;
  if (pg) {
    await sql.raw(`create function cart_items_remind() returns trigger language plpgsql as $$ begin ${remind} return null; end $$`).execute(db);
    await sql
      .raw(`create trigger cart_items_remind_insert after insert on cart_items for each row execute function cart_items_remind()`)
      .execute(db);
    await sql
      .raw(
        `create trigger cart_items_remind_update after update of quantity on cart_items
        for each row when (old.quantity is distinct from new.quantity) execute function cart_items_remind()`,
      )
      .execute(db);
  } else {
    await sql.raw(`create trigger cart_items_remind_insert after insert on cart_items begin ${remind} end`).execute(db);
    await sql
      .raw(`create trigger cart_items_remind_update after update of quantity on cart_items when old.quantity is not new.quantity begin ${remind} end`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const table of ['products', 'product_variants']) {
    await sql.raw(`drop trigger if exists ${table}_back_in_stock${pg ? ` on ${table}` : ''}`).execute(db);
    if (pg) await sql.raw(`drop function if exists ${table}_back_in_stock()`).execute(db);
  }
  for (const name of ['cart_items_remind_insert', 'cart_items_remind_update']) {
    await sql.raw(`drop trigger if exists ${name}${pg ? ' on cart_items' : ''}`).execute(db);
  }
  if (pg) await sql.raw('drop function if exists cart_items_remind()').execute(db);
  await sql.raw(`drop trigger if exists products_price_dropped${pg ? ' on products' : ''}`).execute(db);
  if (pg) await sql.raw('drop function if exists products_price_dropped()').execute(db);
  await db.schema.dropTable('alert_sends').execute();
  await db.schema.dropTable('alert_opt_outs').execute();
  await db.schema.dropTable('stock_alerts').execute();
  await db.schema.dropTable('wishlist_items').execute();
}
