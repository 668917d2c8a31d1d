import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../src/shared/catalog.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, shopperToken } from '../helpers/catalog.js';

describe('category names in Nepali', () => {
  let t: TestApp;
  let admin: string;
  let shopper: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    shopper = await shopperToken(t);
  });
  afterAll(async () => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token: string | null = admin, language = 'en') =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
    });
  const tree = async (): Promise<Category[]> => (await t.app.inject({ method: 'GET', url: '/api/category' })).json();

  it('are given on create, answered beside the English name, and absent where none was given', async () => {
    const created = await send('POST', '/api/category', { name: 'Laptops', nameNe: '  ल्यापटप  ' });
    expect(created.statusCode).toBe(201);
    const category = created.json<{ category: Category }>().category;
    expect(category).toEqual({ id: expect.any(Number), name: 'Laptops', nameNe: 'ल्यापटप', subCategories: [] });

    const sub = await send('POST', `/api/category/${category.id}/subcategory`, { name: 'Gaming Laptops', nameNe: 'गेमिङ ल्यापटप' });
    expect(sub.statusCode).toBe(201);
    const subId = sub.json<{ subCategory: { id: number } }>().subCategory.id;
    const child = await send('POST', `/api/category/${category.id}/subcategory/${subId}/childcategory`, { name: 'RTX 4060' });
    expect(child.statusCode).toBe(201);
    expect(child.json()).toEqual({ childCategory: { id: expect.any(Number), name: 'RTX 4060' } });

    const laptops = (await tree()).find((node) => node.name === 'Laptops')!;
    expect(laptops.nameNe).toBe('ल्यापटप');
    expect(laptops.subCategories[0]).toMatchObject({ name: 'Gaming Laptops', nameNe: 'गेमिङ ल्यापटप' });
    expect(laptops.subCategories[0]!.childCategories[0]).toEqual({ id: expect.any(Number), name: 'RTX 4060' });
  });

  it('are set, changed and cleared at each level, and the change is in the activity log', async () => {
    const category = (await send('POST', '/api/category', { name: 'Mobiles' })).json<{ category: Category }>().category;
    const subId = (await send('POST', `/api/category/${category.id}/subcategory`, { name: 'Android' })).json<{
      subCategory: { id: number };
    }>().subCategory.id;
    const childId = (
      await send('POST', `/api/category/${category.id}/subcategory/${subId}/childcategory`, { name: 'Samsung' })
    ).json<{ childCategory: { id: number } }>().childCategory.id;

    const top = await send('PUT', `/api/category/${category.id}/nepali-name`, { nameNe: 'मोबाइल' });
    expect(top.statusCode).toBe(200);
    expect(top.json()).toEqual({ id: category.id, name: 'Mobiles', nameNe: 'मोबाइल' });
    const subRes = await send('PUT', `/api/category/${category.id}/subcategory/${subId}/nepali-name`, { nameNe: 'एन्ड्रोइड' });
    expect(subRes.json()).toEqual({ id: subId, name: 'Android', nameNe: 'एन्ड्रोइड' });
    const childRes = await send('PUT', `/api/category/${category.id}/subcategory/${subId}/childcategory/${childId}/nepali-name`, {
      nameNe: 'साम्सङ',
    });
    expect(childRes.json()).toEqual({ id: childId, name: 'Samsung', nameNe: 'साम्सङ' });

    let mobiles = (await tree()).find((node) => node.id === category.id)!;
    expect(mobiles.nameNe).toBe('मोबाइल');
    expect(mobiles.subCategories[0]!.nameNe).toBe('एन्ड्रोइड');
    expect(mobiles.subCategories[0]!.childCategories[0]!.nameNe).toBe('साम्सङ');

    // Cleared with '' (or null): the node is answered without a Nepali name again.
    expect((await send('PUT', `/api/category/${category.id}/nepali-name`, { nameNe: '' })).json()).toEqual({
      id: category.id,
      name: 'Mobiles',
    });
    expect(
      (await send('PUT', `/api/category/${category.id}/subcategory/${subId}/nepali-name`, { nameNe: null })).statusCode,
    ).toBe(200);
    mobiles = (await tree()).find((node) => node.id === category.id)!;
    expect(mobiles).not.toHaveProperty('nameNe');
    expect(mobiles.subCategories[0]).not.toHaveProperty('nameNe');

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=category', headers: bearer(admin) });
    expect(audit.statusCode).toBe(200);
    const entries = audit.json<{ entries: { action: string; changes: Record<string, unknown> }[] }>().entries;
    const renames = entries.filter((entry) => entry.action === 'category.rename');
    expect(renames.map((entry) => entry.changes.nameNe)).toEqual([
      ['मोबाइल', null],
      [null, 'मोबाइल'],
    ]);
  });

  it('refuses a comma, a long name, a wrong path and anyone but the admin', async () => {
    const category = (await send('POST', '/api/category', { name: 'Cameras' })).json<{ category: Category }>().category;
    const comma = await send('PUT', `/api/category/${category.id}/nepali-name`, { nameNe: 'क्यामेरा, लेन्स' });
    expect(comma.statusCode).toBe(400);
    expect(JSON.stringify(comma.json())).toContain('Name must not contain a comma');
    const nepali = await send('PUT', `/api/category/${category.id}/nepali-name`, { nameNe: 'क'.repeat(61) }, admin, 'ne');
    expect(nepali.statusCode).toBe(400);
    expect(JSON.stringify(nepali.json())).toContain('नाम बढीमा');
    expect((await send('POST', '/api/category', { name: 'Drones', nameNe: 'ड्रोन,' })).statusCode).toBe(400);
    expect((await tree()).some((node) => node.name === 'Drones')).toBe(false);

    expect((await send('PUT', '/api/category/999999/nepali-name', { nameNe: 'केही' })).statusCode).toBe(404);
    const other = (await send('POST', '/api/category', { name: 'Printers' })).json<{ category: Category }>().category;
    const sub = (await send('POST', `/api/category/${other.id}/subcategory`, { name: 'Inkjet' })).json<{
      subCategory: { id: number };
    }>().subCategory;
    // A subcategory addressed under a category it is not in.
    expect(
      (await send('PUT', `/api/category/${category.id}/subcategory/${sub.id}/nepali-name`, { nameNe: 'इन्कजेट' })).statusCode,
    ).toBe(404);

    expect((await send('PUT', `/api/category/${category.id}/nepali-name`, { nameNe: 'क्यामेरा' }, null)).statusCode).toBe(401);
    expect((await send('PUT', `/api/category/${category.id}/nepali-name`, { nameNe: 'क्यामेरा' }, shopper)).statusCode).toBe(403);
    expect((await tree()).find((node) => node.id === category.id)).not.toHaveProperty('nameNe');
  });
});
