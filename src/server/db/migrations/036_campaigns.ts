import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './helpers.js';

/**
 * Sale prices and campaigns, with the price history that keeps a "was" price honest (ADR 0041).
 *
 * - campaigns: a name and a window (starts_at ≤ t < ends_at, UTC ISO text); active 0 once the
 *   admin ended it early (ended_at). revision grows with every write, so a job scheduled for an
 *   older version of the campaign sees it is stale and does nothing.
 * - campaign_items: what it puts on sale: a product, a variant or a top-level category
 *   (target_type, target_id), each with a whole percent off (1–99) or a sale price in paisa.
 * - price_history: every regular price a product or variant (variant_id 0: the product itself)
 *   has had and since when. Triggers write it in the transaction of every price change, whatever
 *   path makes it (the form, the CSV import, an Undo, the seed), from the row's own updated_at (or
 *   created_at for a new row), which the shop writes from its clock. Filled at once from the
 *   prices as they are and the price changes the audit log recorded.
 * - products / product_variants sale_*: the sale as it is now, written by the campaign jobs at
 *   each start and end (so lists, cards and checkout read it from the row): the sale price, the
 *   lowest price of the 30 days before that sale began, when it ends, which campaign gave it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = serialId(db);
  await db.schema
    .createTable('campaigns')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('ended_at', 'text')
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('campaigns_window').on('campaigns').columns(['active', 'starts_at', 'ends_at']).execute();
  await db.schema
    .createTable('campaign_items')
    .addColumn('id', id.type, id.build)
    .addColumn('campaign_id', 'integer', (col) => col.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'integer', (col) => col.notNull())
    .addColumn('percent_off', 'integer')
    .addColumn('sale_price_paisa', 'bigint')
    .execute();
  await db.schema.createIndex('campaign_items_campaign').on('campaign_items').columns(['campaign_id', 'position']).execute();
  await db.schema
    .createTable('price_history')
    .addColumn('id', id.type, id.build)
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('variant_id', 'integer', (col) => col.notNull())
    .addColumn('price_paisa', 'bigint', (col) => col.notNull())
    .addColumn('recorded_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('price_history_item')
    .on('price_history')
    .columns(['product_id', 'variant_id', 'recorded_at'])
    .execute();
  for (const table of ['products', 'product_variants']) {
    await db.schema.alterTable(table).addColumn('sale_price_paisa', 'bigint').execute();
    await db.schema.alterTable(table).addColumn('sale_reference_paisa', 'bigint').execute();
    await db.schema.alterTable(table).addColumn('sale_ends_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('sale_campaign_id', 'integer').execute();
  }
  await db.schema.createIndex('products_on_sale').on('products').column('sale_campaign_id').execute();
  await db.schema.createIndex('product_variants_on_sale').on('product_variants').column('sale_campaign_id').execute();

  // Every price change, in its own transaction.
  const sides = [
    { table: 'products', product: 'new.id', variant: '0' },
    { table: 'product_variants', product: 'new.product_id', variant: 'new.id' },
  ];
  for (const side of sides) {
    const insert = (at: string) =>
      `insert into price_history (product_id, variant_id, price_paisa, recorded_at) values (${side.product}, ${side.variant}, new.price_paisa, ${at});`;
    if (pg) {
      await sql
        .raw(
          `create function ${side.table}_price_recorded() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then ${insert('new.created_at')}
            else ${insert('new.updated_at')}
            end if;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${side.table}_price_insert after insert on ${side.table}
          for each row execute function ${side.table}_price_recorded()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${side.table}_price_update after update of price_paisa on ${side.table}
          for each row when (old.price_paisa is distinct from new.price_paisa) execute function ${side.table}_price_recorded()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(`create trigger ${side.table}_price_insert after insert on ${side.table} begin ${insert('new.created_at')} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${side.table}_price_update after update of price_paisa on ${side.table}
          when old.price_paisa is not new.price_paisa begin ${insert('new.updated_at')} end`,
        )
        .execute(db);
    }
  }

  // The history so far: what the audit log recorded of product prices, then the prices as they are.
  const changes = await sql<{ entity_id: string; changes: string; created_at: string }>`
    select entity_id, changes, created_at from audit_log
    where entity_type = 'product' and changes like ${'%"price":%'} order by id`.execute(db);
  for (const entry of changes.rows) {
    const productId = Number(entry.entity_id);
    let change: unknown;
    try {
      change = (JSON.parse(entry.changes) as Record<string, unknown>).price;
    } catch {
      continue;
    }
    if (!Number.isInteger(productId) || !Array.isArray(change)) continue;
    const [before, after] = change as unknown[];
    const at = Date.parse(entry.created_at);
    if (Number.isNaN(at)) continue;
    // The price before the change held until just before it.
    const points: [unknown, string][] = [
      [before, new Date(at - 1).toISOString()],
      [after, entry.created_at],
    ];
    for (const [rupees, when] of points) {
      if (typeof rupees !== 'number' || !(rupees > 0)) continue;
      await sql`insert into price_history (product_id, variant_id, price_paisa, recorded_at)
        values (${productId}, 0, ${Math.round(rupees * 100)}, ${when})`.execute(db);
    }
  }
  await sql`insert into price_history (product_id, variant_id, price_paisa, recorded_at)
    select id, 0, price_paisa, updated_at from products`.execute(db);
  await sql`insert into price_history (product_id, variant_id, price_paisa, recorded_at)
    select product_id, id, price_paisa, updated_at from product_variants`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const table of ['products', 'product_variants']) {
    for (const trigger of [`${table}_price_insert`, `${table}_price_update`]) {
      await sql`drop trigger if exists ${sql.ref(trigger)}${sql.raw(pg ? ` on ${table}` : '')}`.execute(db);
    }
    if (pg) await sql`drop function if exists ${sql.ref(`${table}_price_recorded`)}()`.execute(db);
  }
  await db.schema.dropIndex('products_on_sale').execute();
  await db.schema.dropIndex('product_variants_on_sale').execute();
  for (const table of ['products', 'product_variants']) {
    for (const column of ['sale_price_paisa', 'sale_reference_paisa', 'sale_ends_at', 'sale_campaign_id']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  for (const table of ['price_history', 'campaign_items', 'campaigns']) await db.schema.dropTable(table).execute();
}
