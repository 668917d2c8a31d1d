import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_REMINDER_JOB } from '../../src/server/db/migrations/038_wishlist.js';
import { isoNow } from '../../src/server/lib/clock.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { type TestShopper, bearer, makeProduct, makeShopper } from '../helpers/orders.js';

const BASE = 'https://shop.example.np';
const HOUR_MS = 60 * 60 * 1000;

describe('abandoned cart: one reminder after a day, never more than one a week', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: BASE });
  });
  afterAll(async () => t.close());

  const jobsDue = () =>
    expect
      .poll(
        async () =>
          (
            await t.app.ctx.db
              .selectFrom('jobs')
              .select('id')
              .where('status', 'in', ['queued', 'running'])
              .where('run_at', '<=', isoNow(t.clock))
              .execute()
          ).length,
        { timeout: 10_000 },
      )
      .toBe(0);
  const mailsTo = (who: TestShopper, since: number) =>
    t.mail.messages.slice(since).filter((mail) => mail.to.includes(who.email.toLowerCase()));
  /** A change to the cart as the shop writes it (the tokens of the test shoppers expire as the clock moves). */
  const touchCart = (who: TestShopper, quantity: number) =>
    t.app.ctx.db.updateTable('cart_items').set({ quantity, updated_at: isoNow(t.clock) }).where('user_id', '=', who.userId).execute();

  it('queues the reminder 24 hours after the last change, sends one with the unsubscribe headers, then none for a week', async () => {
    const sita = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Left Behind Keyboard' });
    const since = t.mail.messages.length;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add-to-cart',
      payload: { userId: sita.userId, productId: product.id, quantity: 1 },
      headers: bearer(sita.token),
    });
    expect(added.statusCode).toBe(200);
    const job = await t.app.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('key', '=', `${CART_REMINDER_JOB}:${sita.userId}`)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('queued');
    const delay = Date.parse(job.run_at) - t.clock.now().getTime();
    expect(delay).toBeGreaterThan(23.9 * HOUR_MS);
    expect(delay).toBeLessThanOrEqual(24 * HOUR_MS);

    // A change 12 hours later moves it: nothing at 25 hours after the first.
    t.clock.advance(12 * HOUR_MS);
    await touchCart(sita, 2);
    t.clock.advance(13 * HOUR_MS);
    await jobsDue();
    expect(mailsTo(sita, since)).toHaveLength(0);

    t.clock.advance(12 * HOUR_MS);
    const mail = await t.mail.waitFor(sita.email, { since });
    expect(mail.subject).toBe('Your cart at Pasal is waiting');
    expect(mail.text).toContain('Left Behind Keyboard');
    expect(mail.text).toContain(`${BASE}/account?tab=cart`);
    expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
      new RegExp(`^List-Unsubscribe: <${BASE}/api/alerts/unsubscribe\\?u=${sita.userId}&k=cart-reminder&t=[\\w-]{43}>`, 'm'),
    );
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // Left again within the week: no second reminder.
    await touchCart(sita, 3);
    t.clock.advance(3 * 24 * HOUR_MS);
    await jobsDue();
    expect(mailsTo(sita, since)).toHaveLength(1);

    // A week after the first, a cart left for a day is reminded again.
    t.clock.advance(4 * 24 * HOUR_MS);
    await touchCart(sita, 1);
    t.clock.advance(25 * HOUR_MS);
    await jobsDue();
    await expect.poll(() => mailsTo(sita, since).length, { timeout: 10_000 }).toBe(2);
  });

  it('reminds nobody whose cart was emptied, nor a shopper who turned reminders off', async () => {
    const ram = await makeShopper(t, { firstName: 'Ram' });
    const gita = await makeShopper(t, { firstName: 'Gita' });
    const product = await makeProduct(t);
    for (const who of [ram, gita]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cart/add-to-cart',
        payload: { userId: who.userId, productId: product.id, quantity: 1 },
        headers: bearer(who.token),
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.ctx.db.deleteFrom('cart_items').where('user_id', '=', ram.userId).execute();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${gita.userId}/alerts`,
      payload: { backInStock: true, priceDrop: true, cartReminder: false },
      headers: bearer(gita.token),
    });
    expect(off.statusCode).toBe(200);
    const since = t.mail.messages.length;
    t.clock.advance(25 * HOUR_MS);
    await jobsDue();
    await jobsDue();
    expect(mailsTo(ram, since)).toHaveLength(0);
    expect(mailsTo(gita, since)).toHaveLength(0);
  });
});
