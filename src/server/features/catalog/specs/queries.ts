import type { Selectable } from 'kysely';
import type { SpecFieldsTable } from '../../../db/schema.js';
import { PreparedQuery, type SnapshotReader } from '../../../db/client.js';
import type { Db } from '../queries.js';

const specsQuery = (db: Db, productId: number) =>
  db
    .selectFrom('product_specs as s')
    .innerJoin('spec_fields as f', 'f.id', 's.field_id')
    .select(['f.name', 's.value'])
    .where('s.product_id', '=', productId)
    .where('f.deleted_at', 'is', null)
    .orderBy('f.position')
    .orderBy('f.id');

// Read with every product's page: compiled once (PreparedQuery, db/client.ts).
const preparedSpecs = new PreparedQuery<Awaited<ReturnType<ReturnType<typeof specsQuery>['execute']>>[number], [productId: number]>(
  'product-specs',
  (db, $) => specsQuery(db, $(0)),
);

/** A product's specifications with their fields' names, in its category's field order. */
export function specsOf(db: Db, productId: number) {
  return preparedSpecs.rows(db, productId);
}

/** SQLite: specsOf at once, on the snapshot reader (inside its read()). */
export function specsNow(reader: SnapshotReader, productId: number) {
  return preparedSpecs.rowsNow(reader, productId);
}

// ---------------------------------------------------------------------------------------------
// Brands

