import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, parseImages } from '../../src/shared/catalog.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { AppError } from '../../src/server/lib/errors.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, makeImage, rowCount, uploadedFiles } from '../helpers/catalog.js';

/** The service API the demo and bulk seeders use (features/catalog/service.ts header). */
describe('catalogue service API', () => {
  let t: TestApp;
  let catalog: CatalogService;

  beforeAll(async () => {
    t = await buildTestApp();
    catalog = new CatalogService(t.app.ctx);
  });
  afterAll(async () => t.close());

  const status = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      if (error instanceof AppError) return { status: error.statusCode, fields: error.fields };
      throw error;
    }
    return { status: 200, fields: undefined };
  };

  it('builds the tree and a product with images from buffers', async () => {
    expect(await catalog.isEmpty()).toBe(true);
    const { category } = await catalog.createCategory('Gaming Consoles');
    expect(await catalog.isEmpty()).toBe(false);
    const sub = await catalog.createSubCategory(category.id, 'Nintendo');
    const child = await catalog.createChildCategory(category.id, sub.id, 'Switch Games');
    const product = await catalog.createProduct({
      name: 'Zelda: Tears of the Kingdom',
      description: 'Open-world adventure',
      pricePaisa: 8_999_900,
      categoryId: category.id,
      subCategoryId: sub.id,
      childCategoryId: child.id,
      isFeatured: true,
      stock: 4,
      images: [await makeImage({ format: 'jpeg' }), await makeImage({ format: 'webp' })],
    });
    expect(product).toMatchObject({
      price: 89999,
      category: 'Gaming Consoles',
      subCategory: 'Nintendo',
      childCategory: 'Switch Games',
      isFeatured: true,
      stock: 4,
    });
    expect(parseImages(product.images)).toHaveLength(2);
    expect(await uploadedFiles(t)).toHaveLength(6);
  });

  it('refuses bad input before storing anything', async () => {
    const tree = await catalog.tree();
    const consoles = tree[0]!;
    const { category: other } = await catalog.createCategory('Laptops');
    const files = await uploadedFiles(t);
    const base = { name: 'X', description: 'Y', pricePaisa: 100, categoryId: consoles.id, images: [await makeImage()] };
    expect(await status(catalog.createProduct({ ...base, name: ' ' }))).toMatchObject({
      status: 400,
      fields: { name: CATALOG_MESSAGES.productNameRequired },
    });
    expect((await status(catalog.createProduct({ ...base, pricePaisa: 1.5 }))).status).toBe(400);
    expect((await status(catalog.createProduct({ ...base, stock: -1 }))).status).toBe(400);
    expect((await status(catalog.createProduct({ ...base, images: [] }))).status).toBe(400);
    expect((await status(catalog.createProduct({ ...base, categoryId: 99999 }))).status).toBe(400);
    // A subcategory of another category, a child without its subcategory.
    const sub = consoles.subCategories[0]!;
    expect((await status(catalog.createProduct({ ...base, categoryId: other.id, subCategoryId: sub.id }))).status).toBe(400);
    expect((await status(catalog.createProduct({ ...base, childCategoryId: sub.childCategories[0]!.id }))).status).toBe(400);
    expect((await status(catalog.createProduct({ ...base, images: [Buffer.from('<svg/>')] }))).status).toBe(415);
    expect(await uploadedFiles(t)).toEqual(files);
  });

  it('bulk-inserts products that share stored images, in order, in one call', async () => {
    const [consoles] = await catalog.tree();
    const red = await catalog.storeImage(await makeImage({ color: '#f00' }));
    const blue = await catalog.storeImage(await makeImage({ color: '#00f' }));
    const before = await rowCount(t, 'products');
    const ids = await catalog.insertProductsBulk(
      Array.from({ length: 1200 }, (_, i) => ({
        name: `Controller ${i}`,
        description: 'Wireless controller',
        pricePaisa: 500_000 + i,
        categoryId: consoles!.id,
        imageBaseNames: i % 2 ? [red, blue] : [blue],
      })),
    );
    expect(ids).toHaveLength(1200);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(await rowCount(t, 'products')).toBe(before + 1200);
    const last = await catalog.getProduct(ids[1199]!);
    expect(last).toMatchObject({ name: 'Controller 1199', price: 5011.99 });
    expect(parseImages(last.images).map((a) => a.slice(18, 50))).toEqual([red, blue]);
    expect(parseImages((await catalog.getProduct(ids[0]!)).images).map((a) => a.slice(18, 50))).toEqual([blue]);

    // Bad rows refuse the whole batch.
    const count = await rowCount(t, 'products');
    const bad = { name: 'Bad', description: 'Bad', pricePaisa: 100, categoryId: consoles!.id };
    expect((await status(catalog.insertProductsBulk([{ ...bad, imageBaseNames: ['../../etc/passwd'] }]))).status).toBe(400);
    expect((await status(catalog.insertProductsBulk([{ ...bad, imageBaseNames: [red], subCategoryId: 424242 }]))).status).toBe(
      400,
    );
    expect(await rowCount(t, 'products')).toBe(count);

    // Editing one product away from a shared image keeps the files the others still use.
    const admin = await adminToken(t);
    const files = await uploadedFiles(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${ids[1]!}`,
      headers: bearer(admin),
      payload: { imageOrder: [`/uploads/products/${blue}-640.webp`] },
    });
    expect(res.statusCode).toBe(200);
    expect(await uploadedFiles(t)).toEqual(files);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/products/${red}-320.webp` })).statusCode).toBe(200);
  });
});
