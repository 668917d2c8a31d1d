import type { Db } from '../queries.js';

/** A product's specifications with their fields' names, in its category's field order. */
export function specsOf(db: Db, productId: number) {
  return db
    .selectFrom('product_specs as s')
    .innerJoin('spec_fields as f', 'f.id', 's.field_id')
    .select(['f.name', 's.value'])
    .where('s.product_id', '=', productId)
    .where('f.deleted_at', 'is', null)
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();
}
