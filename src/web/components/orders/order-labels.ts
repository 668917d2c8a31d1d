import type { NepalProvince } from '../../../shared/orders';
import type { PaymentMethodId } from '../../../shared/payments';
import type { MessageId, Translate } from '../../lib/i18n';

/**
 * The names of an order's fixed values in the page's language: the ways to pay and Nepal's
 * provinces, which the checkout offers and the orders and the invoice show. Their ids are in the
 * `cart` area (the main part of the catalogue): the checkout runs in the cart drawer, on pages
 * without the account part. Types only from shared/orders.ts, so the drawer's code stays free of zod.
 */

export const PAYMENT_METHOD_MESSAGES = {
  cod: 'cart.paymentMethod.cod',
  esewa: 'cart.paymentMethod.esewa',
  khalti: 'cart.paymentMethod.khalti',
} as const satisfies Record<PaymentMethodId, MessageId>;

export const PROVINCE_MESSAGES = {
  Koshi: 'cart.province.koshi',
  Madhesh: 'cart.province.madhesh',
  Bagmati: 'cart.province.bagmati',
  Gandaki: 'cart.province.gandaki',
  Lumbini: 'cart.province.lumbini',
  Karnali: 'cart.province.karnali',
  Sudurpashchim: 'cart.province.sudurpashchim',
} as const satisfies Record<NepalProvince, MessageId>;

/** The message of `value` in a value → message table, or undefined for a value it does not know. */
export function messageOf<Key extends string>(table: Record<Key, MessageId>, value: string): MessageId | undefined {
  return Object.hasOwn(table, value) ? table[value as Key] : undefined;
}

/** A province's name ('बागमती' for 'Bagmati'); a value the shop does not know is shown as it is. */
export function provinceName(province: string, t: Translate): string {
  const id = messageOf(PROVINCE_MESSAGES, province);
  return id ? t(id) : province;
}
