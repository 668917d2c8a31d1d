import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { isBaseName, processImage, storeImages } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import type { CategoryService } from './category-service.js';
import { type BulkProductInput, assertProductBasics, newProductRow } from './product-input.js';
import * as q from './queries.js';

/**
 * Products in bulk for the seeders (100 000 products without running sharp 100 000 times): a few
 * images stored once, then many products that reuse them in multi-row inserts.
 *
 *   const base = await catalog.storeImage(buffer);          // → base name of the stored WebP set
 *   // no image processing, multi-row inserts, one transaction per call:
 *   const ids = await catalog.insertProductsBulk([{ name, description, pricePaisa, categoryId,
 *     subCategoryId?, childCategoryId?, isFeatured?, stock?, imageBaseNames: [base], createdAt? }]);
 */
export class BulkProducts {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
    private readonly categories: CategoryService,
  ) {}

  /** Processes and stores one image for reuse by insert(); returns its base name. */
  async storeImage(bytes: Buffer): Promise<string> {
    const processed = await processImage(bytes);
    await storeImages(this.storage, [processed]);
    return processed.baseName;
  }

  /** Inserts many products reusing stored images, in one transaction; returns the new ids in order. */
  async insert(products: BulkProductInput[]): Promise<number[]> {
    const now = isoNow(this.ctx.clock);
    const paths = new Map<string, [number, number | null, number | null]>();
    for (const product of products) {
      assertProductBasics(product);
      for (const base of product.imageBaseNames) if (!isBaseName(base)) throw badRequest(`Not a stored image: ${base}`);
      const where: [number, number | null, number | null] = [
        product.categoryId,
        product.subCategoryId ?? null,
        product.childCategoryId ?? null,
      ];
      paths.set(where.join('/'), where);
    }
    return q.catalogWrite(this.ctx.db, async (trx) => {
      for (const [categoryId, subId, childId] of paths.values())
        await this.categories.assertPath(categoryId, subId, childId, trx);
      const ids = await q.insertProducts(
        trx,
        products.map((product) => newProductRow(product, product.createdAt ?? now)),
      );
      await q.insertImages(
        trx,
        products.flatMap((product, index) =>
          product.imageBaseNames.map((base_name, position) => ({ product_id: ids[index] ?? 0, position, base_name })),
        ),
      );
      return ids;
    });
  }
}
