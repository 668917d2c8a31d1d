import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreateOrderResponse,
  ORDER_ERROR_CODES,
  ORDER_MESSAGES,
  type Order,
  formatOrderId,
} from '../../src/shared/orders.js';
import type { PaymentRedirect } from '../../src/shared/payments.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { NO_ORDER_LIMITS, type TestShopper, bearer, fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';

/**
 * Tax invoices follow the sale: the number is issued when the online payment is received or the
 * shop confirms cash on delivery (never at checkout), from a gap-free series; a numbered order that
 * is cancelled or refunded has its invoice voided and a credit note (CN-000001 on) records the
 * reversal, once; an order cancelled before the sale has no invoice at all; the CSV carries both.
 */
describe('tax invoices and credit notes', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // Online orders are paid through the sandbox, asked for by name; one shopper places many orders.
    t = await buildTestApp({ PAYMENT_SANDBOX: 'true', ...NO_ORDER_LIMITS });
  });
  beforeEach(async () => {
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  async function place(shopper: TestShopper, method: 'cod' | 'esewa', price = 1_500) {
    const product = await makeProduct(t, { price, stock: 20 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, price, { paymentMethod: method }),
      headers: bearer(shopper.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreateOrderResponse>();
  }

  const setStatus = (orderId: string, status: string) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, payload: { status }, headers: bearer(admin) });
  const takeBack = (orderId: string, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/reverse`,
      payload: { status, reason: 'The shopper called back', confirm: true },
      headers: bearer(admin),
    });

  const adminRead = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(admin) })).json<{ order: Order }>().order;

  const markRefunded = (orderId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/payment`,
      payload: { paymentStatus: 'refunded' },
      headers: bearer(admin),
    });

  const counter = async (name: string) =>
    Number((await t.app.ctx.db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value);

  /** The first mail whose subject contains `subject`, once it has come. */
  async function mailWith(subject: string) {
    await expect.poll(() => t.mail.messages.some((mail) => mail.subject.includes(subject))).toBe(true);
    return t.mail.messages.find((mail) => mail.subject.includes(subject))!;
  }

  /** Pays an eSewa redirect at the sandbox and follows the way back to the shop. */
  async function payAtEsewa(payment: PaymentRedirect): Promise<void> {
    const form = await t.app.inject({
      method: 'POST',
      url: payment.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(payment.fields).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    const action = [...form.body.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>(\w+)<\/button>/g)].find(
      (match) => match[2] === 'Pay',
    )?.[1];
    expect(action).toBeDefined();
    const pressed = await t.app.inject({ method: 'POST', url: action!.replace(/&amp;/g, '&') });
    const back = new URL(pressed.headers.location as string, 'http://localhost');
    const landed = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(landed.statusCode).toBe(303);
  }

  it('issues no number at checkout; cash on delivery gets it when the shop confirms it, once', async () => {
    const shopper = await makeShopper(t);
    const placed = await place(shopper, 'cod');
    expect(placed.order).toMatchObject({ invoiceNumber: null, invoiceDate: null, invoiceVoid: false, creditNoteNumber: null });
    // Its confirmation mail (text and HTML parts) offers no tax invoice either.
    const subject = `Your Pasal order ${formatOrderId(placed.order.id)}`;
    await expect.poll(() => t.mail.messages.some((mail) => mail.subject === subject)).toBe(true);
    const confirmation = t.mail.messages.find((mail) => mail.subject === subject)!;
    expect(confirmation.text).not.toContain('/invoice');
    const before = await counter('invoice');

    const confirmed = (await setStatus(placed.order.id, 'confirmed')).json<{ order: Order }>().order;
    expect(confirmed.invoiceNumber).toBe(`PSL-${String(before + 1).padStart(6, '0')}`);
    expect(confirmed.invoiceDate).toBeTruthy();
    // The mail saying it is confirmed links its invoice.
    const confirmedMail = await mailWith(`${formatOrderId(placed.order.id)} is Confirmed`);
    expect(confirmedMail.text).toContain(`Invoice ${confirmed.invoiceNumber}: `);
    expect(confirmedMail.text).toContain(`/orders/${placed.order.id}/invoice`);
    // Later steps keep it.
    await setStatus(placed.order.id, 'shipped');
    await setStatus(placed.order.id, 'delivered');
    expect((await adminRead(placed.order.id)).invoiceNumber).toBe(confirmed.invoiceNumber);
    expect(await counter('invoice')).toBe(before + 1);
  });

  it('issues the number of an online order when its payment is received', async () => {
    const shopper = await makeShopper(t);
    const placed = await place(shopper, 'esewa', 2_500);
    expect(placed.order.invoiceNumber).toBeNull();
    // Confirming an order still waiting for its online payment is no sale yet.
    await setStatus(placed.order.id, 'confirmed');
    expect((await adminRead(placed.order.id)).invoiceNumber).toBeNull();
    await payAtEsewa(placed.payment!);
    const paid = await adminRead(placed.order.id);
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.invoiceNumber).toMatch(/^PSL-\d{6}$/);
    const paidMail = await mailWith(`Payment received for your Pasal order ${formatOrderId(placed.order.id)}`);
    expect(paidMail.text).toContain(`Invoice ${paid.invoiceNumber}: `);
  });

  it('has no tax invoice for an order cancelled before the sale, and gives it no credit note', async () => {
    const shopper = await makeShopper(t);
    const placed = await place(shopper, 'cod');
    const credit = await counter('credit_note');
    const cancelled = (await setStatus(placed.order.id, 'cancelled')).json<{ order: Order }>().order;
    expect(cancelled).toMatchObject({ status: 'cancelled', invoiceNumber: null, invoiceVoid: false, creditNoteNumber: null });
    expect(await counter('credit_note')).toBe(credit);
  });

  it('voids the invoice of an order cancelled after the sale with credit note CN-000001, issued once', async () => {
    const shopper = await makeShopper(t);
    const placed = await place(shopper, 'cod', 3_000);
    const confirmed = (await setStatus(placed.order.id, 'confirmed')).json<{ order: Order }>().order;
    const cancelled = (await setStatus(placed.order.id, 'cancelled')).json<{ order: Order }>().order;
    expect(cancelled).toMatchObject({
      invoiceNumber: confirmed.invoiceNumber,
      invoiceVoid: true,
      creditNoteNumber: 'CN-000001',
    });
    expect(cancelled.creditNoteDate).toBeTruthy();

    // The voided sale cannot be reopened under its number (409), and nothing more is issued.
    const reopened = await takeBack(placed.order.id, 'confirmed');
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toMatchObject({ code: ORDER_ERROR_CODES.reopenVoided, message: ORDER_MESSAGES.reopenVoided });
    const again = (await setStatus(placed.order.id, 'cancelled')).json<{ order: Order }>().order;
    expect(again).toMatchObject({
      status: 'cancelled',
      invoiceNumber: confirmed.invoiceNumber,
      invoiceVoid: true,
      creditNoteNumber: 'CN-000001',
    });
    expect(await counter('credit_note')).toBe(1);
    expect(await counter('invoice')).toBe(Number(confirmed.invoiceNumber!.slice(4)));
  });

  it('voids a paid order cancelled by the admin, and its refund issues no second credit note', async () => {
    const shopper = await makeShopper(t);
    const placed = await place(shopper, 'esewa', 2_000);
    await payAtEsewa(placed.payment!);
    const credit = await counter('credit_note');
    const cancelled = (await setStatus(placed.order.id, 'cancelled')).json<{ order: Order }>().order;
    expect(cancelled).toMatchObject({ paymentStatus: 'refund_due', invoiceVoid: true });
    expect(cancelled.creditNoteNumber).toBe(`CN-${String(credit + 1).padStart(6, '0')}`);
    const refunded = await markRefunded(placed.order.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<{ order: Order }>().order).toMatchObject({
      paymentStatus: 'refunded',
      invoiceVoid: true,
      creditNoteNumber: cancelled.creditNoteNumber,
    });
    expect(await counter('credit_note')).toBe(credit + 1);
  });

  it('numbers parallel confirmations without a gap or a repeat', async () => {
    const shopper = await makeShopper(t);
    const orders: string[] = [];
    for (let i = 0; i < 8; i += 1) orders.push((await place(shopper, 'cod', 1_000 + i)).order.id);
    const before = await counter('invoice');
    const answers = await Promise.all(orders.map((id) => setStatus(id, 'confirmed')));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers.map((answer) => Number(answer.json<{ order: Order }>().order.invoiceNumber!.slice(4)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
    expect(await counter('invoice')).toBe(before + 8);
  });

  it('carries the invoice and the credit note numbers in the CSV export', async () => {
    const shopper = await makeShopper(t);
    const kept = (await place(shopper, 'cod')).order.id;
    const voided = (await place(shopper, 'cod')).order.id;
    const none = (await place(shopper, 'cod')).order.id;
    const keptNumber = (await setStatus(kept, 'confirmed')).json<{ order: Order }>().order.invoiceNumber;
    await setStatus(voided, 'confirmed');
    const voidedOrder = (await setStatus(voided, 'cancelled')).json<{ order: Order }>().order;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export.csv?q=${encodeURIComponent(shopper.email)}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows]: string[][] = parse(res.body.slice(1));
    const invoiceAt = header!.indexOf('Invoice number');
    const creditAt = header!.indexOf('Credit note number');
    expect(invoiceAt).toBeGreaterThan(0);
    expect(creditAt).toBeGreaterThan(0);
    const cells = (id: string) => {
      const row = rows.find((cellsOf) => cellsOf[0] === id)!;
      return [row[invoiceAt], row[creditAt]];
    };
    expect(cells(kept)).toEqual([keptNumber, '']);
    expect(cells(voided)).toEqual([voidedOrder.invoiceNumber, voidedOrder.creditNoteNumber]);
    expect(cells(none)).toEqual(['', '']);
  });

  it('voids the invoice an unpaid order was given at checkout before the upgrade, when it is cancelled for want of payment', async () => {
    // Orders placed before invoices waited for the sale were numbered at checkout.
    const shopper = await makeShopper(t);
    const placed = await place(shopper, 'esewa', 1_800);
    const legacyNo = (await counter('invoice')) + 1;
    await t.app.ctx.db.updateTable('counters').set({ value: legacyNo }).where('name', '=', 'invoice').execute();
    await t.app.ctx.db.updateTable('orders').set({ invoice_no: legacyNo }).where('id', '=', placed.order.id).execute();
    const credit = await counter('credit_note');

    t.clock.advance((t.config.payments.timeoutMinutes + 1) * 60_000);
    t.app.ctx.jobs.wake();
    await expect.poll(async () => (await adminRead(placed.order.id)).status, { timeout: 10_000 }).toBe('cancelled');
    expect(await adminRead(placed.order.id)).toMatchObject({
      paymentStatus: 'failed',
      invoiceNumber: `PSL-${String(legacyNo).padStart(6, '0')}`,
      invoiceVoid: true,
      creditNoteNumber: `CN-${String(credit + 1).padStart(6, '0')}`,
    });
  });
});
