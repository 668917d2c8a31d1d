import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { ORDER_ERROR_CODES, ORDER_MESSAGES, type Order, type OrderStatus } from '../../../shared/orders.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isoNow } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { SHIPPING_MESSAGES, type ShippingInput } from '../../../shared/shipping.js';
import { hasShipping, recordShipping } from '../shipping/service.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { eventOfStatus, queueOrderText } from '../sms/order-texts.js';
import { recordAudit } from '../audit/service.js';
import { CouponService } from '../promotions/service.js';
import type { OrderPayments } from '../payments/order-payments.js';
import { conflictWith } from './conflicts.js';
import { isForward, ORDER_STEP_CODES, ORDER_STEP_MESSAGES } from '../../../shared/order-steps.js';
import { releaseStock, retakeStock } from './stock.js';
import { issueInvoice, voidInvoice } from './invoices.js';
import { orderStatusMail, shopperCancelledMail } from './mail.js';
import * as q from './queries.js';
import { readOrder } from './shapes.js';
import { configuredBase } from '../../lib/public-base.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * An order's status changes: the admin's, the shopper's cancel, and the shop's own cancel when a
 * deadline passed. Each keeps stock true (units back on cancel, taken again on reopen), lets the
 * payment follow (OrderPayments) and the invoice follow the sale, records the change and tells the
 * shopper.
 */
export class OrderStatusChanges {
  private readonly coupons: CouponService;

  constructor(
    private readonly ctx: AppContext,
    private readonly payments: OrderPayments,
  ) {
    this.coupons = new CouponService(ctx);
  }

