import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { ORDER_MESSAGES, type Order } from '../../../shared/orders.js';
import {
  type OnlinePaymentMethodId,
  PAYMENT_MESSAGES,
  type PaymentRedirect,
  type PaymentResult,
} from '../../../shared/payments.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { JobHandler } from '../../jobs/queue.js';
import { isoNow } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { DELIVERY_MESSAGES } from '../../../shared/delivery.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { DeliveryService } from '../delivery/service.js';
import { queueOrderText } from '../sms/order-texts.js';
import { parseEsewaCallback } from './esewa.js';
import { KHALTI_MIN_AMOUNT_PAISA } from './khalti.js';
import type { Gateways } from './gateways.js';
import { issueInvoice } from '../orders/invoices.js';
import { paymentReceivedMail, unpaidCancelledMail } from '../orders/mail.js';
import { PAYMENT_CHECK_JOB, type PaymentCheck, parsePaymentCheck, paymentCheckKey, scheduleLateChecks } from './check.js';
import { scheduleCodConfirm } from '../orders/cod-confirm.js';
import * as pq from './queries.js';
import * as q from '../orders/queries.js';
import { PaymentRefunds } from './refunds.js';
import { configuredBase } from '../../lib/public-base.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Pauses between payment checks after the first (which is FIRST_PAYMENT_CHECK_MS after checkout, order-payments.ts). */
const CHECK_PAUSES_MS = [5, 10, 10, 20, 30].map((minutes) => minutes * 60_000);
/** The newest tries a check asks about (each may take up to the gateway timeout). */
const CHECKED_ATTEMPTS = 5;
/** "Try again" at most this often per order. */
const MAX_ATTEMPTS = 10;

export interface PaymentAnswer {
  order: Order;
  payment: PaymentRedirect | null;
  paymentMessage?: string;
}

/** How the orders service lends its reads and its cancelling to the payment flow and the shop's deadlines. */
export interface OrderAccess {
  get(orderId: string, db?: q.Db): Promise<Order>;
  /** 404 unless the order is the shopper's (the one ownership query, orders/queries.ts). */
  mustBeShoppers(userId: number, orderId: string): Promise<void>;
  /** Cancels a locked order on the shop's own account (a deadline passed), inside the caller's transaction. */
  cancelByShop(trx: q.Db, order: q.LockedOrder, note: string, now: string): Promise<void>;
}

/**
 * Online payment of an order (ADR 0015). A payment is paid only when the gateway's own status or
 * lookup API says so for this attempt and this amount; a redirect's query is only a hint to ask.
 * Every change is idempotent: a replayed or parallel callback marks an order paid once, with one
 * history entry, because the attempt row is settled with a compare-and-set inside the transaction
 * that locks the order.
 */
export class PaymentService {
  constructor(
    private readonly ctx: AppContext,
    private readonly gateways: Gateways,
    private readonly orders: OrderAccess,
    private readonly refunds = new PaymentRefunds(ctx, orders),
  ) {}

  // -------------------------------------------------------------------------------------------
  // Starting a payment

