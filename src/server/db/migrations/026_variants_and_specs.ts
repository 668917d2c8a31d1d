import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './helpers.js';

/**
 * Variants, specifications and brands.
 *
 * - product_options: up to three options of a product (position 1–3), each with its values in the
 *   owner's order as a JSON array of texts ("Storage": ["128 GB", "256 GB"]).
 * - product_variants: one row per combination that is sold. option1–3 hold the chosen value of
 *   option 1–3, '' where the product has fewer options, so the partial unique index (NULLs would
 *   all be distinct) refuses a combination twice among live variants. `label` is the values
 *   joined ("256 GB / Black"), kept for carts, orders and invoices. `images` is a JSON array of
 *   the product's image base names shown for this variant ('[]': the product's own). A variant
 *   that leaves the product is archived (archived_at), never removed, so old orders keep it.
 *   The product's price_paisa is its lowest live variant's price and its stock the sum over
 *   tracked live variants (NULL when none is tracked): the service writes both in the variants'
 *   transaction, so the listing, its counts and the sold-out order work unchanged.
 * - A variant's SKU is unique among live variants, case-insensitively (as products' SKUs).
 * - cart_items.variant_id: 0 for a product without variants, so (shopper, product, variant) is
 *   one unique key and two variants of one product are two lines. SQLite cannot change a unique
 *   constraint in place, so there the small table is rebuilt.
 * - order_items.variant_id / variant_label: the variant sold and its label at the sale (NULL for
 *   a product without variants); the line's stock_reserved went back to that variant on cancel.
 * - brands: a managed list (live names unique by key); products.brand_id names one (NULL: none).
 * - spec_fields: a category's specification fields: kind text, number (with a unit) or choice
 *   (its choices a JSON array), whether the list filters by it, and its place in the table.
 * - product_specs: a product's value of a field, as the shopper reads it ("16 GB"); value_number
 *   holds the number of a number field, for sorting and ranges. The (field, value, product) index
 *   serves the facet filters.
 * - products.variant_count: how many live variants a product has (0: none), so the cart and the
 *   product answer know without a second read whether a variant must be chosen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  const pg = isPostgres(db);

  await db.schema
    .createTable('product_options')
    .addColumn('id', id.type, id.build)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('position', 'integer', (col) => col.notNull().check(sql`position between 1 and 3`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('values', 'text', (col) => col.notNull())
    .addUniqueConstraint('product_options_product_position', ['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('product_variants')
    .addColumn('id', id.type, id.build)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('option1', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('option2', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('option3', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('sku', 'text')
    .addColumn('price_paisa', 'bigint', (col) => col.notNull().check(sql`price_paisa > 0`))
    .addColumn('stock', 'integer', (col) => col.check(sql`stock is null or stock >= 0`))
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('archived_at', 'text')
    .execute();
  await db.schema
    .createIndex('product_variants_live_combination')
    .on('product_variants')
    .columns(['product_id', 'option1', 'option2', 'option3'])
    .unique()
    .where(sql.ref('archived_at'), 'is', null)
    .execute();
  await db.schema.createIndex('product_variants_product').on('product_variants').columns(['product_id', 'position']).execute();
  await db.schema
    .createIndex('product_variants_live_sku')
    .on('product_variants')
    .unique()
    .expression(sql`lower(sku)`)
    .where(sql<boolean>`archived_at is null and sku is not null`)
    .execute();

  await db.schema
    .alterTable('products')
    .addColumn('variant_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  if (pg) {
    await sql`alter table cart_items add column variant_id integer not null default 0`.execute(db);
    await sql`alter table cart_items drop constraint cart_items_user_product`.execute(db);
    await sql`alter table cart_items add constraint cart_items_user_product_variant unique (user_id, product_id, variant_id)`.execute(db);
  } else {
    await sql`create table cart_items_next (
      id integer primary key autoincrement,
      user_id integer not null references users (id) on delete cascade,
      product_id integer not null references products (id),
      variant_id integer not null default 0,
      quantity integer not null,
      created_at text not null,
      updated_at text not null,
      constraint cart_items_user_product_variant unique (user_id, product_id, variant_id),
      constraint cart_items_quantity_positive check (quantity > 0)
    )`.execute(db);
    await sql`insert into cart_items_next (id, user_id, product_id, variant_id, quantity, created_at, updated_at)
      select id, user_id, product_id, 0, quantity, created_at, updated_at from cart_items`.execute(db);
    await sql`drop table cart_items`.execute(db);
    await sql`alter table cart_items_next rename to cart_items`.execute(db);
  }

  await db.schema.alterTable('order_items').addColumn('variant_id', 'integer').execute();
  await db.schema.alterTable('order_items').addColumn('variant_label', 'text').execute();

  await db.schema
    .createTable('brands')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('brands_live_key')
    .on('brands')
    .column('name_key')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('brand_id', 'integer', (col) => col.references('brands.id'))
    .execute();
  await db.schema.createIndex('products_brand').on('products').columns(['brand_id', 'category_id']).execute();

  await db.schema
    .createTable('spec_fields')
    .addColumn('id', id.type, id.build)
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('text', 'number', 'choice')`))
    .addColumn('unit', 'text')
    .addColumn('choices', 'text')
    .addColumn('is_filter', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`is_filter in (0, 1)`),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('spec_fields_live_key')
    .on('spec_fields')
    .columns(['category_id', 'name_key'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('product_specs')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('field_id', 'integer', (col) => col.notNull().references('spec_fields.id'))
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('value_number', 'double precision')
    .addPrimaryKeyConstraint('product_specs_pk', ['product_id', 'field_id'])
    .execute();
  await db.schema.createIndex('product_specs_field_value').on('product_specs').columns(['field_id', 'value', 'product_id']).execute();
}

/** Variants and specs carry orders' history (order_items name variants), so a way back is not offered. */
export async function down(): Promise<void> {
  throw new Error('026_variants_and_specs cannot be undone: orders name variants');
}
