import type { Db } from './queries.js';

/** SQL of archived products: the admin's list of them and bringing one back (archive.ts). */

/** Archived products deleted at or after `since`, newest archive first (the products_archived index of migration 018). */
export function archivedIds(db: Db, since: string, limit: number, offset: number) {
  return db
    .selectFrom('products')
    .select(['id', 'deleted_at'])
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '>=', since)
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countArchived(db: Db, since: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A product, live or archived, with each level of its category path as it stands (a level may be deleted since). */
export function productWithPath(db: Db, id: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('sub_categories as s', 's.id', 'p.sub_category_id')
    .leftJoin('child_categories as cc', 'cc.id', 'p.child_category_id')
    .select([
      'p.id',
      'p.name',
      'p.deleted_at',
      'p.category_id',
      'p.sub_category_id',
      'p.child_category_id',
      'c.name as category_name',
      'c.name_key as category_key',
      'c.deleted_at as category_deleted_at',
      's.name as sub_category_name',
      's.name_key as sub_category_key',
      's.deleted_at as sub_category_deleted_at',
      'cc.name as child_category_name',
      'cc.name_key as child_category_key',
      'cc.deleted_at as child_category_deleted_at',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export type ProductWithPath = NonNullable<Awaited<ReturnType<typeof productWithPath>>>;

/** Brings an archived product back, in the given (live) category path; false when it was not archived. */
export async function restoreProduct(
  db: Db,
  id: number,
  path: { category_id: number; sub_category_id: number | null; child_category_id: number | null },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...path, deleted_at: null, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
