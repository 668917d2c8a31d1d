/**
 * The demo catalogue: on first start with an empty catalogue (no category at all), main.ts calls
 * seedDemoCatalogue() to build the tree of DEMO_TREE and the products of DEMO_PRODUCTS, each with
 * 2–4 pictures from artwork.ts that go through CatalogService.createProduct like an upload.
 * A catalogue that has any category (even one an admin made) is left alone.
 */
import type { AppContext } from '../../../context.js';
import { toPaisa } from '../product-input.js';
import { CatalogService } from '../service.js';
import { ARTWORK_VARIANTS, mapLimit, renderArtwork } from './artwork.js';
import { DEMO_PRODUCTS, DEMO_TREE, type DemoProduct } from './demo-data.js';
import { seedDemoVariants } from './demo-variants.js';

/** The part of a logger the seeders use (Fastify's logger fits). */
export interface SeedLogger {
  info(details: Record<string, unknown>, message: string): void;
}

export interface SeedDemoOptions {
  /** At most this many images per product (at least 2; default 4). Tests use 2 to save time. */
  maxImagesPerProduct?: number;
  /** Products rendered and stored at once (default 2: the image work is CPU-bound). */
  concurrency?: number;
}

export interface SeedDemoResult {
  seeded: boolean;
  categories: number;
  subCategories: number;
  childCategories: number;
  products: number;
  images: number;
  ms: number;
}

/** Ids of the demo tree by path: "Laptops", "Laptops/Ultrabooks", "Gaming/Consoles/Xbox". */
export type TreeIds = Map<string, { categoryId: number; subCategoryId: number | null; childCategoryId: number | null }>;

export const pathKey = (path: readonly (string | undefined)[]) => path.filter((part) => part !== undefined).join('/');

/** How many pictures a demo product gets: featured ones 4, every third 3, the rest 2. */
export function demoImageCount(product: DemoProduct, index: number, max = ARTWORK_VARIANTS): number {
  const wanted = product.featured ? 4 : index % 3 === 0 ? 3 : 2;
  return Math.max(2, Math.min(wanted, max, ARTWORK_VARIANTS));
}

/** Creates the categories of DEMO_TREE (all of them must be new) and returns their ids. */
export async function createDemoTree(catalog: CatalogService): Promise<TreeIds> {
  const ids: TreeIds = new Map();
  for (const category of DEMO_TREE) {
    const { category: created } = await catalog.createCategory(category.name);
    ids.set(pathKey([category.name]), { categoryId: created.id, subCategoryId: null, childCategoryId: null });
    for (const sub of category.subCategories) {
      const createdSub = await catalog.createSubCategory(created.id, sub.name);
      ids.set(pathKey([category.name, sub.name]), {
        categoryId: created.id,
        subCategoryId: createdSub.id,
        childCategoryId: null,
      });
      for (const child of sub.children ?? []) {
        const createdChild = await catalog.createChildCategory(created.id, createdSub.id, child);
        ids.set(pathKey([category.name, sub.name, child]), {
          categoryId: created.id,
          subCategoryId: createdSub.id,
          childCategoryId: createdChild.id,
        });
      }
    }
  }
  return ids;
}

/** Seeds the demo catalogue when the catalogue is empty; logs one line with counts and duration. */
export async function seedDemoCatalogue(
  ctx: AppContext,
  log: SeedLogger,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  const started = performance.now();
  const catalog = new CatalogService(ctx);
  const result: SeedDemoResult = {
    seeded: false,
    categories: 0,
    subCategories: 0,
    childCategories: 0,
    products: 0,
    images: 0,
    ms: 0,
  };
  if (!(await catalog.isEmpty())) return result;

  const ids = await createDemoTree(catalog);
  for (const key of ids.keys()) {
    const depth = key.split('/').length;
    if (depth === 1) result.categories += 1;
    else if (depth === 2) result.subCategories += 1;
    else result.childCategories += 1;
  }

  const maxImages = options.maxImagesPerProduct ?? ARTWORK_VARIANTS;
  await mapLimit(DEMO_PRODUCTS, options.concurrency ?? 2, async (product, index) => {
    const where = ids.get(pathKey(product.path));
    if (!where) throw new Error(`Demo product "${product.name}" names a category path not in the demo tree`);
    const count = demoImageCount(product, index, maxImages);
    const images: Buffer[] = [];
    // The first picture is the main one (variant 0); the others pick different looks.
    for (let variant = 0; variant < count; variant += 1) images.push(await renderArtwork(product, variant, product.name));
    await catalog.createProduct({
      name: product.name,
      description: product.description,
      pricePaisa: toPaisa(product.price),
      ...where,
      isFeatured: product.featured ?? false,
      stock: product.stock ?? null,
      warranty: product.warranty ?? null,
      images,
    });
    result.products += 1;
    result.images += images.length;
  });

  await seedDemoVariants(ctx, catalog);
  result.seeded = true;
  result.ms = Math.round(performance.now() - started);
  log.info(
    {
      categories: result.categories,
      subCategories: result.subCategories,
      childCategories: result.childCategories,
      products: result.products,
      images: result.images,
      ms: result.ms,
    },
    `demo catalogue seeded: ${result.categories} categories, ${result.subCategories} subcategories, ${result.childCategories} child categories, ${result.products} products with ${result.images} images in ${(result.ms / 1000).toFixed(1)} s`,
  );
  return result;
}
