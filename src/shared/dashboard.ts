import { z } from 'zod';
import { queryDay } from './query-params.js';
import { ORDER_STATUSES } from './orders.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payments.js';

/**
 * The store owner's desk (ADR 0021): the admin panel's Dashboard, its figures for a period of days
 * in Nepal's time zone, in one answer.
 *
 *   GET /api/admin/dashboard?period=today|7d|30d          (admin bearer; default 7d)
 *   GET /api/admin/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD (Nepal days, both inclusive, at most 366 days)
 *
 * Orders count in the period of the day they were placed (Nepal time). Revenue is what the shop has
 * taken: orders paid online (payment status paid) and cash-on-delivery orders delivered. Amounts are
 * rupee numbers, as everywhere in the API.
 */

/** Nepal Standard Time is UTC+05:45 all year (no daylight saving since 1986). */
export const NEPAL_UTC_OFFSET_MINUTES = 345;
export const NEPAL_TIME_ZONE = 'Asia/Kathmandu';
/** A product is low on stock at or under its own threshold, or this one when it has none. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** The longest period one answer covers: a year, a leap day included. */
export const DASHBOARD_MAX_DAYS = 366;
export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '7d';
const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };
/** Products in each top list. */
export const TOP_PRODUCTS = 5;
/** Coupon codes in the Dashboard's list (the most revenue first). */
export const TOP_COUPONS = 10;
/** Orders shown in each "waiting for action" group (the oldest; the count says how many in all). */
export const WAITING_ORDERS_SHOWN = 5;
/** Products shown in the low-stock and out-of-stock lists (the fewest left first). */
export const STOCK_PRODUCTS_SHOWN = 20;

export const DASHBOARD_MESSAGES = {
  periodOrRange: 'Give either period or from and to, not both',
  rangeIncomplete: 'from and to go together',
  fromAfterTo: 'from must not be after to',
  rangeTooLong: `The period can be at most ${DASHBOARD_MAX_DAYS} days`,
} as const;

// ---------------------------------------------------------------------------------------------
// Nepal days ('YYYY-MM-DD')

const DAY_MS = 86_400_000;
const OFFSET_MS = NEPAL_UTC_OFFSET_MINUTES * 60_000;

/** The date in Nepal at an instant. */
export function nepalDay(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Nepal day begins (its 00:00 in Kathmandu is 18:15 UTC the day before). */
export function nepalDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both counted (1 for one day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The days of a named period that ends today: today alone, or the last 7 or 30 days. */
export function periodRange(period: DashboardPeriod, today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - PERIOD_DAYS[period]), to: today };
}

// ---------------------------------------------------------------------------------------------
// The query

export const dashboardQuerySchema = z
  .object({
    period: z.enum(DASHBOARD_PERIODS, { error: `period must be one of ${DASHBOARD_PERIODS.join(', ')}` }).optional(),
    from: queryDay('from'),
    to: queryDay('to'),
  })
  .superRefine((query, ctx) => {
    const range = query.from !== undefined || query.to !== undefined;
    if (range && query.period !== undefined) {
      ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.periodOrRange, path: ['period'] });
    } else if (range && (query.from === undefined || query.to === undefined)) {
      ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.rangeIncomplete, path: [query.from ? 'to' : 'from'] });
    } else if (query.from !== undefined && query.to !== undefined) {
      if (query.from > query.to) ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.fromAfterTo, path: ['from'] });
      else if (daysInRange(query.from, query.to) > DASHBOARD_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.rangeTooLong, path: ['to'] });
      }
    }
  });
export type DashboardQueryInput = z.input<typeof dashboardQuerySchema>;
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The answer

