import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_ME_MESSAGES } from '../../src/shared/alerts.js';
import { ALERT_MAIL_JOB } from '../../src/server/features/alerts/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { type TestShopper, bearer, fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';
import { addTestVariants, setTestVariantStock } from '../helpers/variants.js';

const BASE = 'https://shop.example.np';

/** A captured mail's text with quoted-printable undone as UTF-8 (a Nepali mail's text comes so). */
function bodyText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(i, i + 3));
    if (hex) {
      bytes.push(parseInt(hex[1]!, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

describe('notify me when back in stock, and the one-click unsubscribe', () => {
  let t: TestApp;
  let sita: TestShopper;
  let ram: TestShopper;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: BASE });
    sita = await makeShopper(t);
    ram = await makeShopper(t, { firstName: 'Ram' });
  });
  afterAll(async () => t.close());

  const notify = (who: TestShopper | undefined, id: number | string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/notify-me`,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: { ...(who ? bearer(who.token) : {}), ...headers },
    });
  const setStock = (productId: number, stock: number | null) =>
    t.app.ctx.db.updateTable('products').set({ stock }).where('id', '=', productId).execute();
  const waitingCount = async (productId: number) =>
    (await t.app.ctx.db.selectFrom('stock_alerts').select('id').where('product_id', '=', productId).execute()).length;
  /** Waits until no due job is queued or running: what was due has run (cart reminders wait a day). */
  const jobsSettled = async () => {
    await expect
      .poll(
        async () =>
          (
            await t.app.ctx.db
              .selectFrom('jobs')
              .select('id')
              .where('status', 'in', ['queued', 'running'])
              .where('run_at', '<=', new Date().toISOString())
              .execute()
          ).length,
        { timeout: 10_000 },
      )
      .toBe(0);
  };

  it('refuses a guest, bad ids, unknown products, an item in stock and variants the product has not, in both languages', async () => {
    const inStock = await makeProduct(t, { stock: 4 });
    expect((await notify(undefined, inStock.id)).statusCode).toBe(401);
    expect((await notify(sita, 'abc')).statusCode).toBe(400);
    expect((await notify(sita, 0)).statusCode).toBe(400);
    expect((await notify(sita, 2 ** 31 - 1)).statusCode).toBe(404);
    const res = await notify(sita, inStock.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOTIFY_ME_MESSAGES.inStock);
    const ne = await notify(sita, inStock.id, undefined, { 'accept-language': 'ne' });
    expect(ne.json().message).toBe('यो स्टकमा छ: अहिले नै अर्डर गर्न सक्नुहुन्छ');
    const untracked = await makeProduct(t, { stock: null });
    expect((await notify(sita, untracked.id)).statusCode).toBe(409);
    const soldOut = await makeProduct(t, { stock: 0 });
    for (const variantId of [0, -2, 'x', 1.5, '<script>']) expect((await notify(sita, soldOut.id, { variantId })).statusCode).toBe(400);
    const noVariants = await notify(sita, soldOut.id, { variantId: 7 });
    expect(noVariants.statusCode).toBe(400);
    expect(noVariants.json().message).toBe(NOTIFY_ME_MESSAGES.noVariants);
    expect(await waitingCount(soldOut.id)).toBe(0);
  });

  it('mails each waiting shopper once, in their language, with List-Unsubscribe headers, when any write brings stock back', async () => {
    const product = await makeProduct(t, { name: 'Gaming Headset', stock: 0 });
    const first = await notify(sita, product.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: NOTIFY_ME_MESSAGES.subscribed });
    expect((await notify(sita, product.id, {})).statusCode).toBe(200);
    await t.app.ctx.db.updateTable('users').set({ language: 'ne' }).where('id', '=', ram.userId).execute();
    expect((await notify(ram, product.id)).statusCode).toBe(201);
    expect(await waitingCount(product.id)).toBe(2);

    // Still sold out (0 → 0 and a negative): nothing.
    await setStock(product.id, 0);
    await jobsSettled();
    expect(await waitingCount(product.id)).toBe(2);

    const since = t.mail.messages.length;
    await setStock(product.id, 5);
    const toSita = await t.mail.waitFor(sita.email, { since });
    const toRam = await t.mail.waitFor(ram.email, { since });
    expect(toSita.subject).toBe('Back in stock: Gaming Headset');
    expect(toSita.text).toContain(`${BASE}/products/${product.id}`);
    expect(toRam.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(bodyText(toRam.raw)).toContain('फेरि स्टकमा आएको छ');
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(toSita.raw.replace(/\r?\n[ \t]+/g, ' '));
    expect(header?.[1]).toMatch(new RegExp(`^${BASE}/api/alerts/unsubscribe\\?u=${sita.userId}&k=back-in-stock&t=[\\w-]{43}$`));
    expect(toSita.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(toSita.text).toContain(header![1]!);
    await jobsSettled();
    expect(await waitingCount(product.id)).toBe(0);

    // The request has ended: sold out and back again mails nobody.
    await setStock(product.id, 0);
    await setStock(product.id, 3);
    await jobsSettled();
    expect(t.mail.messages.slice(since).filter((mail) => mail.to.includes(sita.email.toLowerCase()))).toHaveLength(1);
  });

  it('mails when a cancelled order gives the last units back (the restock of another path)', async () => {
    const buyer = await makeShopper(t, { firstName: 'Hari' });
    const waiter = await makeShopper(t, { firstName: 'Maya' });
    const product = await makeProduct(t, { name: 'Last Webcam', price: 3000, stock: 1 });
    await fillCart(t.app.ctx.db, buyer.userId, [{ productId: product.id, quantity: 1 }]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(buyer.userId, 3100),
      headers: bearer(buyer.token),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await notify(waiter, product.id)).statusCode).toBe(201);
    const since = t.mail.messages.length;
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.json<{ order: { id: string } }>().order.id}/status`,
      payload: { status: 'cancelled' },
      headers: bearer(await adminToken(t)),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mail = await t.mail.waitFor(waiter.email, { since });
    expect(mail.subject).toBe('Back in stock: Last Webcam');
  });

  it('waits for a sold-out variant of a product sold in variants', async () => {
    const product = await makeProduct(t, { name: 'Phone', stock: 0 });
    const [small, large] = await addTestVariants(t.app.ctx.db, product.id, {
      options: [{ name: 'Storage', values: ['128 GB', '256 GB'] }],
      variants: [
        { values: ['128 GB'], price: 30000, stock: 2 },
        { values: ['256 GB'], price: 35000, stock: 0 },
      ],
    });
    const choose = await notify(sita, product.id);
    expect(choose.statusCode).toBe(400);
    expect(choose.json().message).toBe(NOTIFY_ME_MESSAGES.chooseVariant);
    expect((await notify(sita, product.id, { variantId: small!.id })).statusCode).toBe(409);
    expect((await notify(sita, product.id, { variantId: 2 ** 31 - 1 })).statusCode).toBe(404);
    expect((await notify(sita, product.id, { variantId: large!.id })).statusCode).toBe(201);
    const since = t.mail.messages.length;
    await setTestVariantStock(t.app.ctx.db, large!, 4);
    const mail = await t.mail.waitFor(sita.email, { since });
    expect(mail.subject).toBe('Back in stock: Phone (256 GB)');
  });

  it('unsubscribes with the signed link without logging in (GET asks, POST does it), and no alert goes out after', async () => {
    const shopper = await makeShopper(t, { firstName: 'Gita' });
    const links = (await import('../../src/server/features/alerts/unsubscribe.js')).UnsubscribeLinks;
    const url = new links(t.app.ctx.otpKey, BASE).url(shopper.userId, 'back-in-stock').replace(BASE, '');
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    // The confirm page unsubscribes nobody.
    const settings = () =>
      t.app.inject({ method: 'GET', url: `/api/users/${shopper.userId}/alerts`, headers: bearer(shopper.token) });
    expect((await settings()).json()).toEqual({ alerts: { backInStock: true, priceDrop: true, cartReminder: true } });

    // Forged, changed or another shopper's: refused, nothing changes.
    for (const bad of [url.replace(/t=.*/, 't=AAAA'), url.replace('back-in-stock', 'price-drop'), url.replace(`u=${shopper.userId}`, `u=${sita.userId}`)]) {
      expect((await t.app.inject({ method: 'POST', url: bad, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/unsubscribe' })).statusCode).toBe(400);

    const post = await t.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(200);
    expect((await settings()).json()).toEqual({ alerts: { backInStock: false, priceDrop: true, cartReminder: true } });

    // Asked before unsubscribing, mailed after: the choice is read when the mail's job runs.
    const product = await makeProduct(t, { stock: 0 });
    expect((await notify(shopper, product.id)).statusCode).toBe(201);
    const since = t.mail.messages.length;
    await setStock(product.id, 2);
    // The back-in-stock job queues the mail's job, which runs and sends nothing: waited for as such,
    // since a busy machine may not have queued it yet when the first jobs are done.
    const mailJobs = async () =>
      (await t.app.ctx.db.selectFrom('jobs').select('status').where('kind', '=', ALERT_MAIL_JOB).where('summary', 'like', `${shopper.email}%`).execute()).map((job) => job.status);
    await expect.poll(mailJobs, { timeout: 10_000 }).toEqual(['done']);
    await jobsSettled();
    expect(t.mail.messages.slice(since).filter((mail) => mail.to.includes(shopper.email.toLowerCase()))).toHaveLength(0);
  });

  it('lets the shopper turn each kind off and on in the Account tab; only their own', async () => {
    const put = (who: TestShopper, userId: number, payload: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${userId}/alerts`, payload: payload as object, headers: bearer(who.token) });
    const off = { backInStock: false, priceDrop: false, cartReminder: true };
    const res = await put(ram, ram.userId, off);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alerts: off });
    expect((await put(ram, ram.userId, { ...off, backInStock: true })).json().alerts.backInStock).toBe(true);
    expect((await put(sita, ram.userId, off)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${ram.userId}/alerts`, headers: bearer(sita.token) })).statusCode).toBe(403);
    expect((await put(ram, ram.userId, { backInStock: 'yes' })).statusCode).toBe(400);
  });
});
