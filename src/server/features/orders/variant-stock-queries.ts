import { lockRows } from '../../db/row-locks.js';
import type { Db } from './queries.js';

/**
 * SQL of a variant's stock. The product row keeps the sum of its live tracked variants' stock
 * (ADR 0035), so every change of a variant's stock changes the product's in the same transaction.
 * Order of locks: the product's row first, then its variants (lockProduct), as every writer of
 * a product's variants takes them, so two writers never wait for each other in a circle.
 */

/** Locks the product's row until the transaction ends (db/row-locks.ts: nothing to send where transactions run one at a time). */
export function lockProduct(trx: Db, productId: number): Promise<void> {
  return lockRows(trx, () => trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst());
}

/**
 * Takes `quantity` units of a live variant whose stock is tracked, only if that many are left, and
 * the same units off its product's sum. On PostgreSQL a concurrent checkout of the same variant
 * waits for the product's lock and then re-checks `stock >= quantity` against the committed value,
 * so a variant's stock never goes below zero.
 */
export async function takeVariantStock(db: Db, productId: number, variantId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', variantId)
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .where('stock', 'is not', null)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await addToProductSum(db, productId, -quantity);
  return true;
}

/**
 * Puts units back into a variant's tracked stock (cancelling), and into its product's sum while
 * the variant is live (an archived variant is no longer counted in the sum).
 */
export async function returnVariantStock(db: Db, productId: number, variantId: number, quantity: number): Promise<void> {
  const row = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', variantId)
    .where('product_id', '=', productId)
    .where('stock', 'is not', null)
    .returning('archived_at')
    .executeTakeFirst();
  if (row && row.archived_at === null) await addToProductSum(db, productId, quantity);
}

/** A variant's stock now: undefined when it is archived or gone, null when not tracked. */
export async function liveVariantStock(db: Db, variantId: number): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('product_variants')
    .select('stock')
    .where('id', '=', variantId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return row?.stock;
}

/** Changes the product's sum of its variants' stock by `delta` (a product whose sum is null stays null). */
async function addToProductSum(db: Db, productId: number, delta: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .execute();
}
