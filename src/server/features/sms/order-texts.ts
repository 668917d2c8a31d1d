import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Locale } from '../../../shared/locale.js';
import { formatPrice } from '../../../shared/money.js';
import { type Order, formatOrderId } from '../../../shared/orders.js';
import { provedPhone } from './queries.js';
import type { SmsSender } from './sender.js';

/**
 * Order updates by text, in the shopper's language, beside the order mails: placed (with the
 * order id and total), shipped, delivered, cancelled, payment received. Each is short (one
 * segment in English, two in Nepali, which travels as Unicode) and its job is written in the
 * transaction of the change, like the mail; the limits and the day's cap are applied when that job
 * runs (SmsSender.queueLater), so a checkout never waits on the day's counter. Texts go only to
 * a number the shopper proved with a code: the account's proved number (which the delivery phone
 * typed at checkout may or may not be); an account with no proved number gets none, so nobody can
 * have the shop text a stranger by typing their number as a delivery phone. A shopper who turned
 * order texts off in the Account tab gets none either.
 */
export type OrderEvent = 'placed' | 'shipped' | 'delivered' | 'cancelled' | 'paid';

export function orderText(event: OrderEvent, order: Pick<Order, 'id' | 'totalAmount'>, storeName: string, locale: Locale): string {
  const id = formatOrderId(order.id);
  const total = formatPrice(order.totalAmount, locale);
  if (locale === 'ne') {
    switch (event) {
      case 'placed':
        return `${storeName}: तपाईंको अर्डर ${id} राखियो। जम्मा ${total}। पठाएपछि SMS गर्नेछौं।`;
      case 'shipped':
        return `${storeName}: तपाईंको अर्डर ${id} पठाइयो, अब बाटोमा छ।`;
      case 'delivered':
        return `${storeName}: तपाईंको अर्डर ${id} पुर्‍याइयो। धन्यवाद!`;
      case 'cancelled':
        return `${storeName}: तपाईंको अर्डर ${id} रद्द गरियो।`;
      case 'paid':
        return `${storeName}: अर्डर ${id} को ${total} भुक्तानी पायौं। धन्यवाद!`;
    }
  }
  switch (event) {
    case 'placed':
      return `${storeName}: Order ${id} placed. Total ${total}. We will text you when it ships.`;
    case 'shipped':
      return `${storeName}: Order ${id} has been shipped and is on its way.`;
    case 'delivered':
      return `${storeName}: Order ${id} was delivered. Thank you!`;
    case 'cancelled':
      return `${storeName}: Order ${id} was cancelled.`;
    case 'paid':
      return `${storeName}: We received your payment of ${total} for order ${id}. Thank you!`;
  }
}

/** The status an order changed to, as the text it brings (none for pending and confirmed). */
export function eventOfStatus(status: string): OrderEvent | undefined {
  return status === 'shipped' || status === 'delivered' || status === 'cancelled' ? status : undefined;
}

/** Queues the order's text in the caller's transaction (the caller wakes the queue after commit, as for mail). */
export async function queueOrderText(
  sms: SmsSender,
  trx: Kysely<Database> | Transaction<Database>,
  options: { event: OrderEvent; order: Pick<Order, 'id' | 'totalAmount' | 'user'>; storeName: string; locale: Locale },
): Promise<void> {
  const { order } = options;
  const to = await provedPhone(trx, order.user.id);
  if (to === null) return;
  return sms.queueLater(trx, {
    to,
    kind: 'order',
    userId: order.user.id,
    text: orderText(options.event, order, options.storeName, options.locale),
  });
}
