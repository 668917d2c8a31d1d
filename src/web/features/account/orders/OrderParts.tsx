import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import FileText from 'lucide-react/icons/file-text';
import { Link } from 'react-router';
import { formatOrderId } from '../../../../shared/orders';
import { districtName } from '../../../../shared/districts';
import { localDigits } from '../../../../shared/locale';
import { type PaymentResult, VAT_PERCENT } from '../../../../shared/payments';
import { PaymentBadge, TestPaymentBadge, paymentMethodLabel } from '../../../components/orders/PaymentBadge';
import { provinceName } from '../../../components/orders/order-labels';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDeliveryFee, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { Msg } from '../../../lib/msg';
import type { Order } from './api';

function PayButtons({
  onRetry,
  onPayOnDelivery,
  retrying,
  switching,
}: {
  onRetry: () => void;
  onPayOnDelivery: () => void;
  retrying: boolean;
  switching: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button size="sm" onClick={onRetry} loading={retrying} disabled={switching}>
        {t('orders.payment.tryAgain')}
      </Button>
      <Button variant="outline" size="sm" onClick={onPayOnDelivery} loading={switching} disabled={retrying}>
        {t('orders.payment.payOnDelivery')}
      </Button>
    </div>
  );
}

/**
 * The result of a payment at eSewa or Khalti, above the orders when the shopper comes back. A
 * pending result turns into the paid one as soon as the order is confirmed; a failed one offers a
 * new try or cash on delivery while the order still awaits its payment.
 */
export function PaymentResultBanner({
  result,
  order,
  onRetry,
  onPayOnDelivery,
  retrying,
  switching,
}: {
  result: PaymentResult;
  order: Order | undefined;
  onRetry?: () => void;
  onPayOnDelivery?: () => void;
  retrying: boolean;
  switching: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const orderId = <span className="font-mono" />;
  const status = order?.paymentStatus;
  const shown: PaymentResult =
    result === 'pending' && status === 'paid' ? 'paid' : result === 'pending' && status === 'failed' ? 'failed' : result;
  if (shown === 'paid') {
    return (
      <div
        role="status"
        className="mb-5 flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900"
        data-testid="payment-banner"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('orders.payment.paid')}</p>
          {order && (
            <p className="mt-0.5 text-sm text-emerald-800">
              <Msg
                id="orders.payment.paidFor"
                values={{ amount: formatPrice(order.totalAmount, locale), orderId: formatOrderId(order.id) }}
                components={{ 0: orderId }}
              />
            </p>
          )}
        </div>
      </div>
    );
  }
  if (shown === 'pending') {
    return (
      <div
        role="status"
        className="mb-5 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
        data-testid="payment-banner"
      >
        <Spinner className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <p className="font-medium">{t('orders.payment.pending')}</p>
      </div>
    );
  }
  const canPay = order !== undefined && status === 'awaiting_payment' && onRetry !== undefined && onPayOnDelivery !== undefined;
  return (
    <div
      role="status"
      className="mb-5 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900"
      data-testid="payment-banner"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <p className="font-semibold">{t('orders.payment.failed')}</p>
          {canPay && (
            <p className="mt-0.5 text-sm text-red-800">
              <Msg
                id="orders.payment.failedSaved"
                values={{ orderId: formatOrderId(order.id), amount: formatPrice(order.totalAmount, locale) }}
                components={{ 0: orderId }}
              />
            </p>
          )}
        </div>
        {canPay && <PayButtons onRetry={onRetry} onPayOnDelivery={onPayOnDelivery} retrying={retrying} switching={switching} />}
      </div>
    </div>
  );
}

/**
 * An open order's money: how it is paid and how far, the subtotal, delivery charge, total and the
 * VAT inside it, the payment buttons while it awaits an online payment, and its invoice.
 */
