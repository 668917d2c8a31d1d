import type { Locale } from '../../../shared/locale.js';
import { formatDeliveryFee, formatPrice, lineTotal } from '../../../shared/money.js';
import { type Order, type OrderStatus, formatOrderId, orderItemName } from '../../../shared/orders.js';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../../../shared/payments.js';
import { districtName } from '../../../shared/districts.js';
import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/escape-html.js';
import { ENGLISH, type Words, count, strong, wordsOf } from './mail-words.js';

/**
 * The order mails: the confirmation after checkout and one per status change, and the store's
 * notice of an order the shopper cancelled. Everything the shopper typed (names, address, a
 * reason) is escaped in the HTML part. Order ids are written in groups of four (formatOrderId), as
 * the shopper reads them out on the phone.
 *
 * Each is written in the shopper's language (accounts/mail-language.ts says when that is
 * decided): English in its original wording, or Nepali written for Nepali shoppers rather than word for
 * word, with prices as 'रू १,२३,४५६' and dates in Bikram Sambat beside Nepal's time. What the
 * shopper typed (names, address, products' names) is shown as it was typed; a line of a variant
 * is named with the variant's label after the product's ("Galaxy S24 (256 GB / Black)").
 */

function addressLines(order: Order, words: Words): string[] {
  return [
    `${order.fullName}, ${order.phone}`,
    order.address,
    ...(order.landmark ? [words.landmark(order.landmark)] : []),
    `${order.city}, ${districtName(order.district, words.locale)}`,
    words.province(order.province),
  ];
}

function itemLines(order: Order, words: Words): string[] {
  return order.orderItems.map((item) =>
    words.itemLine({
      quantity: count(words, item.quantity),
      name: orderItemName(item),
      price: formatPrice(item.price, words.locale),
      total: formatPrice(lineTotal(item.price, item.quantity), words.locale),
    }),
  );
}

function itemsTable(order: Order, words: Words): string {
  const { locale, table } = words;
  const rows = order.orderItems
    .map(
      (item) => `<tr>
        <td style="padding: 4px 8px">${escapeHtml(orderItemName(item))}</td>
        <td style="padding: 4px 8px; text-align: right">${count(words, item.quantity)}</td>
        <td style="padding: 4px 8px; text-align: right">${escapeHtml(formatPrice(item.price, locale))}</td>
        <td style="padding: 4px 8px; text-align: right">${escapeHtml(formatPrice(lineTotal(item.price, item.quantity), locale))}</td>
      </tr>`,
    )
    .join('\n');
  return `<table style="border-collapse: collapse; margin: 12px 0">
      <tr><th style="padding: 4px 8px; text-align: left">${table.product}</th><th style="padding: 4px 8px">${table.quantity}</th><th style="padding: 4px 8px">${table.price}</th><th style="padding: 4px 8px">${table.total}</th></tr>
      ${rows}
      <tr><td colspan="3" style="padding: 4px 8px; text-align: right">${table.delivery}</td><td style="padding: 4px 8px; text-align: right">${escapeHtml(formatDeliveryFee(order.deliveryFee, locale))}</td></tr>
      <tr><td colspan="3" style="padding: 4px 8px; text-align: right; font-weight: bold">${table.grandTotal}</td><td style="padding: 4px 8px; text-align: right; font-weight: bold">${escapeHtml(formatPrice(order.totalAmount, locale))}</td></tr>
    </table>`;
}

function page(storeName: string, body: string, locale: Locale): string {
  // A Nepali mail says so, for mail clients' fonts and screen readers; English stays as it was.
  return `<!doctype html>
<html${locale === 'ne' ? ' lang="ne"' : ''}>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5">
    ${body}
    <p>- ${escapeHtml(storeName)}</p>
  </body>
</html>`;
}

/** What the confirmation says of paying: cash to the courier, or the wallet payment still to be made. */
function paymentLine(order: Order, words: Words): string {
  const method = words.method(order.paymentMethod);
  return order.paymentStatus === 'awaiting_payment' ? words.awaitingPayment(method) : method;
}

/** Options every order mail takes: `locale` is the shopper's language, English when not given. */
interface OrderMailOptions {
  to: string;
  storeName: string;
  order: Order;
  locale?: Locale;
}

