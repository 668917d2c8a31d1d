import type { Db } from './queries.js';

/** SQL of the category tree: its three levels, their nodes by name key or id, and their writes. */

export type CategoryLevel = 'categories' | 'sub_categories' | 'child_categories';

export interface NodeRow {
  id: number;
  name: string;
  parent_id: number | null;
}

export async function loadTree(db: Db) {
  const [categories, subs, children] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'name', 'name_ne'])
      .where('deleted_at', 'is', null)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sub_categories')
      .select(['id', 'name', 'name_ne', 'category_id'])
      .where('deleted_at', 'is', null)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('child_categories')
      .select(['id', 'name', 'name_ne', 'sub_category_id'])
      .where('deleted_at', 'is', null)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
  ]);
  return { categories, subs, children };
}

export function findCategory(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'name_ne'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findSubCategory(db: Db, id: number) {
  return db
    .selectFrom('sub_categories')
    .select(['id', 'name', 'name_ne', 'category_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findChildCategory(db: Db, id: number) {
  return db
    .selectFrom('child_categories')
    .select(['id', 'name', 'name_ne', 'sub_category_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A live node of a level by its name key, under the given parent (categories have none). */
export async function findByKey(db: Db, level: CategoryLevel, key: string, parentId?: number): Promise<NodeRow | undefined> {
  if (level === 'categories') {
    const row = await db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('name_key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && { ...row, parent_id: null };
  }
  if (level === 'sub_categories') {
    const row = await db
      .selectFrom('sub_categories')
      .select(['id', 'name', 'category_id as parent_id'])
      .where('name_key', '=', key)
      .where('category_id', '=', parentId ?? -1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row;
  }
  return db
    .selectFrom('child_categories')
    .select(['id', 'name', 'sub_category_id as parent_id'])
    .where('name_key', '=', key)
    .where('sub_category_id', '=', parentId ?? -1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Ids of the live nodes of a level whose key is one of `keys`, optionally under the given parents. */
export async function idsByKeys(db: Db, level: CategoryLevel, keys: string[], parentIds?: number[]): Promise<number[]> {
  if (keys.length === 0 || (parentIds && parentIds.length === 0)) return [];
  let rows: { id: number }[];
  if (level === 'categories') {
    rows = await db.selectFrom('categories').select('id').where('name_key', 'in', keys).where('deleted_at', 'is', null).execute();
  } else if (level === 'sub_categories') {
    let query = db.selectFrom('sub_categories').select('id').where('name_key', 'in', keys).where('deleted_at', 'is', null);
    if (parentIds) query = query.where('category_id', 'in', parentIds);
    rows = await query.execute();
  } else {
    let query = db.selectFrom('child_categories').select('id').where('name_key', 'in', keys).where('deleted_at', 'is', null);
    if (parentIds) query = query.where('sub_category_id', 'in', parentIds);
    rows = await query.execute();
  }
  return rows.map((row) => row.id);
}

export async function insertCategory(db: Db, name: string, nameNe: string | null, key: string, now: string): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({ name, name_ne: nameNe, name_key: key, created_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSubCategory(
  db: Db,
  categoryId: number,
  name: string,
  nameNe: string | null,
  key: string,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('sub_categories')
    .values({ category_id: categoryId, name, name_ne: nameNe, name_key: key, created_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertChildCategory(
  db: Db,
  subCategoryId: number,
  name: string,
  nameNe: string | null,
  key: string,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('child_categories')
    .values({ sub_category_id: subCategoryId, name, name_ne: nameNe, name_key: key, created_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets (or, with null, clears) a live node's Nepali name; false when there is no such live node. */
export async function setNepaliName(db: Db, level: CategoryLevel, id: number, nameNe: string | null): Promise<boolean> {
  const result = await db
    .updateTable(level)
    .set({ name_ne: nameNe })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function softDeleteNode(db: Db, level: CategoryLevel, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable(level)
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countLiveSubCategories(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('sub_categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countLiveChildCategories(db: Db, subCategoryId: number): Promise<number> {
  const row = await db
    .selectFrom('child_categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sub_category_id', '=', subCategoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const PRODUCT_COLUMN: Record<CategoryLevel, 'category_id' | 'sub_category_id' | 'child_category_id'> = {
  categories: 'category_id',
  sub_categories: 'sub_category_id',
  child_categories: 'child_category_id',
};

/** Of the given child categories, those that are not in one of the given categories. */
export async function childCategoriesOutside(db: Db, childIds: number[], categoryIds: number[]): Promise<number[]> {
  if (childIds.length === 0 || categoryIds.length === 0) return childIds;
  const rows = await db
    .selectFrom('child_categories as cc')
    .innerJoin('sub_categories as s', 's.id', 'cc.sub_category_id')
    .select('cc.id')
    .where('cc.id', 'in', childIds)
    .where('s.category_id', 'not in', categoryIds)
    .execute();
  const outside = new Set(rows.map((row) => row.id));
  return childIds.filter((id) => outside.has(id));
}

export async function countLiveProductsIn(db: Db, level: CategoryLevel, id: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(PRODUCT_COLUMN[level], '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
