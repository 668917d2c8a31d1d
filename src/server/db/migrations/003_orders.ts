import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './helpers.js';

/**
 * Carts, orders, their lines and status history.
 * - cart_items: one line per (shopper, product); adding again raises the quantity.
 * - orders: id is 'ORD-' + 16 random base-32 characters (not guessable by counting). The delivery
 *   address and payment method are stored on the order; idempotency_key (per shopper) makes a
 *   retried checkout answer the order it already made.
 * - order_items: a snapshot of product name, category name and unit price (paisa) at checkout.
 *   stock_reserved is how many units the line took from tracked stock (0 when the product's
 *   stock was not tracked, or after cancelling gave them back).
 * - order_status_history: every status change with the admin who made it.
 * - products.stock can never go below zero: a CHECK on PostgreSQL, a trigger on SQLite (which
 *   cannot add a CHECK to an existing table). Checkout's conditional update is the real guard;
 *   this turns any bug into an error instead of an oversold product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  const pg = isPostgres(db);

  await db.schema
    .createTable('cart_items')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('cart_items_user_product', ['user_id', 'product_id'])
    .addCheckConstraint('cart_items_quantity_positive', sql`quantity > 0`)
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total_paisa', 'bigint', (col) => col.notNull())
    .addColumn('payment_method', 'text', (col) => col.notNull())
    .addColumn('payment_status', 'text', (col) => col.notNull())
    .addColumn('payment_ref', 'text')
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('district', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('landmark', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('orders_status_valid', sql`status in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')`)
    .addCheckConstraint('orders_total_nonnegative', sql`total_paisa >= 0`)
    .execute();
  // A shopper's orders, newest first; the admin list by date (optionally by status).
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_phone').on('orders').column('phone').execute();
  await db.schema
    .createIndex('orders_user_idempotency')
    .on('orders')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('category_name', 'text', (col) => col.notNull())
    .addColumn('unit_price_paisa', 'bigint', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('stock_reserved', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('order_items_quantity_positive', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('order_items_product').on('order_items').column('product_id').execute();

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('admin_id', 'integer', (col) => col.references('admins.id'))
    .addColumn('from_status', 'text', (col) => col.notNull())
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').columns(['order_id', 'id']).execute();

  if (pg) {
    await sql`alter table products add constraint products_stock_nonnegative check (stock is null or stock >= 0)`.execute(db);
  } else {
    await sql`
      create trigger products_stock_nonnegative_update before update of stock on products
      when new.stock is not null and new.stock < 0
      begin
        select raise(abort, 'products.stock cannot be negative');
      end`.execute(db);
    await sql`
      create trigger products_stock_nonnegative_insert before insert on products
      when new.stock is not null and new.stock < 0
      begin
        select raise(abort, 'products.stock cannot be negative');
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table products drop constraint if exists products_stock_nonnegative`.execute(db);
  } else {
    await sql`drop trigger if exists products_stock_nonnegative_update`.execute(db);
    await sql`drop trigger if exists products_stock_nonnegative_insert`.execute(db);
  }
  for (const table of ['order_status_history', 'order_items', 'orders', 'cart_items']) {
    await db.schema.dropTable(table).execute();
  }
}