export function orderConfirmationMail(options: OrderMailOptions & { invoiceUrl: string }): MailMessage {
  const { to, storeName, order, invoiceUrl } = options;
  const orderId = formatOrderId(order.id);
  const words = wordsOf(options.locale);
  const { locale, confirmation: say } = words;
  const payment = paymentLine(order, words);
  const placed = words.placedAt(new Date(order.createdAt));
  const text = [
    words.greeting(order.fullName),
    '',
    say.thanks(storeName),
    '',
    `${say.order} ${orderId}`,
    `${say.placed} ${placed}`,
    '',
    say.items,
    ...itemLines(order, words).map((line) => `  ${line}`),
    '',
    `${say.delivery} ${formatDeliveryFee(order.deliveryFee, locale)}`,
    say.total(formatPrice(order.totalAmount, locale), formatPrice(order.vatAmount, locale)),
    `${say.payment} ${payment}`,
    // A tax invoice only once the sale happened (the payment received, or cash on delivery confirmed).
    ...(order.invoiceNumber !== null ? [`${say.invoice(order.invoiceNumber)} ${invoiceUrl}`] : []),
    '',
    say.address,
    ...addressLines(order, words).map((line) => `  ${line}`),
    '',
    `- ${storeName}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>${escapeHtml(words.greeting(order.fullName))}</p>
    <p>${escapeHtml(say.thanks(storeName))}</p>
    <p><strong>${say.order}</strong> ${escapeHtml(orderId)}<br><strong>${say.placed}</strong> ${escapeHtml(placed)}</p>
    ${itemsTable(order, words)}
    <p>${say.vatIncluded(formatPrice(order.vatAmount, locale))}</p>
    <p><strong>${say.payment}</strong> ${escapeHtml(payment)}</p>
    ${order.invoiceNumber !== null ? `<p><a href="${escapeHtml(invoiceUrl)}">${escapeHtml(say.invoiceLink(order.invoiceNumber))}</a></p>` : ''}
    <p><strong>${say.address}</strong><br>${addressLines(order, words).map(escapeHtml).join('<br>')}</p>`,
    locale,
  );
  return { to, subject: say.subject(storeName, orderId), text, html };
}

/**
 * A status change: what it is now and was, the reason when the admin or the shopper gave one (a
 * cancellation), the refund when money paid for a cancelled order goes back, the items and address.
 */
export function orderStatusMail(
  options: OrderMailOptions & { from: OrderStatus; reason?: string; invoiceUrl?: string },
): MailMessage {
  const { to, storeName, order, reason } = options;
  const orderId = formatOrderId(order.id);
  const words = wordsOf(options.locale);
  const { locale, statusChange: say } = words;
  const label = words.status(order.status);
  const previous = words.status(options.from);
  const refund = order.paymentStatus === 'refund_due' ? say.refund(formatPrice(order.totalAmount, locale)) : undefined;
  const invoice = invoiceParts(order, options.invoiceUrl, words);
  const text = [
    words.greeting(order.fullName),
    '',
    say.now(orderId, label),
    say.was(previous),
    ...(reason ? [`${say.reason} ${reason}`] : []),
    ...(refund ? [refund] : []),
    ...invoice.text,
    '',
    words.confirmation.items,
    ...itemLines(order, words).map((line) => `  ${line}`),
    '',
    say.total(formatPrice(order.totalAmount, locale)),
    '',
    words.confirmation.address,
    ...addressLines(order, words).map((line) => `  ${line}`),
    '',
    `- ${storeName}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>${escapeHtml(words.greeting(order.fullName))}</p>
    <p>${say.nowHtml(orderId, label)} ${escapeHtml(say.was(previous))}</p>
    ${reason ? `<p><strong>${say.reason}</strong> ${escapeHtml(reason)}</p>` : ''}
    ${refund ? `<p>${escapeHtml(refund)}</p>` : ''}
    ${invoice.html}
    ${itemsTable(order, words)}
    <p><strong>${words.confirmation.address}</strong><br>${addressLines(order, words).map(escapeHtml).join('<br>')}</p>`,
    locale,
  );
  return { to, subject: say.subject(storeName, orderId, label), text, html };
}

/** The tax-invoice line and link of a mail, when the order has a live invoice (issued at the sale, not voided). */
function invoiceParts(order: Order, invoiceUrl: string | undefined, words: ReturnType<typeof wordsOf>) {
  if (invoiceUrl === undefined || order.invoiceNumber === null || order.invoiceVoid) return { text: [], html: '' };
  const say = words.confirmation;
  return {
    text: ['', `${say.invoice(order.invoiceNumber)} ${invoiceUrl}`],
    html: `<p><a href="${escapeHtml(invoiceUrl)}">${escapeHtml(say.invoiceLink(order.invoiceNumber))}</a></p>`,
  };
}

