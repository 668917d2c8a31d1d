import { formatBikramSambat } from '../../../shared/bikram-sambat.js';
import { DATE_TIME_LOCALE, DATE_TIME_OPTIONS } from '../../../shared/dates.js';
import { type Locale, toNepaliDigits } from '../../../shared/locale.js';
import { ORDER_STATUS_LABELS, type NepalProvince, type OrderStatus } from '../../../shared/orders.js';
import { PAYMENT_METHOD_LABELS, type PaymentMethodId } from '../../../shared/payments.js';
import { escapeHtml } from '../../lib/escape-html.js';

/**
 * The words of the order mails (mail.ts) in English and Nepali: labels, sentences, and how each
 * language writes a date and a quantity.
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
/** Bold in the HTML part, escaped. */
export const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;

export interface Words {
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

/** The English texts, exactly as they were before the mails had a second language (tests match them). */
export const ENGLISH: Words = {
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

export const wordsOf = (locale: Locale | undefined): Words => (locale === 'ne' ? NEPALI : ENGLISH);

/** A quantity in the language's digits. */
export const count = (words: Words, quantity: number) =>
  words.locale === 'ne' ? toNepaliDigits(String(quantity)) : String(quantity);