export function OrderPayment({
  order,
  onRetry,
  onPayOnDelivery,
  retrying,
  switching,
}: {
  order: Order;
  onRetry: () => void;
  onPayOnDelivery: () => void;
  retrying: boolean;
  switching: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const row = 'flex items-baseline justify-between gap-3';
  const method = paymentMethodLabel(order.paymentMethod, t);
  return (
    <section
      aria-label={t('orders.payment.label', { orderId: formatOrderId(order.id) })}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      {/* Two lists side by side (a <dl> holds only its terms and values, grouped in <div>s one deep). */}
      <div className="grid gap-x-10 gap-y-1.5 md:grid-cols-2">
        <dl className="space-y-1.5">
          <div className={row}>
            <dt className="whitespace-nowrap text-slate-500">{t('orders.payment.method')}</dt>
            <dd className="font-medium text-slate-900" data-testid="payment-method">
              {method}
            </dd>
          </div>
          <div className={row}>
            <dt className="whitespace-nowrap text-slate-500">{t('orders.payment.status')}</dt>
            <dd className="flex flex-wrap gap-1.5">
              <PaymentBadge status={order.paymentStatus} />
              <TestPaymentBadge testPayment={order.testPayment} />
            </dd>
          </div>
        </dl>
        <div className="space-y-1.5 border-t border-slate-100 pt-1.5 md:border-t-0 md:pt-0">
          <dl className="space-y-1.5">
            <div className={row}>
              <dt className="text-slate-500">{t('orders.payment.subtotal')}</dt>
              <dd className="text-slate-900">{formatPrice(order.subtotal, locale)}</dd>
            </div>
            {order.discount > 0 && (
              <div className={row}>
                <dt className="text-slate-500">{t('orders.payment.discount', { code: order.couponCode ?? '' })}</dt>
                <dd className="font-medium text-emerald-700" data-testid="order-discount">
                  −{formatPrice(order.discount, locale)}
                </dd>
              </div>
            )}
            <div className={row}>
              <dt className="text-slate-500">{t('orders.payment.delivery')}</dt>
              <dd className={order.deliveryFee === 0 ? 'font-medium text-emerald-700' : 'text-slate-900'}>
                {formatDeliveryFee(order.deliveryFee, locale)}
              </dd>
            </div>
            <div className={row}>
              <dt className="font-semibold text-slate-900">{t('orders.payment.total')}</dt>
              <dd className="font-semibold text-slate-900">{formatPrice(order.totalAmount, locale)}</dd>
            </div>
          </dl>
          <p className="text-right text-xs text-slate-500">
            {t('orders.payment.vatIncluded', {
              percent: localDigits(String(VAT_PERCENT), locale),
              amount: formatPrice(order.vatAmount, locale),
            })}
          </p>
        </div>
      </div>
      {order.paymentStatus === 'awaiting_payment' && order.status !== 'cancelled' && (
        <div className="mt-3 space-y-2 border-t border-slate-100 pt-3">
          <p className="text-slate-700">
            {t('orders.payment.awaiting', { amount: formatPrice(order.totalAmount, locale), method })}
          </p>
          <PayButtons onRetry={onRetry} onPayOnDelivery={onPayOnDelivery} retrying={retrying} switching={switching} />
        </div>
      )}
      {/* A tax invoice exists from the sale on (payment received, or cash on delivery confirmed). */}
      {order.invoiceNumber !== null && (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <Link to={`/orders/${encodeURIComponent(order.id)}/invoice`} className={buttonClasses('ghost', 'sm', '-ml-2')}>
            <FileText className="size-4" aria-hidden="true" />
            {t('orders.payment.invoice')}
          </Link>
        </div>
      )}
    </section>
  );
}

/** Where an order goes: the recipient, their phone and the address as the checkout took it. */
export function OrderAddress({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section
      aria-label={t('orders.address.label', { orderId: formatOrderId(order.id) })}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('orders.address.title')}</h4>
      <address className="mt-1 space-y-0.5 text-slate-700 not-italic" data-testid="order-address">
        <p className="font-medium text-slate-900">
          {order.fullName}, {order.phone}
        </p>
        <p>{order.address}</p>
        {order.landmark && <p>{t('orders.address.landmark', { landmark: order.landmark })}</p>}
        <p>
          {order.city}, {districtName(order.district, locale)}
        </p>
        <p>{t('orders.address.province', { province: provinceName(order.province, t) })}</p>
      </address>
    </section>
  );
}
