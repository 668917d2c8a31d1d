import { afterEach, describe, expect, it } from 'vitest';
import { PRICE_RANGES } from '../../src/server/features/catalog/seed/demo-data.js';
import { DEMO_VARIANTS } from '../../src/server/features/catalog/seed/demo-variants.js';
import { type SeedLogger, seedDemoCatalogue } from '../../src/server/features/catalog/seed/seed-demo.js';
import type { Category, Product } from '../../src/shared/catalog.js';
import type { ProductDetail } from '../../src/shared/product-detail.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { rowCount } from '../helpers/catalog.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function recordingLog(): SeedLogger & { lines: { details: Record<string, unknown>; message: string }[] } {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  return { lines, info: (details, message) => lines.push({ details, message }) };
}

describe('demo catalogue', () => {
  it('fills an empty catalogue with the tree, 60+ products with served images across every price range, once', async () => {
    t = await buildTestApp();
    const log = recordingLog();
    const result = await seedDemoCatalogue(t.app.ctx, log, { maxImagesPerProduct: 2, concurrency: 2 });
    expect(result.seeded).toBe(true);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.message).toMatch(
      /^demo catalogue seeded: 6 categories, \d+ subcategories, \d+ child categories, \d+ products/,
    );

    const tree = (await t.app.inject({ method: 'GET', url: '/api/category' })).json<Category[]>();
    expect(tree.map((category) => category.name)).toEqual(
      expect.arrayContaining(['Laptops', 'Gaming', 'Smartphones', 'Audio', 'Accessories', 'Components']),
    );
    const subs = tree.flatMap((category) => category.subCategories);
    expect(subs.length).toBeGreaterThanOrEqual(12);
    const children = subs.flatMap((sub) => sub.childCategories.map((child) => child.name));
    expect(children).toEqual(expect.arrayContaining(['PlayStation', 'Xbox', 'Nintendo']));

    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Product[] | { products: Product[] }>();
    const products = Array.isArray(body) ? body : body.products;
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(products.length).toBe(result.products);

    for (const product of products) {
      const images = JSON.parse(product.images) as string[];
      expect(images.length, product.name).toBeGreaterThanOrEqual(2);
      expect(images.length, product.name).toBeLessThanOrEqual(4);
      expect(new Set(images).size).toBe(images.length);
      expect(product.description.length).toBeGreaterThan(40);
    }
    const first = JSON.parse(products[0]!.images) as string[];
    const image = await t.app.inject({ method: 'GET', url: first[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // Every range of the price filter has products, and some cost more than Rs. 100 000.
    for (const [min, max] of PRICE_RANGES) {
      const inRange = products.filter((product) => product.price >= min && product.price <= max);
      expect(inRange.length, `Rs. ${min}–${max}`).toBeGreaterThanOrEqual(3);
    }
    expect(products.filter((product) => product.price > 100_000).length).toBeGreaterThanOrEqual(2);
    // … and the list endpoint's own price filter agrees for one of them.
    const cheap = await t.app.inject({ method: 'GET', url: '/api/products?page=1&pageSize=100&minPrice=0&maxPrice=5000' });
    expect(cheap.statusCode).toBe(200);
    expect(cheap.json<{ total: number }>().total).toBe(products.filter((product) => product.price <= 5000).length);

    const featured = products.filter((product) => product.isFeatured);
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(featured.length).toBeLessThanOrEqual(10);
    expect(products.some((product) => product.stock === 0)).toBe(true);
    expect(products.some((product) => product.stock === null)).toBe(true);

    // A few phones come by storage and colour, a few laptops by memory and SSD: the product keeps
    // its price (its cheapest variant's) and stock (its variants' sum); a colour shows one picture.
    const byName = new Map(products.map((product) => [product.name, product]));
    for (const entry of DEMO_VARIANTS) {
      const product = byName.get(entry.product)!;
      const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json<ProductDetail>();
      expect(detail.options, entry.product).toEqual(entry.options);
      expect(detail.variants.map((variant) => variant.sku)).toEqual(entry.variants.map((variant) => variant.sku));
      expect(detail.price).toBe(Math.min(...entry.variants.map((variant) => variant.price)));
      const images = JSON.parse(product.images) as string[];
      for (const variant of detail.variants) {
        expect(variant.images.every((image) => images.includes(image))).toBe(true);
        expect(variant.images.length).toBe(entry.pictured ? 1 : 0);
      }
    }
    const phone = (
      await t.app.inject({ method: 'GET', url: `/api/products/${byName.get('Apple iPhone 16 Pro Max (256 GB)')!.id}` })
    ).json<ProductDetail>();
    expect(phone).toMatchObject({ price: 224_900, stock: 3 });
    expect(phone.variants[2]).toMatchObject({
      options: { Storage: '512 GB', Colour: 'Desert Titanium' },
      label: '512 GB / Desert Titanium',
    });
    expect(DEMO_VARIANTS.map((entry) => entry.options.map((option) => option.name).join('+'))).toEqual(
      expect.arrayContaining(['Storage+Colour', 'Memory+SSD', 'RAM+SSD']),
    );

    // A second call (and a second start) adds nothing.
    const before = { products: await rowCount(t, 'products'), images: await rowCount(t, 'product_images') };
    const again = await seedDemoCatalogue(t.app.ctx, log);
    expect(again.seeded).toBe(false);
    expect(log.lines).toHaveLength(1);
    expect(await rowCount(t, 'products')).toBe(before.products);
    expect(await rowCount(t, 'product_images')).toBe(before.images);
  }, 60_000);

  it('leaves a catalogue that already has a category alone', async () => {
    t = await buildTestApp();
    await t.app.ctx.db
      .insertInto('categories')
      .values({ name: 'Cameras', name_key: 'cameras', created_at: new Date().toISOString(), deleted_at: null })
      .execute();
    const result = await seedDemoCatalogue(t.app.ctx, recordingLog());
    expect(result.seeded).toBe(false);
    expect(await rowCount(t, 'categories')).toBe(1);
    expect(await rowCount(t, 'products')).toBe(0);
  });
});