  /** A new try at the order's gateway: where the shopper pays, or why not now. */
  async start(order: Order, shopBase: string, log: Log): Promise<PaymentAnswer> {
    if (order.paymentMethod === 'cod') return { order, payment: null };
    const method = order.paymentMethod;
    const subtotalPaisa = Math.round(order.subtotal * 100);
    const deliveryFeePaisa = Math.round(order.deliveryFee * 100);
    const totalPaisa = Math.round(order.totalAmount * 100);
    const outcome = await this.gateways.start(
      method,
      {
        id: order.id,
        subtotalPaisa,
        deliveryFeePaisa,
        totalPaisa,
        customer: { name: order.fullName, email: order.user.email, phone: order.phone },
      },
      shopBase,
    );
    if (outcome.kind === 'unavailable') {
      log.warn(
        { orderId: order.id, method, reason: outcome.reason },
        'could not start the payment; the order stays awaiting payment',
      );
      return { order, payment: null, paymentMessage: PAYMENT_MESSAGES.gatewayUnavailable };
    }
    // Handed out only while the order still waits for it: not as it is cancelled or switched meanwhile.
    const recorded = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await q.lockOrder(trx, order.id);
      if (!row || row.payment_status !== 'awaiting_payment' || row.status !== 'pending') return false;
      await pq.insertAttempt(trx, {
        orderId: order.id,
        method,
        reference: outcome.reference,
        amountPaisa: totalPaisa,
        now: isoNow(this.ctx.clock),
      });
      return true;
    });
    if (!recorded) return { order: await this.orders.get(order.id), payment: null, paymentMessage: PAYMENT_MESSAGES.notAwaiting };
    log.info({ orderId: order.id, method, reference: outcome.reference }, 'payment started');
    return { order, payment: outcome.redirect };
  }

  /**
   * "Try again" on an order awaiting payment, with the same wallet or the other one; refused once
   * the order's deadline has passed (a new try never gives it more time: see check()).
   */
  async retry(userId: number, orderId: string, method: OnlinePaymentMethodId | undefined, shopBase: string, log: Log) {
    await this.refuseIfPaidMeanwhile(userId, orderId, log);
    if ((await pq.countAttempts(this.ctx.db, orderId)) >= MAX_ATTEMPTS) throw conflict(PAYMENT_MESSAGES.tooManyTries);
    const order = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await this.lockAwaiting(trx, orderId);
      if (this.nowMs() >= this.deadlineOf(row.created_at)) throw conflict(PAYMENT_MESSAGES.deadlinePassed);
      const next = method ?? (row.payment_method as OnlinePaymentMethodId);
      if (next === 'khalti' && !this.ctx.config.payments.khalti) throw badRequest(PAYMENT_MESSAGES.methodUnavailable);
      if (next === 'esewa' && !this.ctx.config.payments.esewa) throw badRequest(PAYMENT_MESSAGES.methodUnavailable);
      if (next === 'khalti' && Number(row.total_paisa) < KHALTI_MIN_AMOUNT_PAISA)
        throw badRequest(PAYMENT_MESSAGES.tooSmallForKhalti);
      if (next !== row.payment_method) {
        await pq.setPayment(trx, orderId, {
          paymentStatus: 'awaiting_payment',
          paymentMethod: next,
          now: isoNow(this.ctx.clock),
        });
      }
      return this.orders.get(orderId, trx);
    });
    return this.start(order, shopBase, log);
  }

  /**
   * "Pay on delivery instead": the order becomes cash on delivery; a payment check still running
   * stops by itself. From now on it waits for the shop's confirmation, with that deadline
   * (cod-confirm.ts) counted from the switch.
   */
  async payOnDelivery(userId: number, orderId: string, log: Log): Promise<Order> {
    await this.refuseIfPaidMeanwhile(userId, orderId, log);
    const order = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await this.lockAwaiting(trx, orderId);
      // Past the deadline the order is about to be cancelled: switching now would hold its stock
      // for the cash-on-delivery wait on top of the time it had to be paid.
      if (this.nowMs() >= this.deadlineOf(row.created_at)) throw conflict(PAYMENT_MESSAGES.switchDeadlinePassed);
      if (!(await new DeliveryService(this.ctx).termsFor(trx, row.district)).cod) {
        throw badRequest(DELIVERY_MESSAGES.codRefused(row.district));
      }
      const now = isoNow(this.ctx.clock);
      await pq.setPayment(trx, orderId, { paymentStatus: 'unpaid', paymentMethod: 'cod', now });
      await q.recordStatusChange(trx, {
        orderId,
        adminId: null,
        userId,
        from: 'awaiting_payment',
        to: 'unpaid',
        at: now,
        kind: 'payment',
        note: 'The shopper chose to pay on delivery',
      });
      await scheduleLateChecks(this.ctx.jobs, trx, orderId);
      await scheduleCodConfirm(this.ctx.jobs, trx, orderId, this.ctx.config.orderLimits.codConfirmHours);
      return this.orders.get(orderId, trx);
    });
    this.ctx.jobs.wake();
    log.info({ orderId }, 'order switched to cash on delivery');
    return order;
  }

  /** The shopper's order, locked, while it still waits for an online payment (else 404 or 409). */
  private async lockAwaiting(trx: Transaction<Database>, orderId: string) {
    const row = await q.lockOrder(trx, orderId);
    if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (row.payment_status !== 'awaiting_payment' || row.status !== 'pending') throw conflict(PAYMENT_MESSAGES.notAwaiting);
    return row;
  }

  /**
   * Before a new try or a switch to cash: a try whose return never came may have been paid. The
   * gateways are asked; a payment found is recorded, and the shopper told the order is paid.
   */
  private async refuseIfPaidMeanwhile(userId: number, orderId: string, log: Log): Promise<void> {
    await this.orders.mustBeShoppers(userId, orderId);
    const row = await q.orderRow(this.ctx.db, orderId);
    if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (row.payment_status === 'paid' || (await this.settleStarted(orderId, log)) === 'paid') {
      throw conflict(PAYMENT_MESSAGES.alreadyPaid);
    }
  }

  /** Asks about an order's newest unsettled tries; 'paid' as soon as one was. */
  private async settleStarted(orderId: string, log: Log): Promise<'paid' | 'not paid'> {
    const started = (await pq.attemptsOf(this.ctx.db, orderId)).filter((attempt) => attempt.status === 'started');
    for (const attempt of started.slice(0, CHECKED_ATTEMPTS)) {
      if ((await this.settle(attempt, log)) === 'paid') return 'paid';
    }
    return 'not paid';
  }

  // -------------------------------------------------------------------------------------------
  // Settling a payment

  /**
   * Back from eSewa's success_url: its signed `data` must verify (the signature over the fields
   * it names, as written) and name this attempt, or nothing changes; then the status API decides.
   */
  async settleEsewaSuccess(
    reference: string,
    data: string | undefined,
    log: Log,
  ): Promise<{ orderId?: string; result: PaymentResult }> {
    const esewa = this.ctx.config.payments.esewa;
    const parsed = esewa ? parseEsewaCallback(data, esewa.secretKey) : undefined;
    if (!parsed?.ok || parsed.fields.transaction_uuid !== reference || parsed.fields.product_code !== esewa?.productCode) {
      const reason = parsed === undefined ? 'eSewa is not configured' : parsed.ok ? 'it names another payment' : parsed.reason;
      log.warn({ method: 'esewa', reason }, 'an eSewa return that does not verify changed nothing');
      const attempt = await pq.attemptByReference(this.ctx.db, 'esewa', reference);
      return { ...(attempt ? { orderId: attempt.order_id } : {}), result: 'failed' };
    }
    return this.settleReturn('esewa', reference, log);
  }

  /** The shopper is back from a gateway: ask the gateway about this attempt and settle it. */
  async settleReturn(
    method: 'esewa' | 'khalti',
    reference: string,
    log: Log,
  ): Promise<{ orderId?: string; result: PaymentResult }> {
    const attempt = await pq.attemptByReference(this.ctx.db, method, reference);
    if (!attempt) {
      log.warn({ method }, 'a payment return for an unknown attempt changed nothing');
      return { result: 'failed' };
    }
    const result = await this.settle(attempt, log);
    return { orderId: attempt.order_id, result };
  }

  /** Asks the gateway about one attempt and records what it says; the result for the shopper. */
  private async settle(attempt: pq.AttemptRow, log: Log): Promise<PaymentResult> {
    if (attempt.status === 'paid') return 'paid';
    const check = await this.gateways.check({
      method: attempt.method,
      reference: attempt.reference,
      amountPaisa: attempt.amount_paisa,
    });
    switch (check.verdict) {
      case 'paid':
        await this.markPaid(attempt, check.gatewayRef ?? attempt.reference, log);
        return 'paid';
      case 'failed':
        await pq.settleAttempt(this.ctx.db, attempt.id, { status: 'failed', gatewayRef: null, now: isoNow(this.ctx.clock) });
        return 'failed';
      case 'mismatch':
        log.error(
          { orderId: attempt.order_id, method: attempt.method, reason: check.reason },
          'the gateway answered about another payment or amount; nothing changed',
        );
        return 'failed';
      case 'waiting':
        return 'pending';
    }
  }

  /**
   * Records a payment the gateway confirmed. Paid once: the attempt's compare-and-set, under the
   * order's lock, lets one caller through. A payment for an order already cancelled (it came too
   * late) is recorded and flagged refund_due for the admin.
   */
  private async markPaid(attempt: pq.AttemptRow, gatewayRef: string, log: Log): Promise<void> {
    const change = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, attempt.order_id);
      if (!order) return undefined;
      const now = isoNow(this.ctx.clock);
      const from = order.payment_status;
      const wallet = attempt.method === 'esewa' ? 'eSewa' : 'Khalti';
      // Paid already by another try (or its money is being given back): the order stays as it is
      // and this payment is the one to refund.
      const extra = from === 'paid' || from === 'refund_due' || from === 'refunded';
      const settled = await pq.settleAttempt(trx, attempt.id, { status: extra ? 'refund_due' : 'paid', gatewayRef, now });
      if (!settled) return undefined;
      if (extra) {
        // Due back to the shopper beyond the order's own payment: the Dashboard and the Orders
        // filter find it as a refund due, and "Mark refunded" settles it (ADR 0026).
        await pq.addExtraRefund(trx, order.id, attempt.amount_paisa);
        await q.recordStatusChange(trx, {
          orderId: order.id,
          adminId: null,
          from,
          to: from,
          at: now,
          kind: 'payment',
          note: `A second ${wallet} payment ${gatewayRef} was received: refund it`,
        });
        return { to: 'extra' as const };
      }
      // A cancelled order cannot take the money: it goes back.
      const to = order.status === 'cancelled' ? 'refund_due' : 'paid';
      // While the sandbox runs every online payment is its own: a test payment, marked as it is recorded.
      const testPayment = this.ctx.config.payments.sandbox;
      await pq.setPayment(trx, order.id, {
        paymentStatus: to,
        paymentRef: gatewayRef,
        paymentMethod: attempt.method,
        now,
        testPayment,
      });
      await q.recordStatusChange(trx, {
        orderId: order.id,
        adminId: null,
        from,
        to,
        at: now,
        kind: 'payment',
        note: `${wallet} payment ${gatewayRef}`,
      });
      if (to === 'paid') {
        // The sale happened: the order gets its tax-invoice number (once).
        await issueInvoice(trx, order, now);
        const paid = await this.orders.get(order.id, trx);
        const locale = await mailLanguage(trx, paid.user.id);
        const storeName = this.ctx.config.store.name;
        await this.ctx.outbox.queue(
          trx,
          paymentReceivedMail({
            to: paid.user.email,
            storeName,
            order: paid,
            invoiceUrl: `${configuredBase(this.ctx.config)}/orders/${paid.id}/invoice`,
            locale,
          }),
        );
        await queueOrderText(this.ctx.sms, trx, { event: 'paid', order: paid, storeName, locale });
      }
      return { to };
    });
    if (!change) return;
    this.ctx.jobs.wake();
    if (change.to === 'paid') log.info({ orderId: attempt.order_id, method: attempt.method }, 'order paid');
    else
      log.error({ orderId: attempt.order_id, method: attempt.method }, 'a payment came that the order cannot take: refund due');
  }

  // -------------------------------------------------------------------------------------------
  // The payment check job

  handler(log: Log): JobHandler<PaymentCheck> {
    return {
      kind: PAYMENT_CHECK_JOB,
      // Never given up for long: a chain that ended would leave an order awaiting with its stock held.
      maxAttempts: 48,
      // A check that threw (the database away) is tried again soon; the gateways' own silence is not an error.
      retryDelayMs: (attempts) => Math.min(60_000 * 2 ** (attempts - 1), 30 * 60_000),
      timeoutMs: 60_000,
      parse: (payload) => parsePaymentCheck(payload),
      run: (check) => this.check(check, log),
    };
  }

  /**
   * Asks the gateway about every try of an order still awaiting payment. Not paid by the order's
   * deadline (PAYMENT_TIMEOUT_MINUTES): cancelled, stock returned, the shopper told, and one last
   * look a day later for a payment that completed after all (recorded as refund due).
   */
  async check(job: PaymentCheck, log: Log): Promise<void> {
    const order = await q.orderRow(this.ctx.db, job.orderId);
    if (!order) return;
    // Whatever became of the order, a try that was paid is recorded (and refunded when it must be).
    if ((await this.settleStarted(order.id, log)) === 'paid' || job.late) return;
    if (order.payment_status !== 'awaiting_payment' || order.status !== 'pending') return;
    // The deadline counts from the order's creation, whatever the tries: a "Try again" never
    // restarts it, or one account could hold stock for hours by trying again and again.
    const deadline = this.deadlineOf(order.created_at);
    const now = this.nowMs();
    if (now >= deadline) {
      await this.cancelUnpaid(order.id, log);
      return;
    }
    const round = job.round ?? 0;
    const pause = CHECK_PAUSES_MS[Math.min(round, CHECK_PAUSES_MS.length - 1)]!;
    // One chain per order: the key replaces a queued check (a run that timed out and was retried meanwhile).
    await this.ctx.jobs.enqueue(this.ctx.db, PAYMENT_CHECK_JOB, { orderId: order.id, round: round + 1 } satisfies PaymentCheck, {
      summary: `Payment check of ${order.id}`,
      key: paymentCheckKey(order.id),
      delayMs: Math.min(pause, deadline - now),
    });
  }

  /** When an online order not paid by then is cancelled: PAYMENT_TIMEOUT_MINUTES after it was placed. */
  private deadlineOf(createdAt: string): number {
    return Date.parse(createdAt) + this.ctx.config.payments.timeoutMinutes * 60_000;
  }

  private nowMs(): number {
    return this.ctx.clock.now().getTime();
  }

  private async cancelUnpaid(orderId: string, log: Log): Promise<void> {
    const cancelled = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, orderId);
      // Only an order still pending: one the admin confirmed or shipped meanwhile is theirs to settle.
      if (!order || order.payment_status !== 'awaiting_payment' || order.status !== 'pending') return false;
      const now = isoNow(this.ctx.clock);
      const note = 'Not paid in time';
      await this.orders.cancelByShop(trx, order, note, now);
      await pq.setPayment(trx, orderId, { paymentStatus: 'failed', now });
      await q.recordStatusChange(trx, {
        orderId,
        adminId: null,
        from: 'awaiting_payment',
        to: 'failed',
        at: now,
        kind: 'payment',
        note,
      });
      const shown = await this.orders.get(orderId, trx);
      const locale = await mailLanguage(trx, shown.user.id);
      const storeName = this.ctx.config.store.name;
      await this.ctx.outbox.queue(trx, unpaidCancelledMail({ to: shown.user.email, storeName, order: shown, locale }));
      await queueOrderText(this.ctx.sms, trx, { event: 'cancelled', order: shown, storeName, locale });
      await scheduleLateChecks(this.ctx.jobs, trx, orderId);
      return true;
    });
    if (cancelled) {
      this.ctx.jobs.wake();
      log.info({ orderId }, 'order cancelled: not paid in time');
    }
  }

  // -------------------------------------------------------------------------------------------
  // Refunds (admin)

  markRefunded(orderId: string, adminId: number): Promise<Order> {
    return this.refunds.markRefunded(orderId, adminId);
  }
}
