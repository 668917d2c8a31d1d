import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { ORDER_ERROR_CODES, ORDER_MESSAGES, type CreateOrder, type Order } from '../../../shared/orders.js';
import { toPaisa } from '../../../shared/money.js';
import { DELIVERY_MESSAGES, districtFeePaisa } from '../../../shared/delivery.js';
import { vatIncludedPaisa } from '../../../shared/payments.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { queueOrderText } from '../sms/order-texts.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { DeliveryService, type DeliveryTerms } from '../delivery/service.js';
import type { PaymentMethod } from '../payments/methods.js';
import type { OrderPayments } from '../payments/order-payments.js';
import { CouponService, type Redeemed } from '../promotions/service.js';
import { scheduleCodConfirm } from './cod-confirm.js';
import { conflictWith, stockConflict, unavailableConflict } from './conflicts.js';
import { newOrderId } from './ids.js';
import { orderConfirmationMail } from './mail.js';
import * as cq from './checkout-queries.js';
import * as q from './queries.js';
import { readOrder, toOrder } from './shapes.js';
import { reserveStock } from './stock.js';
import { configuredBase } from '../../lib/public-base.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface CheckoutResult {
  order: Order;
  /** True when an earlier checkout with the same Idempotency-Key made this order. */
  replayed: boolean;
}

type Shopper = NonNullable<Awaited<ReturnType<typeof q.lockUser>>>;

/** What an order costs, in paisa, at the database's prices. */
interface Price {
  subtotalPaisa: number;
  /** The coupon's discount off the items; delivery is charged by what is left of them. */
  discountPaisa: number;
  deliveryPaisa: number;
  totalPaisa: number;
}

/** What the checkout's transaction answers: a replayed order's id, or the new order. */
type Outcome = { replayed: true; orderId: string } | { replayed: false; order: Order; totalPaisa: number };

/**
 * Makes an order of the shopper's server-side cart, at the prices in the database. One
 * transaction checks and takes the stock, writes the order and its lines, and empties the cart.
 *
 * Stock stays true: every unit an order holds is counted in order_items.stock_reserved, taken
 * from products.stock (or, for a variant, from product_variants.stock and its product's sum) by a
 * conditional update (`stock >= quantity`) in the same transaction that writes the order, given
 * back when the order is cancelled and taken again if it is reopened (stock.ts). So at every
 * moment: stock at the start = stock + sum(stock_reserved), per product and per variant.
 */
export class Checkout {
  private readonly coupons: CouponService;
  private readonly delivery: DeliveryService;

  constructor(
    private readonly ctx: AppContext,
    private readonly payments: OrderPayments,
  ) {
    this.coupons = new CouponService(ctx);
    this.delivery = new DeliveryService(ctx);
  }

  async place(userId: number, input: CreateOrder, idempotencyKey: string | undefined, log: Log): Promise<CheckoutResult> {
    if (idempotencyKey !== undefined) {
      // A retry after the first answer got lost: answer the same order without touching anything.
      const existing = await cq.orderIdByKey(this.ctx.db, userId, idempotencyKey);
      if (existing) return { order: await readOrder(this.ctx.db, existing), replayed: true };
    }
    const method = this.payments.chosenMethod(input.paymentMethod);
    let outcome: Outcome;
    try {
      outcome = await this.ctx.db.transaction().execute((trx) => this.write(trx, userId, input, method, idempotencyKey));
    } catch (error) {
      // Two requests with one key that both got past the first look: the loser answers the winner's order.
      if (idempotencyKey !== undefined && uniqueViolation(error)) {
        const existing = await cq.orderIdByKey(this.ctx.db, userId, idempotencyKey);
        if (existing) return { order: await readOrder(this.ctx.db, existing), replayed: true };
      }
      throw error;
    }

    if (outcome.replayed) return { order: await readOrder(this.ctx.db, outcome.orderId), replayed: true };
    const { order } = outcome;
    log.info({ orderId: order.id, userId, totalPaisa: outcome.totalPaisa }, 'order created');
    this.ctx.jobs.wake();
    return { order, replayed: false };
  }

