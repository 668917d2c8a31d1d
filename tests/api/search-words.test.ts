import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneEditAway } from '../../src/server/features/catalog/search-words/service.js';
import { bumpCatalogVersion } from '../../src/server/features/catalog/queries.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, pngFile, shopperToken, uploadProduct } from '../helpers/catalog.js';

type Page = {
  products: { id: number; name: string }[];
  total: number;
  searchedFor?: string;
  suggestions?: { words: string[]; categories: { name: string; nameNe?: string; category: string; subcategory?: string }[] };
};

/**
 * Search without dead ends: category names are searched, a typo or a Nepali word is searched in
 * the catalogue's words when the search as typed finds nothing (and the answer says so), and a
 * search that still finds nothing suggests words and categories. The owner keeps the dictionary.
 */
describe('search words, typos, Nepali words and suggestions', () => {
  let t: TestApp;
  let admin: string;
  let laptops: number;
  let mobiles: number;
  let androidId: number;
  let galaxyId: number;

  const search = async (q: string, extra = ''): Promise<Page> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}&pageSize=24${extra}` });
    expect(res.statusCode).toBe(200);
    return res.json<Page>();
  };
  const names = (page: Page) => page.products.map((product) => product.name).sort();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    const gaming = await createPath(t, admin, 'Laptops', 'Gaming Laptops');
    laptops = gaming.categoryId;
    const everyday = await t.app.inject({
      method: 'POST',
      url: `/api/category/${laptops}/subcategory`,
      payload: { name: 'Everyday' },
      headers: bearer(admin),
    });
    const everydayId = everyday.json<{ subCategory: { id: number } }>().subCategory.id;
    const phones = await createPath(t, admin, 'Mobiles', 'Android');
    mobiles = phones.categoryId;
    androidId = phones.subId!;
    // Through the API (the app writes the category words with the product) …
    const rog = await uploadProduct(
      t,
      admin,
      {
        name: 'ROG Strix G16 RTX 4060',
        description: 'Sixteen inch screen, fast fans.',
        price: '189999',
        category: 'Laptops',
        subCategory: 'Gaming Laptops',
        stock: '3',
      },
      [await pngFile()],
    );
    expect(rog.statusCode).toBe(201);
    // … and straight into the table (the database adds them).
    const now = new Date().toISOString();
    const row = (name: string, category: number, sub: number) => ({
      name,
      name_sort: name.toLowerCase(),
      description: 'A plain description.',
      price_paisa: 5_000_000,
      category_id: category,
      sub_category_id: sub,
      is_featured: 0,
      stock: 4,
      created_at: now,
      updated_at: now,
    });
    await t.app.ctx.db
      .insertInto('products')
      .values(row('Vivobook 15 Laptop', laptops, everydayId))
      .execute();
    galaxyId = Number(
      (
        await t.app.ctx.db
          .insertInto('products')
          .values(row('Galaxy A55', mobiles, androidId))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await bumpCatalogVersion(t.app.ctx.db);
  });
  afterAll(async () => t.close());

  it('finds a product by its category and subcategory names', async () => {
    const page = await search('gaming laptop');
    expect(names(page)).toEqual(['ROG Strix G16 RTX 4060']);
    expect(page.searchedFor).toBeUndefined();
    expect(names(await search('laptops'))).toEqual(['ROG Strix G16 RTX 4060', 'Vivobook 15 Laptop']);
    expect(names(await search('android'))).toEqual(['Galaxy A55']);
  });

  it('follows a product moved to another category', async () => {
    await t.app.ctx.db
      .updateTable('products')
      .set({ category_id: laptops, sub_category_id: null })
      .where('id', '=', galaxyId)
      .execute();
    await bumpCatalogVersion(t.app.ctx.db);
    expect((await search('android')).total).toBe(0);
    expect(names(await search('galaxy laptops'))).toEqual(['Galaxy A55']);
    await t.app.ctx.db
      .updateTable('products')
      .set({ category_id: mobiles, sub_category_id: androidId })
      .where('id', '=', galaxyId)
      .execute();
    await bumpCatalogVersion(t.app.ctx.db);
    expect(names(await search('android'))).toEqual(['Galaxy A55']);
  });

  it('corrects one typo only when the search as typed finds nothing, and says what it searched for', async () => {
    const page = await search('leptop');
    expect(page.searchedFor).toBe('laptop');
    expect(names(page)).toEqual(['ROG Strix G16 RTX 4060', 'Vivobook 15 Laptop']);
    expect(page.suggestions).toBeUndefined();
    const two = await search('galxay a55');
    expect(two.searchedFor).toBe('galaxy a55');
    expect(names(two)).toEqual(['Galaxy A55']);
    // Found as typed: left alone.
    const typed = await search('laptop');
    expect(typed.searchedFor).toBeUndefined();
    expect(typed.total).toBe(2);
    // Two typos in one word are not corrected.
    expect((await search('lepdop')).searchedFor).toBeUndefined();
  });

  it('a one-edit variant list is bounded and holds the usual typos', () => {
    const variants = oneEditAway('leptop');
    expect(variants).toContain('laptop');
    expect(variants).toContain('letpop');
    expect(variants.length).toBeLessThan(500);
  });

  it('searches a Nepali word in its English term', async () => {
    const page = await search('ल्यापटप');
    expect(page.searchedFor).toBe('laptop');
    expect(page.total).toBe(2);
    const mobile = await search('मोबाइल');
    expect(mobile.searchedFor).toBe('mobile');
    expect(names(mobile)).toEqual(['Galaxy A55']);
    // A phrase and a word beside it: "power bank" is one entry; nothing has it, so suggestions follow.
    const phrase = await search('पावर बैंक');
    expect(phrase.searchedFor).toBeUndefined();
    expect(phrase.suggestions).toBeDefined();
    // A category's Nepali name, given after the dictionary was seeded, is a term too.
    const named = await t.app.inject({
      method: 'PUT',
      url: `/api/category/${mobiles}/subcategory/${androidId}/nepali-name`,
      payload: { nameNe: 'एन्ड्रोइड' },
      headers: bearer(admin),
    });
    expect(named.statusCode).toBe(200);
    const android = await search('एन्ड्रोइड');
    expect(android.searchedFor).toBe('android');
    expect(names(android)).toEqual(['Galaxy A55']);
  });

  it('suggests the nearest words and categories when nothing is found', async () => {
    const page = await search('lapxxp');
    expect(page.total).toBe(0);
    expect(page.products).toEqual([]);
    expect(page.suggestions!.words).toEqual(expect.arrayContaining(['laptop', 'laptops']));
    expect(page.suggestions!.categories).toContainEqual({ name: 'Laptops', category: 'Laptops' });
    // Nothing near at all: still the shop's categories, never a dead end.
    const none = await search('qqqzzz');
    expect(none.total).toBe(0);
    expect(none.suggestions!.categories.map((category) => category.name).sort()).toEqual(['Laptops', 'Mobiles']);
    // A subcategory near the search is suggested with its path, and its Nepali name.
    const sub = await search('androxx');
    expect(sub.suggestions!.categories).toContainEqual({
      name: 'Android',
      nameNe: 'एन्ड्रोइड',
      category: 'Mobiles',
      subcategory: 'Android',
    });
  });

  it('the owner lists, sets and removes dictionary words, each write audited', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/search-dictionary', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    const entries = list.json<{ entries: { id: number; word: string; term: string }[] }>().entries;
    expect(entries).toContainEqual(expect.objectContaining({ word: 'ल्यापटप', term: 'laptop' }));
    expect(entries).toContainEqual(expect.objectContaining({ word: 'मोबाइल', term: 'mobile' }));
    expect(entries.length).toBeGreaterThanOrEqual(25);

    expect((await search('cellphone')).searchedFor).toBeUndefined();
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/search-dictionary',
      payload: { word: '  Cellphone ', term: 'Android' },
      headers: bearer(admin),
    });
    expect(set.statusCode).toBe(200);
    const entry = set.json<{ id: number; word: string; term: string }>();
    expect(entry).toMatchObject({ word: 'cellphone', term: 'android' });
    const found = await search('cellphone');
    expect(found.searchedFor).toBe('android');
    expect(names(found)).toEqual(['Galaxy A55']);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/search-dictionary',
      payload: { word: 'cellphone', term: 'galaxy' },
      headers: bearer(admin),
    });
    expect(changed.json()).toMatchObject({ id: entry.id, term: 'galaxy' });
    expect((await search('cellphone')).searchedFor).toBe('galaxy');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/search-dictionary/${entry.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect((await search('cellphone')).searchedFor).toBeUndefined();
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/search-dictionary/${entry.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=searchWord', headers: bearer(admin) });
    expect(audit.statusCode).toBe(200);
    const actions = audit.json<{ entries: { action: string; changes: Record<string, unknown> }[] }>().entries;
    expect(actions.map((a) => a.action)).toEqual(['searchWord.delete', 'searchWord.set', 'searchWord.set']);
    expect(actions[1]!.changes).toEqual({ term: ['android', 'galaxy'] });
  });

  it('refuses bad dictionary input with field errors in both languages', async () => {
    const put = (payload: unknown, language = 'en') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/search-dictionary',
        payload: payload as object,
        headers: { ...bearer(admin), 'accept-language': language },
      });
    for (const payload of [
      { word: '', term: 'laptop' },
      { word: '!!!', term: 'laptop' },
      { word: 'x'.repeat(61), term: 'laptop' },
      { word: 'notebook', term: 'Notebook' },
      { word: 'notebook' },
      { word: 42, term: 'laptop' },
    ]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const nepali = await put({ word: '???', term: 'laptop' }, 'ne');
    expect(nepali.statusCode).toBe(400);
    expect(nepali.body).toContain('शब्दमा अक्षर वा अङ्क हुनुपर्छ');
    const badId = await t.app.inject({ method: 'DELETE', url: '/api/admin/search-dictionary/abc', headers: bearer(admin) });
    expect(badId.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/search-dictionary', headers: bearer(admin) });
    expect(list.json<{ entries: { word: string }[] }>().entries.some((e) => e.word === 'notebook')).toBe(false);
  });

  it('is the owner’s: anonymous 401, shopper 403, before the body is read', async () => {
    const shopper = await shopperToken(t);
    for (const [method, url] of [
      ['GET', '/api/admin/search-dictionary'],
      ['PUT', '/api/admin/search-dictionary'],
      ['DELETE', '/api/admin/search-dictionary/1'],
    ] as const) {
      const anonymous = await t.app.inject({
        method,
        url,
        payload: method === 'PUT' ? '{bad json' : undefined,
        headers: { 'content-type': 'application/json' },
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asShopper = await t.app.inject({
        method,
        url,
        payload: method === 'PUT' ? { word: 'a', term: 'b' } : undefined,
        headers: bearer(shopper),
      });
      expect(asShopper.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
