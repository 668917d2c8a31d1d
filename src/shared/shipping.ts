import { z } from 'zod';
import { bikramSambatOfDay } from './bikram-sambat.js';

/**
 * Couriers, tracking numbers and units' serials (ADR 0053).
 *   GET    /api/admin/couriers (permission 'orders.write') → {couriers}
 *   POST   /api/admin/couriers {name, trackingUrl} (permission 'settings') → 201 {courier}
 *   PUT    /api/admin/couriers/:id {name, trackingUrl} (permission 'settings') → {courier}
 *   DELETE /api/admin/couriers/:id (permission 'settings') → 204 (orders it carried keep its name)
 *   PUT    /api/admin/couriers/categories/:categoryId {serialRequired} (permission 'catalog.write')
 *   PUT    /api/admin/couriers/products/:productId {warrantyMonths} (permission 'catalog.write')
 *   GET    the same two addresses (permission 'catalog.read') → {categoryId, serialRequired} · {productId, warrantyMonths}
 *   PUT    /api/orders/:id/status {status: 'shipped', courier, trackingNumber, serials}
 * `courier` is a courier's id; `serials` lists, per order line, one serial (or IMEI) per unit. A
 * line of a category that requires serials cannot ship without them; courier and tracking number go
 * together. The shopper's order shows the courier, a tracking link and each unit's warranty end.
 */

export const SHIPPING_LIMITS = {
  nameMax: 60,
  urlMax: 300,
  trackingMax: 60,
  serialMax: 60,
  warrantyMonthsMax: 120,
} as const;

/** Where a courier's tracking address puts the tracking number. */
export const TRACKING_PLACEHOLDER = '{tracking}';

export const SHIPPING_MESSAGES = {
  courierNameInvalid: 'Courier name must be 1 to 60 characters',
  trackingUrlInvalid: 'Tracking URL must be an https address of at most 300 characters with {tracking} in it',
  courierIdInvalid: 'Courier id must be a positive whole number',
  courierNotFound: 'Courier not found',
  courierUnknown: 'That courier is not in the shop’s list',
  trackingNumberInvalid: 'Tracking number must be 1 to 60 letters, digits or dashes',
  courierWithoutTracking: 'Give both the courier and the tracking number',
  serialInvalid: 'A serial must be 1 to 60 letters, digits, dashes, dots or slashes',
  serialTwice: (serial: string) => `Serial ${serial} is given twice in this order`,
  serialsCount: (name: string, quantity: number) => `${name} needs ${quantity} serial${quantity === 1 ? '' : 's'}, one per unit`,
  serialsRequired: (name: string) => `${name} cannot ship without each unit’s serial number`,
  lineNotInOrder: 'That item is not in this order',
  orderItemIdInvalid: 'orderItemId must be a positive whole number',
  lineTwice: 'Each item may be listed once',
  shippingOnlyWhenShipped: 'Courier, tracking number and serials are given only when the order is shipped',
  serialRequiredInvalid: 'serialRequired must be true or false',
  warrantyMonthsInvalid: 'warrantyMonths must be a whole number from 1 to 120, or null',
  productIdInvalid: 'Product id must be a positive whole number',
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
} as const;

const positiveInt = (message: string) => z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

export const courierInputSchema = z.object({
  name: z
    .string({ error: SHIPPING_MESSAGES.courierNameInvalid })
    .trim()
    .min(1, SHIPPING_MESSAGES.courierNameInvalid)
    .max(SHIPPING_LIMITS.nameMax, SHIPPING_MESSAGES.courierNameInvalid),
  trackingUrl: z
    .string({ error: SHIPPING_MESSAGES.trackingUrlInvalid })
    .trim()
    .max(SHIPPING_LIMITS.urlMax, SHIPPING_MESSAGES.trackingUrlInvalid)
    .refine(
      (url) => /^https:\/\/[^\s<>"]+$/.test(url) && url.includes(TRACKING_PLACEHOLDER),
      SHIPPING_MESSAGES.trackingUrlInvalid,
    ),
});
export type CourierInput = z.infer<typeof courierInputSchema>;

export const courierSchema = z.object({ id: z.number(), name: z.string(), trackingUrl: z.string() });
export type Courier = z.infer<typeof courierSchema>;
export const courierResponseSchema = z.object({ courier: courierSchema });
export const couriersResponseSchema = z.object({ couriers: z.array(courierSchema) });

export const categorySerialsSchema = z.object({ serialRequired: z.boolean({ error: SHIPPING_MESSAGES.serialRequiredInvalid }) });
export const productWarrantyMonthsSchema = z.object({
  warrantyMonths: z
    .number({ error: SHIPPING_MESSAGES.warrantyMonthsInvalid })
    .int(SHIPPING_MESSAGES.warrantyMonthsInvalid)
    .min(1, SHIPPING_MESSAGES.warrantyMonthsInvalid)
    .max(SHIPPING_LIMITS.warrantyMonthsMax, SHIPPING_MESSAGES.warrantyMonthsInvalid)
    .nullable(),
});

const serialSchema = z
  .string({ error: SHIPPING_MESSAGES.serialInvalid })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9./-]{0,59}$/, SHIPPING_MESSAGES.serialInvalid);

/** The shipping parts of PUT /api/orders/:id/status (merged into its body). */
export const shippingFields = {
  courier: positiveInt(SHIPPING_MESSAGES.courierIdInvalid).optional(),
  trackingNumber: z
    .string({ error: SHIPPING_MESSAGES.trackingNumberInvalid })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,59}$/, SHIPPING_MESSAGES.trackingNumberInvalid)
    .optional(),
  serials: z
    .array(
      z.object({
        orderItemId: positiveInt(SHIPPING_MESSAGES.orderItemIdInvalid),
        serials: z.array(serialSchema).max(1000),
      }),
    )
    .max(200)
    .optional(),
};
export interface ShippingInput {
  courier?: number;
  trackingNumber?: string;
  serials?: Array<{ orderItemId: number; serials: string[] }>;
}

/** A shipped order's courier as the shopper sees it; trackingUrl is the courier's address with the number in it. */
export const shipmentSchema = z.object({
  courier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  shippedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * One unit of a line: its serial and the day its warranty ends, AD ('YYYY-MM-DD') and Bikram
 * Sambat ('YYYY-MM-DD' of BS); null without a warranty counted.
 */
export const unitSchema = z.object({
  serial: z.string(),
  warrantyEnds: z.string().nullable(),
  warrantyEndsBs: z.string().nullable(),
});
export type ShippedUnit = z.infer<typeof unitSchema>;

/** A Bikram Sambat date of an AD day as 'YYYY-MM-DD'; null outside the converter's years. */
export function bsDay(day: string): string | null {
  const date = bikramSambatOfDay(day);
  const pad = (n: number) => String(n).padStart(2, '0');
  return date ? `${date.year}-${pad(date.month)}-${pad(date.day)}` : null;
}

/** The courier's tracking address for a number (the number URL-encoded). */
export function trackingLink(template: string, trackingNumber: string): string {
  return template.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(trackingNumber));
}

/** The day ('YYYY-MM-DD') a warranty of `months` ends, counted from the instant `from` (its day in Nepal). */
export function warrantyEndDay(from: string, months: number): string {
  const nepal = new Date(new Date(from).getTime() + (5 * 60 + 45) * 60_000);
  const year = nepal.getUTCFullYear();
  const month = nepal.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month, Math.min(nepal.getUTCDate(), lastDay)));
  return end.toISOString().slice(0, 10);
}
