import { z } from 'zod';

/**
 * A product's options and variants as the API answers them (GET /api/products/:id). A product
 * sold as itself has both lists empty; one with variants is bought by choosing one of them (the
 * cart's `variantId`), and its own `price` is its lowest live variant's price and its `stock` the
 * sum over its variants (null when none is tracked).
 */

/** At most this many options per product (Storage, Colour, RAM). */
export const PRODUCT_OPTIONS_MAX = 3;
/** At most this many variants per product. */
export const PRODUCT_VARIANTS_MAX = 100;

/** An option and its values in the owner's order: {name: 'Storage', values: ['128 GB', '256 GB']}. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOptionSchema>;

/**
 * One sold combination. `options` maps each option's name to the chosen value; `label` is the
 * values joined in option order ("256 GB / Black"), as carts, orders and invoices show it;
 * `images` are addresses (DEFAULT_IMAGE_WIDTH) of the product's images shown for it, empty when
 * the product's own are shown. Price in rupees; stock null: not tracked.
 */
export const productVariantSchema = z.object({
  id: z.number(),
  sku: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  label: z.string(),
  price: z.number(),
  stock: z.number().nullable(),
  images: z.array(z.string()),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** The label of a combination: its values in option order, joined by " / ". */
export function variantLabel(values: readonly string[]): string {
  return values.filter((value) => value !== '').join(' / ');
}
