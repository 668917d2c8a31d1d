import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceDropHandler } from '../../src/server/features/alerts/price-drop.js';
import { ALERT_MAIL_JOB, AlertService } from '../../src/server/features/alerts/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { type TestShopper, bearer, makeProduct, makeShopper } from '../helpers/orders.js';

const BASE = 'https://shop.example.np';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('price drops on a wishlisted product: at most one mail a day per shopper', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: BASE });
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const heart = async (who: TestShopper, productId: number) =>
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${who.userId}/wishlist`, payload: { productId }, headers: bearer(who.token) }))
        .statusCode,
    ).toBe(200);
  const reprice = (productId: number, price: number) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${productId}`, payload: { price, confirmPriceChange: true }, headers: bearer(admin) });
  const jobsSettled = () =>
    expect
      .poll(
        async () =>
          (await t.app.ctx.db.selectFrom('jobs').select('id').where('status', 'in', ['queued', 'running']).execute()).length,
        { timeout: 10_000 },
      )
      .toBe(0);
  const mailsTo = (who: TestShopper, since: number) =>
    t.app.ctx.db.selectFrom('jobs').select(['summary']).where('kind', '=', ALERT_MAIL_JOB).where('summary', 'like', `${who.email}%`).execute().then(
      (rows) => rows.length - since,
    );

  it('mails once for several products dropping in parallel, with the unsubscribe headers; again the next day; never on a rise', async () => {
    const sita = await makeShopper(t);
    const bystander = await makeShopper(t, { firstName: 'Hari' });
    const products = [];
    for (const i of [1, 2, 3]) products.push(await makeProduct(t, { name: `Drop ${i} ${sita.userId}`, price: 5000 }));
    for (const product of products) await heart(sita, product.id);
    const since = t.mail.messages.length;

    const answers = await Promise.all(products.map((product) => reprice(product.id, 4200)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const mail = await t.mail.waitFor(sita.email, { since });
    await jobsSettled();
    expect(t.mail.messages.slice(since).filter((m) => m.to.includes(sita.email.toLowerCase()))).toHaveLength(1);
    expect(t.mail.messages.slice(since).some((m) => m.to.includes(bystander.email.toLowerCase()))).toBe(false);
    expect(mail.subject).toMatch(/^Price drop: Drop \d /);
    expect(mail.text).toContain('now costs Rs. 4,200 (was Rs. 5,000)');
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toMatch(new RegExp(`^List-Unsubscribe: <${BASE}/api/alerts/unsubscribe\\?u=${sita.userId}&k=price-drop&t=[\\w-]{43}>`, 'm'));
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // A rise queues nothing; a second drop the same day mails nothing.
    await reprice(products[0]!.id, 6000);
    await reprice(products[1]!.id, 3900);
    await jobsSettled();
    expect(t.mail.messages.slice(since).filter((m) => m.to.includes(sita.email.toLowerCase()))).toHaveLength(1);

    // The next day in Nepal, a drop mails again.
    t.clock.advance(DAY_MS);
    admin = await adminToken(t);
    const later = t.mail.messages.length;
    await reprice(products[2]!.id, 3000);
    const next = await t.mail.waitFor(sita.email, { since: later });
    expect(next.text).toContain('now costs Rs. 3,000 (was Rs. 4,200)');
  });

  it('holds one a day when the jobs of parallel drops run side by side (the database decides)', async () => {
    const gita = await makeShopper(t, { firstName: 'Gita' });
    const product = await makeProduct(t, { price: 9000 });
    await heart(gita, product.id);
    // Drop the price without a job running yet: the rows as the handler reads them.
    await t.app.ctx.db.updateTable('products').set({ price_paisa: 700_000 }).where('id', '=', product.id).execute();
    await jobsSettled();
    const before = await mailsTo(gita, 0);
    expect(before).toBe(1);
    t.clock.advance(DAY_MS);
    admin = await adminToken(t);
    const handler = priceDropHandler(t.app.ctx, new AlertService(t.app.ctx));
    const payload = { productId: product.id, fromPaisa: 900_000, toPaisa: 700_000 };
    await Promise.all(Array.from({ length: 8 }, () => handler.run(payload, new AbortController().signal)));
    expect(await mailsTo(gita, before)).toBe(1);
    const sends = await t.app.ctx.db.selectFrom('alert_sends').select('period').where('user_id', '=', gita.userId).execute();
    expect(sends).toHaveLength(2);
  });

  it('writes the mail in the shopper language and sends none after they turn price drops off', async () => {
    const ram = await makeShopper(t, { firstName: 'Ram' });
    await t.app.ctx.db.updateTable('users').set({ language: 'ne' }).where('id', '=', ram.userId).execute();
    const product = await makeProduct(t, { price: 2000 });
    await heart(ram, product.id);
    const since = t.mail.messages.length;
    expect((await reprice(product.id, 1500)).statusCode).toBe(200);
    const mail = await t.mail.waitFor(ram.email, { since });
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail.raw).toContain('k=3Dprice-drop');

    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ram.userId}/alerts`,
      payload: { backInStock: true, priceDrop: false, cartReminder: true },
      headers: bearer(ram.token),
    });
    expect(off.statusCode).toBe(200);
    t.clock.advance(DAY_MS);
    admin = await adminToken(t);
    const after = t.mail.messages.length;
    await reprice(product.id, 1000);
    await jobsSettled();
    expect(t.mail.messages.slice(after).some((m) => m.to.includes(ram.email.toLowerCase()))).toBe(false);
  });
});
