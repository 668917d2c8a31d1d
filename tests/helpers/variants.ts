import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import { variantLabel } from '../../src/shared/variants.js';

/**
 * TEST SETUP ONLY: options and variants written straight into the database for the cart and
 * order tests, with the product's sums kept as ADR 0035 says (price_paisa = the lowest live
 * variant's price, stock = the sum over tracked live variants or NULL when none is tracked,
 * variant_count = live variants). The shop's own writer of variants is the owner's API
 * (PUT /api/products/:id/variants); these helpers only stand in for it in tests.
 */

export interface TestVariant {
  id: number;
  productId: number;
  label: string;
  price: number;
  stock: number | null;
}

export interface VariantSetup {
  /** The product's options in order, e.g. [{name: 'Storage', values: ['128 GB', '256 GB']}]. */
  options: { name: string; values: string[] }[];
  /** One per sold combination: its values in option order, price in rupees, stock null = not tracked. */
  variants: { values: string[]; price: number; stock: number | null; images?: string[]; sku?: string }[];
}

/** Test setup: gives a product (sold as itself so far) its options and variants, and sets its sums. */
export async function addTestVariants(db: Kysely<Database>, productId: number, setup: VariantSetup): Promise<TestVariant[]> {
  const now = new Date().toISOString();
  await db
    .insertInto('product_options')
    .values(
      setup.options.map((option, index) => ({
        product_id: productId,
        position: index + 1,
        name: option.name,
        values: JSON.stringify(option.values),
      })),
    )
    .execute();
  const made: TestVariant[] = [];
  for (const [index, variant] of setup.variants.entries()) {
    const label = variantLabel(variant.values);
    const row = await db
      .insertInto('product_variants')
      .values({
        product_id: productId,
        position: index + 1,
        option1: variant.values[0] ?? '',
        option2: variant.values[1] ?? '',
        option3: variant.values[2] ?? '',
        label,
        sku: variant.sku ?? null,
        price_paisa: Math.round(variant.price * 100),
        stock: variant.stock,
        images: JSON.stringify(variant.images ?? []),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    made.push({ id: row.id, productId, label, price: variant.price, stock: variant.stock });
  }
  await syncTestProductSums(db, productId);
  return made;
}

/** Test setup: archives a variant (as the owner removing it would) and sets the product's sums again. */
export async function archiveTestVariant(db: Kysely<Database>, variant: TestVariant): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ archived_at: new Date().toISOString() })
    .where('id', '=', variant.id)
    .execute();
  await syncTestProductSums(db, variant.productId);
}

/** Test setup: sets a variant's stock (as the owner would) and the product's sums again. */
export async function setTestVariantStock(db: Kysely<Database>, variant: TestVariant, stock: number | null): Promise<void> {
  await db.updateTable('product_variants').set({ stock }).where('id', '=', variant.id).execute();
  await syncTestProductSums(db, variant.productId);
}

/** The product's sums from its live variants (ADR 0035). */
export async function syncTestProductSums(db: Kysely<Database>, productId: number): Promise<void> {
  const live = await db
    .selectFrom('product_variants')
    .select(['price_paisa', 'stock'])
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .execute();
  if (live.length === 0) {
    await db.updateTable('products').set({ variant_count: 0 }).where('id', '=', productId).execute();
    return;
  }
  const tracked = live.filter((row) => row.stock !== null);
  await db
    .updateTable('products')
    .set({
      variant_count: live.length,
      price_paisa: Math.min(...live.map((row) => Number(row.price_paisa))),
      stock: tracked.length === 0 ? null : tracked.reduce((sum, row) => sum + (row.stock ?? 0), 0),
    })
    .where('id', '=', productId)
    .execute();
}

export async function variantStockOf(db: Kysely<Database>, variantId: number): Promise<number | null> {
  const row = await db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow();
  return row.stock;
}

/** Puts a line of a variant straight into a shopper's cart (bypassing the API's checks). */
export async function fillCartWithVariant(
  db: Kysely<Database>,
  userId: number,
  variant: TestVariant,
  quantity: number,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('cart_items')
    .values({ user_id: userId, product_id: variant.productId, variant_id: variant.id, quantity, created_at: now, updated_at: now })
    .execute();
}
