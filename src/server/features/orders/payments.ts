import { PAYMENT_METHOD_LABELS, type PaymentMethodId } from '../../../shared/orders.js';

/**
 * The seam for payment methods. Checkout asks the chosen method for the payment fields a new
 * order starts with; nothing else in the order flow knows how a method works.
 *
 * Cash on delivery: the order starts 'unpaid' and is paid to the courier.
 *
 * Adding eSewa or Khalti:
 *  1. list 'esewa' / 'khalti' in PAYMENT_METHODS (src/shared/orders.ts) with a label;
 *  2. register a PaymentMethod here whose initialPayment() answers 'awaiting_payment' and whose
 *     start() creates the gateway's payment (amount = order.totalPaisa, reference = order id) and
 *     returns the address to send the shopper to — the create route adds it to its answer;
 *  3. add the gateway's callback route that verifies the payment with the gateway (never trusting
 *     the redirect's query alone) and sets payment_status 'paid' and payment_ref;
 *  4. cancel orders still 'awaiting_payment' after the gateway's timeout (cancelling returns the stock).
 */
export interface InitialPayment {
  paymentStatus: string;
  paymentRef: string | null;
}

export interface PaymentStart {
  /** Where the shopper completes the payment; absent when nothing more is needed (cash on delivery). */
  redirectUrl?: string;
}

export interface PaymentMethod {
  readonly id: PaymentMethodId;
  readonly label: string;
  /** Payment fields of a new order (inside the checkout transaction; must not do I/O). */
  initialPayment(): InitialPayment;
  /** After the order is committed: begin the payment. */
  start(order: { id: string; totalPaisa: number }): Promise<PaymentStart>;
}

const cashOnDelivery: PaymentMethod = {
  id: 'cod',
  label: PAYMENT_METHOD_LABELS.cod,
  initialPayment: () => ({ paymentStatus: 'unpaid', paymentRef: null }),
  start: async () => ({}),
};

const methods: Record<PaymentMethodId, PaymentMethod> = { cod: cashOnDelivery };

export function paymentMethod(id: PaymentMethodId): PaymentMethod {
  return methods[id];
}
