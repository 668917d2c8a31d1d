import { DATE_TIME_LOCALE, DATE_TIME_OPTIONS } from '../../../shared/dates.js';
import { formatDeliveryFee, formatPrice, lineTotal } from '../../../shared/money.js';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, type Order, type OrderStatus } from '../../../shared/orders.js';
import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/escape-html.js';

/**
 * The order mails: the confirmation after checkout and one per status change. Everything the
 * shopper typed (names, address) is escaped in the HTML part.
 */

const placedAt = new Intl.DateTimeFormat(DATE_TIME_LOCALE, { ...DATE_TIME_OPTIONS, timeZone: 'Asia/Kathmandu' });

function addressLines(order: Order): string[] {
  return [
    `${order.fullName}, ${order.phone}`,
    order.address,
    ...(order.landmark ? [`Landmark: ${order.landmark}`] : []),
    `${order.city}, ${order.district}`,
    `${order.province} Province, Nepal`,
  ];
}

function itemLines(order: Order): string[] {
  return order.orderItems.map(
    (item) =>
      `${item.quantity} x ${item.product.name} @ ${formatPrice(item.price)} = ${formatPrice(lineTotal(item.price, item.quantity))}`,
  );
}

function itemsTable(order: Order): string {
  const rows = order.orderItems
    .map(
      (item) => `<tr>
        <td style="padding: 4px 8px">${escapeHtml(item.product.name)}</td>
        <td style="padding: 4px 8px; text-align: right">${item.quantity}</td>
        <td style="padding: 4px 8px; text-align: right">${escapeHtml(formatPrice(item.price))}</td>
        <td style="padding: 4px 8px; text-align: right">${escapeHtml(formatPrice(lineTotal(item.price, item.quantity)))}</td>
      </tr>`,
    )
    .join('\n');
  return `<table style="border-collapse: collapse; margin: 12px 0">
      <tr><th style="padding: 4px 8px; text-align: left">Product</th><th style="padding: 4px 8px">Qty</th><th style="padding: 4px 8px">Price</th><th style="padding: 4px 8px">Total</th></tr>
      ${rows}
      <tr><td colspan="3" style="padding: 4px 8px; text-align: right">Delivery</td><td style="padding: 4px 8px; text-align: right">${escapeHtml(formatDeliveryFee(order.deliveryFee))}</td></tr>
      <tr><td colspan="3" style="padding: 4px 8px; text-align: right; font-weight: bold">Total</td><td style="padding: 4px 8px; text-align: right; font-weight: bold">${escapeHtml(formatPrice(order.totalAmount))}</td></tr>
    </table>`;
}

function page(storeName: string, body: string): string {
  return `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5">
    ${body}
    <p>- ${escapeHtml(storeName)}</p>
  </body>
</html>`;
}

/** What the confirmation says of paying: cash to the courier, or the wallet payment still to be made. */
function paymentLine(order: Order): string {
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  return order.paymentStatus === 'awaiting_payment' ? `${method} (waiting for your payment)` : method;
}

export function orderConfirmationMail(options: { to: string; storeName: string; order: Order; invoiceUrl: string }): MailMessage {
  const { to, storeName, order, invoiceUrl } = options;
  const payment = paymentLine(order);
  const text = [
    `Namaste ${order.fullName},`,
    '',
    `Thank you for shopping at ${storeName}. We have received your order and will call you before delivery.`,
    '',
    `Order: ${order.id}`,
    `Placed: ${placedAt.format(new Date(order.createdAt))}`,
    '',
    'Items:',
    ...itemLines(order).map((line) => `  ${line}`),
    '',
    `Delivery: ${formatDeliveryFee(order.deliveryFee)}`,
    `Total: ${formatPrice(order.totalAmount)} (VAT included: ${formatPrice(order.vatAmount)})`,
    `Payment: ${payment}`,
    `Invoice ${order.invoiceNumber}: ${invoiceUrl}`,
    '',
    'Delivery address:',
    ...addressLines(order).map((line) => `  ${line}`),
    '',
    `- ${storeName}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>Namaste ${escapeHtml(order.fullName)},</p>
    <p>Thank you for shopping at ${escapeHtml(storeName)}. We have received your order and will call you before delivery.</p>
    <p><strong>Order:</strong> ${escapeHtml(order.id)}<br><strong>Placed:</strong> ${escapeHtml(placedAt.format(new Date(order.createdAt)))}</p>
    ${itemsTable(order)}
    <p>VAT included: ${escapeHtml(formatPrice(order.vatAmount))}</p>
    <p><strong>Payment:</strong> ${escapeHtml(payment)}</p>
    <p><a href="${escapeHtml(invoiceUrl)}">Your invoice ${escapeHtml(order.invoiceNumber)}</a></p>
    <p><strong>Delivery address:</strong><br>${addressLines(order).map(escapeHtml).join('<br>')}</p>`,
  );
  return { to, subject: `Your ${storeName} order ${order.id}`, text, html };
}

