/**
 * The catalogue's rules: the three-level category tree, products and their images.
 *
 * Service API (also for the demo/bulk seeders in features/catalog/seed and cli/seed.ts):
 *
 *   const catalog = new CatalogService(ctx);                 // images go to DATA_DIR/uploads
 *   const { category } = await catalog.createCategory('Laptops');            // → Category
 *   const sub = await catalog.createSubCategory(category.id, 'Gaming Laptops');
 *   const child = await catalog.createChildCategory(category.id, sub.id, 'RTX 4060');
 *   const product = await catalog.createProduct({
 *     name, description, pricePaisa: 15_999_900,          // Rs. 159,999 as integer paisa
 *     categoryId, subCategoryId?, childCategoryId?,        // must form one path of the tree
 *     isFeatured?: boolean, stock?: number | null,         // null/absent: stock not tracked
 *     images: [pngBuffer, jpegBuffer],                     // 1+ images: sniffed, re-encoded, stored
 *   });                                                    // → Product (the API shape)
 *
 *   // Bulk (100 000 products without running sharp 100 000 times): store a few images once…
 *   const base = await catalog.storeImage(buffer);          // → base name of the stored WebP set
 *   // …then insert many products that reuse them (no image processing, multi-row inserts,
 *   // one transaction per call; call it in batches of a few thousand):
 *   const ids = await catalog.insertProductsBulk([{ name, description, pricePaisa, categoryId,
 *     subCategoryId?, childCategoryId?, isFeatured?, stock?, imageBaseNames: [base], createdAt? }]);
 *
 *   catalog.isEmpty()  → true when no category exists (first start: seed the demo catalogue).
 *   catalog.listing    → the product lists and search (listPage, listAll: listing/service.ts).
 *
 * Errors are AppErrors (400 invalid, 404 missing, 409 conflict, 413/415 for images).
 * Names are compared with categoryKey() of src/shared/catalog.ts (SPEC §5).
 */
import {
  CATALOG_MESSAGES,
  type Category,
  type ChildCategory,
  FEATURED_MESSAGE,
  type Product,
  type ProductFields,
  type ProductUpdate,
  type SubCategory,
  UNFEATURED_MESSAGE,
} from '../../../shared/catalog.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { type ProcessedImage, baseNameOf, deleteImages, isBaseName, processImage, storeImages } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import { CategoryService } from './category-service.js';
import { ListingService } from './listing/service.js';
import { toProduct } from './product-answer.js';
import {
  type BulkProductInput,
  type CreateProductInput,
  assertProductBasics,
  toPaisa,
  validationFailed,
} from './product-input.js';
import * as q from './queries.js';

export class CatalogService {
  readonly storage: Storage;
  /** Product lists and search (listing/service.ts). */
  readonly listing: ListingService;
  /** The category tree (category-service.ts), answered for below. */
  private readonly categories: CategoryService;

  constructor(
    private readonly ctx: AppContext,
    storage?: Storage,
  ) {
    this.storage = storage ?? ctx.storage;
    this.listing = new ListingService(ctx);
    this.categories = new CategoryService(ctx);
  }

  private get db() {
    return this.ctx.db;
  }

  /** Runs a catalogue write in a transaction that also bumps the catalogue version. */
  private write<T>(work: (trx: q.Db) => Promise<T>): Promise<T> {
    return q.catalogWrite(this.db, work);
  }

  private now(): string {
    return isoNow(this.ctx.clock);
  }

  // -------------------------------------------------------------------------------------------
  // Category tree (category-service.ts)

  isEmpty(): Promise<boolean> {
    return this.categories.isEmpty();
  }

  tree(): Promise<Category[]> {
    return this.categories.tree();
  }

  createCategory(name: string): Promise<{ category: Category }> {
    return this.categories.createCategory(name);
  }

  createSubCategory(categoryId: number, name: string): Promise<SubCategory> {
    return this.categories.createSubCategory(categoryId, name);
  }

  createChildCategory(categoryId: number, subCategoryId: number, name: string): Promise<ChildCategory> {
    return this.categories.createChildCategory(categoryId, subCategoryId, name);
  }

  deleteCategory(categoryId: number): Promise<{ message: string }> {
    return this.categories.deleteCategory(categoryId);
  }

  deleteSubCategory(categoryId: number, subCategoryId: number): Promise<{ message: string }> {
    return this.categories.deleteSubCategory(categoryId, subCategoryId);
  }

  deleteChildCategory(categoryId: number, subCategoryId: number, childId: number): Promise<{ message: string }> {
    return this.categories.deleteChildCategory(categoryId, subCategoryId, childId);
  }

  // -------------------------------------------------------------------------------------------
  // Product reads

