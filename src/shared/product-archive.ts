import { z } from 'zod';
import { queryWholeNumber } from './query-params.js';
import { productSchema } from './catalog.js';

/**
 * Archived products. The original API's DELETE /api/products/:id keeps its path and its answer
 * ('Product deleted successfully'); underneath it archives: the product leaves the shop at once,
 * its row stays for the orders that hold it, and for ARCHIVE_RESTORE_DAYS the admin can bring it
 * back. After that it can no longer be restored (it is never removed: old orders keep their lines).
 *
 *   GET  /api/admin/products/archived?page=&pageSize=   → ArchivedProductPage, newest archive first;
 *        only the products that can still be restored
 *   POST /api/admin/products/:id/restore                → 200 Product (live again, in the shop's lists)
 *        404 no such product; 409 not archived, archived too long ago, or its category is gone
 *        (a deleted category level is taken again by name when the admin has added one with the same
 *        name at the same place; otherwise the answer names the level to add back first)
 */

export const ARCHIVE_RESTORE_DAYS = 30;
export const ARCHIVE_RESTORE_MS = ARCHIVE_RESTORE_DAYS * 24 * 60 * 60 * 1000;

export const ARCHIVE_MESSAGES = {
  notArchived: 'This product is not archived',
  tooLate: `This product was archived more than ${ARCHIVE_RESTORE_DAYS} days ago and can no longer be restored`,
  categoryGone: (level: 'category' | 'subcategory' | 'child category', name: string) =>
    level === 'category'
      ? `This product cannot be restored: its category "${name}" has been deleted. Add a category named "${name}" again first.`
      : level === 'subcategory'
        ? `This product cannot be restored: its subcategory "${name}" has been deleted. Add a subcategory named "${name}" to its category again first.`
        : `This product cannot be restored: its child category "${name}" has been deleted. Add a child category named "${name}" to its subcategory again first.`,
} as const;

export const archivedProductSchema = productSchema.extend({
  /** When it was archived (deleted). */
  archivedAt: z.string(),
  /** The last moment it can be restored. */
  restorableUntil: z.string(),
});
export type ArchivedProduct = z.infer<typeof archivedProductSchema>;

export const archivedProductPageSchema = z.object({
  products: z.array(archivedProductSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type ArchivedProductPage = z.infer<typeof archivedProductPageSchema>;

export const ARCHIVE_PAGE_SIZE_MAX = 100;

export const archivedQuerySchema = z.object({
  page: queryWholeNumber('page', 999_999),
  pageSize: queryWholeNumber('pageSize', ARCHIVE_PAGE_SIZE_MAX),
});
export type ArchivedQuery = z.output<typeof archivedQuerySchema>;
