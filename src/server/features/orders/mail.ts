import { formatBikramSambat } from '../../../shared/bikram-sambat.js';
import { DATE_TIME_LOCALE, DATE_TIME_OPTIONS } from '../../../shared/dates.js';
import { type Locale, toNepaliDigits } from '../../../shared/locale.js';
import { formatDeliveryFee, formatPrice, lineTotal } from '../../../shared/money.js';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type NepalProvince,
  type Order,
  type OrderStatus,
  type PaymentMethodId,
  formatOrderId,
} from '../../../shared/orders.js';
import { PAYMENT_STATUS_LABELS } from '../../../shared/payments.js';
import { districtName } from '../../../shared/districts.js';
import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/escape-html.js';

/**
 * The order mails: the confirmation after checkout and one per status change, and the store's
 * notice of an order the shopper cancelled. Everything the shopper typed (names, address, a
 * reason) is escaped in the HTML part. Order ids are written in groups of four (formatOrderId), as
 * the shopper reads them out on the phone.
 *
 * Each is written in the shopper's language (accounts/mail-language.ts says when that is
 * decided): English in its original wording, or Nepali written for Nepali shoppers rather than word for
 * word, with prices as 'रू १,२३,४५६' and dates in Bikram Sambat beside Nepal's time. What the
 * shopper typed (names, address, products' names) is shown as it was typed.
 */

const placedAt = new Intl.DateTimeFormat(DATE_TIME_LOCALE, { ...DATE_TIME_OPTIONS, timeZone: 'Asia/Kathmandu' });
// Made at the first Nepali mail: loading a second locale's data is no cost of an English shop's start.
let placedAtNepali: Intl.DateTimeFormat | undefined;

/** '२०८३ मंसिर १० (२०२६-११-२६, ०२:०५ अपराह्न)': Bikram Sambat first, then the date and time in Nepal. */
function nepaliPlacedAt(date: Date): string {
  placedAtNepali ??= new Intl.DateTimeFormat('ne-NP', { ...DATE_TIME_OPTIONS, timeZone: 'Asia/Kathmandu' });
  const gregorian = placedAtNepali.format(date);
  const bikramSambat = formatBikramSambat(date);
  return bikramSambat ? `${bikramSambat} (${gregorian})` : gregorian;
}

// The admin panel's names of the statuses (admin.orders.status.*), so shop and shopper say the same.
const NEPALI_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'पुष्टि हुन बाँकी',
  confirmed: 'पुष्टि भएको',
  shipped: 'पठाइएको',
  delivered: 'डेलिभर भएको',
  cancelled: 'रद्द गरिएको',
};

const NEPALI_PAYMENT_METHOD_LABELS: Record<PaymentMethodId, string> = {
  cod: 'डेलिभरीमा नगद भुक्तानी',
  esewa: 'इसेवा',
  khalti: 'खल्ती',
};

const NEPALI_PROVINCES: Record<NepalProvince, string> = {
  Koshi: 'कोशी',
  Madhesh: 'मधेश',
  Bagmati: 'बागमती',
  Gandaki: 'गण्डकी',
  Lumbini: 'लुम्बिनी',
  Karnali: 'कर्णाली',
  Sudurpashchim: 'सुदूरपश्चिम',
};

/** The words of the order mails in one language; amounts and dates come formatted. */
interface Words {
  locale: Locale;
  greeting(name: string): string;
  landmark(landmark: string): string;
  province(province: string): string;
  itemLine(item: { quantity: string; name: string; price: string; total: string }): string;
  table: { product: string; quantity: string; price: string; total: string; delivery: string; grandTotal: string };
  placedAt(date: Date): string;
  status(status: OrderStatus): string;
  method(method: PaymentMethodId): string;
  awaitingPayment(method: string): string;
  confirmation: {
    subject(store: string, orderId: string): string;
    thanks(store: string): string;
    order: string;
    placed: string;
    items: string;
    delivery: string;
    total(total: string, vat: string): string;
    vatIncluded(vat: string): string;
    payment: string;
    invoice(invoiceNumber: string): string;
    invoiceLink(invoiceNumber: string): string;
    address: string;
  };
  statusChange: {
    subject(store: string, orderId: string, status: string): string;
    now(orderId: string, status: string): string;
    nowHtml(orderId: string, status: string): string;
    was(status: string): string;
    total(total: string): string;
    reason: string;
    refund(amount: string): string;
  };
  paid: {
    subject(store: string, orderId: string): string;
    received(amount: string, method: string, orderId: string): string;
    receivedHtml(amount: string, method: string, orderId: string): string;
    reference(method: string, ref: string): string;
    call: string;
  };
  unpaid: {
    subject(store: string, orderId: string): string;
    cancelled(orderId: string, method: string): string;
    cancelledHtml(orderId: string, method: string): string;
    refund: string;
    welcome: string;
  };
  unconfirmed: {
    cancelled(orderId: string): string;
    cancelledHtml(orderId: string): string;
    stock: string;
  };
}

