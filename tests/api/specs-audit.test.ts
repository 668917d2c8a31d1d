import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../src/shared/audit.js';
import type { ProductPage } from '../../src/shared/catalog.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, makeImage, multipart, shopperToken } from '../helpers/catalog.js';

/**
 * The admin's writes of brands, of a category's specification fields and of a product's brand
 * and values go into the audit log (who, when, before and after), and a brand can be renamed.
 */
describe('audit of brands and specifications; renaming a brand', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let laptops: number;
  let productId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers });
  const entries = async (query: string): Promise<AuditEntry[]> =>
    (await call('GET', `/api/admin/audit?${query}`)).json<AuditPage>().entries;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = bearer(await adminToken(t));
    const catalog = new CatalogService(t.app.ctx);
    laptops = (await catalog.createCategory('Laptops')).category.id;
    const image = await catalog.storeImage(await makeImage());
    const [id] = await catalog.insertProductsBulk([
      { name: 'Vivobook 15', description: 'A laptop', pricePaisa: 7_000_000, categoryId: laptops, imageBaseNames: [image] },
    ]);
    productId = id!;
  });
  afterAll(async () => t.close());

  it('records a brand’s creation, rename and deletion; the rename is found by search and refuses a taken name', async () => {
    const made = await call('POST', '/api/admin/brands', { name: 'Asus' });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ brand: { id: number } }>().brand.id;
    expect((await call('POST', '/api/admin/brands', { name: 'Acer' })).statusCode).toBe(201);
    expect((await call('PUT', `/api/products/${productId}/specs`, { brand: 'Asus' })).statusCode).toBe(200);

    const renamed = await call('PUT', `/api/admin/brands/${id}`, { name: 'ASUS ROG' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ brand: { id, name: 'ASUS ROG' } });
    // The product is found by the new name.
    const found = await t.app.inject({ method: 'GET', url: '/api/products?q=rog&page=1' });
    expect(found.json<ProductPage>().products.map((product) => product.id)).toContain(productId);

    const taken = await call('PUT', `/api/admin/brands/${id}`, { name: 'acer' });
    expect(taken.statusCode).toBe(409);
    const ne = await call('PUT', `/api/admin/brands/${id}`, { name: 'acer' }, { ...admin, 'accept-language': 'ne' });
    expect(ne.json().message).not.toBe(taken.json().message);
    expect((await call('PUT', `/api/admin/brands/${id}`, { name: '  ' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/brands/99999', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/brands/abc', { name: 'Nobody' })).statusCode).toBe(400);
    // Access as its siblings: none 401, a shopper 403, checked before the body.
    expect((await call('PUT', `/api/admin/brands/${id}`, { name: 'X' }, {})).statusCode).toBe(401);
    const shopper = bearer(await shopperToken(t));
    expect((await call('PUT', `/api/admin/brands/${id}`, 'not json', shopper)).statusCode).toBe(403);

    const acer = (await call('GET', '/api/brands')).json<{ brands: { id: number; name: string }[] }>().brands.find(
      (brand) => brand.name === 'Acer',
    )!;
    expect((await call('DELETE', `/api/admin/brands/${acer.id}`)).statusCode).toBe(200);

    const log = await entries('entityType=brand');
    expect(log.map((entry) => [entry.action, entry.summary, entry.changes])).toEqual([
      ['brand.delete', 'Acer', { name: ['Acer', null] }],
      ['brand.rename', 'ASUS ROG', { name: ['Asus', 'ASUS ROG'] }],
      ['brand.create', 'Acer', { name: [null, 'Acer'] }],
      ['brand.create', 'Asus', { name: [null, 'Asus'] }],
    ]);
    expect(log.every((entry) => entry.adminId !== null && entry.adminName !== null)).toBe(true);
    // A refused write leaves no entry; the product's brand change is its own entry.
    const product = await entries(`entityType=product&entityId=${productId}`);
    expect(product[0]).toMatchObject({ action: 'product.specs', changes: { brand: [null, 'Asus'] } });
  });

  it('records a spec field’s creation, change and deletion, and a product’s values through both writers', async () => {
    const created = await call('POST', `/api/admin/categories/${laptops}/spec-fields`, {
      name: 'RAM',
      kind: 'number',
      unit: 'GB',
      isFilter: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const fieldId = created.json<{ field: { id: number } }>().field.id;
    expect((await call('PUT', `/api/admin/spec-fields/${fieldId}`, { unit: 'GiB', isFilter: false })).statusCode).toBe(200);

    const specs = await call('PUT', `/api/products/${productId}/specs`, { specs: { RAM: '16' } });
    expect(specs.statusCode, specs.body).toBe(200);
    // The product form's edit records the values beside its other fields.
    const { payload, headers } = await multipart({ name: 'Vivobook 15 OLED', specs: JSON.stringify({ RAM: '32' }) });
    const edit = await t.app.inject({ method: 'PUT', url: `/api/products/${productId}`, payload, headers: { ...headers, ...admin } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('DELETE', `/api/admin/spec-fields/${fieldId}`)).statusCode).toBe(200);

    const fields = await entries('entityType=specField');
    expect(fields.map((entry) => [entry.action, entry.summary, entry.entityId, entry.changes])).toEqual([
      [
        'specField.delete',
        'Laptops › RAM',
        String(fieldId),
        { name: ['RAM', null], kind: ['number', null], unit: ['GiB', null], isFilter: [false, null] },
      ],
      ['specField.update', 'Laptops › RAM', String(fieldId), { unit: ['GB', 'GiB'], isFilter: [true, false] }],
      ['specField.create', 'Laptops › RAM', String(fieldId), { name: [null, 'RAM'], kind: [null, 'number'], unit: [null, 'GB'], isFilter: [null, true] }],
    ]);
    const product = await entries(`entityType=product&entityId=${productId}`);
    expect(product[0]).toMatchObject({
      action: 'product.update',
      changes: { name: ['Vivobook 15', 'Vivobook 15 OLED'], specs: ['RAM: 16 GiB', 'RAM: 32 GiB'] },
    });
    expect(product[1]).toMatchObject({ action: 'product.specs', changes: { specs: [null, 'RAM: 16 GiB'] } });
    // A write that changes nothing writes no entry.
    const before = (await entries('entityType=product')).length;
    expect((await call('PUT', `/api/products/${productId}/specs`, { brand: 'ASUS ROG' })).statusCode).toBe(200);
    expect((await entries('entityType=product')).length).toBe(before);
  });
});
