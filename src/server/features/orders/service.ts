import type { FastifyBaseLogger } from 'fastify';
import {
  ORDER_ERROR_CODES,
  ORDER_MESSAGES,
  ORDER_PAGE_SIZE_DEFAULT,
  type AdminOrdersQuery,
  type CreateOrder,
  type LastAddress,
  type Order,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderStatus,
  type OrdersPage,
  type PaymentMethodId,
} from '../../../shared/orders.js';
import { IMAGE_WIDTHS } from '../../../shared/catalog-media.js';
import { toPaisa } from '../../../shared/money.js';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { imageAddress } from '../../lib/images.js';
import { isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { recordAudit } from '../audit/service.js';
import { adminOrderFilter } from './admin-filter.js';
import { newOrderId } from './ids.js';
import { creditNoteNumber, invoiceNumber, issueInvoice, voidInvoice } from './invoices.js';
import { orderConfirmationMail, orderStatusMail, shopperCancelledMail } from './mail.js';
import {
  type DeliveryRates,
  PAYMENT_MESSAGES,
  type PaymentStatus,
  deliveryFeePaisa,
  vatIncludedPaisa,
} from '../../../shared/payments.js';
import { KHALTI_MIN_AMOUNT_PAISA } from '../payments/khalti.js';
import { PAYMENT_CHECK_JOB, type PaymentCheck, paymentCheckKey, scheduleLateChecks } from './payment-check.js';
import { scheduleCodConfirm } from './cod-confirm.js';
import { offeredMethods, paymentMethod } from './payments.js';
import { setPayment } from './payment-queries.js';
import * as q from './queries.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface CheckoutResult {
  order: Order;
  /** True when an earlier checkout with the same Idempotency-Key made this order. */
  replayed: boolean;
}

/** The payment check of an online order is first run this long after checkout (payment-service.ts). */
export const FIRST_PAYMENT_CHECK_MS = 5 * 60_000;

const conflictWith = (code: string, message: string, extra: Record<string, unknown>) =>
  new AppError(409, code, message, undefined, extra);

function stockConflict(line: { product_id: number; name: string }, available: number) {
  return conflictWith(
    ORDER_ERROR_CODES.outOfStock,
    available <= 0 ? ORDER_MESSAGES.outOfStock(line.name) : ORDER_MESSAGES.notEnoughStock(line.name, available),
    { productId: line.product_id, productName: line.name, available: Math.max(0, available) },
  );
}

/**
 * Checkout, order reads and the admin's status changes.
 *
 * Stock stays true: every unit an order holds is counted in order_items.stock_reserved, taken
 * from products.stock by a conditional update (`stock >= quantity`) in the same transaction that
 * writes the order, given back when the order is cancelled and taken again if it is reopened.
 * So at every moment: stock at the start = products.stock + sum(stock_reserved).
 */
export class OrdersService {
  constructor(private readonly ctx: AppContext) {}

  // -------------------------------------------------------------------------------------------
  // Checkout

