import { type Kysely, sql } from 'kysely';
import { catalogVersionWatchOf } from '../../db/catalog-version.js';
import { PreparedQueries, PreparedQuery, type SnapshotReader } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import type { Db } from './queries.js';

const ID_CHUNK = 500;

// Catalogue version (migration 004): bumped in every write transaction, read before cached lists.
// On PostgreSQL the server's handle keeps it in memory (db/catalog-version.ts, ADR 0059): a read
// outside a transaction asks the database only while that copy cannot vouch for itself.

const versionQuery = new PreparedQuery<{ version: number }, []>('catalog-version', (db) =>
  db.selectFrom('catalog_state').select('version').where('id', '=', sql.lit(1)),
);

/** The version kept in memory, when there is one to trust (never inside a transaction). */
function knownVersion(db: Db): number | undefined {
  return db.isTransaction ? undefined : catalogVersionWatchOf(db)?.current();
}

export async function catalogVersion(db: Db): Promise<number> {
  const known = knownVersion(db);
  if (known !== undefined) return known;
  const row = await versionQuery.first(db);
  const version = Number(row?.version ?? 0);
  if (!db.isTransaction) catalogVersionWatchOf(db)?.observe(version);
  return version;
}

const stockQuery = new PreparedQueries<{ id: number; stock: number | null }>('catalog-stock', (db, ids) =>
  db.selectFrom('products').select(['id', 'stock']).where('id', 'in', ids),
);

// The version row, joined to the products (none joined still gives the version).
const versionStockQuery = new PreparedQueries<{ version: number; id: number | null; stock: number | null }>(
  'catalog-version-stock',
  (db, ids) =>
    db
      .selectFrom('catalog_state as s')
      .leftJoin('products as p', (join) => join.on('p.id', 'in', ids))
      .select(['s.version', 'p.id', 'p.stock'])
      .where('s.id', '=', sql.lit(1)),
);

/** Most products whose stock is read in the same statement as the version (larger lists read it apart). */
const STOCK_WITH_VERSION_MAX = 100;

/**
 * The catalogue version and the current stock of the given products (stock is the one product
 * field that changes without a new version: orders move it). Unknown ids are left out of the map.
 */
export async function versionAndStock(db: Db, ids: number[]): Promise<{ version: number; stock: Map<number, number | null> }> {
  const stock = new Map<number, number | null>();
  if (ids.length === 0 || ids.length > STOCK_WITH_VERSION_MAX || knownVersion(db) !== undefined) {
    const version = await catalogVersion(db);
    for (const part of chunks(ids, ID_CHUNK)) {
      for (const row of await stockQuery.rows(db, part)) stock.set(Number(row.id), row.stock);
    }
    return { version, stock };
  }
  // One statement for both.
  const rows = await versionStockQuery.rows(db, ids);
  for (const row of rows) if (row.id !== null) stock.set(Number(row.id), row.stock);
  const version = Number(rows[0]?.version ?? 0);
  if (!db.isTransaction) catalogVersionWatchOf(db)?.observe(version);
  return { version, stock };
}

/** SQLite: versionAndStock at once on the snapshot reader; undefined past the products one statement reads. */
export function versionAndStockNow(
  reader: SnapshotReader,
  ids: number[],
): { version: number; stock: Map<number, number | null> } | undefined {
  const stock = new Map<number, number | null>();
  if (ids.length === 0) return { version: Number(versionQuery.rowsNow(reader)[0]?.version ?? 0), stock };
  if (ids.length > STOCK_WITH_VERSION_MAX) return undefined;
  const rows = versionStockQuery.rowsNow(reader, ids);
  for (const row of rows) if (row.id !== null) stock.set(Number(row.id), row.stock);
  return { version: Number(rows[0]?.version ?? 0), stock };
}

export async function bumpCatalogVersion(db: Db): Promise<void> {
  const row = await db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirst();
  // This process's next read must see the write once it commits, not only once the news arrives.
  if (row) catalogVersionWatchOf(db)?.expect(Number(row.version));
}

/**
 * A statement of this transaction makes the database move the version when it commits (a stock
 * crossing zero, migration 016's trigger): this process's next reads ask the database until it has.
 */
export function catalogVersionMoves(db: Db): void {
  catalogVersionWatchOf(db)?.expectChange();
}

/** Runs a catalogue write in a transaction that also bumps the catalogue version. */
export function catalogWrite<T>(db: Kysely<Database>, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await work(trx);
    await bumpCatalogVersion(trx);
    return result;
  });
}
