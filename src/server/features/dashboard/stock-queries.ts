import { type Kysely, sql } from 'kysely';
import { PreparedQuery } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../shared/dashboard.js';

/**
 * SQL of the Dashboard's stock lists: what is sold at or under its low-stock threshold. A product
 * sold as itself counts with its own stock; a product with variants counts per live variant, each
 * with the variant's stock and the product's threshold (its own stock is only their sum).
 */

type Db = Kysely<Database>;

/**
 * How far a product is above its low-stock threshold: written exactly as the index
 * products_low_stock of migration 019 (the default a literal), so both databases read that index.
 */
const overThreshold = sql<number>`(stock - coalesce(low_stock_threshold, ${sql.lit(DEFAULT_LOW_STOCK_THRESHOLD)}))`;
/** The same for a variant, against its product's threshold. */
const variantOverThreshold = sql<number>`(v.stock - coalesce(p.low_stock_threshold, ${sql.lit(DEFAULT_LOW_STOCK_THRESHOLD)}))`;

/** Every tracked, live product sold as itself, or live variant of a live product, at or under its threshold. */
function lowStockRows(db: Db) {
  const products = db
    .selectFrom('products')
    .where('deleted_at', 'is', null)
    .where('stock', 'is not', null)
    .where(overThreshold, '<=', sql.lit(0))
    .where('variant_count', '=', sql.lit(0))
    .select((eb) => [
      'id',
      sql<number | null>`null`.as('variant_id'),
      'name',
      sql<string | null>`null`.as('variant_label'),
      eb.ref('stock').$notNull().as('stock'),
      eb.fn.coalesce('low_stock_threshold', sql.lit(DEFAULT_LOW_STOCK_THRESHOLD)).as('threshold'),
      'name_sort',
    ]);
  const variants = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('v.archived_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where('v.stock', 'is not', null)
    .where(variantOverThreshold, '<=', sql.lit(0))
    .select((eb) => [
      'p.id',
      eb.ref('v.id').$castTo<number | null>().as('variant_id'),
      'p.name',
      eb.ref('v.label').$castTo<string | null>().as('variant_label'),
      eb.ref('v.stock').$notNull().as('stock'),
      eb.fn.coalesce('p.low_stock_threshold', sql.lit(DEFAULT_LOW_STOCK_THRESHOLD)).as('threshold'),
      'p.name_sort',
    ]);
  return db.selectFrom(products.unionAll(variants).as('s'));
}

const sum = (value: unknown) => Number(value ?? 0);

const stockCountsQuery = new PreparedQuery<{ low: number; out: number }, []>('dashboard-stock-counts', (db) =>
  lowStockRows(db).select((eb) => [
    eb.fn.sum<number>(eb.case().when('s.stock', '=', sql.lit(0)).then(sql.lit(1)).else(sql.lit(0)).end()).as('out'),
    eb.fn.sum<number>(eb.case().when('s.stock', '>', sql.lit(0)).then(sql.lit(1)).else(sql.lit(0)).end()).as('low'),
  ]),
);

/** What is low: how many (products sold as themselves, and variants) have some left, how many none. */
export async function stockCounts(db: Db): Promise<{ low: number; out: number }> {
  const row = await stockCountsQuery.first(db);
  return { low: sum(row?.low), out: sum(row?.out) };
}

export interface StockRow {
  id: number;
  /** The variant that is low; null: the product sold as itself. */
  variant_id: number | null;
  name: string;
  variant_label: string | null;
  stock: number;
  threshold: number;
}

const stockListQuery = (which: 'low' | 'out') =>
  new PreparedQuery<StockRow, [limit: number]>(`dashboard-stock-${which}`, (db, $) =>
    lowStockRows(db)
      .select(['s.id', 's.variant_id', 's.name', 's.variant_label', 's.stock', 's.threshold'])
      .$if(which === 'low', (qb) => qb.where('s.stock', '>', sql.lit(0)).orderBy('s.stock'))
      .$if(which === 'out', (qb) => qb.where('s.stock', '=', sql.lit(0)))
      .orderBy('s.name_sort')
      .orderBy('s.id')
      .orderBy('s.variant_id')
      .limit($(0)),
  );

const stockListQueries = { low: stockListQuery('low'), out: stockListQuery('out') };

/** The first `limit` of them: low ones with the fewest left first, out-of-stock ones by name. */
export async function stockList(db: Db, which: 'low' | 'out', limit: number): Promise<StockRow[]> {
  const rows = await stockListQueries[which].rows(db, limit);
  return rows.map((row) => ({
    id: row.id,
    variant_id: row.variant_id === null ? null : Number(row.variant_id),
    name: row.name,
    variant_label: row.variant_label,
    stock: Number(row.stock),
    threshold: Number(row.threshold),
  }));
}
