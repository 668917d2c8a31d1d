import { z } from 'zod';

/**
 * Specifications and brands. Each category defines its specification fields (text, a number with
 * a unit, or a choice, and whether the list filters by it); a product has a value for some of
 * them and, optionally, a brand from the shop's managed list.
 */

/** A product's specification as the shopper reads it: {name: 'RAM', value: '16 GB'}, in the category's order. */
export const productSpecSchema = z.object({ name: z.string(), value: z.string() });
export type ProductSpec = z.infer<typeof productSpecSchema>;

export const SPEC_FIELD_KINDS = ['text', 'number', 'choice'] as const;
export type SpecFieldKind = (typeof SPEC_FIELD_KINDS)[number];

/**
 * A category's specification field (GET /api/categories/:id/spec-fields): `unit` for a number
 * ("GB"), `choices` for a choice; `isFilter` true: the product list offers it as a facet.
 */
export const specFieldSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(SPEC_FIELD_KINDS),
  unit: z.string().nullable(),
  choices: z.array(z.string()).nullable(),
  isFilter: z.boolean(),
  position: z.number(),
});
export type SpecField = z.infer<typeof specFieldSchema>;

/** A brand of the shop's managed list (GET /api/brands). */
export const brandSchema = z.object({ id: z.number(), name: z.string() });
export type Brand = z.infer<typeof brandSchema>;

/** One value of a facet and how many products of the current filter have it. */
export const facetValueSchema = z.object({ value: z.string(), count: z.number() });

/**
 * The facets of a product list (GET /api/products?facets=1), computed for the current filter; a
 * facet's own selection does not shrink its own counts (choosing "Asus" still shows how many
 * Dell products there are).
 */
export const productFacetsSchema = z.object({
  brands: z.array(facetValueSchema),
  specs: z.array(z.object({ name: z.string(), values: z.array(facetValueSchema) })),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;
