import { z } from 'zod';
import { shipmentSchema, shippingFields, unitSchema } from './shipping.js';
import { typedPhone } from './typed-numbers.js';
import { userIdSchema } from './accounts.js';
import { formatPrice } from './money.js';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, PAYMENT_STATUSES, paymentRedirectSchema } from './payments.js';
import { DISTRICTS, findDistrict } from './districts.js';

/**
 * The checkout and orders contract:
 *
 *   POST /api/orders/create            createOrderSchema → 201 {order}   (shopper bearer)
 *        header Idempotency-Key (optional): a repeat with the same key answers 200 {order}, the same order.
 *        The order is built from the shopper's cart on the server at today's prices; the body's
 *        cartItems are ignored and totalAmount is only compared (409 TOTAL_CHANGED with currentTotal).
 *   GET  /api/orders/user/:userId                        → {orders: Order[]}  newest first
 *   GET  /api/orders/user/:userId/order/:orderId         → {order: OrderDetail} 404 if not the shopper's
 *   POST /api/orders/user/:userId/order/:orderId/cancel {reason} → {order: OrderDetail}  while pending
 *        (404 if not the shopper's, 409 NOT_PENDING otherwise; a repeat of the shopper's own cancel answers it again)
 *   GET  /api/orders/user/:userId/last-address           → {address: DeliveryAddress | null}
 *   GET  /api/orders/all                  (admin bearer) → Order[] (every order, newest first), or with
 *        any of adminOrdersQuerySchema's parameters → OrdersPage
 *   GET  /api/orders/:id                  (admin bearer) → {order: OrderDetail}
 *   PUT  /api/orders/:id/status {status, reason?}  (admin bearer) → {order}   (originally {status};
 *        the reason, which the admin panel asks for before cancelling, goes into the history and the mail)
 *
 * Amounts are rupee numbers; createdAt/updatedAt are ISO-8601 UTC strings.
 * Error bodies are {message, code, ...}; see ORDER_ERROR_CODES for the codes a client may act on.
 */

// ---------------------------------------------------------------------------------------------
// Fixed values

/** The status values, in the order the admin's select offers them. */
export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The seven provinces of Nepal, east to west. */
export const NEPAL_PROVINCES = ['Koshi', 'Madhesh', 'Bagmati', 'Gandaki', 'Lumbini', 'Karnali', 'Sudurpashchim'] as const;
export type NepalProvince = (typeof NEPAL_PROVINCES)[number];

/** Request header that makes POST /api/orders/create safe to retry (e.g. a UUID per checkout attempt). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export const FULL_NAME_MAX = 100;
export const DISTRICT_MAX = 60;
export const CITY_MAX = 100;
export const ADDRESS_MAX = 200;
export const LANDMARK_MAX = 200;
export const ORDER_PAGE_SIZE_DEFAULT = 20;
/** A cancellation's reason (the shopper's or the admin's), in characters after trimming. */
export const CANCEL_REASON_MIN = 3;
export const CANCEL_REASON_MAX = 300;
export const ORDER_PAGE_SIZE_MAX = 100;

/** Validation messages of the checkout form (web and server). */
export const CHECKOUT_MESSAGES = {
  fullNameRequired: 'Full Name is required',
  fullNameTooLong: `Full Name must be at most ${FULL_NAME_MAX} characters`,
  phoneRequired: 'Phone Number is required',
  phoneDigits: 'Phone Number should be 10 digits',
  provinceRequired: 'Province is required',
  provinceInvalid: `Province must be one of ${NEPAL_PROVINCES.join(', ')}`,
  districtRequired: 'District is required',
  districtTooLong: `District must be at most ${DISTRICT_MAX} characters`,
  districtUnknown: `District must be one of the ${DISTRICTS.length} districts of Nepal`,
  districtOtherProvince: 'District must be in the chosen Province',
  cityRequired: 'City or Municipality is required',
  cityTooLong: `City or Municipality must be at most ${CITY_MAX} characters`,
  addressRequired: 'Street Address is required',
  addressTooLong: `Street Address must be at most ${ADDRESS_MAX} characters`,
  landmarkTooLong: `Landmark must be at most ${LANDMARK_MAX} characters`,
  paymentMethodRequired: 'Payment Method is required',
  paymentMethodInvalid: `Payment Method must be one of: ${PAYMENT_METHODS.map((id) => PAYMENT_METHOD_LABELS[id]).join(', ')}`,
  totalRequired: 'totalAmount is required',
  totalInvalid: 'totalAmount must be a number of 0 or more',
} as const;

