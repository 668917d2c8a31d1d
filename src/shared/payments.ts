import { z } from 'zod';
import { VALLEY_DISTRICT_NAMES, findDistrict } from './districts.js';
import { type DeliveryRates, placeFeePaisa } from './money.js';

// The delivery rule itself lives with the money helpers, which every page already loads: the
// product page tells by it without loading the districts.
export { type DeliveryRates, deliveryRatesOf, placeFeePaisa } from './money.js';

/**
 * Paying for an order: the payment statuses, the delivery charge by place and the VAT
 * inside every price. Shared so the checkout shows exactly what the server will charge.
 */

/**
 * Ways to pay: cash to the courier, or now with eSewa or Khalti. The server offers the
 * wallets that are configured (GET /api/orders/payment-options); see features/payments/methods.ts.
 */
export const PAYMENT_METHODS = ['cod', 'esewa', 'khalti'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodId, string> = {
  cod: 'Cash on Delivery',
  esewa: 'eSewa',
  khalti: 'Khalti',
};
/** The wallets: paid before delivery, through a gateway. */
export const ONLINE_PAYMENT_METHODS = ['esewa', 'khalti'] as const;
export type OnlinePaymentMethodId = (typeof ONLINE_PAYMENT_METHODS)[number];

/**
 * unpaid: cash on delivery, paid to the courier · awaiting_payment: an eSewa or Khalti order whose
 * payment is not confirmed yet · paid: the gateway's own API said so · failed: never paid (the
 * order was cancelled) · refund_due: money was taken for a cancelled order · refunded: given back.
 */
export const PAYMENT_STATUSES = ['unpaid', 'awaiting_payment', 'paid', 'failed', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Pay on delivery',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Not paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

/** Districts of the Kathmandu valley, where delivery costs the valley rate. */
export const VALLEY_DISTRICTS = VALLEY_DISTRICT_NAMES;

/** Whether the text names a district of the valley, in either script ('lalitpur', 'ललितपुर'). */
export function isValleyDistrict(district: string): boolean {
  return findDistrict(district)?.valley === true;
}

/** The delivery charge of an order of `subtotalPaisa` to `district`. */
export function deliveryFeePaisa(district: string, subtotalPaisa: number, rates: DeliveryRates): number {
  return placeFeePaisa(isValleyDistrict(district), subtotalPaisa, rates);
}

/** Nepal's VAT rate; shop prices include it. */
export const VAT_PERCENT = 13;

/** The VAT part of an amount that includes VAT at 13 %, in whole paisa. */
export function vatIncludedPaisa(amountPaisa: number): number {
  return Math.round((amountPaisa * VAT_PERCENT) / (100 + VAT_PERCENT));
}

/** How many days a delivery takes: min = max for one number (DELIVERY_DAYS_VALLEY, DELIVERY_DAYS_OUTSIDE). */
export const deliveryDaysSchema = z.object({ min: z.number(), max: z.number() });
export type DeliveryDays = z.infer<typeof deliveryDaysSchema>;

/**
 * GET /api/orders/payment-options: what the checkout may offer and charge (rupees), and how long a
 * delivery takes (the product page says both).
 */
export const paymentOptionsSchema = z.object({
  methods: z.array(z.object({ id: z.enum(['cod', 'esewa', 'khalti']), label: z.string() })),
  /** The payment sandbox takes the online payments: they are tests, no money moves (every page says so). */
  sandbox: z.boolean(),
  delivery: z.object({
    valleyFee: z.number(),
    outsideFee: z.number(),
    freeFrom: z.number(),
    valleyDistricts: z.array(z.string()),
    valleyDays: deliveryDaysSchema,
    outsideDays: deliveryDaysSchema,
  }),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/**
 * Where the shopper pays, beside the order in the create (and pay-again) answer: for eSewa a form
 * to POST (fields included), for Khalti a page to open (GET).
 */
export const paymentRedirectSchema = z.object({
  method: z.enum(['POST', 'GET']),
  url: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type PaymentRedirect = z.infer<typeof paymentRedirectSchema>;

/** The result a gateway's return lands on: /account?tab=orders&order=…&payment=<result>. */
export const PAYMENT_RESULTS = ['paid', 'pending', 'failed'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

export const PAYMENT_MESSAGES = {
  gatewayUnavailable: 'The payment service is not answering right now. Your order is saved: please try again in a few minutes.',
  notAwaiting: 'This order is not waiting for an online payment',
  alreadyPaid: 'This order is already paid',
  tooManyTries: 'This order has had too many payment tries. Please pay on delivery or contact the store.',
  methodUnavailable: 'This payment method is not available',
  tooSmallForKhalti: 'Khalti takes payments of Rs. 10 or more',
  refundNotDue: 'Only an order with a refund due can be marked refunded',
  markedRefunded: 'Marked as refunded',
  deadlinePassed: 'The time to pay for this order has run out, so it can no longer be paid online. Please place a new order.',
  switchDeadlinePassed: 'The time to pay for this order has run out. Please place a new order.',
} as const;

/** Body of POST …/order/:orderId/pay (optional): try again with this wallet instead. */
export const payAgainSchema = z
  .object({ paymentMethod: z.enum(ONLINE_PAYMENT_METHODS, { error: 'paymentMethod must be esewa or khalti' }).optional() })
  .nullish();

/** Body of PUT /api/orders/:id/payment (admin): the refund was made. */
export const updatePaymentSchema = z.object({
  paymentStatus: z.literal('refunded', { error: 'paymentStatus must be refunded' }),
});
