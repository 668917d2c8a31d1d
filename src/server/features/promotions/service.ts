import {
  COUPON_ERROR_CODES,
  COUPON_MESSAGES,
  type CartCouponResponse,
  type Coupon,
  type CouponInput,
  type CouponPatch,
  couponDiscountPaisa,
  couponInputSchema,
  shareDiscount,
} from '../../../shared/coupons.js';
import { toPaisa } from '../../../shared/money.js';
import type { AuditValue } from '../../../shared/audit.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.js';
import type { BackoffPolicy } from '../../lib/backoff.js';
import { type Actor, changedFields, recordAudit } from '../audit/service.js';
import { CartService } from '../cart/service.js';
import { issuesToFields, validationFailed } from '../catalog/product-input.js';
import * as q from './queries.js';

const MINUTE = 60 * 1000;

/**
 * Wrong codes wait like wrong passwords (ADR 0017): a shopper gets 10 free tries, an address 50,
 * then each further one waits 1 s, 2 s, 4 s … up to 15 minutes after the last wrong one. A code
 * that exists gives its try back.
 */
const WRONG_CODE_POLICY: Record<'shopper' | 'source', BackoffPolicy> = {
  shopper: { free: 10, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  source: { free: 50, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
};

/** A cart (or order) line as a coupon sees it. */
export interface CouponLine {
  productId: number;
  /** The product's top-level category. */
  categoryId: number;
  /** Price × quantity, in paisa. */
  grossPaisa: number;
}

/** What a coupon gives an order: the discount and each line's share of it (in the lines' order). */
export interface Redeemed {
  couponId: number;
  code: string;
  perCustomerLimit: number | null;
  discountPaisa: number;
  shares: number[];
}

const invalid = (message: string) => new AppError(400, COUPON_ERROR_CODES.invalid, message, { code: message });

/** 'YYYY-MM-DD HH:MM' in Nepal's time (UTC+5:45), for the shopper's "from" message. */
function nepalTime(iso: string): string {
  return `${new Date(Date.parse(iso) + 345 * MINUTE).toISOString().slice(0, 16).replace('T', ' ')} NPT`;
}

/**
 * Coupon codes: the admin's coupons (each write audited in its transaction), the shopper's applied
 * coupon, and what checkout takes from them. Limits are held by conditional updates in checkout's
 * transaction (queries.ts takeUse, takeShopperUse); everything else here only reads to explain.
 */
export class CouponService {
  private readonly cart: CartService;

  constructor(private readonly ctx: AppContext) {
    this.cart = new CartService(ctx);
  }

  // -------------------------------------------------------------------------------------------
  // The admin's coupons

  async list(): Promise<Coupon[]> {
    const rows = await q.listCoupons(this.ctx.db);
    const scopes = await q.scopesOf(
      this.ctx.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toCoupon(row, scopes.get(row.id)!));
  }

  async create(actor: Actor, input: CouponInput): Promise<Coupon> {
    const now = isoNow(this.ctx.clock);
    return this.write(async (trx) => {
      await this.checkScope(trx, input);
      const id = await q.insertCoupon(trx, { ...toRow(input), created_at: now, updated_at: now });
      await q.setScope(trx, id, input);
      const coupon = toCoupon((await q.couponById(trx, id))!, input);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'coupon.create',
        entityType: 'coupon',
        entityId: id,
        summary: coupon.code,
        changes: changedFields({}, auditView(coupon)),
        at: now,
      });
      return coupon;
    });
  }

  /** PUT: the whole coupon again; PATCH: some fields, checked together with the rest as they are. */
  async edit(actor: Actor, id: number, change: CouponInput | CouponPatch): Promise<Coupon> {
    const now = isoNow(this.ctx.clock);
    return this.write(async (trx) => {
      const row = await q.lockCoupon(trx, id);
      if (!row) throw notFound(COUPON_MESSAGES.notFound);
      const before = toCoupon(row, (await q.scopesOf(trx, [id])).get(id)!);
      const merged = couponInputSchema.safeParse({ ...inputOf(before), ...definedOf(change) });
      if (!merged.success) throw validationFailed(issuesToFields(merged.error));
      const input = merged.data;
      await this.checkScope(trx, input);
      // Orders keep what they were given: only the coupon's row and scope change.
      await q.updateCoupon(trx, id, { ...toRow(input), updated_at: now });
      await q.setScope(trx, id, input);
      const after = toCoupon((await q.couponById(trx, id))!, input);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: input.active || !before.active ? 'coupon.update' : 'coupon.deactivate',
        entityType: 'coupon',
        entityId: id,
        summary: after.code,
        changes: changedFields(auditView(before), auditView(after)),
        at: now,
      });
      return after;
    });
  }

  deactivate(actor: Actor, id: number): Promise<Coupon> {
    return this.edit(actor, id, { active: false });
  }

  /** A write whose code is already taken answers 409 on the code field. */
  private async write<T>(work: (trx: q.Db) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.db.transaction().execute(work);
    } catch (error) {
      if (uniqueViolation(error)) {
        throw new AppError(409, 'COUPON_CODE_TAKEN', COUPON_MESSAGES.codeTaken, { code: COUPON_MESSAGES.codeTaken });
      }
      throw error;
    }
  }

  /** The categories and products named exist (400 naming the first that does not). */
  private async checkScope(db: q.Db, scope: q.Scope): Promise<void> {
    const categories = await q.existingCategoryIds(db, scope.categoryIds);
    const missingCategory = scope.categoryIds.find((id) => !categories.has(id));
    if (missingCategory !== undefined) {
      throw validationFailed({ categoryIds: COUPON_MESSAGES.unknownCategory(missingCategory) });
    }
    const products = await q.existingProductIds(db, scope.productIds);
    const missingProduct = scope.productIds.find((id) => !products.has(id));
    if (missingProduct !== undefined) throw validationFailed({ productIds: COUPON_MESSAGES.unknownProduct(missingProduct) });
  }

  // -------------------------------------------------------------------------------------------
  // The shopper's cart

  /**
   * Applies a code to the shopper's cart, or says why it cannot: unknown, not started, expired,
   * used up, used by this shopper, nothing in the cart it covers, below its minimum. Wrong codes
   * are slowed (WRONG_CODE_POLICY); 429 with the wait.
   */
  async apply(userId: number, code: string, ip: string): Promise<CartCouponResponse> {
    const keys = { shopper: `coupon:shopper:${userId}`, source: `coupon:ip:${ip}` };
    const wait = await this.ctx.backoff.attempt([
      { key: keys.shopper, policy: WRONG_CODE_POLICY.shopper },
      { key: keys.source, policy: WRONG_CODE_POLICY.source },
    ]);
    if (wait > 0) throw tooManyRequests(COUPON_MESSAGES.tooManyTries(Math.max(1, Math.ceil(wait / 60))), wait);
    const coupon = await q.couponByCode(this.ctx.db, code);
    if (!coupon || coupon.active !== 1) throw invalid(COUPON_MESSAGES.unknown);
    // A code that exists is no guess: its try is given back.
    await this.ctx.backoff.forgiveOne(keys.shopper);
    await this.ctx.backoff.forgiveOne(keys.source);
    const scope = (await q.scopesOf(this.ctx.db, [coupon.id])).get(coupon.id)!;
    const lines = await q.cartWorth(this.ctx.db, userId);
    const uses = await q.shopperUses(this.ctx.db, coupon.id, userId);
    const { discountPaisa } = this.evaluate(coupon, scope, lines, { uses });
    await q.setCartCoupon(this.ctx.db, userId, coupon.id, isoNow(this.ctx.clock));
    return this.answer(userId, lines, coupon.code, discountPaisa, null);
  }

  /** The cart with its coupon and what it gives now (problem: why it gives nothing since the cart changed). */
  async view(userId: number): Promise<CartCouponResponse> {
    const lines = await q.cartWorth(this.ctx.db, userId);
    const couponId = await q.cartCouponId(this.ctx.db, userId);
    const coupon = couponId === undefined ? undefined : await q.couponById(this.ctx.db, couponId);
    if (!coupon) return this.answer(userId, lines, null, 0, null);
    try {
      if (coupon.active !== 1) throw invalid(COUPON_MESSAGES.unknown);
      const scope = (await q.scopesOf(this.ctx.db, [coupon.id])).get(coupon.id)!;
      const uses = await q.shopperUses(this.ctx.db, coupon.id, userId);
      const { discountPaisa } = this.evaluate(coupon, scope, lines, { uses });
      return this.answer(userId, lines, coupon.code, discountPaisa, null);
    } catch (error) {
      if (error instanceof AppError) return this.answer(userId, lines, coupon.code, 0, error.message);
      throw error;
    }
  }

  async remove(userId: number): Promise<CartCouponResponse> {
    await q.clearCartCoupon(this.ctx.db, userId);
    return this.answer(userId, await q.cartWorth(this.ctx.db, userId), null, 0, null);
  }

  private async answer(
    userId: number,
    lines: CouponLine[],
    code: string | null,
    discountPaisa: number,
    problem: string | null,
  ): Promise<CartCouponResponse> {
    const subtotalPaisa = lines.reduce((sum, line) => sum + line.grossPaisa, 0);
    return {
      cartItems: await this.cart.view(userId),
      coupon: code === null ? null : { code },
      subtotal: subtotalPaisa / 100,
      discount: discountPaisa / 100,
      problem,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Checkout (called inside its transaction)

  /**
   * The coupon an order gets: the code sent with it, else the one applied to the cart; null when
   * neither. 400 when it does not apply (the same reasons as applying it, but whether uses are
   * left is decided by take() alone).
   */
  async forCheckout(trx: q.Db, userId: number, code: string | undefined, lines: CouponLine[]): Promise<Redeemed | null> {
    let coupon: q.CouponRow | undefined;
    if (code !== undefined) {
      coupon = await q.couponByCode(trx, code.trim().toUpperCase());
      if (!coupon) throw invalid(COUPON_MESSAGES.unknown);
    } else {
      const applied = await q.cartCouponId(trx, userId);
      if (applied === undefined) return null;
      coupon = await q.couponById(trx, applied);
      if (!coupon) return null;
    }
    if (coupon.active !== 1) throw invalid(COUPON_MESSAGES.unknown);
    const scope = (await q.scopesOf(trx, [coupon.id])).get(coupon.id)!;
    const { discountPaisa, shares } = this.evaluate(coupon, scope, lines, {});
    return { couponId: coupon.id, code: coupon.code, perCustomerLimit: coupon.per_customer_limit, discountPaisa, shares };
  }

  /**
   * Takes the order's use of the coupon and the shopper's, by conditional updates: exactly as many
   * orders as the limits allow get it, however many check out at once. 409 when none is left; the
   * transaction then writes nothing. Records what the order was given, and clears the cart's coupon.
   */
  async take(trx: q.Db, userId: number, orderId: string, redeemed: Redeemed, now: string): Promise<void> {
    if (!(await q.takeUse(trx, redeemed.couponId))) {
      throw new AppError(409, COUPON_ERROR_CODES.usedUp, COUPON_MESSAGES.usedUp, undefined, { couponCode: redeemed.code });
    }
    if (!(await q.takeShopperUse(trx, redeemed.couponId, userId, redeemed.perCustomerLimit))) {
      throw new AppError(409, COUPON_ERROR_CODES.alreadyUsed, COUPON_MESSAGES.alreadyUsed, undefined, {
        couponCode: redeemed.code,
      });
    }
    await q.insertRedemption(trx, {
      order_id: orderId,
      coupon_id: redeemed.couponId,
      user_id: userId,
      code: redeemed.code,
      discount_paisa: redeemed.discountPaisa,
      created_at: now,
    });
    await q.clearCartCoupon(trx, userId);
  }

  /** A cancelled order (or one whose payment timed out) gives its uses back, in the cancel's transaction. */
  async release(trx: q.Db, orderId: string, now: string): Promise<void> {
    const redemption = await q.redemptionOf(trx, orderId);
    if (!redemption || redemption.released_at !== null) return;
    await q.giveBackUse(trx, redemption.coupon_id);
    await q.giveBackShopperUse(trx, redemption.coupon_id, Number(redemption.user_id));
    await q.setReleased(trx, orderId, now);
  }

  /** A reopened order takes its uses again (409 when the coupon has none left). */
  async retake(trx: q.Db, orderId: string): Promise<void> {
    const redemption = await q.redemptionOf(trx, orderId);
    if (!redemption || redemption.released_at === null) return;
    const coupon = await q.couponById(trx, redemption.coupon_id);
    const userId = Number(redemption.user_id);
    const taken =
      (await q.takeUse(trx, redemption.coupon_id)) &&
      (await q.takeShopperUse(trx, redemption.coupon_id, userId, coupon?.per_customer_limit ?? null));
    if (!taken) throw new AppError(409, COUPON_ERROR_CODES.usedUp, COUPON_MESSAGES.reopenUsedUp);
    await q.setReleased(trx, orderId, null);
  }

  /**
   * The coupon's rules against the lines, in the order a shopper can act on them: its window,
   * its uses (when `uses` is given: applying, not checkout), the lines it covers, its minimum.
   */
  private evaluate(
    coupon: q.CouponRow,
    scope: q.Scope,
    lines: CouponLine[],
    read: { uses?: number },
  ): { discountPaisa: number; shares: number[] } {
    const now = isoNow(this.ctx.clock);
    if (coupon.starts_at !== null && now < coupon.starts_at)
      throw invalid(COUPON_MESSAGES.notStarted(nepalTime(coupon.starts_at)));
    if (coupon.ends_at !== null && now >= coupon.ends_at) throw invalid(COUPON_MESSAGES.expired);
    if (read.uses !== undefined) {
      if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) throw invalid(COUPON_MESSAGES.usedUp);
      if (coupon.per_customer_limit !== null && read.uses >= coupon.per_customer_limit)
        throw invalid(COUPON_MESSAGES.alreadyUsed);
    }
    const everything = scope.categoryIds.length === 0 && scope.productIds.length === 0;
    const covered = lines.map((line) =>
      everything || scope.productIds.includes(line.productId) || scope.categoryIds.includes(line.categoryId)
        ? line.grossPaisa
        : 0,
    );
    const scopePaisa = covered.reduce((sum, paisa) => sum + paisa, 0);
    if (scopePaisa <= 0) throw invalid(COUPON_MESSAGES.nothingInScope);
    const minimum = coupon.min_subtotal_paisa ?? 0;
    if (scopePaisa < minimum) throw invalid(COUPON_MESSAGES.belowMinimum((minimum - scopePaisa) / 100, minimum / 100));
    const discountPaisa = couponDiscountPaisa(
      { type: coupon.type, value: coupon.value, maxDiscountPaisa: coupon.max_discount_paisa },
      scopePaisa,
    );
    return { discountPaisa, shares: shareDiscount(discountPaisa, covered) };
  }
}