/** Texts of the orders API's answers. */
export const ORDER_MESSAGES = {
  created: 'Order created successfully',
  notVerified: 'Please verify your email before placing an order',
  cartEmpty: 'Your cart is empty',
  totalChanged: (currentTotal: number) =>
    `Prices in your cart have changed: the total is now ${formatPrice(currentTotal)}. Please review your cart and try again.`,
  outOfStock: (name: string) => `"${name}" is out of stock`,
  notEnoughStock: (name: string, available: number) => `Only ${available} of "${name}" left in stock`,
  productUnavailable: (name: string) => `"${name}" is no longer available. Please remove it from your cart.`,
  tooLarge: 'This order is too large to place online. Please contact the store.',
  idempotencyKeyInvalid: `${IDEMPOTENCY_KEY_HEADER} must be 1 to 200 visible ASCII characters`,
  orderNotFound: 'Order not found',
  ownOrdersOnly: 'You can only access your own orders',
  statusInvalid: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
  reopenOutOfStock: (name: string, available: number) => `Cannot reopen this order: only ${available} of "${name}" left in stock`,
  reopenVoided: 'Cannot reopen this order: its tax invoice was voided with a credit note. Please place a new order.',
  notPending: 'Only a pending order can be cancelled',
  reasonRequired: 'Please give a reason for cancelling',
  reasonTooShort: `The reason must be at least ${CANCEL_REASON_MIN} characters`,
  reasonTooLong: `The reason must be at most ${CANCEL_REASON_MAX} characters`,
  tooManyOpenOrders: (count: number) =>
    `You have ${count} order${count === 1 ? '' : 's'} waiting for payment or confirmation. Please complete or cancel one before placing another.`,
  // The same words as the cart's (CART_MESSAGES.tooManyUnits): a shopper meets them there first.
  tooManyUnits: (name: string, max: number, allVariants = false) =>
    allVariants
      ? `You can order at most ${max} of "${name}" at a time, counting all its variants together`
      : `You can order at most ${max} of "${name}" at a time`,
} as const;

/** Stable `code`s of the error bodies a client may act on. */
export const ORDER_ERROR_CODES = {
  notVerified: 'NOT_VERIFIED',
  cartEmpty: 'CART_EMPTY',
  /** Body also has currentTotal (rupees): the server's total of the cart now. */
  totalChanged: 'TOTAL_CHANGED',
  /** Body also has productId, productName, available. */
  outOfStock: 'OUT_OF_STOCK',
  /** A product in the cart was deleted. Body also has productId, productName. */
  productUnavailable: 'PRODUCT_UNAVAILABLE',
  /** The shopper's cancel of an order that is no longer pending. */
  notPending: 'NOT_PENDING',
  /** The shopper already has MAX_OPEN_ORDERS open orders. Body also has limit. */
  tooManyOpenOrders: 'TOO_MANY_OPEN_ORDERS',
  /** More units of a product than one order may take. Body also has productId, productName, limit. */
  tooManyUnits: 'TOO_MANY_UNITS',
  /** The admin's reopening of a cancelled sale whose invoice was voided with a credit note. */
  reopenVoided: 'REOPEN_VOIDED',
} as const;

// ---------------------------------------------------------------------------------------------
// Order ids as people read them

const STORED_ORDER_ID = /^ORD-([0-9A-Z]{4})([0-9A-Z]{4})([0-9A-Z]{4})([0-9A-Z]{4})$/;

/**
 * An order id in groups of four, to read over the phone: 'ORD-HAQ4W5S9THSTWKGX' is shown as
 * 'ORD-HAQ4-W5S9-THST-WKGX'. Only for showing: the stored id, the API's ids and addresses keep the
 * plain form. Any other text (an id of another shape) is returned as it is.
 */