  /**
   * Sets any status while keeping stock true (changeStatus). Each change is recorded with
   * the admin (in the history, with the admin's reason when given — the panel asks for one before
   * cancelling — and in the audit log) and mailed to the shopper; setting the current status changes nothing.
   */
  async updateStatus(
    orderId: string,
    status: OrderStatus,
    adminId: number,
    log: Log,
    reason?: string,
    shipping: ShippingInput = {},
  ): Promise<Order> {
    if (status !== 'shipped' && hasShipping(shipping)) throw badRequest(SHIPPING_MESSAGES.shippingOnlyWhenShipped);
    const change = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      // Shipping again while shipped corrects the courier, tracking number or serials only.
      if (status === 'shipped' && (order.status !== 'shipped' || hasShipping(shipping))) {
        await recordShipping(trx, orderId, shipping, isoNow(this.ctx.clock));
      }
      if (order.status === status) return undefined;
      // A slip of the hand must not tell a shopper her delivered order is "shipped" again.
      if (!isForward(order.status, status)) throw conflictWith(ORDER_STEP_CODES.backward, ORDER_STEP_MESSAGES.backward, {});
      const changed = await this.changeStatus(trx, order, status, { adminId }, reason);
      await recordAudit(trx, {
        adminId,
        action: 'order.status',
        entityType: 'order',
        entityId: orderId,
        summary: changed.fullName,
        changes: {
          status: [order.status, status],
          ...(changed.paymentStatus !== order.payment_status
            ? { paymentStatus: [order.payment_status, changed.paymentStatus] }
            : {}),
          ...(shipping.trackingNumber ? { trackingNumber: [null, shipping.trackingNumber] } : {}),
        },
        note: reason,
        at: isoNow(this.ctx.clock),
      });
      return { from: order.status, order: changed };
    });

    if (!change) return readOrder(this.ctx.db, orderId);
    this.ctx.jobs.wake();
    log.info({ orderId, adminId, from: change.from, to: status }, 'order status changed');
    return change.order;
  }

  /**
   * A correction: the order taken back a step, a delivered one cancelled, a cancelled one reopened.
   * Stock, coupon, payment and invoice follow as for any change; the reason is in the history and
   * the audit log ('order.reverse'); the shopper is not mailed (it is no progress). A forward move is 409.
   */
  async reverseStatus(orderId: string, status: OrderStatus, adminId: number, log: Log, reason: string): Promise<Order> {
    const change = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      if (order.status === status) return undefined;
      if (isForward(order.status, status)) throw conflictWith(ORDER_STEP_CODES.notBackward, ORDER_STEP_MESSAGES.notBackward, {});
      const changed = await this.changeStatus(trx, order, status, { adminId }, reason, false);
      await recordAudit(trx, {
        adminId,
        action: 'order.reverse',
        entityType: 'order',
        entityId: orderId,
        summary: changed.fullName,
        changes: { status: [order.status, status] },
        note: reason,
        at: isoNow(this.ctx.clock),
      });
      return { from: order.status, order: changed };
    });
    if (!change) return readOrder(this.ctx.db, orderId);
    this.ctx.jobs.wake();
    log.info({ orderId, adminId, from: change.from, to: status }, 'order taken back');
    return change.order;
  }

  /**
   * The shopper cancels their own order while it is pending, with a reason. The same
   * change as the admin's cancel (changeStatus: units back to stock, a payment made becomes refund
   * due, one still awaited will not come), recorded as the shopper's, mailed to them, and the store
   * told at its address. The caller has checked the order is the shopper's; an order past pending is 409, except that a
   * repeat of the shopper's own cancel (a double tap) changes nothing. True when it was cancelled now.
   */
  async cancelForUser(userId: number, orderId: string, reason: string, log: Log): Promise<boolean> {
    const cancelled = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      if (order.status === 'cancelled' && (await q.cancelledByShopper(trx, orderId, userId))) return false;
      if (order.status !== 'pending') throw conflictWith(ORDER_ERROR_CODES.notPending, ORDER_MESSAGES.notPending, {});
      const changed = await this.changeStatus(trx, order, 'cancelled', { userId }, reason);
      await this.ctx.outbox.queue(
        trx,
        shopperCancelledMail({
          to: this.ctx.config.store.email,
          storeName: this.ctx.config.store.name,
          order: changed,
          reason,
          adminUrl: `${this.shopUrl}/admin`,
        }),
      );
      return true;
    });
    if (cancelled) {
      this.ctx.jobs.wake();
      log.info({ orderId, userId }, 'order cancelled by the shopper');
    }
    return cancelled;
  }

  /**
   * Cancels a locked order on the shop's own account, when a deadline passed (not paid, or not
   * confirmed, in time): its units go back to stock, the change is recorded as the shop's with the
   * note, and an invoice it was given at checkout before invoices waited for the sale is voided.
   * The caller settles the payment and tells the shopper.
   */
  async cancelByShop(trx: q.Db, order: q.LockedOrder, note: string, now: string): Promise<void> {
    await releaseStock(trx, order.id);
    await this.coupons.release(trx, order.id, now);
    await q.setStatus(trx, order.id, 'cancelled', now);
    await voidInvoice(trx, order, now);
    await q.recordStatusChange(trx, { orderId: order.id, adminId: null, from: order.status, to: 'cancelled', at: now, note });
  }

  /**
   * One status change of a locked order, for the admin and the shopper alike, so the rules live
   * once: cancelling gives the order's units back; leaving 'cancelled' takes them again (409 naming
   * the product when they are gone); the payment follows (OrderPayments.followStatus); the
   * change and the reason are recorded with who made it, and the shopper is mailed.
   */
  private async changeStatus(
    trx: Transaction<Database>,
    order: q.LockedOrder,
    status: OrderStatus,
    by: { adminId: number } | { userId: number },
    reason?: string,
    mail = true,
  ): Promise<Order> {
    const orderId = order.id;
    const now = isoNow(this.ctx.clock);
    // The coupon's use follows the units: given back on cancel, taken again (if any is left) on reopen.
    if (status === 'cancelled') {
      await releaseStock(trx, orderId);
      await this.coupons.release(trx, orderId, now);
    } else if (order.status === 'cancelled') {
      await retakeStock(trx, order);
      await this.coupons.retake(trx, orderId);
    }
    const who = { adminId: 'adminId' in by ? by.adminId : null, userId: 'userId' in by ? by.userId : null };
    await q.setStatus(trx, orderId, status, now);
    await q.recordStatusChange(trx, { orderId, ...who, from: order.status, to: status, at: now, note: reason });
    const payment = await this.payments.followStatus(trx, order, status, now);
    if (payment) {
      await q.recordStatusChange(trx, { orderId, ...who, from: payment.from, to: payment.to, at: now, kind: 'payment' });
    }
    // The invoice follows the sale: voided (with a credit note) when a numbered order is cancelled;
    // issued when the shop confirms a cash-on-delivery order (an online one has it from its payment).
    if (status === 'cancelled') {
      await voidInvoice(trx, order, now);
    } else if ((payment?.method ?? order.payment_method) === 'cod' && status !== 'pending') {
      await issueInvoice(trx, order, now);
    }
    const changed = await readOrder(trx, orderId);
    if (!mail) return changed;
    const locale = await mailLanguage(trx, changed.user.id);
    const storeName = this.ctx.config.store.name;
    await this.ctx.outbox.queue(
      trx,
      orderStatusMail({
        to: changed.user.email,
        storeName,
        order: changed,
        from: order.status,
        ...(reason ? { reason } : {}),
        invoiceUrl: `${this.shopUrl}/orders/${orderId}/invoice`,
        locale,
      }),
    );
    // A text for shipped, delivered and cancelled; not for a cancellation the shopper just made.
    const event = eventOfStatus(status);
    if (event && !('userId' in by)) await queueOrderText(this.ctx.sms, trx, { event, order: changed, storeName, locale });
    return changed;
  }

  /** The shop's own address, for links in mails. */
  private get shopUrl(): string {
    return configuredBase(this.ctx.config);
  }
}