  /** catalog_state.version (changes with every catalogue write) and the current stock of some products. */
  versionAndStock(ids: number[]): Promise<{ version: number; stock: Map<number, number | null> }> {
    return q.versionAndStock(this.db, ids);
  }

  async getProduct(id: number): Promise<Product> {
    const row = await q.liveProductRow(this.db, id);
    if (!row) throw notFound(CATALOG_MESSAGES.productNotFound);
    const images = await q.imagesOf(this.db, [id]);
    return toProduct(row, images.get(id) ?? [], this.ctx.config.imageBaseUrl);
  }

  /** Live product or undefined (for the page head). */
  async findProduct(id: number): Promise<Product | undefined> {
    const row = await q.liveProductRow(this.db, id);
    if (!row) return undefined;
    const images = await q.imagesOf(this.db, [id]);
    return toProduct(row, images.get(id) ?? [], this.ctx.config.imageBaseUrl);
  }

  // -------------------------------------------------------------------------------------------
  // Product writes

  /** POST /api/products/: the form's fields (category path by name or id) and its image files. */
  async createFromForm(fields: ProductFields, files: Buffer[]): Promise<Product> {
    if (files.length === 0) throw validationFailed({ images: CATALOG_MESSAGES.imageRequired });
    const where = await this.categories.resolvePath(fields.category, fields.subCategory, fields.childCategory);
    return this.createProduct({
      name: fields.name,
      description: fields.description,
      pricePaisa: toPaisa(fields.price),
      categoryId: where.categoryId,
      subCategoryId: where.subCategoryId,
      childCategoryId: where.childCategoryId,
      stock: fields.stock ?? null,
      images: files,
    });
  }

  /** Creates a product with its images (see the header). Nothing is left behind when it fails. */
  async createProduct(input: CreateProductInput): Promise<Product> {
    assertProductBasics(input);
    if (input.images.length === 0) throw validationFailed({ images: CATALOG_MESSAGES.imageRequired });
    await this.categories.assertPath(input.categoryId, input.subCategoryId ?? null, input.childCategoryId ?? null);
    const processed = await this.processAll(input.images);
    const baseNames = processed.map((image) => image.baseName);
    await storeImages(this.storage, processed);
    let id: number;
    try {
      const now = this.now();
      id = await this.write(async (trx) => {
        await this.categories.assertPath(input.categoryId, input.subCategoryId ?? null, input.childCategoryId ?? null, trx);
        const productId = await q.insertProduct(trx, {
          name: input.name.trim(),
          description: input.description.trim(),
          price_paisa: input.pricePaisa,
          category_id: input.categoryId,
          sub_category_id: input.subCategoryId ?? null,
          child_category_id: input.childCategoryId ?? null,
          is_featured: input.isFeatured ? 1 : 0,
          stock: input.stock ?? null,
          created_at: now,
          updated_at: now,
        });
        await q.insertImages(
          trx,
          baseNames.map((base_name, position) => ({ product_id: productId, position, base_name })),
        );
        return productId;
      });
    } catch (error) {
      await deleteImages(this.storage, baseNames);
      throw error;
    }
    return this.getProduct(id);
  }

  /** Processes and stores one image for reuse by insertProductsBulk(); returns its base name. */
  async storeImage(bytes: Buffer): Promise<string> {
    const processed = await processImage(bytes);
    await storeImages(this.storage, [processed]);
    return processed.baseName;
  }