export function formatOrderId(id: string): string {
  const match = STORED_ORDER_ID.exec(id);
  return match ? `ORD-${match.slice(1).join('-')}` : id;
}

/**
 * An order id (or a part of one) as typed, in the form to look for inside the stored ids with
 * their hyphen taken out: letters and digits only, upper case ('ord-haq4 w5s9' → 'ORDHAQ4W5S9').
 * Undefined when the text is not made of letters, digits, hyphens and spaces only.
 */
export function compactOrderId(text: string): string | undefined {
  if (!/^[0-9A-Za-z\s-]+$/.test(text)) return undefined;
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  return compact === '' ? undefined : compact;
}

/** Whether the order id contains what was typed, grouped or not ('HAQ4-W5S9', 'ord haq4w5s9'). */
export function orderIdMatches(id: string, typed: string): boolean {
  const wanted = compactOrderId(typed.trim());
  return wanted !== undefined && id.replace(/-/g, '').toUpperCase().includes(wanted);
}

// ---------------------------------------------------------------------------------------------
// The checkout form and the create call

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** The delivery address a Nepali shop needs (also what last-address answers). */
export const deliveryAddressSchema = z.object({
  fullName: requiredText(CHECKOUT_MESSAGES.fullNameRequired, FULL_NAME_MAX, CHECKOUT_MESSAGES.fullNameTooLong),
  phone: z
    .string({ error: CHECKOUT_MESSAGES.phoneRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.phoneRequired)
    .transform(typedPhone)
    .pipe(z.string().regex(/^\d{10}$/, CHECKOUT_MESSAGES.phoneDigits)),
  province: z
    .string({ error: CHECKOUT_MESSAGES.provinceRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.provinceRequired)
    .pipe(z.enum(NEPAL_PROVINCES, { error: CHECKOUT_MESSAGES.provinceInvalid })),
  /** One of the 77 by its English (any case) or Nepali name; stored as its English name. */
  district: requiredText(CHECKOUT_MESSAGES.districtRequired, DISTRICT_MAX, CHECKOUT_MESSAGES.districtTooLong).transform(
    (value, ctx) => {
      const district = findDistrict(value);
      if (district) return district.en;
      ctx.addIssue({ code: 'custom', message: CHECKOUT_MESSAGES.districtUnknown });
      return z.NEVER;
    },
  ),
  city: requiredText(CHECKOUT_MESSAGES.cityRequired, CITY_MAX, CHECKOUT_MESSAGES.cityTooLong),
  address: requiredText(CHECKOUT_MESSAGES.addressRequired, ADDRESS_MAX, CHECKOUT_MESSAGES.addressTooLong),
  /** Optional; blank means none. */
  landmark: z
    .string({ error: CHECKOUT_MESSAGES.landmarkTooLong })
    .trim()
    .max(LANDMARK_MAX, CHECKOUT_MESSAGES.landmarkTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

export const paymentMethodSchema = z
  .string({ error: CHECKOUT_MESSAGES.paymentMethodRequired })
  .trim()
  .min(1, CHECKOUT_MESSAGES.paymentMethodRequired)
  .pipe(z.enum(PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.paymentMethodInvalid }));

/** The district must be one of the chosen province's (Lalitpur is not in Sudurpashchim). */
function districtInProvince(value: { province: string; district: string }, ctx: z.RefinementCtx) {
  if (findDistrict(value.district)?.province === value.province) return;
  ctx.addIssue({ code: 'custom', path: ['district'], message: CHECKOUT_MESSAGES.districtOtherProvince });
}

const checkoutFieldsSchema = deliveryAddressSchema.extend({ paymentMethod: paymentMethodSchema });

/** What the checkout form in the cart drawer asks for. */
export const checkoutFormSchema = checkoutFieldsSchema.superRefine(districtInProvince);
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

/** The client's idea of the total, in rupees (a number or a numeric string). */
export const totalAmountSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, CHECKOUT_MESSAGES.totalInvalid)
        .transform(Number),
    ],
    {
      error: (issue) => (issue.input === undefined ? CHECKOUT_MESSAGES.totalRequired : CHECKOUT_MESSAGES.totalInvalid),
    },
  )
  .pipe(z.number().min(0, CHECKOUT_MESSAGES.totalInvalid).max(1e15, CHECKOUT_MESSAGES.totalInvalid));

/** Body of POST /api/orders/create (userId, totalAmount, cartItems plus the checkout form). */
export const createOrderSchema = checkoutFieldsSchema
  .extend({
    userId: userIdSchema,
    totalAmount: totalAmountSchema,
    /** A coupon code for this order (else the one applied to the cart, if any); the server works out its discount. */
    couponCode: z
      .string({ error: 'couponCode must be text' })
      .trim()
      .max(64, 'This coupon code is not valid')
      .optional()
      .transform((code) => (code ? code : undefined)),
    /** Sent by the client for the contract's sake; never read (the server uses its own cart). */
    cartItems: z.array(z.unknown()).max(1000).optional(),
  })
  .superRefine(districtInProvince);
export type CreateOrderInput = z.input<typeof createOrderSchema>;
export type CreateOrder = z.output<typeof createOrderSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const orderItemSchema = z.object({
  id: z.number(),
  /** Unit price in rupees when the order was placed. */
  price: z.number(),
  quantity: z.number(),
  /** The variant sold (null: the product sold as itself). */
  variantId: z.number().nullable(),
  /** The variant's label at the sale ("256 GB / Black"), a snapshot like the product's name; null without a variant. */
  variantLabel: z.string().nullable(),
  /** Snapshot taken at checkout: later renames or deletions do not change it. */
  product: z.object({ id: z.number(), name: z.string(), category: z.string() }),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** What a line was sold as: the product's name, and the variant's label after it ("Galaxy S24 (256 GB / Black)"). */
export function soldName(productName: string, variantLabel: string | null | undefined): string {
  return variantLabel ? `${productName} (${variantLabel})` : productName;
}

/** A line's name as invoices, mails and the CSV show it (soldName). */
export const orderItemName = (item: Pick<OrderItem, 'product' | 'variantLabel'>): string =>
  soldName(item.product.name, item.variantLabel);

export const orderUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
});

export const orderSchema = z.object({
  /** 'ORD-' and 16 random base-32 characters. */
  id: z.string(),
  /** The short sequential number said over the phone (#1042); the id stays in links. */
  number: z.number().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** Rupees: what the shopper pays, subtotal less discount plus deliveryFee. */
  totalAmount: z.number(),
  /** Rupees: the sum of price × quantity of orderItems. */
  subtotal: z.number(),
  /** Rupees: the coupon's discount off the items, taken before VAT (0 without one). */
  discount: z.number(),
  /** The coupon the order used, in upper case; null when none. */
  couponCode: z.string().nullable(),
  /** Rupees: the delivery charge for the order's place (0 when free). */
  deliveryFee: z.number(),
  /** Rupees: the 13 % VAT included in totalAmount (items and delivery). */
  vatAmount: z.number(),
  /**
   * The tax invoice's number, e.g. 'PSL-000042': issued at the sale (the online payment received,
   * or cash on delivery confirmed by the shop); null while the order has none (and for ever when it
   * was cancelled before the sale).
   */
  invoiceNumber: z.string().nullable(),
  /** When the invoice number was issued; null without one. */
  invoiceDate: z.string().nullable(),
  /** The invoice was voided: the order was cancelled or refunded after the sale (see the credit note). */
  invoiceVoid: z.boolean(),
  /** The credit note that reverses a voided invoice, e.g. 'CN-000001', for the order's total; null when none. */
  creditNoteNumber: z.string().nullable(),
  creditNoteDate: z.string().nullable(),
  /** Rupees received beyond the order's own payment (a second or late payment) still to give back; 0 when none. */
  extraRefundDue: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The gateway's reference of the payment (eSewa transaction code, Khalti transaction id), once paid. */
  paymentRef: z.string().nullable(),
  /** Paid through the payment sandbox: a test payment, no money moved (not revenue, not a tax invoice). */
  testPayment: z.boolean(),
  fullName: z.string(),
  phone: z.string(),
  province: z.string(),
  district: z.string(),
  city: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  orderItems: z.array(orderItemSchema),
  user: orderUserSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** Who made a change in an order's history: an admin, the shopper, or the shop itself (a payment check, a gateway). */
export const HISTORY_ACTORS = ['admin', 'shopper', 'shop'] as const;
export type HistoryActor = (typeof HISTORY_ACTORS)[number];

/**
 * One change in an order's history, oldest first: of its status (kind 'status', from and to are
 * ORDER_STATUSES), of its payment (kind 'payment', PAYMENT_STATUSES) or of one of its returns (kind
 * 'return', RETURN_STATUSES of shared/returns.ts; note names the return as 'Return #id') or of one of its
 * warranty claims (kind 'warranty', CLAIM_STATUSES of shared/warranty.ts; note 'Warranty claim #id'). `note` is a cancellation's
 * reason as the shopper or the admin wrote it, or the shop's own note (English) on a payment.
 */
export const orderHistoryEntrySchema = z.object({
  kind: z.enum(['status', 'payment', 'return', 'warranty']),
  from: z.string(),
  to: z.string(),
  at: z.string(),
  by: z.enum(HISTORY_ACTORS),
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** A line of one order read on its own: the product's small picture and whether it is still in the shop. */
export const orderItemDetailSchema = orderItemSchema.extend({
  product: orderItemSchema.shape.product.extend({
    /** The product's first picture, small width; null when it has none or is no longer in the shop. */
    thumbnail: z.string().nullable(),
    /** False once the product was deleted: its page is gone, the line keeps its name. */
    available: z.boolean(),
  }),
  /** Each unit's serial as shipped, with its warranty's end (shared/shipping.ts); empty when none was recorded. */
  units: z.array(unitSchema),
});
export type OrderItemDetail = z.infer<typeof orderItemDetailSchema>;

/** One order read on its own (the shopper's, the admin's): its lines with pictures, and its history. */
export const orderDetailSchema = orderSchema.extend({
  orderItems: z.array(orderItemDetailSchema),
  history: z.array(orderHistoryEntrySchema),
  /** The courier and tracking number once shipped with them; null otherwise. */
  shipment: shipmentSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export const orderDetailResponseSchema = z.object({ order: orderDetailSchema });

export const orderResponseSchema = z.object({ order: orderSchema });
/**
 * The create (and pay-again) answer: for eSewa or Khalti, `payment` is where the shopper pays, or
 * null with `paymentMessage` when the gateway could not be reached (the order stays awaiting).
 */
export const createOrderResponseSchema = orderResponseSchema.extend({
  payment: paymentRedirectSchema.nullable().optional(),
  paymentMessage: z.string().optional(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;
export const userOrdersResponseSchema = z.object({ orders: z.array(orderSchema) });
/** The delivery fields of the shopper's newest order, to prefill the checkout form. */
export const lastAddressSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  province: z.string(),
  district: z.string(),
  city: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  paymentMethod: z.string(),
});
export type LastAddress = z.infer<typeof lastAddressSchema>;
export const lastAddressResponseSchema = z.object({ address: lastAddressSchema.nullable() });
export type LastAddressResponse = z.infer<typeof lastAddressResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Admin

/** A cancellation's reason: required, 3 to 300 characters once trimmed. */
export const reasonSchema = z
  .string({ error: ORDER_MESSAGES.reasonRequired })
  .trim()
  .min(1, ORDER_MESSAGES.reasonRequired)
  .min(CANCEL_REASON_MIN, ORDER_MESSAGES.reasonTooShort)
  .max(CANCEL_REASON_MAX, ORDER_MESSAGES.reasonTooLong);

/** Body of POST …/order/:orderId/cancel (the shopper): why. The cancel dialog validates with it too. */
export const cancelOrderSchema = z.object({ reason: reasonSchema });
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;

/**
 * Body of PUT /api/orders/:id/status. The original API's call sends only {status}, so `reason`
 * stays optional here; the admin panel asks for one before cancelling. Given, it is recorded and
 * mailed.
 */
export const updateOrderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.statusInvalid }),
  reason: reasonSchema.optional(),
  ...shippingFields,
});
