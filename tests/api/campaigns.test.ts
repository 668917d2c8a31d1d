import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_MESSAGES, type Campaign } from '../../src/shared/campaigns.js';
import type { Product } from '../../src/shared/catalog.js';
import { CampaignService } from '../../src/server/features/promotions/campaign-service.js';
import { JobQueue } from '../../src/server/jobs/queue.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { bearer, categoryId, fillCart, makeProduct, makeShopper, orderBody, NO_ORDER_LIMITS } from '../helpers/orders.js';
import { addTestVariants, fillCartWithVariant } from '../helpers/variants.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Campaigns: the admin's API and its bad input, the start and end through the durable queue (test
 * clock), a restart in between, the honest "was" price, and the money through checkout.
 */
describe('campaigns and sale prices', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...bearer(admin), ...headers }, ...(payload === undefined ? {} : { payload }) });
  /** Moves the test clock (the admin logs in again: tokens expire). */
  async function advance(ms: number) {
    t.clock.advance(ms);
    admin = await adminToken(t);
  }
  async function create(body: Record<string, unknown>): Promise<Campaign> {
    const res = await send('POST', '/api/admin/campaigns', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().campaign as Campaign;
  }
  const product = async (id: number): Promise<Product> => (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();
  /** Moves the clock and lets the worker run what is due, until `done` holds. */
  async function advanceUntil(ms: number, done: () => Promise<boolean>) {
    await advance(ms);
    t.app.ctx.jobs.wake();
    await vi.waitFor(
      async () => {
        t.app.ctx.jobs.wake();
        expect(await done()).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  it('refuses bad input with field errors in English and Nepali, never a 500', async () => {
    const laptop = await makeProduct(t, { price: 1000, category: 'Sale Laptops' });
    const start = at(HOUR);
    const end = at(2 * HOUR);
    const base = { name: 'Dashain', startsAt: start, endsAt: end };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, items: [] }, 'items', CAMPAIGN_MESSAGES.itemsRequired],
      [
        { ...base, items: [{ target: 'product', id: laptop.id, percentOff: 0 }] },
        'items.0.percentOff',
        CAMPAIGN_MESSAGES.percentInvalid,
      ],
      [
        { ...base, items: [{ target: 'product', id: laptop.id, percentOff: -5 }] },
        'items.0.percentOff',
        CAMPAIGN_MESSAGES.percentInvalid,
      ],
      [
        { ...base, items: [{ target: 'product', id: laptop.id, percentOff: 100 }] },
        'items.0.percentOff',
        CAMPAIGN_MESSAGES.percentInvalid,
      ],
      [
        { ...base, items: [{ target: 'product', id: laptop.id, salePrice: 0 }] },
        'items.0.salePrice',
        CAMPAIGN_MESSAGES.salePriceInvalid,
      ],
      [
        { ...base, items: [{ target: 'product', id: laptop.id, salePrice: -1 }] },
        'items.0.salePrice',
        CAMPAIGN_MESSAGES.salePriceInvalid,
      ],
      [
        { ...base, items: [{ target: 'product', id: laptop.id, salePrice: 1000 }] },
        'items.0.salePrice',
        CAMPAIGN_MESSAGES.salePriceNotBelow('Rs. 1,000'),
      ],
      [{ ...base, items: [{ target: 'product', id: laptop.id }] }, 'items.0.percentOff', CAMPAIGN_MESSAGES.percentOrPrice],
      [
        { ...base, endsAt: start, items: [{ target: 'product', id: laptop.id, percentOff: 5 }] },
        'endsAt',
        CAMPAIGN_MESSAGES.endBeforeStart,
      ],
      [
        { ...base, items: [{ target: 'product', id: 987654, percentOff: 5 }] },
        'items.0.id',
        CAMPAIGN_MESSAGES.unknownProduct(987654),
      ],
      [
        { ...base, items: [{ target: 'variant', id: 987654, percentOff: 5 }] },
        'items.0.id',
        CAMPAIGN_MESSAGES.unknownVariant(987654),
      ],
      [
        { ...base, items: [{ target: 'category', id: 987654, percentOff: 5 }] },
        'items.0.id',
        CAMPAIGN_MESSAGES.unknownCategory(987654),
      ],
      [
        { ...base, name: ' ', items: [{ target: 'product', id: laptop.id, percentOff: 5 }] },
        'name',
        CAMPAIGN_MESSAGES.nameRequired,
      ],
      [
        { ...base, startsAt: 'soon', items: [{ target: 'product', id: laptop.id, percentOff: 5 }] },
        'startsAt',
        CAMPAIGN_MESSAGES.dateInvalid,
      ],
    ];
    for (const [body, field, message] of cases) {
      const en = await send('POST', '/api/admin/campaigns', body);
      expect(en.statusCode, JSON.stringify(body)).toBe(400);
      expect(en.json().errors?.[field], en.body).toBe(message);
      const ne = await send('POST', '/api/admin/campaigns', body, { 'accept-language': 'ne' });
      expect(ne.statusCode).toBe(400);
      expect(ne.json().errors?.[field], ne.body).toMatch(/[\u0900-\u097F]/);
    }
    expect((await send('GET', '/api/admin/campaigns/987654')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns' })).statusCode).toBe(401);
  });

  it('starts and ends by itself through the queue, survives a restart, and bumps the catalogue version', async () => {
    const phone = await makeProduct(t, { price: 20000, category: 'Sale Phones' });
    const version = async () =>
      Number((await t.app.ctx.db.selectFrom('catalog_state').select('version').executeTakeFirstOrThrow()).version);
    const campaign = await create({
      name: 'Tihar',
      startsAt: at(HOUR),
      endsAt: at(3 * HOUR),
      items: [{ target: 'product', id: phone.id, percentOff: 10 }],
    });
    expect(campaign).toMatchObject({
      status: 'scheduled',
      items: [{ target: 'product', id: phone.id, percentOff: 10, salePrice: null }],
    });
    expect((await product(phone.id)).sale).toBeNull();

    // The process stops; the start passes while it is down; a new worker (as after a restart) starts it.
    await t.app.ctx.jobs.stop();
    await advance(HOUR + 1000);
    expect((await product(phone.id)).sale).toBeNull();
    const before = await version();
    const restarted = new JobQueue(t.app.ctx.db, t.clock, quiet, { pollMs: 50 });
    restarted.register(new CampaignService(t.app.ctx).handler(quiet));
    restarted.start();
    try {
      await vi.waitFor(async () => expect((await product(phone.id)).sale).not.toBeNull(), { timeout: 10_000, interval: 50 });
    } finally {
      await restarted.stop();
    }
    t.app.ctx.jobs.start();
    expect(await version()).toBeGreaterThan(before);
    const shown = await product(phone.id);
    expect(shown.price).toBe(20000);
    expect(shown.sale).toEqual({ price: 18000, wasPrice: 20000, percentOff: 10, endsAt: campaign.endsAt, lowest30Days: 20000 });
    const listed = (await t.app.inject({ url: '/api/products?category=Sale%20Phones' })).json<
      Product[] | { products: Product[] }
    >();
    const rows = Array.isArray(listed) ? listed : listed.products;
    expect(rows.find((row) => row.id === phone.id)?.sale?.price).toBe(18000);
    const running = await send('GET', `/api/admin/campaigns/${campaign.id}`);
    expect(running.json().campaign.status).toBe('running');

    // The end comes by itself.
    await advanceUntil(2 * HOUR, async () => (await product(phone.id)).sale === null);
    expect((await send('GET', `/api/admin/campaigns/${campaign.id}`)).json().campaign.status).toBe('ended');
    expect((await send('PUT', `/api/admin/campaigns/${campaign.id}`, { ...campaign, name: 'Late' })).statusCode).toBe(409);
  });

  it('an edit reschedules (the old job does nothing), end stops it at once, overlaps take the lowest price', async () => {
    const tv = await makeProduct(t, { price: 50000, category: 'Sale TVs' });
    const tvs = await categoryId(t, 'Sale TVs');
    const first = await create({
      name: 'Early',
      startsAt: at(HOUR),
      endsAt: at(10 * HOUR),
      items: [{ target: 'product', id: tv.id, salePrice: 45000 }],
    });
    // Moved later: the job at the old start must not start it.
    const moved = await send('PUT', `/api/admin/campaigns/${first.id}`, {
      name: 'Early, moved',
      startsAt: at(2 * HOUR),
      endsAt: at(10 * HOUR),
      items: [{ target: 'product', id: tv.id, salePrice: 45000 }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await advance(HOUR + 1000);
    t.app.ctx.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await product(tv.id)).sale).toBeNull();
    await advanceUntil(HOUR, async () => (await product(tv.id)).sale?.price === 45000);

    // A second campaign on the whole category, 20 % off (Rs. 40,000): the lower price wins.
    const second = await create({
      name: 'Category',
      startsAt: at(-1000),
      endsAt: at(5 * HOUR),
      items: [{ target: 'category', id: tvs, percentOff: 20 }],
    });
    expect(second.status).toBe('running');
    expect((await product(tv.id)).sale).toMatchObject({ price: 40000, wasPrice: 50000, percentOff: 20 });
    // Ended early: back to the first campaign's price at once.
    const ended = await send('POST', `/api/admin/campaigns/${second.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().campaign).toMatchObject({ status: 'ended' });
    expect((await product(tv.id)).sale?.price).toBe(45000);
    const audit = await send('GET', `/api/admin/audit?entityType=campaign&entityId=${second.id}`);
    expect(audit.json<{ entries: { action: string }[] }>().entries.map((entry) => entry.action)).toEqual([
      'campaign.end',
      'campaign.create',
    ]);
    await send('POST', `/api/admin/campaigns/${first.id}/end`);
    expect((await product(tv.id)).sale).toBeNull();
  });

  it('measures the "was" price from the lowest price of the 30 days before the start', async () => {
    const cam = await makeProduct(t, { price: 1000, category: 'Sale Cameras' });
    await advance(23 * DAY);
    // Raised the week before the sale.
    const raised = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${cam.id}`,
      headers: bearer(admin),
      payload: { price: '1300' },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    await advance(7 * DAY);
    await create({
      name: 'Honest',
      startsAt: at(-1000),
      endsAt: at(DAY),
      items: [{ target: 'product', id: cam.id, percentOff: 30 }],
    });
    // 30 % off Rs. 1,300 is Rs. 910; the lowest of the 30 days before was Rs. 1,000: 9 % saved, not 30 %.
    expect((await product(cam.id)).sale).toMatchObject({ price: 910, wasPrice: 1000, percentOff: 9, lowest30Days: 1000 });

    const lens = await makeProduct(t, { price: 1000, category: 'Sale Cameras' });
    await advance(DAY);
    await t.app.inject({ method: 'PUT', url: `/api/products/${lens.id}`, headers: bearer(admin), payload: { price: '1300' } });
    await create({
      name: 'Not a saving',
      startsAt: at(-1000),
      endsAt: at(DAY),
      items: [{ target: 'product', id: lens.id, percentOff: 10 }],
    });
    // Rs. 1,170 is not below the Rs. 1,000 of last week: no saving is shown, and the price is Rs. 1,170.
    expect((await product(lens.id)).sale).toMatchObject({ price: 1170, wasPrice: null, percentOff: null, lowest30Days: 1000 });
  });

  it('charges the sale price through the cart and checkout, with a coupon on top, and the order keeps it', async () => {
    const pad = await makeProduct(t, { price: 6000, category: 'Sale Pads' });
    const variantProduct = await makeProduct(t, { price: 3000, category: 'Sale Pads' });
    const [small] = await addTestVariants(t.app.ctx.db, variantProduct.id, {
      options: [{ name: 'Size', values: ['S', 'L'] }],
      variants: [
        { values: ['S'], price: 3000, stock: 10 },
        { values: ['L'], price: 4000, stock: 10 },
      ],
    });
    const campaign = await create({
      name: '11.11',
      startsAt: at(-1000),
      endsAt: at(DAY),
      items: [
        { target: 'product', id: pad.id, salePrice: 5000 },
        { target: 'variant', id: small!.id, percentOff: 50 },
      ],
    });
    const detail = (await t.app.inject({ url: `/api/products/${variantProduct.id}` })).json<{
      variants?: { id: number; sale: unknown }[];
    }>();
    expect(detail.variants?.find((v) => v.id === small!.id)?.sale).toMatchObject({ price: 1500, wasPrice: 3000, percentOff: 50 });

    const shopper = await makeShopper(t);
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: pad.id, quantity: 1 }]);
    const cart = await t.app.inject({ url: `/api/cart/view-cart/${shopper.userId}`, headers: bearer(shopper.token) });
    expect(JSON.stringify(cart.json())).toContain('5000');
    // Rs. 5,000 (free delivery from Rs. 5,000): a client total of the regular price is refused.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: bearer(shopper.token),
      payload: orderBody(shopper.userId, 6000),
    });
    expect(stale.statusCode).toBe(409);

    // A coupon of 10 % applies on top of the sale price: Rs. 500 off Rs. 5,000.
    const coupon = await send('POST', '/api/admin/coupons', { code: 'SALE10', type: 'percent', value: 10 });
    expect(coupon.statusCode).toBe(201);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: bearer(shopper.token),
      payload: { userId: shopper.userId, code: 'SALE10' },
    });
    expect(applied.json()).toMatchObject({ subtotal: 5000, discount: 500 });
    const deliveryOf = async (total: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/create',
        headers: bearer(shopper.token),
        payload: orderBody(shopper.userId, total),
      });
    // Rs. 4,500 is under the free-delivery threshold: Kathmandu's Rs. 100 is added.
    const placed = await deliveryOf(4600);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; subtotal: number; discount: number; totalAmount: number };
    expect(order).toMatchObject({ subtotal: 5000, discount: 500, totalAmount: 4600 });
    const line = await t.app.ctx.db
      .selectFrom('order_items')
      .select('unit_price_paisa')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(line.unit_price_paisa)).toBe(500000);

    // Without a coupon, at the variant's sale price; and the order keeps its price once the campaign ends.
    const other = await makeShopper(t);
    await fillCartWithVariant(t.app.ctx.db, other.userId, small!, 2);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: bearer(other.token),
      payload: orderBody(other.userId, 3100),
    });
    expect(second.statusCode, second.body).toBe(201);
    await send('POST', `/api/admin/campaigns/${campaign.id}/end`);
    expect((await product(pad.id)).sale).toBeNull();
    const kept = await send('GET', `/api/orders/${order.id}`);
    expect(kept.json().order ?? kept.json()).toMatchObject({ subtotal: 5000, discount: 500, totalAmount: 4600 });
  });
});
