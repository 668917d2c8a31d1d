import type { z } from 'zod';
import { type VariantsInput, productVariantsFieldsSchema } from '../../../../shared/variants.js';
import { issuesToFields, validationFailed } from '../product-input.js';

/**
 * The product form (POST /api/products, PUT /api/products/:id) with its optional `options` and
 * `variants` fields: both checked before anything is written, every field's error in one 400.
 * A product given variants may leave its own `price` out: its lowest variant's price stands in
 * (the variants' sums replace it anyway).
 */
export function parseProductWithVariants<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { fields: z.output<S>; variants: VariantsInput | undefined } {
  const raw = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const variants = productVariantsFieldsSchema.safeParse({ options: raw.options, variants: raw.variants });
  const prices = variants.data?.variants.map((variant) => variant.price) ?? [];
  const blankPrice = raw.price === undefined || (typeof raw.price === 'string' && raw.price.trim() === '');
  const input = prices.length > 0 && blankPrice ? { ...raw, price: String(Math.min(...prices)) } : body;
  const fields = schema.safeParse(input);
  const errors = {
    ...(fields.success ? {} : issuesToFields(fields.error)),
    ...(variants.success ? {} : issuesToFields(variants.error)),
  };
  if (!fields.success || !variants.success) throw validationFailed(errors);
  return { fields: fields.data, variants: variants.data };
}