  /** The checkout's one transaction, step by step. */
  private async write(
    trx: Transaction<Database>,
    userId: number,
    input: CreateOrder,
    method: PaymentMethod,
    idempotencyKey: string | undefined,
  ): Promise<Outcome> {
    const shopper = await this.lockShopper(trx, userId);
    if (idempotencyKey !== undefined) {
      const existing = await cq.orderIdByKey(trx, userId, idempotencyKey);
      if (existing) return { replayed: true, orderId: existing };
    }
    await this.refuseTooManyOpenOrders(trx, userId);
    const terms = await this.delivery.termsFor(trx, input.district);
    if (method.id === 'cod' && !terms.cod) {
      const message = DELIVERY_MESSAGES.codRefused(input.district);
      throw badRequest(message, { paymentMethod: message });
    }
    const lines = await cq.checkoutLines(trx, userId);
    this.validateLines(lines);
    // Each line's price × quantity, in line order: the coupon, the order's sum and the VAT start from these.
    const grosses = lines.map((line) => line.price_paisa * line.quantity);
    // The coupon sent, else the cart's: worked out from the database's prices, never the client's.
    const redeemed = await this.coupons.forCheckout(
      trx,
      userId,
      input.couponCode,
      lines.map((line, index) => ({
        productId: line.product_id,
        categoryId: line.category_id,
        grossPaisa: grosses[index]!,
      })),
    );
    const price = this.priceOrder(grosses, input, method, redeemed?.discountPaisa ?? 0, terms);
    const reserved = await reserveStock(trx, lines);
    const order = await this.writeOrder(trx, {
      shopper,
      input,
      method,
      lines,
      grosses,
      price,
      reserved,
      idempotencyKey,
      redeemed,
    });
    // After the stock, as a cancel gives them back (stock, then the coupon): one lock order for all.
    if (redeemed) await this.coupons.take(trx, userId, order.id, redeemed, order.createdAt);
    await this.queueConfirmation(trx, order);
    // The first look at an online payment commits with the order; so does a cash order's deadline.
    if (method.online) await this.payments.watch(trx, order.id);
    else await scheduleCodConfirm(this.ctx.jobs, trx, order.id, this.ctx.config.orderLimits.codConfirmHours);
    return { replayed: false, order, totalPaisa: price.totalPaisa };
  }

  /** The shopper, locked (their checkouts run one at a time), and verified (else 403). */
  private async lockShopper(trx: Transaction<Database>, userId: number): Promise<Shopper> {
    const user = await q.lockUser(trx, userId);
    if (!user) throw notFound('User not found');
    if (Number(user.email_verified) !== 1) throw new AppError(403, ORDER_ERROR_CODES.notVerified, ORDER_MESSAGES.notVerified);
    return user;
  }

  /** Counted under the shopper's lock: parallel checkouts of one shopper see each other's orders. */
  private async refuseTooManyOpenOrders(trx: Transaction<Database>, userId: number): Promise<void> {
    const { maxOpenOrders } = this.ctx.config.orderLimits;
    const open = await cq.countOpenOrders(trx, userId);
    if (open >= maxOpenOrders) {
      throw conflictWith(ORDER_ERROR_CODES.tooManyOpenOrders, ORDER_MESSAGES.tooManyOpenOrders(open), {
        limit: maxOpenOrders,
      });
    }
  }

  /**
   * The cart can be ordered: not empty, every product (and variant) still sold, within its units
   * limit and in stock.
   */
  private validateLines(lines: cq.CheckoutLine[]): void {
    if (lines.length === 0) throw new AppError(400, ORDER_ERROR_CODES.cartEmpty, ORDER_MESSAGES.cartEmpty);
    for (const line of lines) if (line.deleted_at !== null || !line.variant_live) throw unavailableConflict(line);
    // The units of a product over all its lines (its variants' lines together), within the
    // product's own limit, else the shop's.
    const units = new Map<number, number>();
    for (const line of lines) units.set(line.product_id, (units.get(line.product_id) ?? 0) + line.quantity);
    for (const line of lines) {
      const limit = line.max_per_order ?? this.ctx.config.orderLimits.maxUnitsPerOrder;
      if ((units.get(line.product_id) ?? 0) > limit) {
        const message = ORDER_MESSAGES.tooManyUnits(line.name, limit, line.variant_id !== null);
        throw conflictWith(ORDER_ERROR_CODES.tooManyUnits, message, {
          productId: line.product_id,
          productName: line.name,
          limit,
        });
      }
    }
    for (const line of lines) if (line.stock !== null && line.stock < line.quantity) throw stockConflict(line, line.stock);
  }

