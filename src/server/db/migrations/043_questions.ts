import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { serialId } from './helpers.js';

/**
 * Questions and answers on product pages (ADR 0050).
 * - questions: a shopper's question about a product (plain text), the shop's answer (null until
 *   answered) and when, and status 'visible' or 'hidden' (the admin hid it). The product page reads
 *   the answered, visible ones newest first from questions_product; the admin's queues read
 *   questions_queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('questions')
    .addColumn('id', id.type, id.build)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('visible')
        .check(sql`status in ('visible', 'hidden')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('questions_product')
    .on('questions')
    .columns(['product_id', 'status', 'created_at', 'id'])
    .where(sql.ref('answered_at'), 'is not', null)
    .execute();
  await db.schema.createIndex('questions_queue').on('questions').columns(['status', 'answered_at', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('questions').execute();
}
