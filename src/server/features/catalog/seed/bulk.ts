/**
 * A large catalogue for scale tests (`npm run seed -- --products N [--reset]`, see cli/seed.ts):
 * the demo catalogue when the catalogue is empty, then N synthesized products spread over every
 * node of the tree (categories, subcategories, child categories), with names and descriptions
 * varied from the demo products, prices across every price-filter range (and above), about 1 %
 * featured, some with tracked stock, and creation dates over the past year. They share a pool of
 * stored pictures (rendered once by artwork.ts) and go in with insertProductsBulk in batches.
 */
import type { AppContext } from '../../../context.js';
import { deleteImages } from '../../../lib/images.js';
import type { BulkProductInput } from '../product-input.js';
import * as q from '../queries.js';
import { CatalogService } from '../service.js';
import { mapLimit, renderArtwork } from './artwork.js';
import { DEMO_PRODUCTS, type DemoProduct, type EmojiName, PALETTES, type PaletteName, VARIANT_WORDS } from './demo-data.js';
import { type SeedLogger, seedDemoCatalogue } from './seed-demo.js';

export interface BulkSeedOptions {
  products: number;
  /** Remove the whole catalogue first (refused while any order exists). */
  reset?: boolean;
  /** Products per insertProductsBulk call (one transaction each). */
  batchSize?: number;
  /** Seed for the pseudo-random choices (same seed, same catalogue). */
  seed?: number;
  /** Passed on to the demo seeder (tests use 2 images per product). */
  demoMaxImagesPerProduct?: number;
}

export interface BulkSeedIo {
  progress(line: string): void;
}

export interface BulkSeedResult {
  demoSeeded: boolean;
  inserted: number;
  liveProducts: number;
  pooledImages: number;
  ms: number;
}

export class SeedRefused extends Error {}

const DAY_MS = 86_400_000;
/** Price bands in rupees: the five ranges of the price filter and one above them. */
const PRICE_BANDS: readonly [number, number][] = [
  [299, 5_000],
  [5_000, 10_000],
  [10_000, 20_000],
  [20_000, 50_000],
  [50_000, 100_000],
  [100_000, 350_000],
];

interface Leaf {
  categoryId: number;
  subCategoryId: number | null;
  childCategoryId: number | null;
  /** "Category" and "Category/Subcategory": to pick fitting demo products as templates. */
  category: string;
  sub: string | null;
}

/** A seeded pseudo-random generator (mulberry32) in [0, 1): the same seed gives the same catalogue. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One of `items`, drawn with `rand`. */
export const pick = <T>(items: readonly T[], rand: () => number): T => {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rand() * items.length)] as T;
};

/** Removes every product, picture and category (hard delete). Refused while any order exists. */
export async function wipeCatalogue(ctx: AppContext): Promise<{ products: number }> {
  const orders = await ctx.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(orders.n) > 0) {
    throw new SeedRefused(
      `Refusing --reset: the database holds ${Number(orders.n)} order(s) whose lines refer to products. ` +
        'Use a fresh DATA_DIR (or database) for scale tests instead.',
    );
  }
  const catalog = new CatalogService(ctx);
  const baseNames = (await ctx.db.selectFrom('product_images').select('base_name').distinct().execute()).map(
    (row) => row.base_name,
  );
  const products = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('cart_items').execute();
    await trx.deleteFrom('product_images').execute();
    const deleted = await trx.deleteFrom('products').executeTakeFirst();
    await trx.deleteFrom('child_categories').execute();
    await trx.deleteFrom('sub_categories').execute();
    await trx.deleteFrom('categories').execute();
    await q.bumpCatalogVersion(trx);
    return Number(deleted.numDeletedRows);
  });
  await deleteImages(catalog.storage, baseNames);
  return { products };
}

/** Every node of the live tree as a place to put products (leaves more often than inner nodes). */
async function leavesOf(catalog: CatalogService): Promise<Leaf[]> {
  const leaves: Leaf[] = [];
  for (const category of await catalog.tree()) {
    const node = { categoryId: category.id, category: category.name };
    leaves.push({ ...node, sub: null, subCategoryId: null, childCategoryId: null });
    for (const sub of category.subCategories) {
      const inSub = { ...node, sub: `${category.name}/${sub.name}`, subCategoryId: sub.id };
      leaves.push({ ...inSub, childCategoryId: null });
      if (sub.childCategories.length === 0) leaves.push({ ...inSub, childCategoryId: null });
      for (const child of sub.childCategories) {
        leaves.push({ ...inSub, childCategoryId: child.id });
        leaves.push({ ...inSub, childCategoryId: child.id });
      }
    }
  }
  return leaves;
}

