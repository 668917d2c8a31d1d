import type { PaymentStatus } from '../../../shared/payments';
import { type MessageId, type Translate, useT } from '../../lib/i18n';
import { PAYMENT_METHOD_MESSAGES, messageOf } from './order-labels';

/**
 * How an order is paid, as the shopper's orders, the admin's orders and the invoice
 * show it: the method's label and a badge of the payment status.
 */

const PAYMENT_STYLES: Record<PaymentStatus, string> = {
  unpaid: 'bg-slate-100 text-slate-700 ring-slate-200',
  awaiting_payment: 'bg-amber-50 text-amber-800 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
  refund_due: 'bg-orange-50 text-orange-800 ring-orange-200',
  refunded: 'bg-sky-50 text-sky-800 ring-sky-200',
};

/** PAYMENT_STATUS_LABELS of shared/payments.ts, in the page's language. */
const PAYMENT_STATUS_MESSAGES = {
  unpaid: 'orders.paymentStatus.unpaid',
  awaiting_payment: 'orders.paymentStatus.awaitingPayment',
  paid: 'orders.paymentStatus.paid',
  failed: 'orders.paymentStatus.failed',
  refund_due: 'orders.paymentStatus.refundDue',
  refunded: 'orders.paymentStatus.refunded',
} as const satisfies Record<PaymentStatus, MessageId>;

/** A payment status's label; a value the app does not know shows as it is stored. */
export function paymentStatusLabel(status: string, t: Translate): string {
  const id = messageOf(PAYMENT_STATUS_MESSAGES, status);
  return id ? t(id) : status;
}

/** How an order is paid; a method the app does not know shows as it is stored. */
export function paymentMethodLabel(method: string, t: Translate): string {
  const id = messageOf(PAYMENT_METHOD_MESSAGES, method);
  return id ? t(id) : method;
}

export function PaymentBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${
        PAYMENT_STYLES[status as PaymentStatus] ?? 'bg-slate-100 text-slate-700 ring-slate-200'
      }`}
      data-testid="payment-status"
    >
      {paymentStatusLabel(status, t)}
    </span>
  );
}

/** An order paid through the payment sandbox: a test payment, no money moved. Nothing otherwise. */
export function TestPaymentBadge({ testPayment }: { testPayment: boolean | undefined }) {
  const t = useT();
  if (!testPayment) return null;
  return (
    <span
      className="inline-flex items-center rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-950 ring-1 ring-amber-600 ring-inset"
      data-testid="test-payment"
    >
      {t('orders.testPayment')}
    </span>
  );
}