const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;

/** The English texts, exactly as they were before the mails had a second language (tests match them). */
const ENGLISH: Words = {
  locale: 'en',
  greeting: (name) => `Namaste ${name},`,
  landmark: (landmark) => `Landmark: ${landmark}`,
  province: (province) => `${province} Province, Nepal`,
  itemLine: (item) => `${item.quantity} x ${item.name} @ ${item.price} = ${item.total}`,
  table: { product: 'Product', quantity: 'Qty', price: 'Price', total: 'Total', delivery: 'Delivery', grandTotal: 'Total' },
  placedAt: (date) => placedAt.format(date),
  status: (status) => ORDER_STATUS_LABELS[status],
  method: (method) => PAYMENT_METHOD_LABELS[method],
  awaitingPayment: (method) => `${method} (waiting for your payment)`,
  confirmation: {
    subject: (store, orderId) => `Your ${store} order ${orderId}`,
    thanks: (store) => `Thank you for shopping at ${store}. We have received your order and will call you before delivery.`,
    order: 'Order:',
    placed: 'Placed:',
    items: 'Items:',
    delivery: 'Delivery:',
    total: (total, vat) => `Total: ${total} (VAT included: ${vat})`,
    vatIncluded: (vat) => `VAT included: ${escapeHtml(vat)}`,
    payment: 'Payment:',
    invoice: (invoiceNumber) => `Invoice ${invoiceNumber}:`,
    invoiceLink: (invoiceNumber) => `Your invoice ${invoiceNumber}`,
    address: 'Delivery address:',
  },
  statusChange: {
    subject: (store, orderId, status) => `Your ${store} order ${orderId} is ${status}`,
    now: (orderId, status) => `Your order ${orderId} is now ${status}.`,
    nowHtml: (orderId, status) => `Your order ${strong(orderId)} is now ${strong(status)}.`,
    was: (status) => `(It was ${status}.)`,
    total: (total) => `Total: ${total}`,
    reason: 'Reason:',
    refund: (amount) => `The ${amount} you paid will be refunded to you.`,
  },
  paid: {
    subject: (store, orderId) => `Payment received for your ${store} order ${orderId}`,
    received: (amount, method, orderId) => `We have received your payment of ${amount} by ${method} for order ${orderId}.`,
    receivedHtml: (amount, method, orderId) =>
      `We have received your payment of ${strong(amount)} by ${escapeHtml(method)} for order ${strong(orderId)}.`,
    reference: (method, ref) => `${method} reference: ${ref}`,
    call: 'We will call you before delivery.',
  },
  unpaid: {
    subject: (store, orderId) => `Your ${store} order ${orderId} was cancelled`,
    cancelled: (orderId, method) => `Your order ${orderId} was cancelled because its ${method} payment did not reach us in time.`,
    cancelledHtml: (orderId, method) =>
      `Your order ${strong(orderId)} was cancelled because its ${escapeHtml(method)} payment did not reach us in time.`,
    refund: 'Nothing was charged. If money did leave your wallet, it will be refunded: reply to this email.',
    welcome: 'You are welcome to order again at any time.',
  },
  unconfirmed: {
    cancelled: (orderId) => `Your cash on delivery order ${orderId} was cancelled because we could not confirm it in time.`,
    cancelledHtml: (orderId) =>
      `Your cash on delivery order ${strong(orderId)} was cancelled because we could not confirm it in time.`,
    stock: 'Nothing was charged, and the items it held are back on sale.',
  },
};

