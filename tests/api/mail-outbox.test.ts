import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, REGISTER_SUCCESS_MESSAGE } from '../../src/shared/accounts.js';
import { type Order, formatOrderId } from '../../src/shared/orders.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { shopperData } from '../helpers/accounts.js';
import { bearer, fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';
import { freePort } from '../helpers/processes.js';
import { MailCatcher } from '../helpers/smtp.js';

/**
 * Drill: the mail server is down. Orders and registrations answer at once as before; their mails
 * wait in the outbox (the jobs table) and, once the mail server is back, each arrives exactly once.
 */
describe('mail while the mail server is down', () => {
  let t: TestApp;
  let smtpPort: number;
  let comeback: MailCatcher | undefined;

  beforeAll(async () => {
    smtpPort = await freePort();
    // Nothing listens on this port yet: every send is refused.
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  });
  afterAll(async () => {
    await t.close();
    await comeback?.stop();
  });

  const mailJobs = () => t.app.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'mail').execute();

  it('takes 100 orders at once, then delivers every confirmation exactly once when the mail server is back', async () => {
    const ORDERS = 100;
    const product = await makeProduct(t, { price: 1_500, stock: ORDERS * 2 });
    const shoppers = await Promise.all(Array.from({ length: ORDERS }, (_, i) => makeShopper(t, { firstName: `Outage${i}` })));
    for (const shopper of shoppers) await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);

    const orders: Order[] = [];
    let slowest = 0;
    for (let batch = 0; batch < ORDERS; batch += 10) {
      const answers = await Promise.all(
        shoppers.slice(batch, batch + 10).map(async (shopper) => {
          const started = performance.now();
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/orders/create',
            payload: orderBody(shopper.userId, product.price),
            headers: bearer(shopper.token),
          });
          slowest = Math.max(slowest, performance.now() - started);
          expect(res.statusCode, res.body).toBe(201);
          return res.json<{ order: Order }>().order;
        }),
      );
      orders.push(...answers);
    }
    // Each answer came without waiting for the mail server.
    expect(slowest).toBeLessThan(2_000);

    // Every confirmation is in the outbox, tried once and refused, waiting for its retry.
    await expect
      .poll(async () => (await mailJobs()).filter((job) => job.status === 'queued' && job.attempts >= 1).length, {
        timeout: 10_000,
      })
      .toBe(ORDERS);
    expect(t.mail.messages).toHaveLength(0);

    // The mail server comes back; the retries are due ten minutes later.
    comeback = new MailCatcher();
    await comeback.start(smtpPort);
    t.clock.advance(10 * 60_000);
    t.app.ctx.jobs.wake();
    await comeback.waitFor(shoppers[0]!.email, { timeoutMs: 20_000 });
    await comeback.waitForCount(ORDERS, 30_000);
    // Nothing more comes: each confirmation once.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(comeback.messages).toHaveLength(ORDERS);
    expect(new Set(comeback.messages.map((mail) => mail.messageId)).size).toBe(ORDERS);
    for (const order of orders) {
      const mails = comeback.messages.filter((mail) => mail.subject.includes(formatOrderId(order.id)));
      expect(mails, order.id).toHaveLength(1);
      expect(mails[0]!.to).toEqual([order.user.email]);
    }
    const jobs = await mailJobs();
    expect(jobs.filter((job) => job.status === 'done')).toHaveLength(ORDERS);
    await comeback.stop();
    comeback = undefined;
  });

  it('registers and sends codes while the mail server is down: the code is on its way, not an error', async () => {
    const body = shopperData({ email: 'waiting.shopper@example.com' });
    const registered = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ message: REGISTER_SUCCESS_MESSAGE, otpQueued: true });
    const { userId } = registered.json<{ userId: number }>();

    // A new code a minute later: 202, said to be on its way.
    t.clock.advance(61_000);
    const again = await t.app.inject({ method: 'POST', url: '/api/users/send-otp', payload: { userId } });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.otpQueued, queued: true });

    // One mail waits (the new code replaced the old one's, or, when the worker was retrying that one
    // just then, finished it unsent), its body sealed: the table shows no code.
    const live = async () =>
      (await mailJobs()).filter((job) => job.summary.startsWith('waiting.shopper@example.com') && job.status !== 'done');
    await expect.poll(async () => (await live()).length).toBe(1);
    const waiting = await live();
    expect(waiting[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting[0]!.payload).toContain('"sealed"');
    expect(waiting[0]!.last_error).toMatch(/ECONNREFUSED/);

    // The mail server is back: the code arrives and works.
    comeback = new MailCatcher();
    await comeback.start(smtpPort);
    t.clock.advance(60_000);
    t.app.ctx.jobs.wake();
    const code = await comeback.otpFor('waiting.shopper@example.com');
    // The sealed payload did not hold the code in clear.
    expect(waiting[0]!.payload).not.toContain(code);
    const verified = await t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload: { userId, otp: code } });
    expect(verified.statusCode).toBe(200);
    expect(comeback.messages.filter((mail) => mail.to.includes('waiting.shopper@example.com'))).toHaveLength(1);
  });
});

describe('a mail server that takes the connection and never answers', () => {
  let t: TestApp;
  let silent: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts TCP and says nothing: no SMTP greeting, ever.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}` });
  });
  afterAll(async () => {
    await t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('answers the registration within seconds: the code waits in the outbox', async () => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: shopperData({ email: 'patient.shopper@example.com' }),
    });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: REGISTER_SUCCESS_MESSAGE, otpQueued: true });
    // The first try gives up after 5 s (nodemailer alone would wait 30 s for a greeting).
    expect(elapsed).toBeGreaterThan(4_500);
    expect(elapsed).toBeLessThan(8_000);
    const [job] = await t.app.ctx.db.selectFrom('jobs').selectAll().where('summary', 'like', 'patient.shopper@%').execute();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'did not finish within 5 s' });
  }, 20_000);
});
