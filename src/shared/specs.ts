import { z } from 'zod';

/**
 * Specifications and brands. Each category defines its specification fields (text, a number with
 * a unit, or a choice, and whether the list filters by it); a product has a value for some of
 * them and, optionally, a brand from the shop's managed list.
 */

/** A product's specification as the shopper reads it: {name: 'RAM', value: '16 GB'}, in the category's order. */
export const productSpecSchema = z.object({ name: z.string(), value: z.string() });
export type ProductSpec = z.infer<typeof productSpecSchema>;
