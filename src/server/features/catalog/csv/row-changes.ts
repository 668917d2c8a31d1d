import { priceChangeNeedsConfirmation } from '../../../../shared/catalog.js';
import type * as q from '../queries.js';
import { type ImageRef, type ImportRow, pathKey } from './rows.js';

/**
 * What an update row changes in its product: the columns that differ, whether its images do, and
 * whether its price moves so far that the owner must confirm it. The preview uses it to call a row
 * unchanged (so an unedited export imports as nothing at all), the writer to write only the difference.
 */

export type CategoryWhere = { categoryId: number; subCategoryId: number | null; childCategoryId: number | null };

/** The ids of a path's levels in the tree (treeIndex of import-write.ts), or undefined when a level is still to be made. */
export function pathWhere(tree: Map<string, number>, path: string[]): CategoryWhere | undefined {
  const ids: number[] = [];
  for (let depth = 1; depth <= path.length; depth += 1) {
    const id = tree.get(pathKey(path.slice(0, depth)));
    if (id === undefined) return undefined;
    ids.push(id);
  }
  if (ids.length === 0) return undefined;
  return { categoryId: ids[0]!, subCategoryId: ids[1] ?? null, childCategoryId: ids[2] ?? null };
}

/** The columns of a product an update row changes (only what differs; the file's absent columns stay). */
export function rowPatch(was: q.ProductRow, row: ImportRow, where: CategoryWhere): q.ProductPatch {
  const patch: q.ProductPatch = {};
  if (was.sku !== row.sku) patch.sku = row.sku;
  if (was.name !== row.name) patch.name = row.name;
  if (was.description !== row.description) patch.description = row.description;
  if (was.price_paisa !== row.pricePaisa) patch.price_paisa = row.pricePaisa!;
  if (was.category_id !== where.categoryId) patch.category_id = where.categoryId;
  if (was.sub_category_id !== where.subCategoryId) patch.sub_category_id = where.subCategoryId;
  if (was.child_category_id !== where.childCategoryId) patch.child_category_id = where.childCategoryId;
  if (row.stock !== undefined && was.stock !== row.stock) patch.stock = row.stock;
  if (row.featured !== undefined && was.is_featured !== (row.featured ? 1 : 0)) patch.is_featured = row.featured ? 1 : 0;
  if (row.warranty !== undefined && was.warranty !== row.warranty) patch.warranty = row.warranty;
  if (row.lowStockThreshold !== undefined && was.low_stock_threshold !== row.lowStockThreshold) {
    patch.low_stock_threshold = row.lowStockThreshold;
  }
  if (row.maxPerOrder !== undefined && was.max_per_order !== row.maxPerOrder) patch.max_per_order = row.maxPerOrder;
  return patch;
}

/** Whether the images a row names differ from the product's (a ZIP file always does; an empty cell keeps them). */
export function imagesDiffer(before: string[], refs: ImageRef[] | undefined): boolean {
  if (refs === undefined) return false;
  if (refs.length !== before.length) return true;
  return refs.some((ref, index) => ref.kind !== 'stored' || ref.base !== before[index]);
}

export interface RowVerdict {
  unchanged: boolean;
  /** The row changes the price or the stock. */
  pricedOrStocked: boolean;
  /** The old and new price in paisa when the change needs the owner's confirmation. */
  priceJump?: { oldPaisa: number; newPaisa: number };
}

/** An update row against its product as it is now (`tree`: the live tree by path key). */
export function judgeRow(was: q.ProductRow, images: string[], row: ImportRow, tree: Map<string, number>): RowVerdict {
  const where = pathWhere(tree, row.path);
  // A path with a level still to be made moves the product: compared as a change of its category.
  const patch = rowPatch(was, row, where ?? { categoryId: 0, subCategoryId: null, childCategoryId: null });
  const unchanged = where !== undefined && Object.keys(patch).length === 0 && !imagesDiffer(images, row.images);
  const newPaisa = patch.price_paisa;
  const pricedOrStocked = 'price_paisa' in patch || 'stock' in patch;
  if (newPaisa !== undefined && priceChangeNeedsConfirmation(was.price_paisa, newPaisa)) {
    return { unchanged, pricedOrStocked, priceJump: { oldPaisa: was.price_paisa, newPaisa } };
  }
  return { unchanged, pricedOrStocked };
}
