import { z } from 'zod';
import { saleSchema } from './campaigns.js';
import { ratingSchema } from './reviews.js';

/** The compact cards under a product (GET /api/products/:id/related). */

/** At most this many products are related to one (GET /api/products/:id/related). */
export const RELATED_PRODUCTS_MAX = 8;

/**
 * A related product, as its compact card under a product shows it (GET /api/products/:id/related):
 * no description, one image. `image` is its first image's address (DEFAULT_IMAGE_WIDTH), null when
 * it has none.
 */
export const relatedProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  image: z.string().nullable(),
  stock: z.number().nullable(),
  /** Its sale now (campaigns.ts); null: none. */
  sale: saleSchema.nullable(),
  /** Its visible reviews' average (one decimal) and count. */
  rating: ratingSchema,
});
export type RelatedProduct = z.infer<typeof relatedProductSchema>;

/**
 * Other live products of the same child category, then of the same subcategory, then of the same
 * category, until there are RELATED_PRODUCTS_MAX; those in stock first, newest first in each level.
 */
export const relatedProductsSchema = z.object({ products: z.array(relatedProductSchema) });
export type RelatedProducts = z.infer<typeof relatedProductsSchema>;
