import type { AuditValue } from '../../../shared/audit.js';
import type { ProductRow } from './queries.js';

/**
 * What the audit log records of a product (features/audit): the fields an admin edits, money in
 * rupees, the category as its path of names, the images as how many there are.
 */
export function productSnapshot(row: ProductRow, imageCount: number): Record<string, AuditValue> {
  return {
    name: row.name,
    description: row.description,
    price: row.price_paisa / 100,
    category: categoryPath(row.category_name, row.sub_category_name, row.child_category_name),
    stock: row.stock,
    warranty: row.warranty,
    lowStockThreshold: row.low_stock_threshold,
    maxPerOrder: row.max_per_order,
    sku: row.sku,
    isFeatured: row.is_featured === 1,
    images: imageCount,
  };
}

/** 'Laptops › Gaming Laptops › RTX 4060': how the admin panel writes a place in the tree. */
export function categoryPath(...names: (string | null | undefined)[]): string {
  return names.filter((name): name is string => Boolean(name)).join(' › ');
}
