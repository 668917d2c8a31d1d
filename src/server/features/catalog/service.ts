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
 *     warranty?: string | null,                            // '1 year official warranty'; null/blank: none
 *     images: [pngBuffer, jpegBuffer],                     // 1+ images: sniffed, re-encoded, stored
 *   });                                                    // → Product (the API shape)
 *
 *   // Bulk, for the seeders (bulk-products.ts): catalog.storeImage(buffer) once, then
 *   // catalog.insertProductsBulk([...]) in batches of a few thousand reusing its base name.
 *
 *   catalog.isEmpty()  → true when no category exists (first start: seed the demo catalogue).
 *   catalog.listing    → the product lists and search (listPage, listAll: listing/service.ts).
 *
 * Errors are AppErrors (400 invalid, 404 missing, 409 conflict, 413/415 for images).
 * Names are compared with categoryKey() of src/shared/catalog.ts (case-insensitive, hyphens as spaces).
 *
 * Admin writes pass an `actor` (routes.ts: the signed-in admin): each is then recorded in the audit
 * log in its own transaction (features/audit). The seeders pass none: they are no admin's writes.
 */
import {
  CATALOG_MESSAGES,
  type Category,
  type ChildCategory,
  FEATURED_MESSAGE,
  type Product,
  type ProductFields,
  type ProductUpdate,
  type RelatedProduct,
  type SubCategory,
  UNFEATURED_MESSAGE,
} from '../../../shared/catalog.js';
import type { ArchivedProductPage, ArchivedQuery } from '../../../shared/product-archive.js';
import type { ProductDetail } from '../../../shared/product-detail.js';
import type { VariantsInput } from '../../../shared/variants.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { notFound } from '../../lib/errors.js';
import { type Actor, allFields, changedFields, recordAudit } from '../audit/service.js';
import { productSnapshot } from './audit-snapshot.js';
import { type ProcessedImage, deleteImages, processImage, storeImages } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import { ProductArchive } from './archive.js';
import { BulkProducts } from './bulk-products.js';
import { CategoryService, type NodePath } from './category-service.js';
import { compareProducts } from './compare.js';
import { ListingService } from './listing/service.js';
import { toProduct } from './product-answer.js';
import { liveProductDetailNow, productDetail } from './product-detail.js';
import {
  type BulkProductInput,
  type CreateProductInput,
  assertPriceChange,
  assertProductBasics,
  keptImages,
  newProductRow,
  skuTaken,
  toPaisa,
  validationFailed,
} from './product-input.js';
import * as q from './queries.js';
import { relatedProducts } from './related.js';
import { VariantService } from './variants/service.js';
import { type PreparedSpecs, SpecsService } from './specs/service.js';

/** A SKU taken by another write between the check and ours: the unique index of migration 020 says so. */
function skuRace(error: unknown): unknown {
  return uniqueViolation(error) ? skuTaken() : error;
}

export class CatalogService {
  readonly storage: Storage;
  /** Product lists and search (listing/service.ts). */
  readonly listing: ListingService;
  /** A product's options and variants (variants/service.ts). */
  readonly variants: VariantService;
  /** The category tree (category-service.ts), answered for below. */
  private readonly categories: CategoryService;
  private readonly archive: ProductArchive;
  private readonly bulk: BulkProducts;
  /** Brands, spec fields and a product's brand and values (specs/service.ts). */
  readonly specs: SpecsService;