const NEPALI: Words = {
  locale: 'ne',
  greeting: (name) => `नमस्ते ${name} जी,`,
  landmark: (landmark) => `नजिकको चिनो: ${landmark}`,
  province: (province) => `${NEPALI_PROVINCES[province as NepalProvince] ?? province} प्रदेश, नेपाल`,
  itemLine: (item) => `${item.name}: ${item.quantity} वटा × ${item.price} = ${item.total}`,
  table: {
    product: 'सामान',
    quantity: 'परिमाण',
    price: 'मूल्य',
    total: 'रकम',
    delivery: 'डेलिभरी शुल्क',
    grandTotal: 'जम्मा',
  },
  placedAt: nepaliPlacedAt,
  status: (status) => NEPALI_STATUS_LABELS[status],
  method: (method) => NEPALI_PAYMENT_METHOD_LABELS[method],
  awaitingPayment: (method) => `${method} (तपाईंको भुक्तानी बाँकी छ)`,
  confirmation: {
    subject: (store, orderId) => `तपाईंको ${store} अर्डर ${orderId}`,
    thanks: (store) => `${store} मा किनमेल गर्नुभएकोमा धन्यवाद। हामीले तपाईंको अर्डर पाएका छौं र डेलिभरी गर्नुअघि तपाईंलाई फोन गर्नेछौं।`,
    order: 'अर्डर:',
    placed: 'अर्डर मिति:',
    items: 'सामानहरू:',
    delivery: 'डेलिभरी शुल्क:',
    total: (total, vat) => `जम्मा: ${total} (भ्याट ${vat} समावेश)`,
    vatIncluded: (vat) => `यसमा भ्याट ${escapeHtml(vat)} समावेश छ।`,
    payment: 'भुक्तानी:',
    invoice: (invoiceNumber) => `बीजक ${invoiceNumber}:`,
    invoiceLink: (invoiceNumber) => `तपाईंको बीजक ${invoiceNumber}`,
    address: 'डेलिभरी ठेगाना:',
  },
  statusChange: {
    subject: (store, orderId, status) => `तपाईंको ${store} अर्डर ${orderId}: ${status}`,
    now: (orderId, status) => `तपाईंको अर्डर ${orderId} अब ${status} छ।`,
    nowHtml: (orderId, status) => `तपाईंको अर्डर ${strong(orderId)} अब ${strong(status)} छ।`,
    was: (status) => `(पहिले ${status} थियो।)`,
    total: (total) => `जम्मा: ${total}`,
    reason: 'कारण:',
    refund: (amount) => `तपाईंले तिर्नुभएको ${amount} तपाईंलाई फिर्ता गरिनेछ।`,
  },
  paid: {
    subject: (store, orderId) => `तपाईंको ${store} अर्डर ${orderId} को भुक्तानी प्राप्त भयो`,
    received: (amount, method, orderId) => `अर्डर ${orderId} का लागि ${method} मार्फत गर्नुभएको ${amount} भुक्तानी हामीले पाएका छौं।`,
    receivedHtml: (amount, method, orderId) =>
      `अर्डर ${strong(orderId)} का लागि ${escapeHtml(method)} मार्फत गर्नुभएको ${strong(amount)} भुक्तानी हामीले पाएका छौं।`,
    reference: (method, ref) => `${method} सन्दर्भ नम्बर: ${ref}`,
    call: 'डेलिभरी गर्नुअघि हामी तपाईंलाई फोन गर्नेछौं।',
  },
  unpaid: {
    subject: (store, orderId) => `तपाईंको ${store} अर्डर ${orderId} रद्द गरियो`,
    cancelled: (orderId, method) => `तपाईंको ${method} भुक्तानी समयमै हामीसम्म नआइपुगेकाले अर्डर ${orderId} रद्द गरिएको छ।`,
    cancelledHtml: (orderId, method) =>
      `तपाईंको ${escapeHtml(method)} भुक्तानी समयमै हामीसम्म नआइपुगेकाले अर्डर ${strong(orderId)} रद्द गरिएको छ।`,
    refund: 'तपाईंबाट कुनै रकम लिइएको छैन। तपाईंको वालेटबाट पैसा काटिएको रहेछ भने रकम फिर्ता गरिनेछ: यो इमेलको जवाफ दिनुहोस्।',
    welcome: 'जुनसुकै बेला फेरि अर्डर गर्न सक्नुहुन्छ।',
  },
  unconfirmed: {
    cancelled: (orderId) => `हामीले समयमै पुष्टि गर्न नसकेकाले तपाईंको नगद भुक्तानी (सामान आइपुग्दा) अर्डर ${orderId} रद्द गरिएको छ।`,
    cancelledHtml: (orderId) =>
      `हामीले समयमै पुष्टि गर्न नसकेकाले तपाईंको नगद भुक्तानी (सामान आइपुग्दा) अर्डर ${strong(orderId)} रद्द गरिएको छ।`,
    stock: 'तपाईंबाट कुनै रकम लिइएको छैन, र अर्डरका सामान फेरि बिक्रीमा राखिएका छन्।',
  },
};

const wordsOf = (locale: Locale | undefined): Words => (locale === 'ne' ? NEPALI : ENGLISH);

/** A quantity in the language's digits. */
const count = (words: Words, quantity: number) => (words.locale === 'ne' ? toNepaliDigits(String(quantity)) : String(quantity));

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
      name: item.product.name,
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
        <td style="padding: 4px 8px">${escapeHtml(item.product.name)}</td>
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
