import { z } from 'zod';
import { userIdSchema } from './accounts.js';
import { cartItemSchema } from './cart.js';
import { formatPrice } from './money.js';

/**
 * The coupon contract (amounts in rupees, as everywhere in the API):
 *   POST   /api/admin/coupons              couponInputSchema → 201 {coupon}
 *   GET    /api/admin/coupons              → {coupons}            (newest first)
 *   PUT    /api/admin/coupons/:id          couponInputSchema → {coupon}
 *   PATCH  /api/admin/coupons/:id          any of its fields → {coupon}
 *   POST   /api/admin/coupons/:id/deactivate → {coupon}
 *   POST   /api/cart/coupon                {userId, code} → {cartItems, coupon {code}, subtotal, discount}
 *   GET    /api/cart/coupon/:userId        → the same, coupon null when none is applied
 *   DELETE /api/cart/coupon/:userId        → the same, without the coupon
 * Codes are kept in upper case and told apart without regard to case. A percent coupon's value is a
 * whole percent (1–100), a fixed one's rupees. Scope: the top-level categories and the products it
 * names; none of either: everything.
 */

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export const COUPON_MESSAGES = {
  codeRequired: 'Code is required',
  codeFormat: 'Code must be 3 to 32 letters, digits, - or _, without spaces',
  typeInvalid: 'Type must be percent or fixed',
  valueInvalid: 'Value must be a number more than 0',
  percentInvalid: 'A percent discount must be a whole number from 1 to 100',
  minSubtotalInvalid: 'Minimum subtotal must be rupees of 0 or more',
  maxDiscountInvalid: 'Maximum discount must be rupees more than 0',
  dateInvalid: 'Dates must be ISO 8601 date-times',
  endBeforeStart: 'The end must be after the start',
  limitInvalid: 'Limits must be whole numbers of 1 or more',
  idsInvalid: 'Ids must be positive whole numbers',
  activeInvalid: 'Active must be true or false',
  couponIdInvalid: 'Coupon id must be a positive whole number',
  codeTaken: 'A coupon with this code already exists',
  notFound: 'Coupon not found',
  unknownCategory: (id: number) => `Category ${id} does not exist`,
  unknownProduct: (id: number) => `Product ${id} does not exist`,
  // The shopper's answers.
  unknown: 'This coupon code is not valid',
  notStarted: (day: string) => `This coupon can be used from ${day}`,
  expired: 'This coupon has expired',
  belowMinimum: (missingRupees: number, minimumRupees: number) =>
    `Add ${formatPrice(missingRupees)} more of the items this coupon covers to use it (minimum ${formatPrice(minimumRupees)})`,
  usedUp: 'This coupon has been used up',
  alreadyUsed: 'You have already used this coupon',
  nothingInScope: 'Nothing in your cart is covered by this coupon',
  tooManyTries: (minutes: number) =>
    `Too many wrong coupon codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  reopenUsedUp: 'Cannot reopen this order: its coupon has been used up',
} as const;

export const COUPON_ERROR_CODES = {
  usedUp: 'COUPON_USED_UP',
  alreadyUsed: 'COUPON_ALREADY_USED',
  invalid: 'COUPON_INVALID',
} as const;

const rupees = (message: string) => z.number({ error: message }).min(0, message).max(1e12, message);
const limit = z
  .number({ error: COUPON_MESSAGES.limitInvalid })
  .int(COUPON_MESSAGES.limitInvalid)
  .min(1, COUPON_MESSAGES.limitInvalid)
  .max(2 ** 31 - 1, COUPON_MESSAGES.limitInvalid);
const ids = z
  .array(
    z
      .number({ error: COUPON_MESSAGES.idsInvalid })
      .int(COUPON_MESSAGES.idsInvalid)
      .min(1, COUPON_MESSAGES.idsInvalid)
      .max(2 ** 31 - 1, COUPON_MESSAGES.idsInvalid),
    {
      error: COUPON_MESSAGES.idsInvalid,
    },
  )
  .max(1000, COUPON_MESSAGES.idsInvalid);
/** An ISO 8601 date-time (with its offset), kept as UTC ISO text; null: no bound. */
const instant = z
  .string({ error: COUPON_MESSAGES.dateInvalid })
  .max(40, COUPON_MESSAGES.dateInvalid)
  .refine(
    (text) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && !Number.isNaN(Date.parse(text)),
    COUPON_MESSAGES.dateInvalid,
  )
  .transform((text) => new Date(text).toISOString())
  .nullable();

/** The fields of a coupon, each checked on its own (PATCH sends some of them). */
const couponFields = {
  code: z
    .string({ error: COUPON_MESSAGES.codeRequired })
    .min(1, COUPON_MESSAGES.codeRequired)
    .max(64, COUPON_MESSAGES.codeFormat)
    .transform((code) => code.toUpperCase())
    .refine((code) => COUPON_CODE_PATTERN.test(code), COUPON_MESSAGES.codeFormat),
  type: z.enum(['percent', 'fixed'], { error: COUPON_MESSAGES.typeInvalid }),
  value: z
    .number({ error: COUPON_MESSAGES.valueInvalid })
    .gt(0, COUPON_MESSAGES.valueInvalid)
    .max(1e12, COUPON_MESSAGES.valueInvalid),
  minSubtotal: rupees(COUPON_MESSAGES.minSubtotalInvalid).nullable(),
  maxDiscount: rupees(COUPON_MESSAGES.maxDiscountInvalid).gt(0, COUPON_MESSAGES.maxDiscountInvalid).nullable(),
  startsAt: instant,
  endsAt: instant,
  usageLimit: limit.nullable(),
  perCustomerLimit: limit.nullable(),
  categoryIds: ids,
  productIds: ids,
  active: z.boolean({ error: COUPON_MESSAGES.activeInvalid }),
};

/** The rules across fields: a percent is whole and at most 100; the end comes after the start. */
function checkTerms(
  input: { type?: 'percent' | 'fixed'; value?: number; startsAt?: string | null; endsAt?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (input.type === 'percent' && input.value !== undefined && (!Number.isInteger(input.value) || input.value > 100)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: COUPON_MESSAGES.percentInvalid });
  }
  if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: COUPON_MESSAGES.endBeforeStart });
  }
}

/** Body of POST (and PUT): code, type and value are required, the rest optional. */
export const couponInputSchema = z
  .object({
    code: couponFields.code,
    type: couponFields.type,
    value: couponFields.value,
    minSubtotal: couponFields.minSubtotal.optional().default(null),
    maxDiscount: couponFields.maxDiscount.optional().default(null),
    startsAt: couponFields.startsAt.optional().default(null),
    endsAt: couponFields.endsAt.optional().default(null),
    usageLimit: couponFields.usageLimit.optional().default(null),
    perCustomerLimit: couponFields.perCustomerLimit.optional().default(null),
    categoryIds: couponFields.categoryIds.optional().default([]),
    productIds: couponFields.productIds.optional().default([]),
    active: couponFields.active.optional().default(true),
  })
  .superRefine(checkTerms);
export type CouponInput = z.output<typeof couponInputSchema>;
export type CouponInputBody = z.input<typeof couponInputSchema>;

/** Body of PATCH: any of the fields; the result is checked as a whole against the coupon it changes. */
export const couponPatchSchema = z.object({
  code: couponFields.code.optional(),
  type: couponFields.type.optional(),
  value: couponFields.value.optional(),
  minSubtotal: couponFields.minSubtotal.optional(),
  maxDiscount: couponFields.maxDiscount.optional(),
  startsAt: couponFields.startsAt.optional(),
  endsAt: couponFields.endsAt.optional(),
  usageLimit: couponFields.usageLimit.optional(),
  perCustomerLimit: couponFields.perCustomerLimit.optional(),
  categoryIds: couponFields.categoryIds.optional(),
  productIds: couponFields.productIds.optional(),
  active: couponFields.active.optional(),
});
export type CouponPatch = z.output<typeof couponPatchSchema>;

export const couponSchema = z.object({
  id: z.number(),
  code: z.string(),
  type: z.enum(['percent', 'fixed']),
  /** Whole percent, or rupees for a fixed coupon. */
  value: z.number(),
  minSubtotal: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().nullable(),
  perCustomerLimit: z.number().nullable(),
  /** Uses held by orders now (a cancelled order's use is given back). */
  usedCount: z.number(),
  active: z.boolean(),
  categoryIds: z.array(z.number()),
  productIds: z.array(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponResponseSchema = z.object({ coupon: couponSchema });
export const couponListResponseSchema = z.object({ coupons: z.array(couponSchema) });

/** The code a shopper types: surrounding spaces dropped, any case. */
export const applyCouponSchema = z.object({
  userId: userIdSchema,
  code: z
    .string({ error: COUPON_MESSAGES.codeRequired })
    .trim()
    .min(1, COUPON_MESSAGES.codeRequired)
    .max(64, COUPON_MESSAGES.unknown)
    .transform((code) => code.toUpperCase()),
});

/** The cart with its coupon: what the drawer, the Cart tab and checkout show. */
export const cartCouponResponseSchema = z.object({
  cartItems: z.array(cartItemSchema),
  coupon: z.object({ code: z.string() }).nullable(),
  /** Rupees: the items' sum before the discount. */
  subtotal: z.number(),
  /** Rupees taken off the items (0 without a coupon). */
  discount: z.number(),
  /** Why the applied coupon gives nothing now (the cart changed since); null when it applies. */
  problem: z.string().nullable(),
});
export type CartCouponResponse = z.infer<typeof cartCouponResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The arithmetic, in paisa

export interface CouponTerms {
  type: 'percent' | 'fixed';
  /** Whole percent, or paisa when fixed. */
  value: number;
  maxDiscountPaisa: number | null;
}

/**
 * What a coupon takes off items worth `scopePaisa` (those it covers): a percent rounded down to
 * the paisa and capped by the maximum; a fixed amount, never more than those items are worth.
 */
export function couponDiscountPaisa(terms: CouponTerms, scopePaisa: number): number {
  if (scopePaisa <= 0) return 0;
  let discount = terms.type === 'percent' ? Number((BigInt(scopePaisa) * BigInt(terms.value)) / 100n) : terms.value;
  if (terms.type === 'percent' && terms.maxDiscountPaisa !== null) discount = Math.min(discount, terms.maxDiscountPaisa);
  return Math.max(0, Math.min(discount, scopePaisa));
}

/**
 * The discount split over the covered lines in proportion to their worth, in whole paisa that add
 * up to it exactly (the paisa left by rounding down go to the largest remainders, the first line on
 * a tie). A line outside the scope (worth 0 here) gets nothing.
 */
export function shareDiscount(discountPaisa: number, linePaisa: readonly number[]): number[] {
  const scope = linePaisa.reduce((sum, paisa) => sum + paisa, 0);
  if (scope <= 0 || discountPaisa <= 0) return linePaisa.map(() => 0);
  // In BigInt: discount × a line's worth can pass 2^53 on a large order.
  const total = BigInt(discountPaisa);
  const whole = BigInt(scope);
  const parts = linePaisa.map((paisa) => ({
    share: (total * BigInt(paisa)) / whole,
    remainder: (total * BigInt(paisa)) % whole,
  }));
  const shares = parts.map((part) => Number(part.share));
  let left = discountPaisa - shares.reduce((sum, share) => sum + share, 0);
  const order = parts
    .map((part, index) => ({ index, remainder: part.remainder, paisa: linePaisa[index]! }))
    .filter((line) => line.paisa > 0)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const line of order) {
    if (left <= 0) break;
    shares[line.index]! += 1;
    left -= 1;
  }
  return shares;
}
