import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, AuditUndoResponse } from '../../src/shared/audit.js';
import { CATALOG_MESSAGES, type Product } from '../../src/shared/catalog.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, multipart, pngFile, shopperToken, uploadProduct } from '../helpers/catalog.js';

/**
 * The product form's price: written with lakh or Western commas; a change to under half or over one
 * and a half times the old price refused (409) unless confirmed; and Undo of a price or stock change
 * from the product's history (POST /api/admin/audit/:id/undo), refused when the value moved since.
 */

describe('price guard and undo', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    await createPath(t, admin, 'Guard Laptops');
  });
  afterAll(async () => t.close());

  const newProduct = async (price: string, stock = '10') => {
    const res = await uploadProduct(
      t,
      admin,
      { name: `Guarded ${price}`, description: 'd', price, category: 'Guard Laptops', stock },
      [await pngFile()],
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Product>();
  };
  const put = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: { ...bearer(admin), ...headers }, payload });
  const history = async (id: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/audit?entityType=product&entityId=${id}`, headers: bearer(admin) })
    ).json<AuditPage>().entries;
  const undo = (entryId: number, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/audit/${entryId}/undo`, headers: bearer(token) });
  const current = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>();

  it('reads prices with lakh and Western commas and "Rs." on upload and edit; misplaced commas stay refused', async () => {
    const lakh = await newProduct('1,39,999');
    expect(lakh.price).toBe(139999);
    for (const [text, value] of [
      ['139,999', 139999],
      ['Rs. 1,39,999.50', 139999.5],
      ['1,25,000', 125000],
    ] as const) {
      const res = await put(lakh.id, { price: text });
      expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
      expect(res.json<Product>().price).toBe(value);
    }
    // Multipart, as the form sends it.
    const { payload, headers } = await multipart({ price: '1,30,000' }, []);
    const form = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${lakh.id}`,
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json<Product>().price).toBe(130000);

    for (const bad of ['1,3,9', '13,99', '1,39,99,9', ',999', '99,', '1 39 999']) {
      const res = await put(lakh.id, { price: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toEqual({ price: CATALOG_MESSAGES.priceNumeric });
    }
    expect((await put(lakh.id, { price: '0' })).json().errors).toEqual({ price: CATALOG_MESSAGES.pricePositive });
    expect((await current(lakh.id)).price).toBe(130000);
  });

  it('a price cut to under half or raised over one and a half times is refused (409) unless confirmed', async () => {
    const product = await newProduct('139999');
    const typo = await put(product.id, { price: '13,999', stock: 3 });
    expect(typo.statusCode, typo.body).toBe(409);
    expect(typo.json()).toMatchObject({
      code: 'PRICE_CHANGE_UNCONFIRMED',
      message: 'The new price is less than half or more than one and a half times the old one: confirm the change',
      errors: { price: 'The new price is less than half or more than one and a half times the old one: confirm the change' },
      oldPrice: 139999,
      newPrice: 13999,
    });
    const ne = await put(product.id, { price: '13999' }, { 'accept-language': 'ne' });
    expect(ne.json().message).toBe('नयाँ मूल्य पुरानोको आधाभन्दा कम वा डेढ गुणाभन्दा बढी छ: परिवर्तन पक्का गर्नुहोस्');
    // Nothing of the refused edit was written, the stock neither.
    expect(await current(product.id)).toMatchObject({ price: 139999, stock: 10 });

    // At the edges: exactly half and exactly one and a half times pass; just beyond does not.
    expect((await put(product.id, { price: 69999.5 })).statusCode).toBe(200);
    expect((await put(product.id, { price: 104999.25 })).statusCode).toBe(200);
    expect((await put(product.id, { price: 157499 })).statusCode).toBe(409);
    expect((await put(product.id, { price: 52499 })).statusCode).toBe(409);
    // Other fields alone never ask.
    expect((await put(product.id, { name: 'Renamed guard', stock: 4 })).statusCode).toBe(200);

    // Confirmed, as JSON and as the form's text field.
    const meant = await put(product.id, { price: '13,999', confirmPriceChange: true });
    expect(meant.statusCode, meant.body).toBe(200);
    expect(meant.json<Product>().price).toBe(13999);
    const { payload, headers } = await multipart({ price: '1,39,999', confirmPriceChange: 'true' }, []);
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Product>().price).toBe(139999);
    expect((await put(product.id, { price: 1, confirmPriceChange: 'maybe' })).statusCode).toBe(400);
  });

  it('Undo puts a price and a stock back, recorded as its own entry; a second undo of it is refused', async () => {
    const product = await newProduct('50000', '8');
    expect((await put(product.id, { price: '55,000', stock: 6 })).statusCode).toBe(200);
    const [edit] = await history(product.id);
    expect(edit).toMatchObject({ action: 'product.update', changes: { price: [50000, 55000], stock: [8, 6] } });

    const res = await undo(edit!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AuditUndoResponse>()).toEqual({ productId: product.id, changes: { price: [55000, 50000], stock: [6, 8] } });
    expect(await current(product.id)).toMatchObject({ price: 50000, stock: 8 });
    const [undoEntry] = await history(product.id);
    expect(undoEntry).toMatchObject({
      action: 'product.undo',
      changes: { price: [55000, 50000], stock: [6, 8] },
      note: `Undo of entry ${edit!.id}`,
    });

    const again = await undo(edit!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CHANGED_SINCE' });
    expect((await history(product.id))[0]!.id, 'a refused undo records nothing').toBe(undoEntry!.id);
  });

  it('Undo is refused (409) when the value changed since, for entries without a price or stock, and unknown (404)', async () => {
    const product = await newProduct('1000', '5');
    expect((await put(product.id, { stock: 9 })).statusCode).toBe(200);
    const [stockEdit] = await history(product.id);
    expect((await put(product.id, { stock: 7 })).statusCode).toBe(200);
    const changed = await undo(stockEdit!.id);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'The product has changed since this entry: its price or stock is no longer what the entry set, so nothing was undone',
    );
    expect((await current(product.id)).stock).toBe(7);

    expect((await put(product.id, { name: 'Only renamed' })).statusCode).toBe(200);
    const [rename] = await history(product.id);
    const refused = await undo(rename!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'NOT_UNDOABLE',
      message: 'Only a price or stock change of a product can be undone',
    });
    const created = (await history(product.id)).find((entry) => entry.action === 'product.create')!;
    expect((await undo(created.id)).statusCode).toBe(409);

    expect((await undo(2_000_000_000)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/audit/abc/undo', headers: bearer(admin) })).statusCode).toBe(
      400,
    );
    expect((await undo(stockEdit!.id, await shopperToken(t))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/audit/${stockEdit!.id}/undo` })).statusCode).toBe(401);
  });

  it('two admins undoing the same change at once: one puts it back, the other is refused, one entry', async () => {
    const product = await newProduct('2000', '3');
    expect((await put(product.id, { price: 2500, stock: 4 })).statusCode).toBe(200);
    const [edit] = await history(product.id);
    const results = await Promise.all(Array.from({ length: 4 }, () => undo(edit!.id)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await current(product.id)).toMatchObject({ price: 2000, stock: 3 });
    expect((await history(product.id)).filter((entry) => entry.action === 'product.undo')).toHaveLength(1);
  });
});
