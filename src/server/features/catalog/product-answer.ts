import { saleOf } from '../../../shared/campaigns.js';
import type { Product } from '../../../shared/catalog.js';
import { averageOf } from '../../../shared/reviews.js';
import { imageAddress } from '../../lib/images.js';
import type { ProductRow } from './queries.js';

/** A product row and its image base names as the API answers them (GET /api/products, /api/products/:id). */
export function toProduct(row: ProductRow, baseNames: string[], imageBaseUrl: string | undefined): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_paisa / 100,
    images: JSON.stringify(baseNames.map((base) => imageAddress(base, imageBaseUrl))),
    category: row.category_name,
    subCategory: row.sub_category_name,
    childCategory: row.child_category_name,
    isFeatured: row.is_featured === 1,
    stock: row.stock,
    warranty: row.warranty,
    ...(row.low_stock_threshold === null ? {} : { lowStockThreshold: row.low_stock_threshold }),
    ...(row.max_per_order === null ? {} : { maxPerOrder: row.max_per_order }),
    sku: row.sku,
    brand: row.brand_name,
    categoryId: row.category_id,
    subCategoryId: row.sub_category_id,
    childCategoryId: row.child_category_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sale: saleOf(row),
    rating: { average: averageOf(Number(row.rating_sum), Number(row.rating_count)), count: Number(row.rating_count) },
  };
}
