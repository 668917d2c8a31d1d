import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CreateOrderResponse, type Order, formatOrderId } from '../../src/shared/orders.js';
import { PAYMENT_MESSAGES, type PaymentRedirect } from '../../src/shared/payments.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import {
  type TestShopper,
  bearer,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
  stockOf,
  NO_ORDER_LIMITS,
} from '../helpers/orders.js';
import { freePort } from '../helpers/processes.js';

/**
 * A shopper's checkout of one product (new, `price` rupees, `stock` units), with the client's
 * total as the items' sum unless `total` is given.
 */
async function placeOrder(
  t: TestApp,
  shopper: TestShopper,
  options: {
    price?: number;
    quantity?: number;
    stock?: number;
    district?: string;
    province?: string;
    total?: number;
    method: 'cod' | 'esewa' | 'khalti';
  },
) {
  const product = await makeProduct(t, { price: options.price ?? 1_500, stock: options.stock ?? 10 });
  const quantity = options.quantity ?? 1;
  await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/create',
    payload: orderBody(shopper.userId, options.total ?? product.price * quantity, {
      paymentMethod: options.method,
      ...(options.district ? { district: options.district } : {}),
      ...(options.province ? { province: options.province } : {}),
    }),
    headers: bearer(shopper.token),
  });
  return { res, product, body: res.json<CreateOrderResponse>() };
}

/**
 * Paying with eSewa and Khalti through the built-in sandbox, walked as the shopper's browser
 * walks it: the form or page at the "gateway", Pay or Cancel, the redirect back to the shop, and
 * the order as the shop then sees it. The sandbox speaks the gateways' protocols; their clients
 * are tested against the gateways' own published examples in payments-esewa/khalti.test.ts.
 */