/** A coupon's columns from the API's input (rupees → paisa; a fixed value in paisa, a percent as it is). */
function toRow(input: CouponInput): Omit<q.NewCoupon, 'created_at' | 'updated_at'> {
  return {
    code: input.code,
    type: input.type,
    value: input.type === 'fixed' ? toPaisa(input.value) : input.value,
    min_subtotal_paisa: input.minSubtotal === null ? null : toPaisa(input.minSubtotal),
    max_discount_paisa: input.maxDiscount === null ? null : toPaisa(input.maxDiscount),
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    usage_limit: input.usageLimit,
    per_customer_limit: input.perCustomerLimit,
    active: input.active ? 1 : 0,
  };
}

function toCoupon(row: q.CouponRow, scope: q.Scope): Coupon {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.type === 'fixed' ? row.value / 100 : row.value,
    minSubtotal: row.min_subtotal_paisa === null ? null : row.min_subtotal_paisa / 100,
    maxDiscount: row.max_discount_paisa === null ? null : row.max_discount_paisa / 100,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    usedCount: row.used_count,
    active: row.active === 1,
    categoryIds: [...scope.categoryIds],
    productIds: [...scope.productIds],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A coupon as its input (for merging a PATCH into it). */
function inputOf(coupon: Coupon): Record<string, unknown> {
  const { id: _id, usedCount: _used, createdAt: _created, updatedAt: _updated, ...input } = coupon;
  return input;
}

/** The fields a PATCH sent (absent ones stay as they are; null clears a bound). */
function definedOf(change: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}

/** The audit log's view of a coupon: scalar fields, its scope as text. */
function auditView(coupon: Coupon): Record<string, AuditValue> {
  return {
    code: coupon.code,
    type: coupon.type,
    value: coupon.value,
    minSubtotal: coupon.minSubtotal,
    maxDiscount: coupon.maxDiscount,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    usageLimit: coupon.usageLimit,
    perCustomerLimit: coupon.perCustomerLimit,
    active: coupon.active,
    categoryIds: coupon.categoryIds.join(',') || null,
    productIds: coupon.productIds.join(',') || null,
  };
}