export function liveBrands(db: Db) {
  return db
    .selectFrom('brands')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

export function liveBrandByKey(db: Db, key: string) {
  return db
    .selectFrom('brands')
    .select(['id', 'name'])
    .where('name_key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function liveBrandById(db: Db, id: number) {
  return db.selectFrom('brands').select(['id', 'name']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertBrand(db: Db, name: string, key: string, at: string): Promise<number> {
  const row = await db
    .insertInto('brands')
    .values({ name, name_key: key, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Whether a live product names the brand (a brand in use is not deleted). */
export async function brandInUse(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('brand_id', '=', id)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function renameBrand(db: Db, id: number, name: string, key: string): Promise<void> {
  await db.updateTable('brands').set({ name, name_key: key }).where('id', '=', id).execute();
}

/** The products (live or archived) that name a brand: their searched words hold its name. */
export async function productIdsWithBrand(db: Db, brandId: number): Promise<number[]> {
  const rows = await db.selectFrom('products').select('id').where('brand_id', '=', brandId).execute();
  return rows.map((row) => Number(row.id));
}

/** A product's brand name and values, for the audit log (values by field name, in field order). */
export async function brandAndSpecsOf(db: Db, productId: number) {
  const [brand, specs] = await Promise.all([
    db
      .selectFrom('products as p')
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select('b.name as brand')
      .where('p.id', '=', productId)
      .executeTakeFirst(),
    specsOf(db, productId),
  ]);
  return { brand: brand?.brand ?? null, specs };
}

/** A category's name, for the summary of its fields' audit entries. */
export async function categoryNameOf(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}

export async function softDeleteBrand(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('brands')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------------------------------------
// Spec fields

export type SpecFieldRow = Selectable<SpecFieldsTable>;

/** A category's live fields in their order. */
export function liveFieldsOf(db: Db, categoryId: number): Promise<SpecFieldRow[]> {
  return db
    .selectFrom('spec_fields')
    .selectAll()
    .where('category_id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function liveField(db: Db, id: number): Promise<SpecFieldRow | undefined> {
  return db.selectFrom('spec_fields').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function liveCategoryExists(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertField(db: Db, row: Omit<SpecFieldRow, 'id' | 'deleted_at' | 'position'>): Promise<number> {
  const last = await db
    .selectFrom('spec_fields')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('category_id', '=', row.category_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('spec_fields')
    .values({ ...row, position: Number(last?.position ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateField(
  db: Db,
  id: number,
  patch: Partial<Pick<SpecFieldRow, 'name' | 'name_key' | 'kind' | 'unit' | 'choices' | 'is_filter' | 'deleted_at'>>,
): Promise<void> {
  await db.updateTable('spec_fields').set(patch).where('id', '=', id).execute();
}

/** The distinct values products have for a field (with their numbers), to check or rewrite them. */
export function valuesOfField(db: Db, fieldId: number) {
  return db.selectFrom('product_specs').select(['value', 'value_number']).distinct().where('field_id', '=', fieldId).execute();
}

export async function renameValue(db: Db, fieldId: number, from: string, to: string): Promise<void> {
  await db.updateTable('product_specs').set({ value: to }).where('field_id', '=', fieldId).where('value', '=', from).execute();
}

export async function productIdsWithField(db: Db, fieldId: number): Promise<number[]> {
  const rows = await db.selectFrom('product_specs').select('product_id').where('field_id', '=', fieldId).execute();
  return rows.map((row) => Number(row.product_id));
}

// ---------------------------------------------------------------------------------------------
// A product's brand and values

export async function setBrand(db: Db, productId: number, brandId: number | null): Promise<void> {
  await db.updateTable('products').set({ brand_id: brandId }).where('id', '=', productId).execute();
}

export async function clearSpecs(db: Db, productId: number, fieldIds: number[]): Promise<void> {
  if (fieldIds.length === 0) return;
  await db.deleteFrom('product_specs').where('product_id', '=', productId).where('field_id', 'in', fieldIds).execute();
}

export async function insertSpecs(
  db: Db,
  rows: { product_id: number; field_id: number; value: string; value_number: number | null }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('product_specs').values(rows).execute();
}

/** Removes the values of fields that are not the category's (the product moved to another one). */
export async function clearSpecsOutside(db: Db, productId: number, categoryId: number): Promise<void> {
  await db
    .deleteFrom('product_specs')
    .where('product_id', '=', productId)
    .where('field_id', 'not in', (eb) => eb.selectFrom('spec_fields').select('id').where('category_id', '=', categoryId))
    .execute();
}

/** What a product's searched words are made of: its brand's name and its live fields' values. */
export async function wordSources(db: Db, productIds: number[]) {
  const [brands, specs] = await Promise.all([
    db
      .selectFrom('products as p')
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.spec_words', 'b.name as brand'])
      .where('p.id', 'in', productIds)
      .execute(),
    db
      .selectFrom('product_specs as s')
      .innerJoin('spec_fields as f', 'f.id', 's.field_id')
      .select(['s.product_id', 's.value'])
      .where('s.product_id', 'in', productIds)
      .where('f.deleted_at', 'is', null)
      .orderBy('f.position')
      .execute(),
  ]);
  return { brands, specs };
}

export async function setSpecWords(db: Db, productId: number, words: string): Promise<void> {
  await db.updateTable('products').set({ spec_words: words }).where('id', '=', productId).execute();
}

// ---------------------------------------------------------------------------------------------
// The list's facets (listing/service.ts)

/** Live brands' ids by their names' keys. */
export async function brandIdsByKeys(db: Db, keys: string[]): Promise<number[]> {
  const rows = await db.selectFrom('brands').select('id').where('name_key', 'in', keys).where('deleted_at', 'is', null).execute();
  return rows.map((row) => Number(row.id));
}

/** The live fields of a name's key: of the given categories, or of every category. */
export async function fieldIdsByKey(db: Db, key: string, categoryIds: number[] | undefined): Promise<number[]> {
  let query = db.selectFrom('spec_fields').select('id').where('name_key', '=', key).where('deleted_at', 'is', null);
  if (categoryIds) query = query.where('category_id', 'in', categoryIds);
  return (await query.execute()).map((row) => Number(row.id));
}

/** The filter fields (is_filter) of some categories, in their order. */
export function filterFieldsOf(db: Db, categoryIds: number[]) {
  return db
    .selectFrom('spec_fields')
    .select(['id', 'name', 'kind', 'choices'])
    .where('category_id', 'in', categoryIds)
    .where('is_filter', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Live products' ids and categories by name (the demo seeder names its products). */
export function liveProductsNamed(db: Db, names: string[]) {
  return db.selectFrom('products').select(['id', 'name']).where('name', 'in', names).where('deleted_at', 'is', null).execute();
}

/** Live products of some brands (within some categories), from brand_counts (migration 027). */
export async function brandSize(db: Db, brandIds: number[], categoryIds: number[] | undefined): Promise<number> {
  let query = db
    .selectFrom('brand_counts')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .where('brand_id', 'in', brandIds);
  if (categoryIds) query = query.where('category_id', 'in', categoryIds);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** Live products with one of some values of some fields, from spec_value_counts (migration 027). */
export async function specValuesSize(db: Db, fieldIds: number[], values: string[]): Promise<number> {
  const row = await db
    .selectFrom('spec_value_counts')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .where('field_id', 'in', fieldIds)
    .where('value', 'in', values)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
