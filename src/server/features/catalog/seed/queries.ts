import type { Db } from '../queries.js';

/** SQL of the seeders. */

/** Live products of these exact names, by name (the demo seeder finds the products it made). */
export async function liveProductIdsByName(db: Db, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('name', 'in', names)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.name, Number(row.id)]));
}
