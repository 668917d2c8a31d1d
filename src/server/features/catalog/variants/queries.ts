import type { Db } from '../queries.js';

/** A product's options, in position order. */
export function optionsOf(db: Db, productId: number) {
  return db
    .selectFrom('product_options')
    .select(['position', 'name', 'values'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
}

/** A product's live variants, in the owner's order. */
export function liveVariantsOf(db: Db, productId: number) {
  return db
    .selectFrom('product_variants')
    .select(['id', 'sku', 'option1', 'option2', 'option3', 'label', 'price_paisa', 'stock', 'images'])
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
export type VariantRow = Awaited<ReturnType<typeof liveVariantsOf>>[number];