  /** Inserts many products reusing stored images, in one transaction; returns the new ids in order. */
  async insertProductsBulk(products: BulkProductInput[]): Promise<number[]> {
    const now = this.now();
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
    return this.write(async (trx) => {
      for (const [categoryId, subId, childId] of paths.values())
        await this.categories.assertPath(categoryId, subId, childId, trx);
      const ids = await q.insertProducts(
        trx,
        products.map((product) => ({
          name: product.name.trim(),
          description: product.description.trim(),
          price_paisa: product.pricePaisa,
          category_id: product.categoryId,
          sub_category_id: product.subCategoryId ?? null,
          child_category_id: product.childCategoryId ?? null,
          is_featured: product.isFeatured ? 1 : 0,
          stock: product.stock ?? null,
          created_at: product.createdAt ?? now,
          updated_at: product.createdAt ?? now,
        })),
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

  /** PUT /api/products/:id — see productUpdateSchema in src/shared/catalog.ts for the rules. */
  async updateProduct(id: number, update: ProductUpdate, files: Buffer[]): Promise<Product> {
    const current = await q.liveProductRow(this.db, id);
    if (!current) throw notFound(CATALOG_MESSAGES.productNotFound);
    const existing = (await q.imagesOf(this.db, [id])).get(id) ?? [];

    const patch: q.ProductPatch = {};
    if (update.name !== undefined) patch.name = update.name;
    if (update.description !== undefined) patch.description = update.description;
    if (update.price !== undefined) patch.price_paisa = toPaisa(update.price);
    if (update.stock !== undefined) patch.stock = update.stock;
    if (update.isFeatured !== undefined) patch.is_featured = update.isFeatured ? 1 : 0;
    Object.assign(patch, await this.resolvePathChange(current, update));

    let kept = existing;
    if (update.imageOrder !== undefined) {
      kept = [];
      for (const address of update.imageOrder) {
        const base = baseNameOf(address);
        if (!base || !existing.includes(base)) {
          throw validationFailed({
            imageOrder: `imageOrder lists an image that is not one of this product's images: ${address}`,
          });
        }
        if (kept.includes(base)) throw validationFailed({ imageOrder: 'imageOrder lists an image twice' });
        kept.push(base);
      }
    }
    if (kept.length + files.length === 0) throw validationFailed({ images: CATALOG_MESSAGES.imageRequired });

    const processed = await this.processAll(files);
    const added = processed.map((image) => image.baseName);
    await storeImages(this.storage, processed);
    const finalImages = [...kept, ...added];
    const imagesChanged = finalImages.length !== existing.length || finalImages.some((base, i) => existing[i] !== base);
    try {
      await this.write(async (trx) => {
        await this.categories.assertPath(
          patch.category_id ?? current.category_id,
          patch.sub_category_id !== undefined ? patch.sub_category_id : current.sub_category_id,
          patch.child_category_id !== undefined ? patch.child_category_id : current.child_category_id,
          trx,
        );
        if (!(await q.updateProduct(trx, id, patch, this.now()))) throw notFound(CATALOG_MESSAGES.productNotFound);
        if (imagesChanged) await q.replaceImages(trx, id, finalImages);
      });
    } catch (error) {
      await deleteImages(this.storage, added);
      throw error;
    }
    const removed = existing.filter((base) => !finalImages.includes(base));
    await deleteImages(this.storage, await q.unusedBaseNames(this.db, removed));
    return this.getProduct(id);
  }

  async toggleFeatured(id: number): Promise<{ message: string; isFeatured: boolean }> {
    const isFeatured = await this.write((trx) => q.toggleFeatured(trx, id, this.now()));
    if (isFeatured === undefined) throw notFound(CATALOG_MESSAGES.productNotFound);
    return { message: isFeatured ? FEATURED_MESSAGE : UNFEATURED_MESSAGE, isFeatured };
  }

  /** Soft delete: the product leaves the shop; its row and images stay for the orders that hold it. */
  async deleteProduct(id: number): Promise<{ message: string }> {
    const deleted = await this.write((trx) => q.softDeleteProduct(trx, id, this.now()));
    if (!deleted) throw notFound(CATALOG_MESSAGES.productNotFound);
    return { message: CATALOG_MESSAGES.productDeleted };
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  private async processAll(images: Buffer[]): Promise<ProcessedImage[]> {
    const processed: ProcessedImage[] = [];
    // One at a time: each decode may take tens of MB; the server has few cores.
    for (const bytes of images) processed.push(await processImage(bytes));
    return processed;
  }

  /** The category columns an update changes (see productUpdateSchema). */
  private async resolvePathChange(current: q.ProductRow, update: ProductUpdate): Promise<q.ProductPatch> {
    if (update.category !== undefined) {
      const where = await this.categories.resolvePath(
        update.category,
        update.subCategory || undefined,
        update.childCategory || undefined,
      );
      return { category_id: where.categoryId, sub_category_id: where.subCategoryId, child_category_id: where.childCategoryId };
    }
    const patch: q.ProductPatch = {};
    let subId = current.sub_category_id;
    if (update.subCategory !== undefined) {
      if (update.subCategory === '') {
        subId = null;
      } else {
        const sub = await this.categories.resolveNode('sub_categories', update.subCategory, current.category_id);
        if (!sub)
          throw validationFailed({
            subCategory: `Subcategory "${update.subCategory}" does not exist in ${current.category_name}`,
          });
        subId = sub.id;
      }
      patch.sub_category_id = subId;
      if (subId !== current.sub_category_id) patch.child_category_id = null;
    }
    if (update.childCategory !== undefined) {
      if (update.childCategory === '') {
        patch.child_category_id = null;
      } else {
        if (subId === null) throw validationFailed({ childCategory: 'Choose a subcategory before a child category' });
        const child = await this.categories.resolveNode('child_categories', update.childCategory, subId);
        if (!child)
          throw validationFailed({
            childCategory: `Child category "${update.childCategory}" does not exist in that subcategory`,
          });
        patch.child_category_id = child.id;
      }
    }
    return patch;
  }
}
