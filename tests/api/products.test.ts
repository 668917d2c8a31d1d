import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_MESSAGES,
  type Category,
  FEATURED_MESSAGE,
  type Product,
  UNFEATURED_MESSAGE,
  imageVariant,
  parseImages,
} from '../../src/shared/catalog.js';
import type { ProductDetail } from '../../src/shared/product-detail.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import {
  adminToken,
  bearer,
  createPath,
  makeImage,
  multipart,
  pngFile,
  rowCount,
  shopperToken,
  uploadProduct,
  uploadedFiles,
} from '../helpers/catalog.js';

const IMAGE_ADDRESS = /^\/uploads\/products\/[0-9a-f]{32}-640\.webp$/;

describe('products API', () => {
  let t: TestApp;
  let admin: string;
  let shopper: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    shopper = await shopperToken(t);
    await createPath(t, admin, 'Laptops', 'Gaming Laptops', 'RTX 4060');
    await createPath(t, admin, 'Phones', 'Android');
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const upload = async (fields: Record<string, string>, files = 1) =>
    uploadProduct(t, admin, fields, await Promise.all(Array.from({ length: files }, (_, i) => pngFile(`p${i}.png`))));
  const base = { name: 'Asus ROG Strix G16', description: 'Fast gaming laptop', price: '189999.50', category: 'Laptops' };

  it('uploads a product (multipart, category by NAME as the SPEC form sends it) and answers 201 with the product', async () => {
    const before = (await uploadedFiles(t)).length;
    const res = await uploadProduct(t, admin, { ...base, subCategory: 'Gaming Laptops', childCategory: 'RTX 4060' }, [
      await pngFile('front.png', '#ff0000'),
      await pngFile('back.png', '#00ff00'),
    ]);
    expect(res.statusCode).toBe(201);
    const product = res.json<ProductDetail>();
    expect(product).toEqual({
      id: expect.any(Number),
      name: 'Asus ROG Strix G16',
      description: 'Fast gaming laptop',
      price: 189999.5,
      images: expect.any(String),
      category: 'Laptops',
      subCategory: 'Gaming Laptops',
      childCategory: 'RTX 4060',
      isFeatured: false,
      stock: null,
      warranty: null,
      sku: null,
      brand: null,
      categoryId: expect.any(Number),
      subCategoryId: expect.any(Number),
      childCategoryId: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // Not on sale.
      sale: null,
      // No reviews yet.
      rating: { average: 0, count: 0 },
      // A product sold as itself: no options, variants or specifications.
      options: [],
      variants: [],
      specs: [],
    });
    const images = JSON.parse(product.images) as string[];
    expect(images).toHaveLength(2);
    for (const address of images) expect(address).toMatch(IMAGE_ADDRESS);
    // Three WebP widths per image.
    expect((await uploadedFiles(t)).length - before).toBe(6);
    const served = await get(imageVariant(images[0]!, 320));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');

    // Same answer from GET /api/products/:id, and in the plain list without the page's details.
    const one = await get(`/api/products/${product.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(product);
    const list = await get('/api/products');
    expect(list.statusCode).toBe(200);
    const { options: _options, variants: _variants, specs: _specs, ...listed } = product;
    expect(list.json()).toEqual([listed]);
  });

  it('accepts the category path by id, a stock count, and no subcategory', async () => {
    const tree = (await get('/api/category')).json<Category[]>();
    const phones = tree.find((c) => c.name === 'Phones')!;
    const res = await upload({
      name: 'Redmi Note 13',
      description: 'Phone',
      price: '27999',
      category: String(phones.id),
      stock: '12',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ category: 'Phones', subCategory: null, childCategory: null, stock: 12, price: 27999 });
    const sub = await upload({
      name: 'Samsung A15',
      description: 'Phone',
      price: '24999',
      category: 'phones',
      subCategory: String(phones.subCategories[0]!.id),
      stock: '0',
    });
    expect(sub.statusCode).toBe(201);
    expect(sub.json()).toMatchObject({ category: 'Phones', subCategory: 'Android', stock: 0 });
  });

  it('validates the upload with the shared messages and stores nothing when it fails', async () => {
    const filesBefore = await uploadedFiles(t);
    const rowsBefore = await rowCount(t, 'products');
    const cases: [Record<string, string>, number, string, string][] = [
      [{ ...base, name: '' }, 1, 'name', CATALOG_MESSAGES.productNameRequired],
      [{ ...base, name: '   ' }, 1, 'name', CATALOG_MESSAGES.productNameRequired],
      [{ ...base, description: '' }, 1, 'description', CATALOG_MESSAGES.descriptionRequired],
      [{ ...base, price: '' }, 1, 'price', CATALOG_MESSAGES.priceRequired],
      [{ ...base, price: 'abc' }, 1, 'price', CATALOG_MESSAGES.priceNumeric],
      [{ ...base, price: '12abc' }, 1, 'price', CATALOG_MESSAGES.priceNumeric],
      [{ ...base, price: '-5' }, 1, 'price', CATALOG_MESSAGES.priceNumeric],
      [{ ...base, price: '0' }, 1, 'price', CATALOG_MESSAGES.pricePositive],
      [{ ...base, price: '10.123' }, 1, 'price', CATALOG_MESSAGES.pricePaisa],
      [{ ...base, category: '' }, 1, 'category', CATALOG_MESSAGES.categoryRequired],
      [{ ...base, category: 'Toasters' }, 1, 'category', 'Category "Toasters" does not exist'],
      [{ ...base, subCategory: 'Android' }, 1, 'subCategory', 'Subcategory "Android" does not exist in Laptops'],
      [{ ...base, childCategory: 'RTX 4060' }, 1, 'childCategory', 'Choose a subcategory before a child category'],
      [{ ...base, stock: '-1' }, 1, 'stock', CATALOG_MESSAGES.stockWhole],
      [{ ...base, stock: '2.5' }, 1, 'stock', CATALOG_MESSAGES.stockWhole],
      [{ ...base }, 0, 'images', CATALOG_MESSAGES.imageRequired],
    ];
    for (const [fields, files, field, message] of cases) {
      const res = await upload(fields, files);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toMatchObject({ [field]: message });
    }
    const missing = await uploadProduct(t, admin, {}, [await pngFile()]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      name: CATALOG_MESSAGES.productNameRequired,
      description: CATALOG_MESSAGES.descriptionRequired,
      price: CATALOG_MESSAGES.priceRequired,
      category: CATALOG_MESSAGES.categoryRequired,
    });
    expect(await uploadedFiles(t)).toEqual(filesBefore);
    expect(await rowCount(t, 'products')).toBe(rowsBefore);
  });

  it('treats an empty, unnamed file part (nothing chosen in the browser) as no image', async () => {
    const { payload, headers } = await multipart(base, [{ name: '', type: 'application/octet-stream', data: Buffer.alloc(0) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/products', payload, headers: { ...headers, ...bearer(admin) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CATALOG_MESSAGES.imageRequired);
  });

  it('refuses a JSON upload with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/products/', payload: base, headers: bearer(admin) });
    expect(res.statusCode).toBe(415);
  });

  it('needs the admin token for every product write: none 401, shopper 403', async () => {
    const created = (await upload({ ...base, name: 'Guarded' })).json<Product>();
    const { payload, headers } = await multipart(base, [await pngFile()]);
    const writes: {
      method: 'POST' | 'PUT' | 'DELETE';
      url: string;
      payload?: Buffer | object;
      headers?: Record<string, string>;
    }[] = [
      { method: 'POST', url: '/api/products/', payload, headers },
      { method: 'PUT', url: `/api/products/${created.id}`, payload: { name: 'Hacked' } },
      { method: 'PUT', url: `/api/products/${created.id}/feature` },
      { method: 'DELETE', url: `/api/products/${created.id}` },
    ];
    const rowsBefore = await rowCount(t, 'products');
    for (const write of writes) {
      const none = await t.app.inject({ ...write, headers: { ...write.headers } });
      expect(none.statusCode, `${write.method} ${write.url}`).toBe(401);
      const asShopper = await t.app.inject({ ...write, headers: { ...write.headers, ...bearer(shopper) } });
      expect(asShopper.statusCode, `${write.method} ${write.url}`).toBe(403);
    }
    expect(await rowCount(t, 'products')).toBe(rowsBefore);
    expect((await get(`/api/products/${created.id}`)).json()).toEqual(created);
  });

  it('toggles the featured flag with the exact messages', async () => {
    const created = (await upload({ ...base, name: 'Feature me' })).json<Product>();
    const url = `/api/products/${created.id}/feature`;
    let res = await t.app.inject({ method: 'PUT', url, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FEATURED_MESSAGE, isFeatured: true });
    expect((await get(`/api/products/${created.id}`)).json().isFeatured).toBe(true);
    // An empty JSON body (as many HTTP clients send) works too.
    res = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.json()).toEqual({ message: UNFEATURED_MESSAGE, isFeatured: false });
    res = await t.app.inject({ method: 'PUT', url, headers: bearer(admin), payload: {} });
    expect(res.json()).toEqual({ message: FEATURED_MESSAGE, isFeatured: true });
    expect((await t.app.inject({ method: 'PUT', url: '/api/products/987654/feature', headers: bearer(admin) })).statusCode).toBe(
      404,
    );
  });

  it('answers 400 for a bad id and 404 for a missing one', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '1e3', '99999999999']) {
      const res = await get(`/api/products/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('Invalid product id');
    }
    const missing = await get('/api/products/424242');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CATALOG_MESSAGES.productNotFound);
  });

  it('soft-deletes: the product leaves the shop, its row and images stay', async () => {
    const created = (await upload({ ...base, name: 'Delete me' })).json<Product>();
    const files = await uploadedFiles(t);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CATALOG_MESSAGES.productDeleted });
    expect((await get(`/api/products/${created.id}`)).statusCode).toBe(404);
    const list = (await get('/api/products')).json<Product[]>();
    expect(list.some((p) => p.id === created.id)).toBe(false);
    const page = (await get('/api/products?q=delete')).json();
    expect(page.total).toBe(0);
    // Still in the database for the orders that hold it, and its images are kept.
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select(['name', 'deleted_at'])
      .where('id', '=', created.id)
      .executeTakeFirst();
    expect(row?.name).toBe('Delete me');
    expect(row?.deleted_at).toEqual(expect.any(String));
    expect(await uploadedFiles(t)).toEqual(files);
    // A deleted product cannot be deleted, featured or edited again.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: bearer(admin) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/products/${created.id}/feature`, headers: bearer(admin) })).statusCode,
    ).toBe(404);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created.id}`,
      headers: bearer(admin),
      payload: { name: 'X' },
    });
    expect(edit.statusCode).toBe(404);
  });

  it('returns product text verbatim in JSON (rendering it as text is the client’s job)', async () => {
    const description = '<script>alert("pwned")</script> & <b>bold</b> "quotes" \'single\'';
    const res = await upload({ ...base, name: '<img src=x onerror=alert(1)>', description });
    expect(res.statusCode).toBe(201);
    const product = (await get(`/api/products/${res.json().id}`)).json<Product>();
    expect(product.description).toBe(description);
    expect(product.name).toBe('<img src=x onerror=alert(1)>');
    expect((await get(`/api/products/${res.json().id}`)).headers['content-type']).toContain('application/json');
  });

  describe('editing (PUT /api/products/:id)', () => {
    it('edits fields and stock with JSON, keeping the images', async () => {
      const created = (await upload({ ...base, name: 'Editable' }, 2)).json<Product>();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${created.id}`,
        headers: bearer(admin),
        // More than one and a half times the old price: said to be meant.
        payload: { name: 'Edited', description: 'New text', price: 1500.25, stock: 7, confirmPriceChange: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Edited',
        description: 'New text',
        price: 1500.25,
        stock: 7,
        images: created.images,
      });
      // Stock '' switches tracking off; absent leaves it.
      const off = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${created.id}`,
        headers: bearer(admin),
        payload: { stock: '' },
      });
      expect(off.json().stock).toBeNull();
      const same = await t.app.inject({ method: 'PUT', url: `/api/products/${created.id}`, headers: bearer(admin), payload: {} });
      expect(same.json()).toMatchObject({ name: 'Edited', stock: null });
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${created.id}`,
        headers: bearer(admin),
        payload: { price: 'x', stock: -2 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toMatchObject({ price: CATALOG_MESSAGES.priceNumeric, stock: CATALOG_MESSAGES.stockWhole });
    });

    it('moves a product in the tree: a new category resets sub and child; sub/child alone stay within the current path', async () => {
      const created = (
        await upload({ ...base, name: 'Mover', subCategory: 'Gaming Laptops', childCategory: 'RTX 4060' })
      ).json<Product>();
      const put = (payload: object) =>
        t.app.inject({ method: 'PUT', url: `/api/products/${created.id}`, headers: bearer(admin), payload });
      let res = await put({ childCategory: '' });
      expect(res.json()).toMatchObject({ category: 'Laptops', subCategory: 'Gaming Laptops', childCategory: null });
      res = await put({ childCategory: 'rtx-4060' });
      expect(res.json()).toMatchObject({ childCategory: 'RTX 4060' });
      res = await put({ subCategory: 'Android' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.subCategory).toContain('does not exist in Laptops');
      res = await put({ category: 'Phones' });
      expect(res.json()).toMatchObject({ category: 'Phones', subCategory: null, childCategory: null });
      res = await put({ subCategory: 'Android' });
      expect(res.json()).toMatchObject({ category: 'Phones', subCategory: 'Android' });
      res = await put({ category: 'Nowhere' });
      expect(res.statusCode).toBe(400);
    });

    it('reorders, removes and adds images (multipart) and deletes the files no product uses any more', async () => {
      const created = (await upload({ ...base, name: 'Gallery' }, 3)).json<Product>();
      const [a, b, c] = parseImages(created.images) as [string, string, string];
      const filesBefore = await uploadedFiles(t);
      const { payload, headers } = await multipart({ imageOrder: JSON.stringify([c, a]), name: 'Gallery 2' }, [
        await pngFile('new.png', '#123456'),
      ]);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${created.id}`,
        payload,
        headers: { ...headers, ...bearer(admin) },
      });
      expect(res.statusCode).toBe(200);
      const images = parseImages(res.json<Product>().images);
      expect(res.json().name).toBe('Gallery 2');
      expect(images).toHaveLength(3);
      expect(images.slice(0, 2)).toEqual([c, a]);
      expect(images[2]).toMatch(IMAGE_ADDRESS);
      expect(images).not.toContain(b);
      // b's three files are gone, the new image's three files are there.
      const after = await uploadedFiles(t);
      expect(after.length).toBe(filesBefore.length);
      expect(after.some((file) => file.includes(b.slice(18, 50)))).toBe(false);
      expect((await get(b)).statusCode).toBe(404);
      expect((await get(images[2]!)).statusCode).toBe(200);
    });

    it('refuses an imageOrder naming foreign images, and leaving no image', async () => {
      const created = (await upload({ ...base, name: 'Strict' })).json<Product>();
      const other = (await upload({ ...base, name: 'Other' })).json<Product>();
      const put = (payload: object) =>
        t.app.inject({ method: 'PUT', url: `/api/products/${created.id}`, headers: bearer(admin), payload });
      let res = await put({ imageOrder: other.images });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.imageOrder).toContain('not one of this product');
      res = await put({ imageOrder: '["/uploads/../../etc/passwd"]' });
      expect(res.statusCode).toBe(400);
      res = await put({ imageOrder: 'not json' });
      expect(res.statusCode).toBe(400);
      res = await put({ imageOrder: '[]' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CATALOG_MESSAGES.imageRequired);
      const own = parseImages(created.images);
      res = await put({ imageOrder: JSON.stringify([...own, ...own]) });
      expect(res.statusCode).toBe(400);
      expect((await get(`/api/products/${created.id}`)).json().images).toBe(created.images);
    });

    it('keeps stored files when the edit fails after processing', async () => {
      const created = (await upload({ ...base, name: 'Atomic' })).json<Product>();
      const filesBefore = await uploadedFiles(t);
      const { payload, headers } = await multipart({ category: 'Laptops', subCategory: 'Nope' }, [
        { name: 'x.jpg', type: 'image/jpeg', data: await makeImage({ format: 'jpeg' }) },
      ]);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${created.id}`,
        payload,
        headers: { ...headers, ...bearer(admin) },
      });
      expect(res.statusCode).toBe(400);
      expect(await uploadedFiles(t)).toEqual(filesBefore);
    });
  });
});
