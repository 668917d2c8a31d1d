import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../src/server/app.js';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts.js';
import { CATALOG_MESSAGES, type Category } from '../../src/shared/catalog.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, pngFile, shopperToken, uploadProduct } from '../helpers/catalog.js';

describe('category tree API', () => {
  let t: TestApp;
  let admin: string;
  let shopper: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    shopper = await shopperToken(t);
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, token: string | undefined = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
  const del = (url: string, token: string | undefined = admin) =>
    t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
  const tree = async (): Promise<Category[]> => (await t.app.inject({ method: 'GET', url: '/api/category' })).json();

  it('starts empty and is public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('builds the three-level tree with the exact response shapes', async () => {
    const cat = await post('/api/category', { name: '  Gaming Consoles  ' });
    expect(cat.statusCode).toBe(201);
    const category = cat.json().category;
    expect(category).toEqual({ id: expect.any(Number), name: 'Gaming Consoles', subCategories: [] });

    const sub = await post(`/api/category/${category.id}/subcategory`, { name: 'PlayStation' });
    expect(sub.statusCode).toBe(201);
    const subCategory = sub.json().subCategory;
    expect(subCategory).toEqual({ id: expect.any(Number), name: 'PlayStation', childCategories: [] });

    const child = await post(`/api/category/${category.id}/subcategory/${subCategory.id}/childcategory`, { name: 'PS5 Games' });
    expect(child.statusCode).toBe(201);
    expect(child.json()).toEqual({ childCategory: { id: expect.any(Number), name: 'PS5 Games' } });

    expect(await tree()).toEqual([
      {
        id: category.id,
        name: 'Gaming Consoles',
        subCategories: [
          {
            id: subCategory.id,
            name: 'PlayStation',
            childCategories: [{ id: child.json().childCategory.id, name: 'PS5 Games' }],
          },
        ],
      },
    ]);
  });

  it('lists categories alphabetically, case-insensitively', async () => {
    await createPath(t, admin, 'accessories');
    await createPath(t, admin, 'Laptops');
    const names = (await tree()).map((c) => c.name);
    expect(names).toEqual(['accessories', 'Gaming Consoles', 'Laptops']);
  });

  it('requires a name: trimmed, not empty, at most 60 characters, without a comma', async () => {
    for (const [payload, message] of [
      [{}, CATALOG_MESSAGES.categoryNameRequired],
      [{ name: '' }, CATALOG_MESSAGES.categoryNameRequired],
      [{ name: '    ' }, CATALOG_MESSAGES.categoryNameRequired],
      [{ name: 42 }, CATALOG_MESSAGES.categoryNameRequired],
      [{ name: 'x'.repeat(61) }, CATALOG_MESSAGES.nameTooLong],
      // A comma separates the names of the products filter's checked categories.
      [{ name: 'Cables, Adapters' }, CATALOG_MESSAGES.nameComma],
    ] as const) {
      const res = await post('/api/category', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post('/api/category', { name: 'y'.repeat(60) })).statusCode).toBe(201);

    const { categoryId, subId } = await createPath(t, admin, 'Temp', 'Temp sub');
    const sub = await post(`/api/category/${categoryId}/subcategory`, { name: ' ' });
    expect(sub.statusCode).toBe(400);
    expect(sub.json().message).toBe(CATALOG_MESSAGES.subCategoryNameRequired);
    const child = await post(`/api/category/${categoryId}/subcategory/${subId}/childcategory`, { name: '\t \n' });
    expect(child.statusCode).toBe(400);
    expect(child.json().message).toBe(CATALOG_MESSAGES.childCategoryNameRequired);
    const comma = await post(`/api/category/${categoryId}/subcategory/${subId}/childcategory`, { name: 'USB-C, HDMI' });
    expect(comma.statusCode).toBe(400);
    expect(comma.json().message).toBe(CATALOG_MESSAGES.nameComma);
  });

  it('keeps sibling names unique case-insensitively (409), but allows the same name elsewhere', async () => {
    const dup = await post('/api/category', { name: 'LAPTOPS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A category named "LAPTOPS" already exists');
    // Category names compare hyphens as spaces: "Gaming-Consoles" is the same name as "Gaming Consoles".
    expect((await post('/api/category', { name: 'gaming-consoles' })).statusCode).toBe(409);

    const { categoryId: a, subId } = await createPath(t, admin, 'Phones', 'Chargers');
    const { categoryId: b } = await createPath(t, admin, 'Tablets', 'Chargers');
    expect(a).not.toBe(b);
    expect((await post(`/api/category/${a}/subcategory`, { name: 'chargers ' })).statusCode).toBe(409);
    expect((await post(`/api/category/${a}/subcategory/${subId}/childcategory`, { name: 'USB-C' })).statusCode).toBe(201);
    const dupChild = await post(`/api/category/${a}/subcategory/${subId}/childcategory`, { name: 'usb c' });
    expect(dupChild.statusCode).toBe(409);
    expect(dupChild.json().message).toContain('already exists');
  });

  it('answers 404 for a missing parent or a wrong parent in the path, 400 for a bad id', async () => {
    const { categoryId: phones, subId: chargers } = await createPath(t, admin, 'Cameras', 'Lenses', 'Prime');
    const { categoryId: other } = await createPath(t, admin, 'Drones');
    expect((await post('/api/category/999999/subcategory', { name: 'X' })).statusCode).toBe(404);
    expect((await post(`/api/category/${other}/subcategory/${chargers}/childcategory`, { name: 'X' })).statusCode).toBe(404);
    expect((await del(`/api/category/${other}/subcategory/${chargers}`)).statusCode).toBe(404);
    const tr = await tree();
    const childId = tr.find((c) => c.id === phones)!.subCategories[0]!.childCategories[0]!.id;
    expect((await del(`/api/category/${other}/subcategory/${chargers}/childcategory/${childId}`)).statusCode).toBe(404);
    const { subId: otherSub } = await createPath(t, admin, 'Printers', 'Ink');
    expect((await del(`/api/category/${phones}/subcategory/${otherSub}`)).statusCode).toBe(404);
    expect((await del('/api/category/abc')).statusCode).toBe(400);
    expect((await del('/api/category/0')).statusCode).toBe(400);
    expect((await del('/api/category/99999999')).statusCode).toBe(404);
  });

  it('refuses to delete a node with children or products (409 saying why), then deletes it once empty', async () => {
    const { categoryId, subId, childId } = await createPath(t, admin, 'Monitors', 'Gaming Monitors', '144 Hz');

    let res = await del(`/api/category/${categoryId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Cannot delete the category "Monitors": it still has 1 subcategory. Remove its subcategories first.',
    );
    res = await del(`/api/category/${categoryId}/subcategory/${subId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('it still has 1 child category');

    const upload = await uploadProduct(
      t,
      admin,
      {
        name: 'Acer Nitro 27"',
        description: 'A fast monitor',
        price: '32000',
        category: 'Monitors',
        subCategory: 'Gaming Monitors',
        childCategory: '144 Hz',
      },
      [await pngFile()],
    );
    expect(upload.statusCode).toBe(201);
    res = await del(`/api/category/${categoryId}/subcategory/${subId}/childcategory/${childId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Cannot delete the child category "144 Hz": it still has 1 product. Delete those products or move them to another child category first.',
    );

    // Deleting the product (soft) frees the nodes.
    const productId = upload.json().id as number;
    expect((await del(`/api/products/${productId}`)).statusCode).toBe(200);
    res = await del(`/api/category/${categoryId}/subcategory/${subId}/childcategory/${childId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CATALOG_MESSAGES.childCategoryDeleted });
    res = await del(`/api/category/${categoryId}/subcategory/${subId}`);
    expect(res.json()).toEqual({ message: CATALOG_MESSAGES.subCategoryDeleted });
    res = await del(`/api/category/${categoryId}`);
    expect(res.json()).toEqual({ message: CATALOG_MESSAGES.categoryDeleted });
    expect((await tree()).some((c) => c.name === 'Monitors')).toBe(false);
    // Gone means gone: a second delete is 404, and the name is free again.
    expect((await del(`/api/category/${categoryId}`)).statusCode).toBe(404);
    expect((await post('/api/category', { name: 'Monitors' })).statusCode).toBe(201);
  });

  it('counts products directly in a category when refusing its deletion', async () => {
    const { categoryId } = await createPath(t, admin, 'Speakers');
    for (const name of ['JBL Flip 6', 'Sony SRS-XB13']) {
      const res = await uploadProduct(t, admin, { name, description: 'Loud', price: '9000', category: 'Speakers' }, [
        await pngFile(),
      ]);
      expect(res.statusCode).toBe(201);
    }
    const res = await del(`/api/category/${categoryId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Cannot delete the category "Speakers": it still has 2 products. Delete those products or move them to another category first.',
    );
    expect(res.json()).toMatchObject({ products: 2, children: 0 });
  });

  it('needs the admin token for every write: none 401, shopper 403, garbage 401', async () => {
    const { categoryId, subId, childId } = await createPath(t, admin, 'Routers', 'Wi-Fi 6', 'Mesh');
    const writes: [string, string, unknown][] = [
      ['POST', '/api/category', { name: 'Nope' }],
      ['POST', `/api/category/${categoryId}/subcategory`, { name: 'Nope' }],
      ['POST', `/api/category/${categoryId}/subcategory/${subId}/childcategory`, { name: 'Nope' }],
      ['DELETE', `/api/category/${categoryId}/subcategory/${subId}/childcategory/${childId}`, undefined],
      ['DELETE', `/api/category/${categoryId}/subcategory/${subId}`, undefined],
      ['DELETE', `/api/category/${categoryId}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      const none = await t.app.inject({ method: method as 'POST', url, payload: payload as object });
      expect(none.statusCode, `${method} ${url} without token`).toBe(401);
      const asShopper = await t.app.inject({
        method: method as 'POST',
        url,
        payload: payload as object,
        headers: bearer(shopper),
      });
      expect(asShopper.statusCode, `${method} ${url} with shopper token`).toBe(403);
      const garbage = await t.app.inject({
        method: method as 'POST',
        url,
        payload: payload as object,
        headers: bearer('not.a.jwt'),
      });
      expect(garbage.statusCode).toBe(401);
    }
    const routers = (await tree()).find((c) => c.name === 'Routers');
    expect(routers?.subCategories[0]?.childCategories).toEqual([{ id: childId, name: 'Mesh' }]);
    expect((await tree()).some((c) => c.name === 'Nope')).toBe(false);
  });

  it('checks the token before the body: an empty body is 403 to a shopper and 401 to a stranger, not 400', async () => {
    const asAdmin = await post('/api/category', {});
    expect(asAdmin.statusCode).toBe(400); // the same body from an admin does reach validation
    const asShopper = await post('/api/category', {}, shopper);
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.json()).toEqual({ message: ACCOUNT_MESSAGES.adminOnly, code: 'FORBIDDEN' });
    const none = await t.app.inject({ method: 'POST', url: '/api/category', payload: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: ACCOUNT_MESSAGES.authRequired, code: 'UNAUTHORIZED' });
    const garbage = await post('/api/category', {}, 'not.a.jwt');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().errors).toBeUndefined();
    // Not even parsed: broken JSON is the guard's answer too.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/category',
      payload: '{"name":',
      headers: { ...bearer(shopper), 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(403);
  });

  it('refuses a body over the size limit without a token with 401, not 413 (it is never read)', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT + 1) });
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/category',
        payload: huge,
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect((await send(bearer(admin))).statusCode).toBe(413);
    expect((await send({})).statusCode).toBe(401);
    expect((await send(bearer(shopper))).statusCode).toBe(403);
  });

  it('accepts an empty DELETE body sent as JSON', async () => {
    const { categoryId } = await createPath(t, admin, 'Empty Body');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/category/${categoryId}`,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });
});
