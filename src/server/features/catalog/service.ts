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
 *
 * Errors are AppErrors (400 invalid, 404 missing, 409 conflict, 413/415 for images).
 * Names are compared with categoryKey() of src/shared/catalog.ts (SPEC §5).
 */
import {
  CATALOG_MESSAGES,
  type Category,
  type ChildCategory,
  FEATURED_MESSAGE,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PAGE_SIZE_DEFAULT,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  type Product,
  type ProductFields,
  type ProductListQuery,
  type ProductPage,
  type ProductUpdate,
  type SubCategory,
  UNFEATURED_MESSAGE,
  categoryKey,
} from '../../../shared/catalog.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import {
  type ProcessedImage,
  baseNameOf,
  deleteImages,
  imageAddress,
  isBaseName,
  processImage,
  storeImages,
} from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import { LruCache } from '../../lib/lru-cache.js';
import * as q from './queries.js';

export interface CreateProductInput {
  name: string;
  description: string;
  pricePaisa: number;
  categoryId: number;
  subCategoryId?: number | null;
  childCategoryId?: number | null;
  isFeatured?: boolean;
  stock?: number | null;
  images: Buffer[];
}

export interface BulkProductInput extends Omit<CreateProductInput, 'images'> {
  /** Base names returned by storeImage(); the same ones may be shared by many products. */
  imageBaseNames: string[];
  /** ISO timestamp; defaults to now. */
  createdAt?: string;
}