export function paymentReceivedMail(options: OrderMailOptions & { invoiceUrl?: string }): MailMessage {
  const { to, storeName, order } = options;
  const orderId = formatOrderId(order.id);
  const words = wordsOf(options.locale);
  const { locale, paid: say } = words;
  const method = words.method(order.paymentMethod);
  const amount = formatPrice(order.totalAmount, locale);
  const invoice = invoiceParts(order, options.invoiceUrl, words);
  const text = [
    words.greeting(order.fullName),
    '',
    say.received(amount, method, orderId),
    order.paymentRef ? say.reference(method, order.paymentRef) : '',
    ...invoice.text,
    '',
    say.call,
    '',
    `- ${storeName}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>${escapeHtml(words.greeting(order.fullName))}</p>
    <p>${say.receivedHtml(amount, method, orderId)}</p>
    ${order.paymentRef ? `<p>${escapeHtml(say.reference(method, order.paymentRef))}</p>` : ''}
    ${invoice.html}
    <p>${escapeHtml(say.call)}</p>`,
    locale,
  );
  return { to, subject: say.subject(storeName, orderId), text, html };
}

export function unpaidCancelledMail(options: OrderMailOptions): MailMessage {
  const words = wordsOf(options.locale);
  const method = words.method(options.order.paymentMethod);
  return cancelledByDeadlineMail(options, words, {
    text: (orderId) => words.unpaid.cancelled(orderId, method),
    html: (orderId) => words.unpaid.cancelledHtml(orderId, method),
    then: words.unpaid.refund,
  });
}

/**
 * To the shopper, in their language: their cash-on-delivery order was cancelled because the shop
 * did not confirm it in time (features/orders/cod-confirm.ts).
 */
export function unconfirmedCancelledMail(options: OrderMailOptions): MailMessage {
  const words = wordsOf(options.locale);
  return cancelledByDeadlineMail(options, words, {
    text: (orderId) => words.unconfirmed.cancelled(orderId),
    html: (orderId) => words.unconfirmed.cancelledHtml(orderId),
    then: words.unconfirmed.stock,
  });
}

/**
 * The shape both deadline cancellations share: greeting, why it was cancelled, what follows from it,
 * an invitation to order again, under the unpaid mail's subject.
 */
function cancelledByDeadlineMail(
  options: OrderMailOptions,
  words: ReturnType<typeof wordsOf>,
  why: { text(orderId: string): string; html(orderId: string): string; then: string },
): MailMessage {
  const { to, storeName, order } = options;
  const orderId = formatOrderId(order.id);
  const text = [
    words.greeting(order.fullName),
    '',
    why.text(orderId),
    why.then,
    '',
    words.unpaid.welcome,
    '',
    `- ${storeName}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>${escapeHtml(words.greeting(order.fullName))}</p>
    <p>${why.html(orderId)}</p>
    <p>${escapeHtml(why.then)}</p>
    <p>${escapeHtml(words.unpaid.welcome)}</p>`,
    words.locale,
  );
  return { to, subject: words.unpaid.subject(storeName, orderId), text, html };
}

/**
 * To the store's own address (STORE_EMAIL): a shopper cancelled a pending order, why, what it was
 * worth and what became of its payment (a refund to make). In English, the admin panel's default.
 */
export function shopperCancelledMail(options: {
  to: string;
  storeName: string;
  order: Order;
  reason: string;
  adminUrl: string;
}): MailMessage {
  const { to, storeName, order, reason, adminUrl } = options;
  const orderId = formatOrderId(order.id);
  const customer = `${order.user.firstName} ${order.user.lastName}`;
  const amount = formatPrice(order.totalAmount);
  const payment = `${PAYMENT_METHOD_LABELS[order.paymentMethod]}, ${PAYMENT_STATUS_LABELS[order.paymentStatus]}`;
  const refund =
    order.paymentStatus === 'refund_due' ? `The customer paid ${amount}: refund it, then mark it refunded.` : undefined;
  const text = [
    `${customer} (${order.user.phoneNumber}, ${order.user.email}) cancelled order ${orderId} of ${amount}.`,
    '',
    `Reason: ${reason}`,
    `Payment: ${payment}`,
    ...(refund ? [refund] : []),
    'The units it held are back in stock.',
    '',
    ...itemLines(order, ENGLISH).map((line) => `  ${line}`),
    '',
    `Orders: ${adminUrl}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>${escapeHtml(customer)} (${escapeHtml(order.user.phoneNumber)}, ${escapeHtml(order.user.email)}) cancelled order ${strong(orderId)} of ${strong(amount)}.</p>
    <p><strong>Reason:</strong> ${escapeHtml(reason)}</p>
    <p><strong>Payment:</strong> ${escapeHtml(payment)}</p>
    ${refund ? `<p>${escapeHtml(refund)}</p>` : ''}
    <p>The units it held are back in stock.</p>
    ${itemsTable(order, ENGLISH)}
    <p><a href="${escapeHtml(adminUrl)}">Orders</a></p>`,
    'en',
  );
  return { to, subject: `Order ${orderId} was cancelled by the customer`, text, html };
}
