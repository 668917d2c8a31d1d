import type { OrderStatus } from '../../../shared/orders.js';
import { type PaymentMethodId, PAYMENT_MESSAGES, type PaymentStatus } from '../../../shared/payments.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import type { Db, LockedOrder } from '../orders/queries.js';
import { PAYMENT_CHECK_JOB, type PaymentCheck, paymentCheckKey, scheduleLateChecks } from './check.js';
import { KHALTI_MIN_AMOUNT_PAISA } from './khalti.js';
import { type PaymentMethod, offeredMethods, paymentMethod } from './methods.js';
import { setPayment } from './queries.js';

/** The payment check of an online order is first run this long after checkout (service.ts check). */
export const FIRST_PAYMENT_CHECK_MS = 5 * 60_000;

/** A payment that followed an order's status change: what the order's history records. */
export interface PaymentChange {
  from: string;
  to: PaymentStatus;
  /** A failed online payment of a reopened order becomes cash on delivery. */
  method?: 'cod';
}

/**
 * What the orders feature asks of payments: at checkout, which way to pay and whether it can take
 * the total, and the first look at an online payment; when an order's status changes, what becomes
 * of its payment. The shopper's own payment steps (start, try again, pay on delivery) and the
 * admin's refund are PaymentService's.
 */
export class OrderPayments {
  constructor(private readonly ctx: AppContext) {}

  /** The chosen way to pay, when this shop offers it (else 400). */
  chosenMethod(id: PaymentMethodId): PaymentMethod {
    const method = paymentMethod(id);
    if (!offeredMethods(this.ctx.config.payments).includes(method)) throw badRequest(PAYMENT_MESSAGES.methodUnavailable);
    return method;
  }

  /** Refuses a total the chosen way to pay cannot take (Khalti's smallest amount). */
  checkAmount(method: PaymentMethod, totalPaisa: number): void {
    if (method.id === 'khalti' && totalPaisa < KHALTI_MIN_AMOUNT_PAISA) throw badRequest(PAYMENT_MESSAGES.tooSmallForKhalti);
  }

  /**
   * In the checkout's transaction: the first look at an online order's payment, which also
   * cancels the order when the payment never comes. It commits with the order.
   */
  async watch(trx: Db, orderId: string): Promise<void> {
    await this.ctx.jobs.enqueue(trx, PAYMENT_CHECK_JOB, { orderId } satisfies PaymentCheck, {
      summary: `Payment check of ${orderId}`,
      key: paymentCheckKey(orderId),
      delayMs: FIRST_PAYMENT_CHECK_MS,
    });
  }

  /**
   * The payment of a locked order whose status changes (by the admin or the shopper), inside the
   * caller's transaction: cancelled, a payment made becomes refund due and one still awaited will
   * not come; reopened, the reverse. Undefined when the payment stays as it is.
   */
  async followStatus(trx: Db, order: LockedOrder, status: OrderStatus, now: string): Promise<PaymentChange | undefined> {
    const payment =
      status === 'cancelled'
        ? cancelledPayment(order.payment_status)
        : order.status === 'cancelled'
          ? reopenedPayment(order.payment_status)
          : undefined;
    if (!payment) return undefined;
    await setPayment(trx, order.id, {
      paymentStatus: payment.status,
      ...(payment.method ? { paymentMethod: payment.method } : {}),
      now,
    });
    // A wallet try may still complete after the order stopped waiting for it.
    if (payment.status === 'failed') await scheduleLateChecks(this.ctx.jobs, trx, order.id);
    return { from: order.payment_status, to: payment.status, ...(payment.method ? { method: payment.method } : {}) };
  }
}

/**
 * The payment of an order that is cancelled (by the admin or the shopper): paid online, the money
 * must go back (the admin marks it refunded); still awaited, it will not come any more.
 */
function cancelledPayment(current: string): { status: PaymentStatus; method?: 'cod' } | undefined {
  if (current === 'paid') return { status: 'refund_due' };
  if (current === 'awaiting_payment') return { status: 'failed' };
  return undefined;
}

/**
 * The payment of a cancelled order the admin reopens: money still held (refund due) pays for it
 * again; an online payment that never came becomes cash on delivery, which the admin arranged.
 */
function reopenedPayment(current: string): { status: PaymentStatus; method?: 'cod' } | undefined {
  if (current === 'refund_due') return { status: 'paid' };
  if (current === 'failed') return { status: 'unpaid', method: 'cod' };
  return undefined;
}
