import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/shared/dashboard.js';
import { adminToken } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer, makeProduct } from '../helpers/orders.js';
import { addTestVariants, archiveTestVariant } from '../helpers/variants.js';

/**
 * The Dashboard's stock lists with variants: a product with variants is listed per variant (its
 * name with the label, the variant's stock) against the product's threshold, never by its sum.
 */
describe('dashboard low stock per variant', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const stock = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>().stock;
  };

  it('lists low and sold-out variants on their own, with the product’s threshold, and leaves out archived ones', async () => {
    const cable = await makeProduct(t, { name: 'USB Cable', stock: 2 });
    // The phone's sum (0 + 3 + 40 + 1 = 44) is far above the threshold; three of its variants are not.
    const phone = await makeProduct(t, { name: 'Galaxy S24', stock: null });
    const [black128, black256, blue128, blue256] = await addTestVariants(t.app.ctx.db, phone.id, {
      options: [
        { name: 'Storage', values: ['128 GB', '256 GB'] },
        { name: 'Colour', values: ['Black', 'Blue'] },
      ],
      variants: [
        { values: ['128 GB', 'Black'], price: 99_999, stock: 0 },
        { values: ['256 GB', 'Black'], price: 119_999, stock: 3 },
        { values: ['128 GB', 'Blue'], price: 99_999, stock: 40 },
        { values: ['256 GB', 'Blue'], price: 119_999, stock: 1 },
      ],
    });
    // A product with variants, none tracked: never listed.
    const laptop = await makeProduct(t, { name: 'ThinkPad', stock: null });
    await addTestVariants(t.app.ctx.db, laptop.id, {
      options: [{ name: 'RAM', values: ['16 GB'] }],
      variants: [{ values: ['16 GB'], price: 150_000, stock: null }],
    });

    expect(await stock()).toEqual({
      defaultThreshold: 5,
      low: {
        count: 3,
        products: [
          {
            id: phone.id,
            name: 'Galaxy S24 (256 GB / Blue)',
            variantId: blue256!.id,
            variantLabel: '256 GB / Blue',
            stock: 1,
            threshold: 5,
          },
          { id: cable.id, name: 'USB Cable', variantId: null, variantLabel: null, stock: 2, threshold: 5 },
          {
            id: phone.id,
            name: 'Galaxy S24 (256 GB / Black)',
            variantId: black256!.id,
            variantLabel: '256 GB / Black',
            stock: 3,
            threshold: 5,
          },
        ],
      },
      out: {
        count: 1,
        products: [
          {
            id: phone.id,
            name: 'Galaxy S24 (128 GB / Black)',
            variantId: black128!.id,
            variantLabel: '128 GB / Black',
            stock: 0,
            threshold: 5,
          },
        ],
      },
    });
    expect(blue128!.stock).toBe(40);

    // The product's own threshold applies to each variant; an archived variant is not sold, so not listed.
    await t.app.ctx.db.updateTable('products').set({ low_stock_threshold: 0 }).where('id', '=', phone.id).execute();
    await archiveTestVariant(t.app.ctx.db, black128!);
    const after = await stock();
    expect(after.low.products.map((row) => row.name)).toEqual(['USB Cable']);
    expect(after.out).toEqual({ count: 0, products: [] });
  });
});