export function orderStatusMail(options: { to: string; storeName: string; order: Order; from: OrderStatus }): MailMessage {
  const { to, storeName, order } = options;
  const label = ORDER_STATUS_LABELS[order.status];
  const previous = ORDER_STATUS_LABELS[options.from];
  const text = [
    `Namaste ${order.fullName},`,
    '',
    `Your order ${order.id} is now ${label}.`,
    `(It was ${previous}.)`,
    '',
    'Items:',
    ...itemLines(order).map((line) => `  ${line}`),
    '',
    `Total: ${formatPrice(order.totalAmount)}`,
    '',
    'Delivery address:',
    ...addressLines(order).map((line) => `  ${line}`),
    '',
    `- ${storeName}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>Namaste ${escapeHtml(order.fullName)},</p>
    <p>Your order <strong>${escapeHtml(order.id)}</strong> is now <strong>${escapeHtml(label)}</strong>. (It was ${escapeHtml(previous)}.)</p>
    ${itemsTable(order)}
    <p><strong>Delivery address:</strong><br>${addressLines(order).map(escapeHtml).join('<br>')}</p>`,
  );
  return { to, subject: `Your ${storeName} order ${order.id} is ${label}`, text, html };
}

export function paymentReceivedMail(options: { to: string; storeName: string; order: Order }): MailMessage {
  const { to, storeName, order } = options;
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  const text = [
    `Namaste ${order.fullName},`,
    '',
    `We have received your payment of ${formatPrice(order.totalAmount)} by ${method} for order ${order.id}.`,
    order.paymentRef ? `${method} reference: ${order.paymentRef}` : '',
    '',
    'We will call you before delivery.',
    '',
    `- ${storeName}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>Namaste ${escapeHtml(order.fullName)},</p>
    <p>We have received your payment of <strong>${escapeHtml(formatPrice(order.totalAmount))}</strong> by ${escapeHtml(method)} for order <strong>${escapeHtml(order.id)}</strong>.</p>
    ${order.paymentRef ? `<p>${escapeHtml(method)} reference: ${escapeHtml(order.paymentRef)}</p>` : ''}
    <p>We will call you before delivery.</p>`,
  );
  return { to, subject: `Payment received for your ${storeName} order ${order.id}`, text, html };
}

export function unpaidCancelledMail(options: { to: string; storeName: string; order: Order }): MailMessage {
  const { to, storeName, order } = options;
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  const text = [
    `Namaste ${order.fullName},`,
    '',
    `Your order ${order.id} was cancelled because its ${method} payment did not reach us in time.`,
    'Nothing was charged. If money did leave your wallet, it will be refunded: reply to this email.',
    '',
    'You are welcome to order again at any time.',
    '',
    `- ${storeName}`,
  ].join('\n');
  const html = page(
    storeName,
    `<p>Namaste ${escapeHtml(order.fullName)},</p>
    <p>Your order <strong>${escapeHtml(order.id)}</strong> was cancelled because its ${escapeHtml(method)} payment did not reach us in time.</p>
    <p>Nothing was charged. If money did leave your wallet, it will be refunded: reply to this email.</p>
    <p>You are welcome to order again at any time.</p>`,
  );
  return { to, subject: `Your ${storeName} order ${order.id} was cancelled`, text, html };
}
