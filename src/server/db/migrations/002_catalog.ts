import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './helpers.js';

/**
 * The catalogue: the three-level category tree, products (soft-deleted, money in paisa) and
 * their images, with the indexes the storefront's list queries use and a full-text index over
 * name and description (SQLite: FTS5 external-content table kept by triggers; PostgreSQL: a
 * generated tsvector column with a GIN index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  const pg = isPostgres(db);

  await db.schema
    .createTable('categories')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('categories_live_key')
    .on('categories')
    .column('name_key')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('sub_categories')
    .addColumn('id', id.type, id.build)
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('sub_categories_live_key')
    .on('sub_categories')
    .columns(['category_id', 'name_key'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // Lookups by name alone (?subcategory=… without a category).
  await db.schema.createIndex('sub_categories_key').on('sub_categories').column('name_key').execute();

  await db.schema
    .createTable('child_categories')
    .addColumn('id', id.type, id.build)
    .addColumn('sub_category_id', 'integer', (col) => col.notNull().references('sub_categories.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('child_categories_live_key')
    .on('child_categories')
    .columns(['sub_category_id', 'name_key'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('child_categories_key').on('child_categories').column('name_key').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_sort', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price_paisa', 'bigint', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('sub_category_id', 'integer', (col) => col.references('sub_categories.id'))
    .addColumn('child_category_id', 'integer', (col) => col.references('child_categories.id'))
    .addColumn('is_featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stock', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();

  // Every list query reads live products only, so the indexes are partial on deleted_at IS NULL.
  // Each sort order has its index (the page is read in index order and stops at LIMIT); each
  // category level has one led by its id, then the newest-first order.
  const live = async (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('products').columns(columns).where(sql.ref('deleted_at'), 'is', null).execute();
  await live('products_live_newest', ['created_at', 'id']);
  await live('products_live_price', ['price_paisa', 'id']);
  await live('products_live_name', ['name_sort', 'id']);
  await live('products_live_category', ['category_id', 'created_at', 'id']);
  await live('products_live_category_price', ['category_id', 'price_paisa', 'id']);
  await live('products_live_sub', ['sub_category_id', 'created_at', 'id']);
  await live('products_live_child', ['child_category_id', 'created_at', 'id']);
  await db.schema
    .createIndex('products_live_featured')
    .on('products')
    .columns(['created_at', 'id'])
    .where(sql<boolean>`deleted_at is null and is_featured = 1`)
    .execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', id.type, id.build)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('base_name', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('product_images_product').on('product_images').columns(['product_id', 'position']).execute();
  // "Is this stored image still used by another product?" before deleting its files.
  await db.schema.createIndex('product_images_base').on('product_images').column('base_name').execute();

  if (pg) {
    await sql`
      alter table products add column search tsvector generated always as (
        setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')
      ) stored`.execute(db);
    await sql`create index products_search on products using gin (search)`.execute(db);
  } else {
    await sql`
      create virtual table products_fts using fts5(
        name, description, content='products', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`
      create trigger products_fts_insert after insert on products begin
        insert into products_fts(rowid, name, description) values (new.id, new.name, new.description);
      end`.execute(db);
    await sql`
      create trigger products_fts_delete after delete on products begin
        insert into products_fts(products_fts, rowid, name, description) values ('delete', old.id, old.name, old.description);
      end`.execute(db);
    await sql`
      create trigger products_fts_update after update of name, description on products begin
        insert into products_fts(products_fts, rowid, name, description) values ('delete', old.id, old.name, old.description);
        insert into products_fts(rowid, name, description) values (new.id, new.name, new.description);
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of ['products_fts_update', 'products_fts_delete', 'products_fts_insert']) {
      await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
    }
    await sql`drop table if exists products_fts`.execute(db);
  }
  for (const table of ['product_images', 'products', 'child_categories', 'sub_categories', 'categories']) {
    await db.schema.dropTable(table).execute();
  }
}
