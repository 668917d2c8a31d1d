import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '../../src/shared/catalog.js';
import type { ProductDetail } from '../../src/shared/product-detail.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer, multipart } from '../helpers/catalog.js';
import { categoryId, makeProduct } from '../helpers/orders.js';

/**
 * A variant's price moved to under half or over one and a half times its old one (Rs. 1,39,999
 * typed 13,999) asks for confirmation as a product's own price edit does: 409
 * PRICE_CHANGE_UNCONFIRMED on the variant's field, nothing written, unless confirmPriceChange,
 * through PUT /api/products/:id/variants and through the product form's variants alike.
 */
describe('far price moves of variants', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    await categoryId(t, 'Phones');
  });
  afterAll(async () => t.close());

  const put = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${id}/variants`, payload, headers: { ...bearer(admin), ...headers } });
  const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<ProductDetail>();
  const prices = async (id: number) => (await detail(id)).variants.map((variant) => [variant.options.Storage, variant.price]);

  const STORAGE = { name: 'Storage', values: ['128 GB', '256 GB'] };
  const body = (small: number | string, large: number | string, extra: Record<string, unknown> = {}) => ({
    options: [STORAGE],
    variants: [
      { options: { Storage: '128 GB' }, price: small, stock: 3 },
      { options: { Storage: '256 GB' }, price: large, stock: 2 },
    ],
    ...extra,
  });
  const message = CATALOG_MESSAGES.priceChangeUnconfirmed;

  async function phone() {
    const product = await makeProduct(t, { price: 1, stock: null, category: 'Phones' });
    const first = await put(product.id, body('1,19,999', '1,39,999'));
    expect(first.statusCode, first.body).toBe(200);
    return product;
  }

  it('refuses a variant’s price cut to under half unless confirmed, on that variant’s field, in both languages', async () => {
    const product = await phone();
    expect(await prices(product.id)).toEqual([
      ['128 GB', 119999],
      ['256 GB', 139999],
    ]);
    const typo = await put(product.id, body('1,19,999', '13,999'));
    expect(typo.statusCode, typo.body).toBe(409);
    expect(typo.json()).toEqual({
      code: 'PRICE_CHANGE_UNCONFIRMED',
      message,
      errors: { 'variants.1.price': message },
      oldPrice: 139999,
      newPrice: 13999,
      variantLabel: '256 GB',
    });
    const ne = await put(product.id, body('1,19,999', '13,999'), { 'accept-language': 'ne' });
    expect(ne.json().message).toBe('नयाँ मूल्य पुरानोको आधाभन्दा कम वा डेढ गुणाभन्दा बढी छ: परिवर्तन पक्का गर्नुहोस्');
    // Nothing written: neither variant nor the product's lowest price.
    expect(await prices(product.id)).toEqual([
      ['128 GB', 119999],
      ['256 GB', 139999],
    ]);
    expect((await detail(product.id)).price).toBe(119999);

    const meant = await put(product.id, body('1,19,999', '13,999', { confirmPriceChange: true }));
    expect(meant.statusCode, meant.body).toBe(200);
    expect(meant.json<ProductDetail>().price).toBe(13999);
  });

  it('asks at the same edges as the product’s own price, for every variant moved, and not for new ones', async () => {
    const product = await phone();
    // Exactly half and exactly one and a half times pass.
    expect((await put(product.id, body(59999.5, 209998.5))).statusCode).toBe(200);
    const both = await put(product.id, body(29999, 419997));
    expect(both.statusCode).toBe(409);
    expect(both.json().errors).toEqual({ 'variants.0.price': message, 'variants.1.price': message });
    expect(both.json()).toMatchObject({ oldPrice: 59999.5, newPrice: 29999, variantLabel: '128 GB' });
    // A new variant (512 GB) has no old price; moving the kept ones a little asks nothing.
    const grown = await put(product.id, {
      options: [{ name: 'Storage', values: ['128 GB', '256 GB', '512 GB'] }],
      variants: [
        { options: { Storage: '128 GB' }, price: 60000 },
        { options: { Storage: '256 GB' }, price: 200000 },
        { options: { Storage: '512 GB' }, price: 900000 },
      ],
    });
    expect(grown.statusCode, grown.body).toBe(200);
    // Bad flags are a 400, not a confirmation.
    const bad = await put(product.id, body(1, 1, { confirmPriceChange: 'yes' }));
    expect(bad.statusCode).toBe(400);
  });

  it('asks the same through the product form’s variants; the form’s confirmation covers them', async () => {
    const product = await phone();
    const fields = {
      options: JSON.stringify([STORAGE]),
      variants: JSON.stringify(body('1,19,999', '2,50,000').variants),
    };
    const send = async (extra: Record<string, string>) => {
      const { payload, headers } = await multipart({ ...fields, ...extra }, []);
      return t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, payload, headers: { ...headers, ...bearer(admin) } });
    };
    const asked = await send({});
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'PRICE_CHANGE_UNCONFIRMED',
      errors: { 'variants.1.price': message },
      oldPrice: 139999,
      newPrice: 250000,
    });
    expect((await detail(product.id)).variants[1]?.price).toBe(139999);
    const meant = await send({ confirmPriceChange: 'true' });
    expect(meant.statusCode, meant.body).toBe(200);
    expect((await detail(product.id)).variants[1]?.price).toBe(250000);
  });
});
