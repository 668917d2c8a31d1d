import { PAYMENT_METHOD_LABELS, type PaymentMethodId } from '../../../shared/orders';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../shared/payments';

/**
 * How an order is paid (issue 16), as the shopper's orders, the admin's orders and the invoice
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

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status;
}

export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethodId] ?? method;
}

export function PaymentBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${
        PAYMENT_STYLES[status as PaymentStatus] ?? 'bg-slate-100 text-slate-700 ring-slate-200'
      }`}
      data-testid="payment-status"
    >
      {paymentStatusLabel(status)}
    </span>
  );
}
