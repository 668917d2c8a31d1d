import { ORDER_MESSAGES, type Order } from '../../../shared/orders.js';
import { PAYMENT_MESSAGES } from '../../../shared/payments.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import { voidInvoice } from '../orders/invoices.js';
import * as q from '../orders/queries.js';
import * as pq from './queries.js';
import type { OrderAccess } from './service.js';

/**
 * The admin's "Mark refunded": everything due back on an order is given back at once, the
 * order's own payment when it is due and any payment beyond it (ADR 0026).
 */
export class PaymentRefunds {
  constructor(
    private readonly ctx: AppContext,
    private readonly orders: OrderAccess,
  ) {}

  async markRefunded(orderId: string, adminId: number): Promise<Order> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      const ownDue = order.payment_status === 'refund_due';
      const extraPaisa = Number(order.extra_refund_paisa);
      if (!ownDue && extraPaisa <= 0) throw conflict(PAYMENT_MESSAGES.refundNotDue);
      const now = isoNow(this.ctx.clock);
      // Everything due is given back at once: the order's own payment, and any payment beyond it.
      if (ownDue) {
        await pq.setPayment(trx, orderId, { paymentStatus: 'refunded', now });
        await q.recordStatusChange(trx, { orderId, adminId, from: 'refund_due', to: 'refunded', at: now, kind: 'payment' });
        // A refunded sale is reversed: its invoice is void, with a credit note (once).
        await voidInvoice(trx, order, now);
      }
      if (extraPaisa > 0) {
        await pq.settleExtraRefund(trx, orderId, now);
        // Shown as "Refunded" after "Another payment received: it will be refunded"; the note says which money.
        await q.recordStatusChange(trx, {
          orderId,
          adminId,
          from: 'refund_due',
          to: 'refunded',
          at: now,
          kind: 'payment',
          note: `A payment beyond the order's own, Rs. ${formatPaisa(extraPaisa)}, was refunded`,
        });
      }
      const refunded = await this.orders.get(orderId, trx);
      const amountPaisa = (ownDue ? Number(order.total_paisa) : 0) + extraPaisa;
      await recordAudit(trx, {
        adminId,
        action: 'order.refund',
        entityType: 'order',
        entityId: orderId,
        summary: refunded.fullName,
        changes: {
          ...(ownDue ? { paymentStatus: ['refund_due', 'refunded'] } : {}),
          amount: [null, amountPaisa / 100],
        },
        at: now,
      });
      return refunded;
    });
  }
}

/** Rupees for a history note: '1200', or '1200.50' with paisa. */
function formatPaisa(paisa: number): string {
  return paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);
}
