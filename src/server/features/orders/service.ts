import type { FastifyBaseLogger } from 'fastify';
import {
  ORDER_MESSAGES,
  ORDER_PAGE_SIZE_DEFAULT,
  type CreateOrder,
  type LastAddress,
  type Order,
  type OrderDetail,
  type OrderStatus,
} from '../../../shared/orders.js';
import { type AdminOrdersQuery, type OrdersPage } from '../../../shared/admin-orders.js';
import { IMAGE_WIDTHS } from '../../../shared/catalog-media.js';
import type { AppContext } from '../../context.js';
import { imageAddress } from '../../lib/images.js';
import { notFound } from '../../lib/errors.js';
import { OrderPayments } from '../payments/order-payments.js';
import type { OrderAccess } from '../payments/service.js';
import { adminOrderFilter } from './admin-filter.js';
import { Checkout, type CheckoutResult } from './checkout.js';
import * as lq from './list-queries.js';
import * as q from './queries.js';
import { readOrder, toHistoryEntry, toOrders } from './shapes.js';
import { OrderStatusChanges } from './status.js';
import type { ShippingInput } from '../../../shared/shipping.js';
import { readShipping } from '../shipping/service.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export type { CheckoutResult } from './checkout.js';

/**
 * The orders feature as routes and other features see it: checkout (checkout.ts), order reads,
 * and status changes (status.ts). Payments are asked through OrderPayments; the payment flow reads
 * orders and has them cancelled through this service (OrderAccess).
 */
export class OrdersService implements OrderAccess {
  private readonly checkoutFlow: Checkout;
  private readonly statusChanges: OrderStatusChanges;

  constructor(
    private readonly ctx: AppContext,
    payments: OrderPayments = new OrderPayments(ctx),
  ) {
    this.checkoutFlow = new Checkout(ctx, payments);
    this.statusChanges = new OrderStatusChanges(ctx, payments);
  }

  // -------------------------------------------------------------------------------------------
  // Checkout and status changes

  checkout(userId: number, input: CreateOrder, idempotencyKey: string | undefined, log: Log): Promise<CheckoutResult> {
    return this.checkoutFlow.place(userId, input, idempotencyKey, log);
  }

  updateStatus(
    orderId: string,
    status: OrderStatus,
    adminId: number,
    log: Log,
    reason?: string,
    shipping?: ShippingInput,
  ): Promise<Order> {
    return this.statusChanges.updateStatus(orderId, status, adminId, log, reason, shipping);
  }

  /** A step back or a reopening, with its reason (status.ts). */
  reverseStatus(orderId: string, status: OrderStatus, adminId: number, log: Log, reason: string): Promise<Order> {
    return this.statusChanges.reverseStatus(orderId, status, adminId, log, reason);
  }

  /** The shopper cancels their own pending order (status.ts); answers it as they see it. */
  async cancelForUser(userId: number, orderId: string, reason: string, log: Log): Promise<OrderDetail> {
    await this.mustBeShoppers(userId, orderId);
    await this.statusChanges.cancelForUser(userId, orderId, reason, log);
    return this.getDetailForUser(userId, orderId);
  }

  cancelByShop(trx: q.Db, order: q.LockedOrder, note: string, now: string): Promise<void> {
    return this.statusChanges.cancelByShop(trx, order, note, now);
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  /** One order as the API shows it (for the payment flow, inside its transaction). */
  get(orderId: string, db: q.Db = this.ctx.db): Promise<Order> {
    return readOrder(db, orderId);
  }

  async listForUser(userId: number): Promise<Order[]> {
    return toOrders(this.ctx.db, await q.userOrderRows(this.ctx.db, userId));
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
    return toOrders(this.ctx.db, await lq.allOrderRows(this.ctx.db));
  }

  async listPage(query: AdminOrdersQuery): Promise<OrdersPage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? ORDER_PAGE_SIZE_DEFAULT;
    const filter = adminOrderFilter(query);
    const [rows, total] = await Promise.all([
      lq.orderPage(this.ctx.db, filter, query.sort ?? 'date_desc', pageSize, (page - 1) * pageSize),
      lq.countOrders(this.ctx.db, filter),
    ]);
    return { orders: await toOrders(this.ctx.db, rows), total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
  }

  private async toDetail(row: q.OrderRow): Promise<OrderDetail> {
    const [order] = await toOrders(this.ctx.db, [row]);
    const variantIds = order!.orderItems.flatMap((item) => (item.variantId === null ? [] : [item.variantId]));
    const [pictures, ownPictures, history] = await Promise.all([
      q.liveProductPictures(
        this.ctx.db,
        order!.orderItems.map((item) => item.product.id),
      ),
      q.variantPictures(this.ctx.db, variantIds),
      q.historyOf(this.ctx.db, [row.id]),
    ]);
    const entries = (history.get(row.id) ?? []).map(toHistoryEntry);
    const delivered = entries.findLast((entry) => entry.kind === 'status' && entry.to === 'delivered');
    const { shipment, units } = await readShipping(
      this.ctx.db,
      row.id,
      row.status === 'delivered' ? (delivered?.at ?? null) : null,
    );
    const imageBaseUrl = this.ctx.config.imageBaseUrl;
    return {
      ...order!,
      orderItems: order!.orderItems.map((item) => {
        // A variant's own first picture when it names one (while its product is in the shop), else the product's.
        const own = item.variantId === null ? undefined : ownPictures.get(item.variantId);
        const picture = pictures.has(item.product.id) ? (own ?? pictures.get(item.product.id)) : undefined;
        return {
          ...item,
          product: {
            ...item.product,
            thumbnail: picture ? imageAddress(picture, imageBaseUrl, THUMBNAIL_WIDTH) : null,
            available: pictures.has(item.product.id),
          },
          units: units.get(item.id) ?? [],
        };
      }),
      history: entries,
      shipment,
    };
  }
}

/** The smallest stored width of a product picture (shared/catalog-media.ts): a line's thumbnail. */
const THUMBNAIL_WIDTH = IMAGE_WIDTHS[0];
