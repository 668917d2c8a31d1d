import { z } from 'zod';

/**
 * Alerts that bring shoppers back, each a mail in the shopper's language with a one-click
 * unsubscribe:
 *   POST /api/products/:id/notify-me {variantId?}  (shopper bearer) → 201 {message} (200 when already asked)
 *        one mail when the sold-out product or variant is back in stock, then the request ends;
 *        409 while it is in stock.
 *   GET  /api/users/:userId/alerts                  → {alerts: AlertSettings}
 *   PUT  /api/users/:userId/alerts  AlertSettings   → {alerts}   (the Account tab's switches)
 *   GET  /api/alerts/unsubscribe?u=&k=&t=           → a page that asks to confirm (no login)
 *   POST /api/alerts/unsubscribe?u=&k=&t=           → turns that kind off (RFC 8058 one-click)
 */

export const ALERT_KINDS = ['back-in-stock', 'price-drop', 'cart-reminder'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const NOTIFY_ME_MESSAGES = {
  subscribed: 'We will email you once when it is back in stock',
  inStock: 'This is in stock: you can order it now',
  productIdInvalid: 'Invalid product id',
  variantIdInvalid: 'variantId must be a positive whole number',
  productNotFound: 'Product not found',
  variantNotFound: 'Variant not found',
  chooseVariant: 'Choose the variant you want to be told about',
  noVariants: 'This product has no variants to choose from',
  ownAlertsOnly: 'You can only change your own alerts',
} as const;

export const notifyMeSchema = z.object({
  variantId: z
    .number({ error: NOTIFY_ME_MESSAGES.variantIdInvalid })
    .int(NOTIFY_ME_MESSAGES.variantIdInvalid)
    .min(1, NOTIFY_ME_MESSAGES.variantIdInvalid)
    .max(2 ** 31 - 1, NOTIFY_ME_MESSAGES.variantIdInvalid)
    .optional(),
});
export type NotifyMeInput = z.infer<typeof notifyMeSchema>;
export const notifyMeResponseSchema = z.object({ message: z.string() });

/** Which alert mails the shopper wants (all on unless turned off). */
export const alertSettingsSchema = z.object({
  backInStock: z.boolean({ error: 'backInStock must be true or false' }),
  priceDrop: z.boolean({ error: 'priceDrop must be true or false' }),
  cartReminder: z.boolean({ error: 'cartReminder must be true or false' }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
export const alertSettingsResponseSchema = z.object({ alerts: alertSettingsSchema });

export const SETTING_OF_KIND: Record<AlertKind, keyof AlertSettings> = {
  'back-in-stock': 'backInStock',
  'price-drop': 'priceDrop',
  'cart-reminder': 'cartReminder',
};