  /**
   * Makes an order of the shopper's server-side cart, at the prices in the database. One
   * transaction checks and takes the stock, writes the order and its lines, and empties the cart.
   */
  async checkout(userId: number, input: CreateOrder, idempotencyKey: string | undefined, log: Log): Promise<CheckoutResult> {
    if (idempotencyKey !== undefined) {
      // A retry after the first answer got lost: answer the same order without touching anything.
      const existing = await q.orderIdByKey(this.ctx.db, userId, idempotencyKey);
      if (existing) return { order: await this.mustGet(existing), replayed: true };
    }
    const method = paymentMethod(input.paymentMethod);
    if (!offeredMethods(this.ctx.config.payments).includes(method)) throw badRequest(PAYMENT_MESSAGES.methodUnavailable);
    let outcome: { replayed: true; orderId: string } | { replayed: false; order: Order; totalPaisa: number };
    try {
      outcome = await this.ctx.db.transaction().execute(async (trx) => {
        const user = await q.lockUser(trx, this.ctx.dialect, userId);
        if (!user) throw notFound('User not found');
        if (Number(user.email_verified) !== 1) throw new AppError(403, ORDER_ERROR_CODES.notVerified, ORDER_MESSAGES.notVerified);
        if (idempotencyKey !== undefined) {
          const existing = await q.orderIdByKey(trx, userId, idempotencyKey);
          if (existing) return { replayed: true as const, orderId: existing };
        }
        // Counted under the shopper's lock: parallel checkouts of one shopper see each other's orders.
        const { maxOpenOrders } = this.ctx.config.orderLimits;
        const open = await q.countOpenOrders(trx, userId);
        if (open >= maxOpenOrders) {
          throw conflictWith(ORDER_ERROR_CODES.tooManyOpenOrders, ORDER_MESSAGES.tooManyOpenOrders(open), {
            limit: maxOpenOrders,
          });
        }

        const lines = await q.checkoutLines(trx, userId);
        if (lines.length === 0) throw new AppError(400, ORDER_ERROR_CODES.cartEmpty, ORDER_MESSAGES.cartEmpty);
        for (const line of lines) {
          if (line.deleted_at !== null) {
            throw conflictWith(ORDER_ERROR_CODES.productUnavailable, ORDER_MESSAGES.productUnavailable(line.name), {
              productId: line.product_id,
              productName: line.name,
            });
          }
        }
        for (const line of lines) {
          const limit = this.unitsLimit(line.max_per_order);
          if (line.quantity > limit) {
            throw conflictWith(ORDER_ERROR_CODES.tooManyUnits, ORDER_MESSAGES.tooManyUnits(line.name, limit), {
              productId: line.product_id,
              productName: line.name,
              limit,
            });
          }
        }
        for (const line of lines) if (line.stock !== null && line.stock < line.quantity) throw stockConflict(line, line.stock);

        let subtotalPaisa = 0;
        for (const line of lines) subtotalPaisa += line.price_paisa * line.quantity;
        const deliveryPaisa = deliveryFeePaisa(input.district, subtotalPaisa, this.deliveryRates);
        const totalPaisa = subtotalPaisa + deliveryPaisa;
        if (!Number.isSafeInteger(totalPaisa)) throw badRequest(ORDER_MESSAGES.tooLarge);
        if (method.id === 'khalti' && totalPaisa < KHALTI_MIN_AMOUNT_PAISA) throw badRequest(PAYMENT_MESSAGES.tooSmallForKhalti);
        // The client's total guards against prices that changed since it showed them. The original
        // API's clients send the items' sum, ours the total with delivery: either is the shopper's view.
        const claimed = toPaisa(input.totalAmount);
        if (claimed !== totalPaisa && claimed !== subtotalPaisa) {
          throw conflictWith(ORDER_ERROR_CODES.totalChanged, ORDER_MESSAGES.totalChanged(totalPaisa / 100), {
            currentTotal: totalPaisa / 100,
          });
        }

        // Take tracked stock in product-id order (every writer locks products in this order).
        const reserved = new Map<number, number>();
        for (const line of [...lines].sort((a, b) => a.product_id - b.product_id)) {
          if (line.stock === null) continue;
          if (!(await q.takeStock(trx, line.product_id, line.quantity))) {
            throw stockConflict(line, (await q.productStock(trx, line.product_id)) ?? 0);
          }
          reserved.set(line.product_id, line.quantity);
        }

        const now = isoNow(this.ctx.clock);
        const itemVats = lines.map((line) => vatIncludedPaisa(line.price_paisa * line.quantity));
        const row: q.OrderRow = {
          id: newOrderId(),
          user_id: userId,
          status: 'pending',
          total_paisa: totalPaisa,
          subtotal_paisa: subtotalPaisa,
          delivery_fee_paisa: deliveryPaisa,
          vat_paisa: itemVats.reduce((sum, vat) => sum + vat, 0) + vatIncludedPaisa(deliveryPaisa),
          invoice_no: null,
          invoice_at: null,
          invoice_void_at: null,
          credit_note_no: null,
          credit_note_at: null,
          extra_refund_paisa: 0,
          payment_method: method.id,
          payment_status: method.initialStatus,
          payment_ref: null,
          test_payment: 0,
          full_name: input.fullName,
          phone: input.phone,
          province: input.province,
          district: input.district,
          city: input.city,
          address: input.address,
          landmark: input.landmark,
          created_at: now,
          updated_at: now,
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          phone_number: user.phone_number,
        };
        // No invoice number yet: it is issued at the sale (invoices.ts).
        await q.insertOrder(trx, { ...row, idempotency_key: idempotencyKey ?? null });
        const items = lines.map((line, index) => ({
          order_id: row.id,
          product_id: line.product_id,
          product_name: line.name,
          category_name: line.category_name,
          unit_price_paisa: line.price_paisa,
          quantity: line.quantity,
          stock_reserved: reserved.get(line.product_id) ?? 0,
          vat_paisa: itemVats[index] ?? 0,
        }));
        const itemIds = await q.insertOrderItems(trx, items);
        await q.deleteCartLines(
          trx,
          userId,
          lines.map((line) => line.cart_item_id),
        );
        // The answer is built here, so it is ready the moment the transaction commits.
        const order = toOrder(
          row,
          items.map((item) => ({ ...item, id: itemIds.get(item.product_id) ?? 0 })),
        );
        // The confirmation exists exactly when the order does: the outbox row commits with it, and so
        // does the first look at an online payment (which also cancels it when it never comes).
        const invoiceUrl = `${this.shopUrl}/orders/${order.id}/invoice`;
        await this.ctx.outbox.queue(
          trx,
          orderConfirmationMail({
            to: order.user.email,
            storeName: this.storeName,
            order,
            invoiceUrl,
            // The shopper's language as this transaction sees it (accounts/mail-language.ts says why now).
            locale: await mailLanguage(trx, userId),
          }),
        );
        if (method.online) {
          await this.ctx.jobs.enqueue(trx, PAYMENT_CHECK_JOB, { orderId: order.id } satisfies PaymentCheck, {
            summary: `Payment check of ${order.id}`,
            key: paymentCheckKey(order.id),
            delayMs: FIRST_PAYMENT_CHECK_MS,
          });
        } else {
          await scheduleCodConfirm(this.ctx.jobs, trx, order.id, this.ctx.config.orderLimits.codConfirmHours);
        }
        return { replayed: false as const, order, totalPaisa };
      });
    } catch (error) {
      // Two requests with one key that both got past the first look: the loser answers the winner's order.
      if (idempotencyKey !== undefined && uniqueViolation(error)) {
        const existing = await q.orderIdByKey(this.ctx.db, userId, idempotencyKey);
        if (existing) return { order: await this.mustGet(existing), replayed: true };
      }
      throw error;
    }

    if (outcome.replayed) return { order: await this.mustGet(outcome.orderId), replayed: true };
    const { order } = outcome;
    log.info({ orderId: order.id, userId, totalPaisa: outcome.totalPaisa }, 'order created');
    this.ctx.jobs.wake();
    return { order, replayed: false };
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  async listForUser(userId: number): Promise<Order[]> {
    return this.toOrders(await q.userOrderRows(this.ctx.db, userId));
  }

  /**
   * One of the shopper's orders with its lines' pictures and its history (the Orders tab's open
   * order); another shopper's order id is 404, as a missing one.
   */
  async getDetailForUser(userId: number, orderId: string): Promise<OrderDetail> {
    await this.mustBeShoppers(userId, orderId);
    return this.getDetail(orderId);
  }

  /** Any order with its lines' pictures and its history (the admin's open order). */
  async getDetail(orderId: string): Promise<OrderDetail> {
    const row = await q.orderRow(this.ctx.db, orderId);
    if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
    return this.toDetail(row);
  }

  /**
   * Every path of a shopper's own order (its page, cancelling, paying again, switching to cash)
   * starts here: another shopper's order is 404, as a missing one.
   */
  async mustBeShoppers(userId: number, orderId: string): Promise<void> {
    if (!(await q.isShoppersOrder(this.ctx.db, userId, orderId))) throw notFound(ORDER_MESSAGES.orderNotFound);
  }

  async lastAddress(userId: number): Promise<LastAddress | null> {
    const row = await q.lastAddress(this.ctx.db, userId);
    if (!row) return null;
    return {
      fullName: row.full_name,
      phone: row.phone,
      province: row.province,
      district: row.district,
      city: row.city,
      address: row.address,
      landmark: row.landmark,
      paymentMethod: row.payment_method,
    };
  }

  /** GET /api/orders/all without parameters: every order, newest first. */
  async listAll(): Promise<Order[]> {
    return this.toOrders(await q.allOrderRows(this.ctx.db));
  }

  async listPage(query: AdminOrdersQuery): Promise<OrdersPage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? ORDER_PAGE_SIZE_DEFAULT;
    const filter = adminOrderFilter(query);
    const [rows, total] = await Promise.all([
      q.orderPage(this.ctx.db, filter, query.sort ?? 'date_desc', pageSize, (page - 1) * pageSize),
      q.countOrders(this.ctx.db, filter),
    ]);
    return { orders: await this.toOrders(rows), total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
  }

  // -------------------------------------------------------------------------------------------
  // Status (admin)

  /**
   * Sets any status while keeping stock true (changeStatus). Each change is recorded with
   * the admin (in the history, with the admin's reason when given — the panel asks for one before
   * cancelling — and in the audit log) and mailed to the shopper; setting the current status changes nothing.
   */
  async updateStatus(orderId: string, status: OrderStatus, adminId: number, log: Log, reason?: string): Promise<Order> {
    const change = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, this.ctx.dialect, orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      if (order.status === status) return undefined;
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
        },
        note: reason,
        at: isoNow(this.ctx.clock),
      });
      return { from: order.status, order: changed };
    });

    if (!change) return this.mustGet(orderId);
    this.ctx.jobs.wake();
    log.info({ orderId, adminId, from: change.from, to: status }, 'order status changed');
    return change.order;
  }

  // -------------------------------------------------------------------------------------------
  // Cancelling by the shopper

  /**
   * The shopper cancels their own order while it is pending, with a reason. The same
   * change as the admin's cancel (changeStatus: units back to stock, a payment made becomes refund
   * due, one still awaited will not come), recorded as the shopper's, mailed to them, and the store
   * told at its address. Someone else's order is 404; an order past pending is 409, except that a
   * repeat of the shopper's own cancel (a double tap) answers the order again.
   */
  async cancelForUser(userId: number, orderId: string, reason: string, log: Log): Promise<OrderDetail> {
    await this.mustBeShoppers(userId, orderId);
    const cancelled = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, this.ctx.dialect, orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      if (order.status === 'cancelled' && (await q.cancelledByShopper(trx, orderId, userId))) return false;
      if (order.status !== 'pending') throw conflictWith(ORDER_ERROR_CODES.notPending, ORDER_MESSAGES.notPending, {});
      const changed = await this.changeStatus(trx, order, 'cancelled', { userId }, reason);
      await this.ctx.outbox.queue(
        trx,
        shopperCancelledMail({
          to: this.ctx.config.store.email,
          storeName: this.storeName,
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
    return this.getDetailForUser(userId, orderId);
  }

  /**
   * One status change of a locked order, for the admin and the shopper alike, so the rules live
   * once: cancelling gives the order's units back; leaving 'cancelled' takes them again (409 naming
   * the product when they are gone); the payment follows (cancelledPayment, reopenedPayment); the
   * change and the reason are recorded with who made it, and the shopper is mailed.
   */
  private async changeStatus(
    trx: Transaction<Database>,
    order: q.LockedOrder,
    status: OrderStatus,
    by: { adminId: number } | { userId: number },
    reason?: string,
  ): Promise<Order> {
    const orderId = order.id;
    if (status === 'cancelled') {
      await this.releaseStock(trx, orderId);
    } else if (order.status === 'cancelled') {
      // A voided invoice stays void (its credit note names it): the sale cannot come back to life
      // under that number, and a second number for one order would break the series' one-to-one.
      if (order.credit_note_no !== null) throw conflictWith(ORDER_ERROR_CODES.reopenVoided, ORDER_MESSAGES.reopenVoided, {});
      for (const line of await q.stockLines(trx, orderId)) {
        if (await q.takeStock(trx, line.product_id, line.quantity)) {
          await q.setReserved(trx, line.id, line.quantity);
          continue;
        }
        const stock = await q.productStock(trx, line.product_id);
        if (stock !== null && stock !== undefined) {
          throw conflictWith(ORDER_ERROR_CODES.outOfStock, ORDER_MESSAGES.reopenOutOfStock(line.product_name, stock), {
            productId: line.product_id,
            productName: line.product_name,
            available: stock,
          });
        }
        // Stock no longer tracked for this product: nothing to take.
      }
    }
    const who = { adminId: 'adminId' in by ? by.adminId : null, userId: 'userId' in by ? by.userId : null };
    const now = isoNow(this.ctx.clock);
    await q.setStatus(trx, orderId, status, now);
    await q.recordStatusChange(trx, { orderId, ...who, from: order.status, to: status, at: now, note: reason });
    const payment =
      status === 'cancelled'
        ? cancelledPayment(order.payment_status)
        : order.status === 'cancelled'
          ? reopenedPayment(order.payment_status)
          : undefined;
    if (payment) {
      await setPayment(trx, orderId, {
        paymentStatus: payment.status,
        ...(payment.method ? { paymentMethod: payment.method } : {}),
        now,
      });
      await q.recordStatusChange(trx, {
        orderId,
        ...who,
        from: order.payment_status,
        to: payment.status,
        at: now,
        kind: 'payment',
      });
      // A wallet try may still complete after the order stopped waiting for it.
      if (payment.status === 'failed') await scheduleLateChecks(this.ctx.jobs, trx, orderId);
    }
    // The invoice follows the sale: voided (with a credit note) when a numbered order is cancelled;
    // issued when the shop confirms a cash-on-delivery order (an online one has it from its payment).
    if (status === 'cancelled') {
      await voidInvoice(trx, order, now);
    } else if ((payment?.method ?? order.payment_method) === 'cod' && status !== 'pending') {
      await issueInvoice(trx, order, now);
    }
    const changed = await this.mustGet(orderId, trx);
    await this.ctx.outbox.queue(
      trx,
      orderStatusMail({
        to: changed.user.email,
        storeName: this.storeName,
        order: changed,
        from: order.status,
        ...(reason ? { reason } : {}),
        invoiceUrl: `${this.shopUrl}/orders/${orderId}/invoice`,
        locale: await mailLanguage(trx, changed.user.id),
      }),
    );
    return changed;
  }

  /**
   * Cancels a locked order on the shop's own account, when a deadline passed (not paid, or not
   * confirmed, in time): its units go back to stock, the change is recorded as the shop's with the
   * note, and an invoice it was given at checkout before invoices waited for the sale is voided.
   * The caller settles the payment and tells the shopper.
   */
  async cancelByShop(trx: q.Db, order: q.LockedOrder, note: string, now: string): Promise<void> {
    await this.releaseStock(trx, order.id);
    await q.setStatus(trx, order.id, 'cancelled', now);
    await voidInvoice(trx, order, now);
    await q.recordStatusChange(trx, { orderId: order.id, adminId: null, from: order.status, to: 'cancelled', at: now, note });
  }

  /** Gives the units an order holds back to tracked stock (cancelling). */
  private async releaseStock(trx: q.Db, orderId: string): Promise<void> {
    for (const line of await q.stockLines(trx, orderId)) {
      if (line.stock_reserved <= 0) continue;
      await q.returnStock(trx, line.product_id, line.stock_reserved);
      await q.setReserved(trx, line.id, 0);
    }
  }

  /** One order as the API shows it (for the payment flow, inside its transaction). */
  get(orderId: string, db: q.Db = this.ctx.db): Promise<Order> {
    return this.mustGet(orderId, db);
  }

  /** The units of a product one order may take: its own limit, else the shop's. */
  private unitsLimit(own: number | null): number {
    return own ?? this.ctx.config.orderLimits.maxUnitsPerOrder;
  }

  private get deliveryRates(): DeliveryRates {
    const payments = this.ctx.config.payments;
    return {
      valleyFeePaisa: payments.deliveryFeeValleyPaisa,
      outsideFeePaisa: payments.deliveryFeeOutsidePaisa,
      freeFromPaisa: payments.freeDeliveryFromPaisa,
    };
  }

  private get storeName(): string {
    return this.ctx.config.store.name;
  }

  /** The shop's own address, for links in mails. */
  private get shopUrl(): string {
    return this.ctx.config.publicUrl ?? `http://localhost:${this.ctx.config.port}`;
  }

  // -------------------------------------------------------------------------------------------
  // Shapes

  private async mustGet(orderId: string, db: q.Db = this.ctx.db): Promise<Order> {
    const row = await q.orderRow(db, orderId);
    if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
    const [order] = await this.toOrders([row], db);
    return order!;
  }

  private async toDetail(row: q.OrderRow): Promise<OrderDetail> {
    const [order] = await this.toOrders([row]);
    const [pictures, history] = await Promise.all([
      q.liveProductPictures(
        this.ctx.db,
        order!.orderItems.map((item) => item.product.id),
      ),
      q.historyOf(this.ctx.db, [row.id]),
    ]);
    const imageBaseUrl = this.ctx.config.imageBaseUrl;
    return {
      ...order!,
      orderItems: order!.orderItems.map((item) => {
        const picture = pictures.get(item.product.id);
        return {
          ...item,
          product: {
            ...item.product,
            thumbnail: picture ? imageAddress(picture, imageBaseUrl, THUMBNAIL_WIDTH) : null,
            available: pictures.has(item.product.id),
          },
        };
      }),
      history: (history.get(row.id) ?? []).map(toHistoryEntry),
    };
  }

  private async toOrders(rows: q.OrderRow[], db: q.Db = this.ctx.db): Promise<Order[]> {
    if (rows.length === 0) return [];
    const items = await q.itemsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
  }
}

/** The smallest stored width of a product picture (shared/catalog-media.ts): a line's thumbnail. */
const THUMBNAIL_WIDTH = IMAGE_WIDTHS[0];

/** One history row as the API shows it, with who made the change. */
function toHistoryEntry(row: q.HistoryRow): OrderHistoryEntry {
  return {
    kind: row.kind,
    from: row.from_status,
    to: row.to_status,
    at: row.changed_at,
    by: row.admin_id !== null ? 'admin' : row.user_id !== null ? 'shopper' : 'shop',
    note: row.note,
  };
}

/**
 * The payment of an order that is cancelled (by the admin or the shopper): paid online, the money must go back (the admin marks
 * it refunded); still awaited, it will not come any more.
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

/** The API shape of an order row and its lines. */
function toOrder(row: q.OrderRow, items: q.ItemRow[]): Order {
  return {
    id: row.id,
    status: row.status,
    totalAmount: row.total_paisa / 100,
    subtotal: row.subtotal_paisa / 100,
    deliveryFee: row.delivery_fee_paisa / 100,
    vatAmount: row.vat_paisa / 100,
    invoiceNumber: row.invoice_no === null ? null : invoiceNumber(row.invoice_no),
    invoiceDate: row.invoice_no === null ? null : row.invoice_at,
    invoiceVoid: row.invoice_void_at !== null,
    creditNoteNumber: row.credit_note_no === null ? null : creditNoteNumber(row.credit_note_no),
    creditNoteDate: row.credit_note_at,
    extraRefundDue: row.extra_refund_paisa / 100,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paymentMethod: row.payment_method as PaymentMethodId,
    paymentStatus: row.payment_status as PaymentStatus,
    paymentRef: row.payment_ref,
    testPayment: Number(row.test_payment) === 1,
    fullName: row.full_name,
    phone: row.phone,
    province: row.province,
    district: row.district,
    city: row.city,
    address: row.address,
    landmark: row.landmark,
    orderItems: items.map((item) => ({
      id: item.id,
      price: item.unit_price_paisa / 100,
      quantity: item.quantity,
      product: { id: item.product_id, name: item.product_name, category: item.category_name },
    })),
    user: {
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phoneNumber: row.phone_number,
    },
  };
}
