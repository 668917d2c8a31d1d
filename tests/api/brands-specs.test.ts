import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../src/shared/catalog.js';
import type { ProductDetail } from '../../src/shared/product-detail.js';
import type { Brand, SpecField } from '../../src/shared/specs.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, makeImage, multipart, pngFile } from '../helpers/catalog.js';

/**
 * Brands, a category's specification fields and a product's brand and values: the admin's
 * writes, their rules and bad input, and what a product answers.
 */
describe('brands and specifications', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let laptops: number;
  let mobiles: number;
  let productId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = bearer(await adminToken(t));
    const catalog = new CatalogService(t.app.ctx);
    laptops = (await catalog.createCategory('Laptops')).category.id;
    mobiles = (await catalog.createCategory('Mobiles')).category.id;
    const image = await catalog.storeImage(await makeImage());
    const [id] = await catalog.insertProductsBulk([
      { name: 'Zenbook 14', description: 'A thin laptop', pricePaisa: 9_000_000, categoryId: laptops, imageBaseNames: [image] },
    ]);
    productId = id!;
  });
  afterAll(async () => t.close());

  describe('brands', () => {
    it('creates brands, lists them by name and refuses a name taken (by its key)', async () => {
      for (const name of ['Lenovo', 'Asus', 'Dell'])
        expect((await call('POST', '/api/admin/brands', { name })).statusCode).toBe(201);
      const created = await call('POST', '/api/admin/brands', { name: '  HP  ' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ brand: { id: expect.any(Number), name: 'HP' } });
      const taken = await call('POST', '/api/admin/brands', { name: 'ASUS' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('A brand with this name already exists');
      const list = await t.app.inject({ method: 'GET', url: '/api/brands' });
      expect(list.statusCode).toBe(200);
      expect(list.json<{ brands: Brand[] }>().brands.map((brand: { name: string }) => brand.name)).toEqual([
        'Asus',
        'Dell',
        'HP',
        'Lenovo',
      ]);
    });

    it('validates the name', async () => {
      const empty = await call('POST', '/api/admin/brands', { name: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({ name: 'Brand name is required' });
      expect((await call('POST', '/api/admin/brands', { name: 'x'.repeat(61) })).statusCode).toBe(400);
      expect((await call('POST', '/api/admin/brands', {})).statusCode).toBe(400);
    });

    it('needs an admin to write', async () => {
      expect((await call('POST', '/api/admin/brands', { name: 'Acer' }, {})).statusCode).toBe(401);
    });

    it('refuses to delete a brand live products use, deletes it once none does, and frees its name', async () => {
      const brand = (await call('POST', '/api/admin/brands', { name: 'Acer' })).json().brand;
      const catalog = new CatalogService(t.app.ctx);
      const [id] = await catalog.insertProductsBulk([
        { name: 'Aspire 5', description: 'Laptop', pricePaisa: 100, categoryId: laptops, imageBaseNames: [] },
      ]);
      expect((await call('PUT', `/api/products/${id}/specs`, { brand: 'acer' })).statusCode).toBe(200);
      const refused = await call('DELETE', `/api/admin/brands/${brand.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Live products use this brand: give them another brand or archive them first');
      await catalog.deleteProduct(id!);
      expect((await call('DELETE', `/api/admin/brands/${brand.id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/admin/brands/${brand.id}`)).statusCode).toBe(404);
      const names = (await t.app.inject({ method: 'GET', url: '/api/brands' }))
        .json<{ brands: Brand[] }>()
        .brands.map((b) => b.name);
      expect(names).not.toContain('Acer');
      expect((await call('POST', '/api/admin/brands', { name: 'Acer' })).statusCode).toBe(201);
    });
  });

  describe('spec fields', () => {
    it('creates fields in order and answers them publicly', async () => {
      const fields = [
        { name: 'Processor', kind: 'text', isFilter: true },
        { name: 'RAM', kind: 'number', unit: 'GB', isFilter: true },
        { name: 'Storage', kind: 'number', unit: 'GB' },
        { name: 'GPU', kind: 'choice', choices: ['Integrated', 'RTX 4050', 'RTX 4060'], isFilter: true },
      ];
      for (const field of fields) {
        const res = await call('POST', `/api/admin/categories/${laptops}/spec-fields`, field);
        expect(res.statusCode, res.body).toBe(201);
      }
      const res = await t.app.inject({ method: 'GET', url: `/api/categories/${laptops}/spec-fields` });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ fields: SpecField[] }>().fields).toEqual([
        { id: expect.any(Number), name: 'Processor', kind: 'text', unit: null, choices: null, isFilter: true, position: 1 },
        { id: expect.any(Number), name: 'RAM', kind: 'number', unit: 'GB', choices: null, isFilter: true, position: 2 },
        { id: expect.any(Number), name: 'Storage', kind: 'number', unit: 'GB', choices: null, isFilter: false, position: 3 },
        {
          id: expect.any(Number),
          name: 'GPU',
          kind: 'choice',
          unit: null,
          choices: ['Integrated', 'RTX 4050', 'RTX 4060'],
          isFilter: true,
          position: 4,
        },
      ]);
      expect((await t.app.inject({ method: 'GET', url: `/api/categories/999999/spec-fields` })).statusCode).toBe(404);
    });

    it.each([
      [{ kind: 'text' }, 'name', 'Field name is required'],
      [{ name: 'x'.repeat(41), kind: 'text' }, 'name', 'Field name must be at most 40 characters'],
      [{ name: 'ram', kind: 'text' }, 'name', 'This category already has a field with this name'],
      [{ name: 'Colour', kind: 'colour' }, 'kind', 'Kind must be one of text, number, choice'],
      [{ name: 'Colour', kind: 'text', unit: 'GB' }, 'unit', 'Only a number field has a unit'],
      [{ name: 'Colour', kind: 'choice' }, 'choices', 'A choice field needs 1 to 50 choices'],
      [{ name: 'Colour', kind: 'choice', choices: [] }, 'choices', 'A choice field needs 1 to 50 choices'],
      [
        { name: 'Colour', kind: 'choice', choices: Array.from({ length: 51 }, (_, i) => `c${i}`) },
        'choices',
        'A choice field needs 1 to 50 choices',
      ],
      [{ name: 'Colour', kind: 'choice', choices: ['Red', 'red'] }, 'choices', 'Choices must not repeat'],
      [{ name: 'Colour', kind: 'choice', choices: ['x'.repeat(41)] }, 'choices.0', 'Each choice must be at most 40 characters'],
      [{ name: 'Colour', kind: 'text', choices: ['Red'] }, 'choices', 'Only a choice field has choices'],
    ])('refuses %j', async (body, field, message) => {
      const res = await call('POST', `/api/admin/categories/${laptops}/spec-fields`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it('changes a field partly, keeps the rules, and rewrites values when the unit changes', async () => {
      const fields = (await t.app.inject({ method: 'GET', url: `/api/categories/${laptops}/spec-fields` })).json<{
        fields: SpecField[];
      }>().fields;
      const storage = fields.find((field) => field.name === 'Storage')!;
      const gpu = fields.find((field) => field.name === 'GPU')!;
      expect(
        (await call('PUT', `/api/products/${productId}/specs`, { specs: { Storage: 512, GPU: 'rtx 4060' } })).statusCode,
      ).toBe(200);
      const renamed = await call('PUT', `/api/admin/spec-fields/${storage.id}`, { name: 'SSD', unit: 'GiB', isFilter: true });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().field).toMatchObject({ name: 'SSD', unit: 'GiB', isFilter: true, kind: 'number' });
      const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json<ProductDetail>();
      expect(detail.specs).toEqual([
        { name: 'SSD', value: '512 GiB' },
        { name: 'GPU', value: 'RTX 4060' },
      ]);
      expect((await call('PUT', `/api/admin/spec-fields/${storage.id}`, { kind: 'text' })).statusCode).toBe(409);
      const dropped = await call('PUT', `/api/admin/spec-fields/${gpu.id}`, { choices: ['Integrated'] });
      expect(dropped.statusCode).toBe(409);
      expect(dropped.json().message).toBe('Products use a choice that would be removed');
      expect((await call('PUT', `/api/admin/spec-fields/${gpu.id}`, { unit: 'W' })).json().errors).toEqual({
        unit: 'Only a number field has a unit',
      });
      expect((await call('PUT', `/api/admin/spec-fields/${storage.id}`, { name: 'processor' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/admin/spec-fields/999999`, { name: 'X' })).statusCode).toBe(404);
    });

    it('deletes a field: it leaves the category, the product and the search', async () => {
      const made = await call('POST', `/api/admin/categories/${laptops}/spec-fields`, { name: 'Colour', kind: 'text' });
      const colour = made.json().field;
      expect((await call('PUT', `/api/products/${productId}/specs`, { specs: { Colour: 'Vermilion' } })).statusCode).toBe(200);
      const search = async () => (await t.app.inject({ method: 'GET', url: '/api/products?q=vermilion' })).json().total as number;
      expect(await search()).toBe(1);
      expect((await call('DELETE', `/api/admin/spec-fields/${colour.id}`)).statusCode).toBe(200);
      const fields = (await t.app.inject({ method: 'GET', url: `/api/categories/${laptops}/spec-fields` })).json<{
        fields: SpecField[];
      }>().fields;
      expect(fields.map((field: { name: string }) => field.name)).not.toContain('Colour');
      const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json<ProductDetail>();
      expect(detail.specs.map((spec: { name: string }) => spec.name)).not.toContain('Colour');
      expect(await search()).toBe(0);
      expect((await call('DELETE', `/api/admin/spec-fields/${colour.id}`)).statusCode).toBe(404);
      // Its name is free again.
      expect(
        (await call('POST', `/api/admin/categories/${laptops}/spec-fields`, { name: 'Colour', kind: 'text' })).statusCode,
      ).toBe(201);
    });
  });

  describe("a product's brand and values", () => {
    it('sets, shows (list and detail), searches and clears them', async () => {
      const res = await call('PUT', `/api/products/${productId}/specs`, {
        brand: 'asus',
        specs: { Processor: ' Intel Core i7 ', ram: '16 GB' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: productId, brand: 'Asus' });
      expect(res.json().specs).toEqual([
        { name: 'Processor', value: 'Intel Core i7' },
        { name: 'RAM', value: '16 GB' },
        { name: 'SSD', value: '512 GiB' },
        { name: 'GPU', value: 'RTX 4060' },
      ]);
      const listed = (await t.app.inject({ method: 'GET', url: `/api/products?category=Laptops` })).json<Product[]>();
      expect(listed.find((product) => product.id === productId)?.brand).toBe('Asus');
      const found = (await t.app.inject({ method: 'GET', url: '/api/products?q=asus%2016gb' })).json<ProductPage>();
      expect(found.products.map((product: { id: number }) => product.id)).toEqual([productId]);
      expect((await t.app.inject({ method: 'GET', url: '/api/products?q=dell%2016gb' })).json().total).toBe(0);

      const cleared = await call('PUT', `/api/products/${productId}/specs`, { brand: null, specs: { RAM: null, Processor: '' } });
      expect(cleared.json().brand).toBeNull();
      expect(cleared.json<ProductDetail>().specs.map((spec: { name: string }) => spec.name)).toEqual(['SSD', 'GPU']);
      expect((await t.app.inject({ method: 'GET', url: '/api/products?q=asus%2016gb' })).json().total).toBe(0);
    });

    it.each([
      [{ specs: { Weight: '2 kg' } }, 'specs.Weight', 'This category has no specification field with this name'],
      [{ specs: { RAM: 'sixteen' } }, 'specs.RAM', 'Must be a number'],
      [{ specs: { RAM: '16 TB' } }, 'specs.RAM', 'Must be a number'],
      [{ specs: { GPU: 'RTX 9090' } }, 'specs.GPU', 'Must be one of the field’s choices'],
      [{ brand: 'Nokia' }, 'brand', 'There is no brand with this name'],
      [{ specs: { Processor: 'x'.repeat(101) } }, 'specs.Processor', 'A value must be at most 100 characters'],
    ])('refuses %j and writes nothing', async (body, field, message) => {
      const before = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json<ProductDetail>();
      const res = await call('PUT', `/api/products/${productId}/specs`, { specs: { Processor: 'AMD Ryzen 7' }, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().specs).toEqual(before.specs);
    });

    it('404s a missing product and needs an admin', async () => {
      expect((await call('PUT', '/api/products/999999/specs', { specs: {} })).statusCode).toBe(404);
      expect((await call('PUT', `/api/products/${productId}/specs`, { specs: {} }, {})).statusCode).toBe(401);
    });

    it('takes brand and specs as fields of the product form, checked before anything is written', async () => {
      const files = [await pngFile()];
      const fields = { name: 'Galaxy S24', description: 'A phone', price: '120000', category: 'Mobiles' };
      await call('POST', `/api/admin/categories/${mobiles}/spec-fields`, { name: 'Battery', kind: 'number', unit: 'mAh' });
      await call('POST', '/api/admin/brands', { name: 'Samsung' });
      const bad = await multipart({ ...fields, brand: 'Samsung', specs: JSON.stringify({ Battery: 'big' }) }, files);
      const refused = await t.app.inject({ method: 'POST', url: '/api/products', ...bad, headers: { ...bad.headers, ...admin } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ 'specs.Battery': 'Must be a number' });
      const unknownBrand = await multipart({ ...fields, brand: 'Nokia' }, files);
      const noBrand = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        ...unknownBrand,
        headers: { ...unknownBrand.headers, ...admin },
      });
      expect(noBrand.statusCode).toBe(400);
      expect(noBrand.json().errors).toEqual({ brand: 'There is no brand with this name' });
      const notJson = await multipart({ ...fields, specs: '{oops' }, files);
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        ...notJson,
        headers: { ...notJson.headers, ...admin },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().errors.specs).toBe('specs must be a JSON object of field names and values');
      const count = async () =>
        Number(
          (
            await t.app.ctx.db
              .selectFrom('products')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      expect(before).toBeGreaterThan(0);

      const good = await multipart({ ...fields, brand: 'samsung', specs: JSON.stringify({ Battery: 5000 }) }, files);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        ...good,
        headers: { ...good.headers, ...admin },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ brand: 'Samsung', specs: [{ name: 'Battery', value: '5000 mAh' }] });
      expect(await count()).toBe(before + 1);

      // Moved to Laptops: the phone's values leave with its old category; the brand stays.
      const id = created.json().id as number;
      const moved = await multipart({ category: 'Laptops', specs: JSON.stringify({ RAM: 8 }) });
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        ...moved,
        headers: { ...moved.headers, ...admin },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ brand: 'Samsung', specs: [{ name: 'RAM', value: '8 GB' }] });
      const json = await call('PUT', `/api/products/${id}`, { brand: '' });
      expect(json.statusCode).toBe(200);
      expect(json.json().brand).toBeNull();
    });
  });
});