  /** The items' sum, the delivery fee of the district and the total, checked against the client's view. */
  private priceOrder(
    grosses: number[],
    input: CreateOrder,
    method: PaymentMethod,
    discountPaisa: number,
    terms: DeliveryTerms,
  ): Price {
    let subtotalPaisa = 0;
    for (const gross of grosses) subtotalPaisa += gross;
    const itemsPaisa = subtotalPaisa - discountPaisa;
    const deliveryPaisa = districtFeePaisa(terms.feePaisa, itemsPaisa, this.ctx.config.payments.freeDeliveryFromPaisa);
    const totalPaisa = itemsPaisa + deliveryPaisa;
    if (!Number.isSafeInteger(totalPaisa)) throw badRequest(ORDER_MESSAGES.tooLarge);
    this.payments.checkAmount(method, totalPaisa);
    // The client's total guards against prices that changed since it showed them. The original
    // API's clients send the items' sum, ours the total with delivery: either is the shopper's view
    // (after the coupon's discount, when there is one).
    const claimed = toPaisa(input.totalAmount);
    if (claimed !== totalPaisa && claimed !== itemsPaisa) {
      throw conflictWith(ORDER_ERROR_CODES.totalChanged, ORDER_MESSAGES.totalChanged(totalPaisa / 100), {
        currentTotal: totalPaisa / 100,
      });
    }
    return { subtotalPaisa, discountPaisa, deliveryPaisa, totalPaisa };
  }

  /** Writes the order and its lines, empties the cart, and answers the order as the API shows it. */
  private async writeOrder(
    trx: Transaction<Database>,
    parts: {
      shopper: Shopper;
      input: CreateOrder;
      method: PaymentMethod;
      lines: cq.CheckoutLine[];
      /** Each line's price × quantity, in line order. */
      grosses: number[];
      price: Price;
      reserved: Map<string, number>;
      idempotencyKey: string | undefined;
      redeemed: Redeemed | null;
    },
  ): Promise<Order> {
    const { shopper, input, method, lines, grosses, price, redeemed } = parts;
    const now = isoNow(this.ctx.clock);
    // The discount is taken before VAT: each line's VAT is of what the shopper pays for it.
    const shares = lines.map((_, index) => redeemed?.shares[index] ?? 0);
    const itemVats = grosses.map((gross, index) => vatIncludedPaisa(gross - shares[index]!));
    const row: q.OrderRow = {
      id: newOrderId(),
      // The phone number of the order (#1042), from a gap-free counter taken after the stock and
      // coupon rows are locked: parallel checkouts wait for it until the commit and never share one.
      number: await q.nextNumber(trx, 'order'),
      user_id: shopper.id,
      status: 'pending',
      total_paisa: price.totalPaisa,
      subtotal_paisa: price.subtotalPaisa,
      discount_paisa: price.discountPaisa,
      coupon_code: redeemed ? redeemed.code : null,
      delivery_fee_paisa: price.deliveryPaisa,
      vat_paisa: itemVats.reduce((sum, vat) => sum + vat, 0) + vatIncludedPaisa(price.deliveryPaisa),
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
      first_name: shopper.first_name,
      last_name: shopper.last_name,
      email: shopper.email ?? '',
      phone_number: shopper.phone_number,
    };
    // No invoice number yet: it is issued at the sale (invoices.ts).
    await cq.insertOrder(trx, { ...row, idempotency_key: parts.idempotencyKey ?? null });
    const items = lines.map((line, index) => ({
      order_id: row.id,
      product_id: line.product_id,
      product_name: line.name,
      category_name: line.category_name,
      unit_price_paisa: line.price_paisa,
      quantity: line.quantity,
      stock_reserved: parts.reserved.get(cq.lineKey(line.product_id, line.variant_id)) ?? 0,
      vat_paisa: itemVats[index] ?? 0,
      discount_paisa: shares[index] ?? 0,
      variant_id: line.variant_id,
      variant_label: line.variant_label,
    }));
    const itemIds = await cq.insertOrderItems(trx, items);
    await cq.deleteCartLines(
      trx,
      shopper.id,
      lines.map((line) => line.cart_item_id),
    );
    // The answer is built here, so it is ready the moment the transaction commits.
    return toOrder(
      row,
      items.map((item) => ({ ...item, id: itemIds.get(cq.lineKey(item.product_id, item.variant_id)) ?? 0 })),
    );
  }

  /** The confirmation exists exactly when the order does: the outbox row commits with it. */
  private async queueConfirmation(trx: Transaction<Database>, order: Order): Promise<void> {
    const shopUrl = configuredBase(this.ctx.config);
    // The shopper's language as this transaction sees it (accounts/mail-language.ts says why now).
    const locale = await mailLanguage(trx, order.user.id);
    const storeName = this.ctx.config.store.name;
    await this.ctx.outbox.queue(
      trx,
      orderConfirmationMail({ to: order.user.email, storeName, order, invoiceUrl: `${shopUrl}/orders/${order.id}/invoice`, locale }),
    );
    await queueOrderText(this.ctx.sms, trx, { event: 'placed', order, storeName, locale });
  }
}
