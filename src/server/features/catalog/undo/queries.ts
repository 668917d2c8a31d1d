import type { Db } from '../queries.js';

/** SQL of Undo in a product's history: the product's price and stock put back, if still as the entry left them. */

/** A field's value as the entry left it (`now`) and as it was before (`back`); stock null: not tracked. */
export interface PutBack {
  pricePaisa?: { now: number; back: number };
  stock?: { now: number | null; back: number | null };
}

/**
 * Puts the fields back in one statement that also checks they are still as the entry left them, so
 * a sale or another admin's edit in between makes it change nothing (false) on either database,
 * with no lock held. Products sold in variants keep their sums from the variants: never put back here.
 */
export async function putBack(db: Db, productId: number, fields: PutBack, now: string): Promise<boolean> {
  let query = db
    .updateTable('products')
    .set({
      ...(fields.pricePaisa ? { price_paisa: fields.pricePaisa.back } : {}),
      ...(fields.stock ? { stock: fields.stock.back } : {}),
      updated_at: now,
    })
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .where('variant_count', '=', 0);
  if (fields.pricePaisa) query = query.where('price_paisa', '=', fields.pricePaisa.now);
  if (fields.stock) {
    const stockNow = fields.stock.now;
    query = stockNow === null ? query.where('stock', 'is', null) : query.where('stock', '=', stockNow);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The live product's name (for the audit entry), or undefined. */
export async function liveProductName(db: Db, productId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('products')
    .select('name')
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.name;
}