export const validationFailed = (fields: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid request', fields);

const LEVEL_LABEL: Record<q.CategoryLevel, string> = {
  categories: 'category',
  sub_categories: 'subcategory',
  child_categories: 'child category',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

export const toPaisa = (rupees: number) => Math.round(rupees * 100);

/** The rules of productFieldsSchema for callers of the service API that skip the form (seeders). */
function assertProductBasics(input: Omit<CreateProductInput, 'images'>): void {
  const fields: Record<string, string> = {};
  const name = input.name.trim();
  const description = input.description.trim();
  if (!name) fields.name = CATALOG_MESSAGES.productNameRequired;
  else if (name.length > PRODUCT_NAME_MAX) fields.name = CATALOG_MESSAGES.productNameTooLong;
  if (!description) fields.description = CATALOG_MESSAGES.descriptionRequired;
  else if (description.length > PRODUCT_DESCRIPTION_MAX) fields.description = CATALOG_MESSAGES.descriptionTooLong;
  if (!Number.isSafeInteger(input.pricePaisa) || input.pricePaisa <= 0) fields.price = CATALOG_MESSAGES.pricePositive;
  else if (input.pricePaisa > PRODUCT_PRICE_MAX * 100) fields.price = CATALOG_MESSAGES.priceTooHigh;
  const stock = input.stock ?? null;
  if (stock !== null && (!Number.isSafeInteger(stock) || stock < 0 || stock > PRODUCT_STOCK_MAX)) {
    fields.stock = CATALOG_MESSAGES.stockWhole;
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
}

/** Most products the plain GET /api/products answers (see listAll). */
export const PLAIN_LIST_MAX = 1000;

export class CatalogService {
  readonly storage: Storage;

  constructor(
    private readonly ctx: AppContext,
    storage?: Storage,
  ) {
    this.storage = storage ?? ctx.storage;
  }

  /** List pages (ids) and counts, keyed by catalog_state.version (see cache.ts). */
  private readonly pageCache = new LruCache<number[]>(1000);
  private readonly countCache = new LruCache<number>(1000);

  private get db() {
    return this.ctx.db;
  }

  /** Runs a catalogue write in a transaction that also bumps the catalogue version. */
  private write<T>(work: (trx: q.Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const result = await work(trx);
      await q.bumpCatalogVersion(trx);
      return result;
    });
  }

  private now(): string {
    return isoNow(this.ctx.clock);
  }

  // -------------------------------------------------------------------------------------------
  // Category tree

  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  async tree(): Promise<Category[]> {
    const { categories, subs, children } = await q.loadTree(this.db);
    const childrenBySub = new Map<number, ChildCategory[]>();
    for (const child of children) {
      const list = childrenBySub.get(child.sub_category_id) ?? [];
      list.push({ id: child.id, name: child.name });
      childrenBySub.set(child.sub_category_id, list);
    }
    const subsByCategory = new Map<number, SubCategory[]>();
    for (const sub of subs) {
      const list = subsByCategory.get(sub.category_id) ?? [];
      list.push({ id: sub.id, name: sub.name, childCategories: childrenBySub.get(sub.id) ?? [] });
      subsByCategory.set(sub.category_id, list);
    }
    return categories.map((category) => ({
      id: category.id,
      name: category.name,
      subCategories: subsByCategory.get(category.id) ?? [],
    }));
  }

  async createCategory(name: string): Promise<{ category: Category }> {
    const clean = name.trim();
    const key = categoryKey(clean);
    const id = await this.insertUnique(
      () => q.findByKey(this.db, 'categories', key),
      () => this.write((trx) => q.insertCategory(trx, clean, key, this.now())),
      `A category named "${clean}" already exists`,
    );
    return { category: { id, name: clean, subCategories: [] } };
  }

  async createSubCategory(categoryId: number, name: string): Promise<SubCategory> {
    const category = await q.findCategory(this.db, categoryId);
    if (!category) throw notFound('Category not found');
    const clean = name.trim();
    const key = categoryKey(clean);
    const id = await this.insertUnique(
      () => q.findByKey(this.db, 'sub_categories', key, categoryId),
      () => this.write((trx) => q.insertSubCategory(trx, categoryId, clean, key, this.now())),
      `A subcategory named "${clean}" already exists in ${category.name}`,
    );
    return { id, name: clean, childCategories: [] };
  }

  async createChildCategory(categoryId: number, subCategoryId: number, name: string): Promise<ChildCategory> {
    const sub = await this.subIn(categoryId, subCategoryId);
    const clean = name.trim();
    const key = categoryKey(clean);
    const id = await this.insertUnique(
      () => q.findByKey(this.db, 'child_categories', key, subCategoryId),
      () => this.write((trx) => q.insertChildCategory(trx, subCategoryId, clean, key, this.now())),
      `A child category named "${clean}" already exists in ${sub.name}`,
    );
    return { id, name: clean };
  }

  async deleteCategory(categoryId: number): Promise<{ message: string }> {
    const category = await q.findCategory(this.db, categoryId);
    if (!category) throw notFound('Category not found');
    await this.deleteNode(
      'categories',
      categoryId,
      category.name,
      await q.countLiveSubCategories(this.db, categoryId),
      'subcategory',
      'subcategories',
    );
    return { message: CATALOG_MESSAGES.categoryDeleted };
  }

  async deleteSubCategory(categoryId: number, subCategoryId: number): Promise<{ message: string }> {
    const sub = await this.subIn(categoryId, subCategoryId);
    const children = await q.countLiveChildCategories(this.db, subCategoryId);
    await this.deleteNode('sub_categories', subCategoryId, sub.name, children, 'child category', 'child categories');
    return { message: CATALOG_MESSAGES.subCategoryDeleted };
  }

  async deleteChildCategory(categoryId: number, subCategoryId: number, childId: number): Promise<{ message: string }> {
    await this.subIn(categoryId, subCategoryId);
    const child = await q.findChildCategory(this.db, childId);
    if (!child || child.sub_category_id !== subCategoryId) throw notFound('Child category not found in this subcategory');
    await this.deleteNode('child_categories', childId, child.name, 0, '', '');
    return { message: CATALOG_MESSAGES.childCategoryDeleted };
  }

  /** Soft-deletes a node that has no live children and no live products (409 saying why otherwise). */
  private async deleteNode(level: q.CategoryLevel, id: number, name: string, children: number, one: string, many: string) {
    const products = await q.countLiveProductsIn(this.db, level, id);
    const label = LEVEL_LABEL[level];
    if (children > 0 || products > 0) {
      const has = [children > 0 ? plural(children, one, many) : '', products > 0 ? plural(products, 'product') : '']
        .filter(Boolean)
        .join(' and ');
      const fix =
        children > 0 && products > 0
          ? `Remove its ${many} and delete or move its products first.`
          : children > 0
            ? `Remove its ${many} first.`
            : `Delete those products or move them to another ${label} first.`;
      throw conflict(`Cannot delete the ${label} "${name}": it still has ${has}. ${fix}`, { children, products });
    }
    const deleted = await this.write((trx) => q.softDeleteNode(trx, level, id, this.now()));
    if (!deleted) throw notFound(`The ${label} was not found`);
  }

  /** The live subcategory `subId` of live category `categoryId`; 404 when either is missing or the path is wrong. */
  private async subIn(categoryId: number, subId: number) {
    const category = await q.findCategory(this.db, categoryId);
    if (!category) throw notFound('Category not found');
    const sub = await q.findSubCategory(this.db, subId);
    if (!sub || sub.category_id !== categoryId) throw notFound('Subcategory not found in this category');
    return sub;
  }

  private async insertUnique(existing: () => Promise<unknown>, insert: () => Promise<number>, message: string): Promise<number> {
    if (await existing()) throw conflict(message);
    try {
      return await insert();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(message);
      throw error;
    }
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

  /**
   * The plain list of the contract: the live products matching the filters, newest first, at
   * most PLAIN_LIST_MAX of them (a shop of 100 000 products must not answer 50 MB to anyone who
   * asks). `truncated` says there were more; the storefront pages with page/pageSize instead.
   */
  async listAll(query: ProductListQuery): Promise<{ products: Product[]; truncated: boolean }> {
    const filter = await this.resolveFilter(query);
    if (!filter) return { products: [], truncated: false };
    const ids = await q.newestIds(this.db, this.ctx.dialect, filter, PLAIN_LIST_MAX + 1);
    const truncated = ids.length > PLAIN_LIST_MAX;
    return { products: await this.productsByIds(truncated ? ids.slice(0, PLAIN_LIST_MAX) : ids), truncated };
  }

  /**
   * One page of live products matching the filters, with the total count. The ids of a page and
   * the count are cached per catalogue version; the products themselves are always read fresh.
   * A search lists its best SEARCH_RESULTS_MAX results (queries.ts): beyond, `totalAtLeast` says
   * the total is a lower bound and no further page is read.
   */
  async listPage(query: ProductListQuery, knownVersion?: number): Promise<ProductPage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PRODUCT_PAGE_SIZE_DEFAULT;
    const version = knownVersion ?? (await q.catalogVersion(this.db));
    const filterKey = `${version}|${filterCacheKey(query)}`;
    const searching = query.q !== undefined && q.searchTerms(query.q).length > 0;
    const sort = query.sort ?? (searching ? 'relevance' : 'newest');
    const pageKey = `${filterKey}|${sort}|${page}|${pageSize}`;
    const offset = (page - 1) * pageSize;
    // A search's results end at SEARCH_RESULTS_MAX; its count may say one more ("more than that").
    const listed = searching ? Math.max(0, Math.min(pageSize, q.SEARCH_RESULTS_MAX - offset)) : pageSize;
    let ids = this.pageCache.get(pageKey);
    let total = this.countCache.get(filterKey);
    if (ids === undefined || total === undefined) {
      const filter = await this.resolveFilter(query);
      if (!filter) {
        ids = [];
        total = 0;
      } else {
        // The stored counts (migration 006) answer most filters at once, before the page: a page
        // past the end is then not read at all, and the page's plan may depend on the count.
        // A search is counted first (at most SEARCH_RESULTS_MAX + 1): PostgreSQL plans its page by it.
        let stored: q.StoredCount | undefined;
        if (total === undefined) {
          stored = await q.storedCount(this.db, filter);
          total = stored?.n ?? (filter.search ? await q.countProducts(this.db, this.ctx.dialect, filter) : undefined);
        }
        if (ids === undefined) {
          ids =
            (total !== undefined && offset >= total) || listed === 0
              ? []
              : await q.pageIds(this.db, this.ctx.dialect, filter, sort, listed, offset, {
                  stored,
                  matches: filter.search ? total : undefined,
                });
        }
        // A short first page is the whole result: no need to count.
        total ??= page === 1 && ids.length < listed ? ids.length : await q.countProducts(this.db, this.ctx.dialect, filter);
      }
      this.pageCache.set(pageKey, ids);
      this.countCache.set(filterKey, total);
    }
    const more = searching && total > q.SEARCH_RESULTS_MAX;
    const shown = more ? q.SEARCH_RESULTS_MAX : total;
    return {
      products: await this.productsByIds(ids),
      total: shown,
      ...(more ? { totalAtLeast: true } : {}),
      page,
      pageSize,
      totalPages: Math.ceil(shown / pageSize),
    };
  }

  private async productsByIds(ids: number[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    const [rows, images] = await Promise.all([q.productRows(this.db, ids), q.imagesOf(this.db, ids)]);
    return rows.map((row) => toProduct(row, images.get(row.id) ?? [], this.ctx.config.imageBaseUrl));
  }

  /**
   * Turns names into ids (SPEC §5 comparison). Returns undefined when a requested name matches
   * nothing, so the caller answers "no products" without querying the products table.
   */
  private async resolveFilter(query: ProductListQuery): Promise<q.ProductFilter | undefined> {
    const filter: q.ProductFilter = {};
    if (query.category !== undefined) {
      filter.categoryIds = await q.idsByKeys(this.db, 'categories', [categoryKey(query.category)]);
      if (filter.categoryIds.length === 0) return undefined;
    }
    if (query.subcategory !== undefined) {
      filter.subCategoryIds = await q.idsByKeys(this.db, 'sub_categories', [categoryKey(query.subcategory)], filter.categoryIds);
      if (filter.subCategoryIds.length === 0) return undefined;
    }
    if (query.childcategory !== undefined) {
      filter.childCategoryIds = await q.idsByKeys(
        this.db,
        'child_categories',
        [categoryKey(query.childcategory)],
        filter.subCategoryIds,
      );
      if (filter.childCategoryIds.length === 0) return undefined;
    }
    if (query.categories !== undefined && query.categories.length > 0) {
      const keys = [...new Set(query.categories.map(categoryKey))].filter(Boolean);
      const [categoryIds, childCategoryIds] = await Promise.all([
        q.idsByKeys(this.db, 'categories', keys),
        q.idsByKeys(this.db, 'child_categories', keys),
      ]);
      if (categoryIds.length === 0 && childCategoryIds.length === 0) return undefined;
      // A checked child category inside a checked category adds nothing to "category OR child
      // category" (a product's path is one path of the tree): leave it out, so the parts are disjoint.
      filter.anyOf = {
        categoryIds,
        childCategoryIds: await q.childCategoriesOutside(this.db, childCategoryIds, categoryIds),
      };
    }
    if (query.minPrice !== undefined) filter.minPaisa = Math.ceil(query.minPrice * 100 - 1e-6);
    if (query.maxPrice !== undefined) filter.maxPaisa = Math.floor(query.maxPrice * 100 + 1e-6);
    if (query.featured !== undefined) filter.featured = query.featured;
    if (query.q !== undefined) {
      filter.search = q.searchTerms(query.q);
      if (filter.search.length === 0) return undefined;
    }
    return filter;
  }

  // -------------------------------------------------------------------------------------------
  // Product writes

  /** POST /api/products/: the form's fields (category path by name or id) and its image files. */
  async createFromForm(fields: ProductFields, files: Buffer[]): Promise<Product> {
    if (files.length === 0) throw validationFailed({ images: CATALOG_MESSAGES.imageRequired });
    const where = await this.resolvePath(fields.category, fields.subCategory, fields.childCategory);
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
    await this.assertPath(input.categoryId, input.subCategoryId ?? null, input.childCategoryId ?? null);
    const processed = await this.processAll(input.images);
    const baseNames = processed.map((image) => image.baseName);
    await storeImages(this.storage, processed);
    let id: number;
    try {
      const now = this.now();
      id = await this.write(async (trx) => {
        await this.assertPath(input.categoryId, input.subCategoryId ?? null, input.childCategoryId ?? null, trx);
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
      for (const [categoryId, subId, childId] of paths.values()) await this.assertPath(categoryId, subId, childId, trx);
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
        await this.assertPath(
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

  /**
   * The category path named by the form: category by name (SPEC's form) or id, subcategory
   * within it, child category within that. 400 with the field that does not match.
   */
  private async resolvePath(category: string, subCategory?: string, childCategory?: string) {
    const cat = await this.resolveNode('categories', category);
    if (!cat) throw validationFailed({ category: `Category "${category}" does not exist` });
    if (childCategory !== undefined && subCategory === undefined) {
      throw validationFailed({ childCategory: 'Choose a subcategory before a child category' });
    }
    let sub: q.NodeRow | undefined;
    if (subCategory !== undefined) {
      sub = await this.resolveNode('sub_categories', subCategory, cat.id);
      if (!sub) throw validationFailed({ subCategory: `Subcategory "${subCategory}" does not exist in ${cat.name}` });
    }
    let child: q.NodeRow | undefined;
    if (childCategory !== undefined && sub) {
      child = await this.resolveNode('child_categories', childCategory, sub.id);
      if (!child) throw validationFailed({ childCategory: `Child category "${childCategory}" does not exist in ${sub.name}` });
    }
    return { categoryId: cat.id, subCategoryId: sub?.id ?? null, childCategoryId: child?.id ?? null };
  }

  /** A node by name (compared by key) or, failing that, by numeric id — under the given parent. */
  private async resolveNode(level: q.CategoryLevel, value: string, parentId?: number): Promise<q.NodeRow | undefined> {
    const byName = await q.findByKey(this.db, level, categoryKey(value), parentId);
    if (byName) return byName;
    if (!/^\d{1,10}$/.test(value)) return undefined;
    const id = Number(value);
    if (level === 'categories') {
      const row = await q.findCategory(this.db, id);
      return row && { ...row, parent_id: null };
    }
    if (level === 'sub_categories') {
      const row = await q.findSubCategory(this.db, id);
      return row && row.category_id === parentId ? { id: row.id, name: row.name, parent_id: row.category_id } : undefined;
    }
    const row = await q.findChildCategory(this.db, id);
    return row && row.sub_category_id === parentId ? { id: row.id, name: row.name, parent_id: row.sub_category_id } : undefined;
  }

  /** The category columns an update changes (see productUpdateSchema). */
  private async resolvePathChange(current: q.ProductRow, update: ProductUpdate): Promise<q.ProductPatch> {
    if (update.category !== undefined) {
      const where = await this.resolvePath(update.category, update.subCategory || undefined, update.childCategory || undefined);
      return { category_id: where.categoryId, sub_category_id: where.subCategoryId, child_category_id: where.childCategoryId };
    }
    const patch: q.ProductPatch = {};
    let subId = current.sub_category_id;
    if (update.subCategory !== undefined) {
      if (update.subCategory === '') {
        subId = null;
      } else {
        const sub = await this.resolveNode('sub_categories', update.subCategory, current.category_id);
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
        const child = await this.resolveNode('child_categories', update.childCategory, subId);
        if (!child)
          throw validationFailed({
            childCategory: `Child category "${update.childCategory}" does not exist in that subcategory`,
          });
        patch.child_category_id = child.id;
      }
    }
    return patch;
  }

  /** The ids form one live path of the tree (400 otherwise). */
  private async assertPath(categoryId: number, subId: number | null, childId: number | null, db: q.Db = this.db): Promise<void> {
    if (!(await q.findCategory(db, categoryId))) throw validationFailed({ category: 'Category does not exist' });
    if (subId !== null) {
      const sub = await q.findSubCategory(db, subId);
      if (!sub || sub.category_id !== categoryId)
        throw validationFailed({ subCategory: 'Subcategory does not exist in that category' });
    }
    if (childId !== null) {
      const child = await q.findChildCategory(db, childId);
      if (subId === null || !child || child.sub_category_id !== subId) {
        throw validationFailed({ childCategory: 'Child category does not exist in that subcategory' });
      }
    }
  }
}

export function toProduct(row: q.ProductRow, baseNames: string[], imageBaseUrl: string | undefined): Product {
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
    categoryId: row.category_id,
    subCategoryId: row.sub_category_id,
    childCategoryId: row.child_category_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The filter part of a list query, normalised the way it is matched (SPEC §5 keys, search words). */
function filterCacheKey(query: ProductListQuery): string {
  const key = (value: string | undefined) => (value === undefined ? null : categoryKey(value));
  return JSON.stringify([
    key(query.category),
    key(query.subcategory),
    key(query.childcategory),
    query.categories ? [...new Set(query.categories.map(categoryKey))].sort() : null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    query.featured ?? null,
    query.q === undefined ? null : q.searchTerms(query.q),
  ]);
}
