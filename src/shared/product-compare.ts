import { z } from 'zod';
import { COMPARE_MAX, PRODUCT_ID_MAX } from './compare.js';
import { productDetailSchema } from './product-detail.js';

export const COMPARE_MESSAGES = {
  idsFormat: 'ids must be product ids separated by commas',
  tooMany: `At most ${COMPARE_MAX} products can be compared`,
  repeated: 'Each product can be compared only once',
} as const;

/**
 * GET /api/products/compare?ids=1,2,3: one to COMPARE_MAX distinct product ids, comma separated.
 * A missing, empty or malformed list, too many ids or one named twice is refused (400 on `ids`).
 */
export const productCompareQuerySchema = z.object({
  ids: z.string({ error: COMPARE_MESSAGES.idsFormat }).transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim());
    const ids = parts.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : 0));
    if (ids.some((id) => id < 1 || id > PRODUCT_ID_MAX)) {
      ctx.addIssue({ code: 'custom', message: COMPARE_MESSAGES.idsFormat });
      return z.NEVER;
    }
    if (ids.length > COMPARE_MAX) {
      ctx.addIssue({ code: 'custom', message: COMPARE_MESSAGES.tooMany });
      return z.NEVER;
    }
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: COMPARE_MESSAGES.repeated });
      return z.NEVER;
    }
    return ids;
  }),
});
export type ProductCompareQuery = z.infer<typeof productCompareQuerySchema>;

/** The products asked for that are on sale, in the order asked (an unknown or archived id is left out). */
export const productCompareSchema = z.object({ products: z.array(productDetailSchema) });
export type ProductCompare = z.infer<typeof productCompareSchema>;
