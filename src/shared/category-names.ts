import { z } from 'zod';
import type { Locale } from './locale.js';

/**
 * A category's Nepali name ("ल्यापटप" beside "Laptops"), shown by the Nepali interface. The
 * English name stays the category's identity in addresses and filters, so a shared link works in
 * either language. Empty or null: none, and the English name is shown.
 */

/** As long as an English category name may be (CATEGORY_NAME_MAX of catalog.ts). */
export const NEPALI_NAME_MAX = 60;

export const nepaliNameSchema = z
  .union([z.string(), z.null()], { error: 'Name must be text' })
  .optional()
  .transform((value) => (value === undefined || value === null || value.trim() === '' ? null : value.trim()))
  .refine((name) => name === null || name.length <= NEPALI_NAME_MAX, `Name must be at most ${NEPALI_NAME_MAX} characters`)
  .refine((name) => name === null || !/\p{Cc}/u.test(name), 'Name must not contain control characters')
  // The products filter lists checked names separated by commas.
  .refine((name) => name === null || !name.includes(','), 'Name must not contain a comma');

/** PUT …/nepali-name of a category, subcategory or child category. */
export const nepaliNameBodySchema = z.object({ nameNe: nepaliNameSchema });

/** The name a category node is shown by in the page's language. */
export function localName(node: { name: string; nameNe?: string }, locale: Locale): string {
  return locale === 'ne' && node.nameNe ? node.nameNe : node.name;
}
