import { z } from 'zod';
import { productSchema } from './catalog.js';
import { productSpecSchema } from './specs.js';
import { productOptionSchema, productVariantSchema } from './variants.js';

/**
 * One product as its page reads it (GET /api/products/:id): the list's fields and its options,
 * variants and specifications (each an empty array when it has none).
 */
export const productDetailSchema = productSchema.extend({
  options: z.array(productOptionSchema),
  variants: z.array(productVariantSchema),
  specs: z.array(productSpecSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