  constructor(
    private readonly ctx: AppContext,
    storage?: Storage,
  ) {
    this.storage = storage ?? ctx.storage;
    this.listing = new ListingService(ctx);
    this.variants = new VariantService(ctx);
    this.categories = new CategoryService(ctx);
    this.archive = new ProductArchive(ctx, this.categories);
    this.bulk = new BulkProducts(ctx, this.storage, this.categories);
    this.specs = new SpecsService(ctx);
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

  createCategory(name: string, actor?: Actor, nameNe: string | null = null): Promise<{ category: Category }> {
    return this.categories.createCategory(name, actor, nameNe);
  }

  createSubCategory(categoryId: number, name: string, actor?: Actor, nameNe: string | null = null): Promise<SubCategory> {
    return this.categories.createSubCategory(categoryId, name, actor, nameNe);
  }

  createChildCategory(
    categoryId: number,
    subCategoryId: number,
    name: string,
    actor?: Actor,
    nameNe: string | null = null,
  ): Promise<ChildCategory> {
    return this.categories.createChildCategory(categoryId, subCategoryId, name, actor, nameNe);
  }

  /** Sets or clears a category node's Nepali name (category-service.ts setNepaliName). */
  setNepaliName(path: NodePath, nameNe: string | null, actor?: Actor) {
    return this.categories.setNepaliName(path, nameNe, actor);
  }

  deleteCategory(categoryId: number, actor?: Actor): Promise<{ message: string }> {
    return this.categories.deleteCategory(categoryId, actor);
  }

  deleteSubCategory(categoryId: number, subCategoryId: number, actor?: Actor): Promise<{ message: string }> {
    return this.categories.deleteSubCategory(categoryId, subCategoryId, actor);
  }

  deleteChildCategory(categoryId: number, subCategoryId: number, childId: number, actor?: Actor): Promise<{ message: string }> {
    return this.categories.deleteChildCategory(categoryId, subCategoryId, childId, actor);
  }

  // -------------------------------------------------------------------------------------------
  // Product reads

  /** catalog_state.version (changes with every catalogue write) and the current stock of some products. */
  versionAndStock(ids: number[]): Promise<{ version: number; stock: Map<number, number | null> }> {
    const now = this.ctx.reader && q.versionAndStockNow(this.ctx.reader, ids);
    return now ? Promise.resolve(now) : q.versionAndStock(this.db, ids);
  }

  async getProduct(id: number): Promise<Product> {
    const row = await q.liveProductRow(this.db, id);
    if (!row) throw notFound(CATALOG_MESSAGES.productNotFound);
    const images = await q.imagesOf(this.db, [id]);
    return toProduct(row, images.get(id) ?? [], this.ctx.config.imageBaseUrl);
  }

  /** GET /api/products/:id: a live product with its options, variants and specifications. */
  async getProductDetail(id: number): Promise<ProductDetail> {
    // SQLite: the answer's six statements at once, in one snapshot (db/snapshot-reader.ts).
    if (this.ctx.reader) {
      const detail = liveProductDetailNow(this.ctx.reader, id, this.ctx.config.imageBaseUrl);
      if (!detail) throw notFound(CATALOG_MESSAGES.productNotFound);
      return detail;
    }
    return this.detailOf(await this.getProduct(id));
  }

  /** A product just read or written, with its options, variants and specifications (the admin's writes answer it). */
  detailOf(product: Product): Promise<ProductDetail> {
    return productDetail(this.db, product, this.ctx.config.imageBaseUrl);
  }

  /** GET /api/products/compare: the live products of `ids`, each as its page reads it, in that order (compare.ts). */
  compareProducts(ids: readonly number[]): Promise<ProductDetail[]> {
    return compareProducts(this, ids);
  }

  /** GET /api/products/:id/related: up to RELATED_PRODUCTS_MAX products of its category levels (related.ts). */
  relatedProducts(id: number): Promise<RelatedProduct[]> {
    return relatedProducts(this.db, id, this.ctx.config.imageBaseUrl);
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

  /** POST /api/products/: the form's fields (category path by name or id), its image files and variants. */
  async createFromForm(fields: ProductFields, files: Buffer[], actor?: Actor, variants?: VariantsInput): Promise<Product> {
    if (files.length === 0) throw validationFailed({ images: CATALOG_MESSAGES.imageRequired });
    const where = await this.categories.resolvePath(fields.category, fields.subCategory, fields.childCategory);
    const specs = await this.specs.prepareProductSpecs(where.categoryId, fields);
    return this.createProduct(
      {
        name: fields.name,
        description: fields.description,
        pricePaisa: toPaisa(fields.price),
        categoryId: where.categoryId,
        subCategoryId: where.subCategoryId,
        childCategoryId: where.childCategoryId,
        stock: fields.stock ?? null,
        warranty: fields.warranty ?? null,
        lowStockThreshold: fields.lowStockThreshold ?? null,
        maxPerOrder: fields.maxPerOrder ?? null,
        sku: fields.sku ?? null,
        images: files,
        variants,
      },
      actor,
      specs,
    );
  }

  /** Creates a product with its images (see the header) and brand and values. Nothing is left behind when it fails. */
  async createProduct(input: CreateProductInput, actor?: Actor, specs?: PreparedSpecs): Promise<Product> {
    assertProductBasics(input);
    if (input.images.length === 0) throw validationFailed({ images: CATALOG_MESSAGES.imageRequired });
    await this.categories.assertPath(input.categoryId, input.subCategoryId ?? null, input.childCategoryId ?? null);
    if (input.sku && (await q.liveProductIdBySku(this.db, input.sku)) !== undefined) throw skuTaken();
    const processed = await this.processAll(input.images);
    const baseNames = processed.map((image) => image.baseName);
    await storeImages(this.storage, processed);
    let id: number;
    try {
      const now = this.now();
      id = await this.write(async (trx) => {
        await this.categories.assertPath(input.categoryId, input.subCategoryId ?? null, input.childCategoryId ?? null, trx);
        const productId = await q.insertProduct(trx, newProductRow(input, now));
        await q.insertImages(
          trx,
          baseNames.map((base_name, position) => ({ product_id: productId, position, base_name })),
        );
        if (input.variants) await this.variants.writeIn(trx, productId, input.variants, actor, now);
        if (specs) await this.specs.writeProductSpecs(trx, productId, input.categoryId, specs);
        if (actor) {
          const row = await q.liveProductRow(trx, productId);
          if (row) {
            await recordAudit(trx, {
              adminId: actor.adminId,
              action: 'product.create',
              entityType: 'product',
              entityId: productId,
              summary: row.name,
              changes: allFields(productSnapshot(row, baseNames.length), 'created'),
              at: now,
            });
          }
        }
        return productId;
      });
    } catch (error) {
      await deleteImages(this.storage, baseNames);
      throw input.variants ? await this.variants.conflictOf(error, undefined, input.variants) : skuRace(error);
    }
    return this.getProduct(id);
  }

  /** Processes and stores one image for reuse by insertProductsBulk(); returns its base name. */
  storeImage(bytes: Buffer): Promise<string> {
    return this.bulk.storeImage(bytes);
  }

  /** Inserts many products reusing stored images, in one transaction (bulk-products.ts); the new ids in order. */
  insertProductsBulk(products: BulkProductInput[]): Promise<number[]> {
    return this.bulk.insert(products);
  }

  /**
   * PUT /api/products/:id — see productUpdateSchema in src/shared/catalog.ts for the rules; with
   * `variants`, the product's whole set of them in the same transaction (variants/service.ts).
   */
  async updateProduct(
    id: number,
    edit: ProductUpdate,
    files: Buffer[],
    actor?: Actor,
    variants?: VariantsInput,
  ): Promise<Product> {
    const current = await q.liveProductRow(this.db, id);
    if (!current) throw notFound(CATALOG_MESSAGES.productNotFound);
    // A product with variants keeps its variants' price and stock.
    const update = await this.variants.productEdit(id, current, edit, variants);
    // The form's confirmation of a far price move covers its variants' prices too.
    const variantsInput = variants && {
      ...variants,
      confirmPriceChange: variants.confirmPriceChange || update.confirmPriceChange,
    };
    const existing = (await q.imagesOf(this.db, [id])).get(id) ?? [];

    const patch: q.ProductPatch = {};
    if (update.name !== undefined) patch.name = update.name;
    if (update.description !== undefined) patch.description = update.description;
    if (update.price !== undefined) patch.price_paisa = toPaisa(update.price);
    // A likely typo is refused before any image is processed (and again on the row the write finds).
    assertPriceChange(current.price_paisa, patch.price_paisa, update.confirmPriceChange);
    if (variantsInput) await this.variants.assertPrices(id, variantsInput);
    if (update.stock !== undefined) patch.stock = update.stock;
    if (update.warranty !== undefined) patch.warranty = update.warranty;
    if (update.lowStockThreshold !== undefined) patch.low_stock_threshold = update.lowStockThreshold;
    if (update.maxPerOrder !== undefined) patch.max_per_order = update.maxPerOrder;
    if (update.isFeatured !== undefined) patch.is_featured = update.isFeatured ? 1 : 0;
    if (update.sku !== undefined) {
      patch.sku = update.sku === '' ? null : update.sku;
      const holder = patch.sku === null ? undefined : await q.liveProductIdBySku(this.db, patch.sku);
      if (holder !== undefined && holder !== id) throw skuTaken();
    }
    Object.assign(patch, await this.categories.pathChange(current, update));
    const categoryId = patch.category_id ?? current.category_id;
    const specs =
      update.brand !== undefined || update.specs ? await this.specs.prepareProductSpecs(categoryId, update) : undefined;

    const kept = update.imageOrder === undefined ? existing : keptImages(existing, update.imageOrder);
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
        // The row as this transaction finds it: what the audit entry calls "before".
        const before = await q.liveProductRow(trx, id);
        if (before) assertPriceChange(before.price_paisa, patch.price_paisa, update.confirmPriceChange);
        const specsBefore = actor ? await this.specs.auditSnapshot(trx, id) : {};
        const now = this.now();
        if (!(await q.updateProduct(trx, id, patch, now))) throw notFound(CATALOG_MESSAGES.productNotFound);
        if (imagesChanged) await q.replaceImages(trx, id, finalImages);
        if (imagesChanged) await this.variants.keepImages(trx, id, finalImages);
        if (variantsInput) await this.variants.writeIn(trx, id, variantsInput, actor, now);
        if (specs || categoryId !== current.category_id) await this.specs.writeProductSpecs(trx, id, categoryId, specs);
        if (actor && before) {
          const after = await q.liveProductRow(trx, id);
          const changes = after
            ? changedFields(
                { ...productSnapshot(before, existing.length), ...specsBefore },
                { ...productSnapshot(after, finalImages.length), ...(await this.specs.auditSnapshot(trx, id)) },
              )
            : {};
          // Images reordered only: same count, still a change worth its line.
          if (imagesChanged && !changes.images) changes.images = [existing.length, finalImages.length];
          // Saving the form unchanged writes nothing worth an entry.
          if (Object.keys(changes).length > 0) {
            await recordAudit(trx, {
              adminId: actor.adminId,
              action: 'product.update',
              entityType: 'product',
              entityId: id,
              summary: after?.name ?? before.name,
              changes,
              at: now,
            });
          }
        }
      });
    } catch (error) {
      await deleteImages(this.storage, added);
      throw variantsInput ? await this.variants.conflictOf(error, id, variantsInput) : skuRace(error);
    }
    const removed = existing.filter((base) => !finalImages.includes(base));
    await deleteImages(this.storage, await q.unusedBaseNames(this.db, removed));
    return this.getProduct(id);
  }

  async toggleFeatured(id: number, actor?: Actor): Promise<{ message: string; isFeatured: boolean }> {
    const isFeatured = await this.write(async (trx) => {
      const now = this.now();
      const featured = await q.toggleFeatured(trx, id, now);
      if (featured !== undefined && actor) {
        const row = await q.liveProductRow(trx, id);
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'product.feature',
          entityType: 'product',
          entityId: id,
          summary: row?.name ?? String(id),
          changes: { isFeatured: [!featured, featured] },
          at: now,
        });
      }
      return featured;
    });
    if (isFeatured === undefined) throw notFound(CATALOG_MESSAGES.productNotFound);
    return { message: isFeatured ? FEATURED_MESSAGE : UNFEATURED_MESSAGE, isFeatured };
  }

  /** The API's delete: the product is archived (archive.ts), restorable for a while. */
  async deleteProduct(id: number, actor?: Actor): Promise<{ message: string }> {
    await this.archive.archive(id, actor);
    return { message: CATALOG_MESSAGES.productDeleted };
  }

  /** The products that can still be restored, newest archive first (archive.ts). */
  listArchived(query: ArchivedQuery): Promise<ArchivedProductPage> {
    return this.archive.list(query);
  }

  /** An archived product back in the shop (archive.ts), as the API shows it. */
  async restoreProduct(id: number, actor?: Actor): Promise<Product> {
    await this.archive.restore(id, actor);
    return this.getProduct(id);
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  private async processAll(images: Buffer[]): Promise<ProcessedImage[]> {
    const processed: ProcessedImage[] = [];
    // One at a time: each decode may take tens of MB; the server has few cores.
    for (const bytes of images) processed.push(await processImage(bytes));
    return processed;
  }
}