const topProductSchema = z.object({
  productId: z.number(),
  /** The product's name now (a deleted product keeps its row and name). */
  name: z.string(),
  units: z.number(),
  /** Rupees: price × quantity of its lines (delivery charges are the orders', not a product's). */
  revenue: z.number(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

const waitingOrderSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  totalAmount: z.number(),
  fullName: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** A refund owed for more than seven days (refund due only). */
  overdue: z.boolean().optional(),
});
export type WaitingOrder = z.infer<typeof waitingOrderSchema>;

/** How many orders wait, and the ones waiting longest. */
const waitingGroupSchema = z.object({
  count: z.number(),
  orders: z.array(waitingOrderSchema),
  /** Refund due only: how many refunds are owed for more than seven days. */
  overdue: z.number().optional(),
});
export type WaitingGroup = z.infer<typeof waitingGroupSchema>;

/**
 * A product, or a variant of one, at or under its threshold. A variant is listed on its own: its
 * `name` is the product's with the label after it ("Galaxy S24 (256 GB / Black)"), its stock its
 * own, its threshold the product's; `id` is the product's either way.
 */
const stockProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The variant low on stock; null: the product sold as itself. */
  variantId: z.number().nullable(),
  variantLabel: z.string().nullable(),
  stock: z.number(),
  /** The product's own threshold, or the default when it has none. */
  threshold: z.number(),
});
export type StockProduct = z.infer<typeof stockProductSchema>;
const stockGroupSchema = z.object({ count: z.number(), products: z.array(stockProductSchema) });

const statusCountsShape = Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number()])) as Record<
  (typeof ORDER_STATUSES)[number],
  z.ZodNumber
>;

export const dashboardSchema = z.object({
  period: z.object({
    /** First and last day, both included, in Nepal's time zone. */
    from: z.string(),
    to: z.string(),
    days: z.number(),
    timeZone: z.literal(NEPAL_TIME_ZONE),
  }),
  /**
   * Revenue is net of returns settled by refund: the returned lines' amount comes off the revenue
   * of the day their order was placed (the order still counts among `orders`).
   */
  revenue: z.object({
    /** Rupees: online + cashOnDelivery. */
    total: z.number(),
    /** Orders paid through eSewa or Khalti (and not refunded or due a refund). */
    online: z.number(),
    /** Cash-on-delivery orders delivered. */
    cashOnDelivery: z.number(),
    /** How many orders the revenue is made of. */
    orders: z.number(),
  }),
  /** Rupees: revenue ÷ the orders it is made of (0 without any), to the paisa. */
  averageOrderValue: z.number(),
  /** Every order placed in the period, by its status now. */
  orders: z.object({ total: z.number(), byStatus: z.object(statusCountsShape) }),
  /** Accounts registered in the period and verified. */
  newShoppers: z.number(),
  /** Each day of the period, in order, days without orders included. */
  revenueByDay: z.array(z.object({ day: z.string(), online: z.number(), cashOnDelivery: z.number(), orders: z.number() })),
  topProducts: z.object({ byRevenue: z.array(topProductSchema), byUnits: z.array(topProductSchema) }),
  /**
   * The coupon discounts of the orders the revenue is made of (so never a cancelled, refunded or
   * test-payment order's): rupees given in all and how many orders; and the top codes by revenue.
   */
  discounts: z.object({
    total: z.number(),
    orders: z.number(),
    byCoupon: z.array(
      z.object({
        code: z.string(),
        orders: z.number(),
        /** Rupees taken off these orders. */
        discount: z.number(),
        /** Rupees: these orders' totals (after the discount), as in revenue. */
        revenue: z.number(),
      }),
    ),
  }),
  /** Orders placed in the period and not cancelled, by the way they are paid; every method, most orders first. */
  paymentMethods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), orders: z.number(), amount: z.number() })),
  /** Now, whatever the period. */
  waiting: z.object({
    /** Pending orders to confirm (not those still waiting for their online payment). */
    pending: waitingGroupSchema,
    /** Online orders whose payment has not come within the payment time limit. */
    awaitingPayment: waitingGroupSchema,
    /** Money taken for a cancelled order, to be given back. */
    refundDue: waitingGroupSchema,
    /** Cash-on-delivery orders waiting for the shop's confirmation (pending, unpaid). */
    codToConfirm: waitingGroupSchema,
  }),
  /** Minutes an online payment may take (PAYMENT_TIMEOUT_MINUTES): awaitingPayment waited longer. */
  paymentTimeoutMinutes: z.number(),
  /** Hours a cash-on-delivery order waits for the shop's confirmation (COD_CONFIRM_HOURS) before it is cancelled. */
  codConfirmHours: z.number(),
  /**
   * Now: products (and variants, each on its own) whose stock is tracked, at or under their
   * threshold (low: 1 or more left; out: none).
   */
  stock: z.object({ defaultThreshold: z.number(), low: stockGroupSchema, out: stockGroupSchema }),
  generatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