describe('paying for an order', () => {
  let t: TestApp;
  /** A fresh admin token: tests move the clock past a token's life. */
  let admin: string;

  beforeAll(async () => {
    // The sandbox runs only when asked for by name.
    t = await buildTestApp({ PAYMENT_SANDBOX: 'true', ...NO_ORDER_LIMITS });
  });
  beforeEach(async () => {
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const order = (shopper: TestShopper, options: Parameters<typeof placeOrder>[2]) => placeOrder(t, shopper, options);
  /** The texts written to the shop's SMS outbox so far. */
  const smsOutbox = () => {
    const folder = path.join(t.dataDir, 'outbox', 'sms');
    return fs.existsSync(folder) ? fs.readdirSync(folder).map((file) => fs.readFileSync(path.join(folder, file), 'utf8')) : [];
  };

  /** The shopper's browser at eSewa: posts the shop's form, then presses Pay or Cancel; answers where eSewa sends it. */
  async function atEsewa(payment: PaymentRedirect, press: 'Pay' | 'Cancel'): Promise<string> {
    expect(payment.method).toBe('POST');
    const form = await t.app.inject({
      method: 'POST',
      url: payment.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(payment.fields).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.body).toContain('eSewa');
    return pressButton(form.body, press);
  }

  async function atKhalti(payment: PaymentRedirect, press: 'Pay' | 'Cancel'): Promise<string> {
    expect(payment.method).toBe('GET');
    const page = await t.app.inject({ method: 'GET', url: payment.url });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Khalti');
    return pressButton(page.body, press);
  }

  async function pressButton(html: string, press: 'Pay' | 'Cancel'): Promise<string> {
    const forms = [...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>(\w+)<\/button>/g)];
    const action = forms.find((form) => form[2] === press)?.[1];
    expect(action, `a ${press} button`).toBeDefined();
    const res = await t.app.inject({ method: 'POST', url: action!.replace(/&amp;/g, '&') });
    expect(res.statusCode).toBe(303);
    return res.headers.location as string;
  }

  /** Back at the shop: follows the gateway's redirect; answers where the shop lands the shopper. */
  async function backAtShop(location: string): Promise<URL> {
    const url = new URL(location, 'http://localhost');
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode, res.body).toBe(303);
    return new URL(res.headers.location as string, 'http://localhost');
  }

  const read = async (shopper: TestShopper, orderId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/user/${shopper.userId}/order/${orderId}`,
        headers: bearer(shopper.token),
      })
    ).json<{ order: Order }>().order;

  /** The shopper's "Try again" (pay) or "Pay on delivery instead" (pay-on-delivery) on an order. */
  const act = (shopper: TestShopper, orderId: string, action: 'pay' | 'pay-on-delivery', payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${shopper.userId}/order/${orderId}/${action}`,
      payload,
      headers: bearer(shopper.token),
    });

  /** Subjects of the mails to `to` since message number `since`. */
  const subjectsTo = (to: string, since: number) =>
    t.mail.messages
      .slice(since)
      .filter((mail) => mail.to.includes(to))
      .map((mail) => mail.subject);

  const paymentHistory = (orderId: string) =>
    t.app.ctx.db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'payment')
      .execute();

  it('offers the configured wallets and the delivery charges', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/payment-options' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      methods: [
        { id: 'cod', label: 'Cash on Delivery' },
        { id: 'esewa', label: 'eSewa' },
        { id: 'khalti', label: 'Khalti' },
      ],
      sandbox: true,
      delivery: {
        valleyFee: 100,
        outsideFee: 200,
        freeFrom: 5000,
        valleyDistricts: ['Kathmandu', 'Lalitpur', 'Bhaktapur'],
        valleyDays: { min: 1, max: 2 },
        outsideDays: { min: 3, max: 5 },
      },
    });
  });

  it('charges delivery by place, keeps the VAT inside, and numbers the invoice', async () => {
    const shopper = await makeShopper(t);
    const valley = await order(shopper, { price: 1_500, method: 'cod', district: 'lalitpur' });
    expect(valley.res.statusCode).toBe(201);
    expect(valley.body.order).toMatchObject({ subtotal: 1500, deliveryFee: 100, totalAmount: 1600, paymentStatus: 'unpaid' });
    // 13 % inside 1 500 is 172.57, inside 100 is 11.50.
    expect(valley.body.order.vatAmount).toBe(184.07);
    // No invoice yet: it is issued at the sale (here, when the shop confirms the cash on delivery).
    expect(valley.body.order.invoiceNumber).toBeNull();

    const outside = await order(shopper, { price: 2_000, method: 'cod', province: 'Gandaki', district: 'Kaski' });
    expect(outside.body.order).toMatchObject({ subtotal: 2000, deliveryFee: 200, totalAmount: 2200 });
    const free = await order(shopper, { price: 5_000, method: 'cod', province: 'Gandaki', district: 'Kaski' });
    expect(free.body.order).toMatchObject({ deliveryFee: 0, totalAmount: 5000 });
    const numbers: number[] = [];
    for (const placed of [valley, outside, free]) {
      const confirmed = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${placed.body.order.id}/status`,
        payload: { status: 'confirmed' },
        headers: bearer(admin),
      });
      const number = confirmed.json<{ order: Order }>().order.invoiceNumber;
      expect(number).toMatch(/^PSL-\d{6}$/);
      numbers.push(Number(number!.slice(4)));
    }
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);

    // A total the shopper never saw (neither the items' sum nor it with delivery) is refused.
    const product = await makeProduct(t, { price: 1_000 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 1_050),
      headers: bearer(shopper.token),
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'TOTAL_CHANGED', currentTotal: 1100 });
  });

  it('pays with eSewa: the form, Pay, back at the shop, paid once however often the return is replayed', async () => {
    const shopper = await makeShopper(t);
    // Order texts go to the number the shopper proved with a code.
    await t.app.ctx.db
      .updateTable('users')
      .set({ phone_verified_at: new Date().toISOString() })
      .where('id', '=', shopper.userId)
      .execute();
    const { res, body } = await order(shopper, { price: 2_500, method: 'esewa' });
    expect(res.statusCode).toBe(201);
    expect(body.order).toMatchObject({ paymentMethod: 'esewa', paymentStatus: 'awaiting_payment', totalAmount: 2600 });
    expect(body.payment?.url).toBe('/sandbox/esewa/form');
    expect(body.payment?.fields).toMatchObject({
      amount: '2500',
      product_delivery_charge: '100',
      total_amount: '2600',
      product_code: 'EPAYTEST',
      signed_field_names: 'total_amount,transaction_uuid,product_code',
    });

    const since = t.mail.messages.length;
    const back = await atEsewa(body.payment!, 'Pay');
    expect(back).toMatch(/\/api\/payments\/esewa\/success\/ORD-[A-Z0-9]+-[0-9A-F]+\?data=/);
    // The first returns arrive together (a double-clicked link, a browser retry): they race to settle.
    const landings = await Promise.all(Array.from({ length: 6 }, () => backAtShop(back)));
    const landing = landings[0]!;
    // Every one of them lands on the paid order.
    for (const other of landings) expect(other.searchParams.get('payment')).toBe('paid');
    expect(landing.pathname).toBe('/account');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ tab: 'orders', payment: 'paid', order: body.order.id });

    const paid = await read(shopper, body.order.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'pending' });
    expect(paid.paymentRef).toBeTruthy();
    await expect
      .poll(() => subjectsTo(shopper.email, since))
      .toContain(`Payment received for your Pasal order ${formatOrderId(body.order.id)}`);

    // And a text to the shopper's proved phone (the test shop has no gateway: its SMS outbox).
    const paidText = `We received your payment of Rs. 2,600 for order ${formatOrderId(body.order.id)}`;
    await expect.poll(() => smsOutbox().filter((text) => text.includes(paidText)).length, { timeout: 10_000 }).toBe(1);

    // Replayed later: still one payment entry, one mail, one text.
    await backAtShop(back);
    expect(await paymentHistory(body.order.id)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.messages.slice(since).filter((mail) => mail.subject.startsWith('Payment received'))).toHaveLength(1);
    expect(smsOutbox().filter((text) => text.includes(paidText))).toHaveLength(1);
  });

  it('finds a payment whose return never came before a new try or a switch to cash on delivery', async () => {
    const shopper = await makeShopper(t);
    const { body } = await order(shopper, { price: 2_000, method: 'esewa' });
    // Paid at eSewa, but the tab was closed before it came back to the shop.
    await atEsewa(body.payment!, 'Pay');
    for (const path of ['pay-on-delivery', 'pay']) {
      const res = await act(shopper, body.order.id, path as 'pay' | 'pay-on-delivery');
      expect(res.statusCode, path).toBe(409);
      expect(res.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    }
    expect(await read(shopper, body.order.id)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'esewa' });
  });

  it('records a payment made after the shopper switched to cash on delivery, so it is not collected twice', async () => {
    const shopper = await makeShopper(t);
    const { body } = await order(shopper, { price: 2_100, method: 'khalti' });
    const cod = await act(shopper, body.order.id, 'pay-on-delivery');
    expect(cod.json<{ order: Order }>().order).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'unpaid' });
    // The Khalti page was still open: the shopper pays there and closes it.
    await atKhalti(body.payment!, 'Pay');
    t.clock.advance(31 * 60_000);
    t.app.ctx.jobs.wake();
    await expect.poll(async () => (await read(shopper, body.order.id)).paymentStatus, { timeout: 10_000 }).toBe('paid');
    expect(await read(shopper, body.order.id)).toMatchObject({ paymentMethod: 'khalti', status: 'pending' });
  });

  it('keeps an order paid by its first payment when a second try is paid too, and flags that one for a refund', async () => {
    const shopper = await makeShopper(t);
    const { body } = await order(shopper, { price: 2_300, method: 'esewa' });
    const again = await act(shopper, body.order.id, 'pay', { paymentMethod: 'khalti' });
    const second = again.json<CreateOrderResponse>();
    expect((await backAtShop(await atKhalti(second.payment!, 'Pay'))).searchParams.get('payment')).toBe('paid');
    const paid = await read(shopper, body.order.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'khalti' });

    // The first tab (eSewa) was still open and is paid as well.
    await backAtShop(await atEsewa(body.payment!, 'Pay'));
    const after = await read(shopper, body.order.id);
    expect(after).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'khalti', paymentRef: paid.paymentRef });
    const attempts = await t.app.ctx.db
      .selectFrom('payment_attempts')
      .select(['method', 'status'])
      .where('order_id', '=', body.order.id)
      .execute();
    expect(attempts).toContainEqual({ method: 'esewa', status: 'refund_due' });
    expect((await paymentHistory(body.order.id)).map((entry) => entry.note)).toContainEqual(expect.stringContaining('refund it'));

    // The second payment is a refund due: the order says how much, the Orders filter and the
    // Dashboard find it, while the order's own payment stays paid (with its one invoice).
    expect(after.extraRefundDue).toBe(2400);
    expect(after.invoiceNumber).toBe(paid.invoiceNumber);
    const due = await t.app.inject({
      method: 'GET',
      url: '/api/orders/all?paymentStatus=refund_due&pageSize=100',
      headers: bearer(admin),
    });
    expect(due.json<{ orders: Order[] }>().orders.map((row) => row.id)).toContain(body.order.id);
    const waiting = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) })).json<{
        waiting: { refundDue: { count: number; orders: { id: string }[] } };
      }>().waiting.refundDue;
    const before = await waiting();
    expect(before.orders.map((row) => row.id)).toContain(body.order.id);

    // "Mark refunded" settles it: the order stays paid, the attempt is refunded, nothing is due any more.
    const markRefunded = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/orders/${body.order.id}/payment`,
        payload: { paymentStatus: 'refunded' },
        headers: bearer(admin),
      });
    const settled = await markRefunded();
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json<{ order: Order }>().order).toMatchObject({
      paymentStatus: 'paid',
      extraRefundDue: 0,
      invoiceVoid: false,
    });
    expect((await markRefunded()).statusCode).toBe(409);
    const refundedAttempts = await t.app.ctx.db
      .selectFrom('payment_attempts')
      .select(['method', 'status'])
      .where('order_id', '=', body.order.id)
      .execute();
    expect(refundedAttempts).toContainEqual({ method: 'esewa', status: 'refunded' });
    const dueAfter = await t.app.inject({
      method: 'GET',
      url: '/api/orders/all?paymentStatus=refund_due&pageSize=100',
      headers: bearer(admin),
    });
    expect(dueAfter.json<{ orders: Order[] }>().orders.map((row) => row.id)).not.toContain(body.order.id);
    const afterSettle = await waiting();
    expect(afterSettle.orders.map((row) => row.id)).not.toContain(body.order.id);
    expect(afterSettle.count).toBe(before.count - 1);
  });

  it('never cancels for want of payment an order the admin has moved on, and reopens a cancelled one as cash on delivery', async () => {
    const shopper = await makeShopper(t);
    const shipped = await order(shopper, { price: 2_400, method: 'esewa' });
    const set = (orderId: string, status: string) =>
      t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, payload: { status }, headers: bearer(admin) });
    expect((await set(shipped.body.order.id, 'delivered')).statusCode).toBe(200);

    const reopened = await order(shopper, { price: 2_500, method: 'khalti' });
    expect((await set(reopened.body.order.id, 'cancelled')).json<{ order: Order }>().order.paymentStatus).toBe('failed');
    const takeBack = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${reopened.body.order.id}/reverse`,
      payload: { status: 'confirmed', reason: 'The shopper will pay in cash', confirm: true },
      headers: bearer(admin),
    });
    expect(takeBack.json<{ order: Order }>().order).toMatchObject({
      paymentMethod: 'cod',
      paymentStatus: 'unpaid',
    });

    t.clock.advance(40 * 60_000);
    t.app.ctx.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await read(shopper, shipped.body.order.id)).toMatchObject({ status: 'delivered', paymentStatus: 'awaiting_payment' });
    expect((await read(shopper, reopened.body.order.id)).status).toBe('confirmed');
  });

  it('changes nothing for a tampered, foreign or garbage eSewa return, and never answers 5xx', async () => {
    const shopper = await makeShopper(t);
    const { body } = await order(shopper, { price: 3_000, method: 'esewa' });
    const back = new URL(await atEsewa(body.payment!, 'Pay'), 'http://localhost');
    const data = JSON.parse(Buffer.from(back.searchParams.get('data')!, 'base64').toString('utf8')) as Record<string, string>;

    const tampered = Buffer.from(JSON.stringify({ ...data, total_amount: '1.0' })).toString('base64');
    const landing = await backAtShop(`${back.pathname}?data=${encodeURIComponent(tampered)}`);
    expect(landing.searchParams.get('payment')).toBe('failed');
    for (const url of [
      `${back.pathname}?data=not-base64-%%%`,
      `${back.pathname}`,
      '/api/payments/esewa/success/NOT-OURS-1?data=e30=',
      '/api/payments/esewa/success/..%2F..?data=x',
      '/api/payments/khalti/return?pidx=unknown',
      '/api/payments/khalti/return',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await read(shopper, body.order.id)).paymentStatus).toBe('awaiting_payment');
    expect(await paymentHistory(body.order.id)).toHaveLength(0);

    // The real return still works afterwards.
    expect((await backAtShop(back.toString())).searchParams.get('payment')).toBe('paid');
  });

  it('pays with Khalti after a cancelled try, and lets another order switch to cash on delivery', async () => {
    const shopper = await makeShopper(t);
    const { body } = await order(shopper, { price: 1_800, method: 'khalti' });
    expect(body.payment).toMatchObject({ method: 'GET', url: expect.stringMatching(/^\/sandbox\/khalti\/pay\//) });

    const cancelled = await backAtShop(await atKhalti(body.payment!, 'Cancel'));
    expect(cancelled.searchParams.get('payment')).toBe('failed');
    expect((await read(shopper, body.order.id)).paymentStatus).toBe('awaiting_payment');

    const again = await act(shopper, body.order.id, 'pay');
    expect(again.statusCode, again.body).toBe(200);
    const retry = again.json<CreateOrderResponse>();
    expect(retry.payment?.url).not.toBe(body.payment?.url);
    const paid = await backAtShop(await atKhalti(retry.payment!, 'Pay'));
    expect(paid.searchParams.get('payment')).toBe('paid');
    expect(await read(shopper, body.order.id)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'khalti' });

    const second = await order(shopper, { price: 1_200, method: 'esewa' });
    const cod = await act(shopper, second.body.order.id, 'pay-on-delivery');
    expect(cod.statusCode).toBe(200);
    expect(cod.json<{ order: Order }>().order).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'unpaid' });
    // Not awaiting any more: no second switch, no new try.
    const late = await act(shopper, second.body.order.id, 'pay');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PAYMENT_MESSAGES.notAwaiting);
    // Another shopper's order is not found.
    const stranger = await makeShopper(t);
    const foreign = await act(stranger, body.order.id, 'pay-on-delivery');
    expect(foreign.statusCode).toBe(404);
  });

  it('lets Khalti take a small order once delivery is added', async () => {
    const shopper = await makeShopper(t);
    const { res } = await order(shopper, { price: 5, method: 'khalti', district: 'Kathmandu' });
    // Rs. 5 + Rs. 100 delivery is Rs. 105: Khalti takes it.
    expect(res.statusCode).toBe(201);
  });

  it('cancels an order not paid in time, returns its stock, and flags a payment that comes after as refund due', async () => {
    const shopper = await makeShopper(t);
    const { body, product } = await order(shopper, { price: 4_000, quantity: 2, stock: 5, method: 'esewa' });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
    const since = t.mail.messages.length;

    // 31 minutes later the payment check finds nothing paid and the deadline passed.
    t.clock.advance(31 * 60_000);
    t.app.ctx.jobs.wake();
    await expect.poll(async () => (await read(shopper, body.order.id)).status, { timeout: 10_000 }).toBe('cancelled');
    expect((await read(shopper, body.order.id)).paymentStatus).toBe('failed');
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(5);
    await expect
      .poll(() => subjectsTo(shopper.email, since))
      .toContain(`Your Pasal order ${formatOrderId(body.order.id)} was cancelled`);

    // The shopper pays at eSewa after all: recorded, and the admin sees a refund is due.
    await backAtShop(await atEsewa(body.payment!, 'Pay'));
    expect(await read(shopper, body.order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due' });
    const markRefunded = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/orders/${body.order.id}/payment`,
        payload: { paymentStatus: 'refunded' },
        headers: bearer(admin),
      });
    const refunded = await markRefunded();
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json<{ order: Order }>().order.paymentStatus).toBe('refunded');
    const twice = await markRefunded();
    expect(twice.statusCode).toBe(409);
  });

  it('sets refund due when the admin cancels a paid order', async () => {
    const shopper = await makeShopper(t);
    const { body } = await order(shopper, { price: 2_200, method: 'khalti' });
    await backAtShop(await atKhalti(body.payment!, 'Pay'));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${body.order.id}/status`,
      payload: { status: 'cancelled' },
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ order: Order }>().order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due' });
    const list = await t.app.inject({ method: 'GET', url: '/api/orders/all?paymentStatus=refund_due', headers: bearer(admin) });
    expect(list.json<{ orders: Order[] }>().orders.map((row) => row.id)).toContain(body.order.id);
  });
});

describe('a gateway that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dead = await freePort();
    t = await buildTestApp({ KHALTI_API_URL: `http://127.0.0.1:${dead}/api/v2/`, KHALTI_SECRET_KEY: 'test-khalti-key' });
  });
  afterAll(async () => t.close());

  it('keeps the order awaiting payment and says so', async () => {
    const shopper = await makeShopper(t);
    const { res, body } = await placeOrder(t, shopper, { price: 1_500, total: 1_600, method: 'khalti' });
    expect(res.statusCode).toBe(201);
    expect(body.order.paymentStatus).toBe('awaiting_payment');
    expect(body.payment).toBeNull();
    expect(body.paymentMessage).toBe(PAYMENT_MESSAGES.gatewayUnavailable);
    expect(res.body).not.toContain('test-khalti-key');
  });
});

describe('Khalti and an order under Rs. 10', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ DELIVERY_FEE_VALLEY: '0', PAYMENT_SANDBOX: 'true' });
  });
  afterAll(async () => t.close());

  it('is refused before anything is written', async () => {
    const shopper = await makeShopper(t);
    const { res, product } = await placeOrder(t, shopper, { price: 9, stock: 3, method: 'khalti' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.tooSmallForKhalti);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
    const cod = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 9, { paymentMethod: 'cod' }),
      headers: bearer(shopper.token),
    });
    expect(cod.statusCode).toBe(201);
  });
});