/** Renders and stores a shared pool: two pictures of each emoji the demo products use. */
async function storePool(catalog: CatalogService): Promise<Map<EmojiName, string[]>> {
  const emojis = [...new Set(DEMO_PRODUCTS.map((product) => product.emoji))];
  const palettes = Object.keys(PALETTES) as PaletteName[];
  const jobs = emojis.flatMap((emoji, index) =>
    [0, 2].map((variant, n) => ({ emoji, variant, palette: palettes[(index * 2 + n) % palettes.length] as PaletteName })),
  );
  const stored = await mapLimit(jobs, 2, async (job) => ({
    emoji: job.emoji,
    base: await catalog.storeImage(await renderArtwork({ emoji: job.emoji, palette: job.palette }, job.variant, 'pool')),
  }));
  const pool = new Map<EmojiName, string[]>();
  for (const { emoji, base } of stored) pool.set(emoji, [...(pool.get(emoji) ?? []), base]);
  return pool;
}

function modelCode(index: number, rand: () => number): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXZ';
  return `${pick([...letters], rand)}${pick([...letters], rand)}-${(1000 + (index % 9000)).toString()}`;
}

function synthesize(
  index: number,
  template: DemoProduct,
  rand: () => number,
): Omit<BulkProductInput, keyof Leaf | 'imageBaseNames'> {
  const base = template.name.replace(/\s*\(.*\)\s*$/, '');
  const colour = pick(VARIANT_WORDS.colours, rand);
  const edition = pick(VARIANT_WORDS.editions, rand);
  const detail = ['Smartphones', 'Components'].includes(template.path[0]) ? pick(VARIANT_WORDS.capacities, rand) : colour;
  const code = modelCode(index, rand);
  const [low, high] = PRICE_BANDS[index % PRICE_BANDS.length] ?? [1_000, 5_000];
  const rupees = Math.max(low, Math.round((low + rand() * (high - low)) / 10) * 10 - 1);
  return {
    name: `${base} ${edition} (${detail}, ${code})`,
    description: `${template.description} This is the ${edition} in ${colour}, model ${code}.`,
    pricePaisa: rupees * 100,
    isFeatured: index % 100 === 7,
    stock: rand() < 0.3 ? Math.floor(rand() * 50) : null,
  };
}

/**
 * Seeds the demo catalogue when the catalogue is empty, then inserts `products` synthesized
 * products. Throws SeedRefused for a --reset that would break orders.
 */
export async function seedBulkCatalogue(ctx: AppContext, options: BulkSeedOptions, io: BulkSeedIo): Promise<BulkSeedResult> {
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
  const catalog = new CatalogService(ctx);

  if (options.reset) {
    const { products } = await wipeCatalogue(ctx);
    io.progress(`Removed the catalogue (${products} products) (${elapsed()} s)`);
  }
  const log: SeedLogger = { info: (_details, message) => io.progress(message) };
  const demo = await seedDemoCatalogue(ctx, log, { maxImagesPerProduct: options.demoMaxImagesPerProduct });

  let inserted = 0;
  let pooledImages = 0;
  if (options.products > 0) {
    const leaves = await leavesOf(catalog);
    if (leaves.length === 0) throw new Error('The catalogue has no category to put products in');
    const pool = await storePool(catalog);
    pooledImages = [...pool.values()].reduce((sum, bases) => sum + bases.length, 0);
    const allImages = [...pool.values()].flat();
    io.progress(`Stored ${pooledImages} shared pictures (${elapsed()} s)`);

    const templates = new Map<string, DemoProduct[]>();
    for (const product of DEMO_PRODUCTS) {
      for (const key of [product.path[0], `${product.path[0]}/${product.path[1] ?? ''}`]) {
        templates.set(key, [...(templates.get(key) ?? []), product]);
      }
    }
    const rand = random(options.seed ?? 20_240_101);
    const now = ctx.clock.now().getTime();
    const batchSize = options.batchSize ?? 5_000;
    for (let start = 0; start < options.products; start += batchSize) {
      const batch: BulkProductInput[] = [];
      for (let index = start; index < Math.min(start + batchSize, options.products); index += 1) {
        const leaf = leaves[index % leaves.length] as Leaf;
        const template = pick((leaf.sub && templates.get(leaf.sub)) || templates.get(leaf.category) || DEMO_PRODUCTS, rand);
        const pictures = pool.get(template.emoji) ?? [];
        const imageBaseNames = pictures.length >= 2 ? pictures : [pick(allImages, rand), pick(allImages, rand)];
        batch.push({
          ...synthesize(index, template, rand),
          categoryId: leaf.categoryId,
          subCategoryId: leaf.subCategoryId,
          childCategoryId: leaf.childCategoryId,
          imageBaseNames: index % 2 === 0 ? imageBaseNames : [...imageBaseNames].reverse(),
          // Older than the demo products, spread over the past year.
          createdAt: new Date(now - DAY_MS - Math.floor(rand() * 365 * DAY_MS)).toISOString(),
        });
      }
      await catalog.insertProductsBulk(batch);
      inserted += batch.length;
      io.progress(`${inserted.toLocaleString('en-US')} / ${options.products.toLocaleString('en-US')} products (${elapsed()} s)`);
    }
  }

  const live = await ctx.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    demoSeeded: demo.seeded,
    inserted,
    liveProducts: Number(live.n),
    pooledImages,
    ms: Math.round(performance.now() - started),
  };
}
