import FileText from 'lucide-react/icons/file-text';
import Undo2 from 'lucide-react/icons/undo-2';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { localDigits } from '../../../../shared/locale';
import { formatOrderId } from '../../../../shared/orders';
import { VAT_PERCENT } from '../../../../shared/payments';
import { OrderItemsList } from '../../../components/orders/OrderItemsList';
import { OrderTimeline } from '../../../components/orders/OrderTimeline';
import { PaymentBadge, TestPaymentBadge, paymentMethodLabel } from '../../../components/orders/PaymentBadge';
import { StatusBadge } from '../../../components/orders/StatusBadge';
import { provinceName } from '../../../components/orders/order-labels';
import { orderItemsOf } from '../../../components/orders/order-items';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { formatDeliveryFee, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ADMIN_ORDER_TEXTS, type Order, useAdminOrder, useMarkRefunded, useReverseOrder } from './api';
import { TakeBackDialog, backFrom } from './TakeBackDialog';
import { useCan } from '../permissions';

/** The open order: who bought it, where it goes, how it is paid, and its items (fetched fresh). */
export function OrderDetails({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const fresh = useAdminOrder(order.id);
  const { markRefunded, refundingId } = useMarkRefunded();
  const canRefund = useCan('refunds');
  // Marking a refund cannot be undone: asked once.
  const [confirmingRefund, setConfirmingRefund] = useState(false);
  // Take back: a correction with a reason, for a role that holds it and an order that has a step back.
  const canReverse = useCan('orders.reverse');
  const [takingBack, setTakingBack] = useState(false);
  const { reverse, reversing } = useReverseOrder(() => setTakingBack(false));
  const failed = fresh.isError;
  useEffect(() => {
    if (failed) toast.error(t(ADMIN_ORDER_TEXTS.itemsFailed), { toastId: `admin-order-items-${order.id}` });
  }, [failed, order.id, t]);
  const shown = fresh.data ?? order;
  // A failed fetch empties the list.
  const items = failed ? [] : orderItemsOf(fresh.data);

  return (
    <div className="space-y-4">
      <div className="grid gap-4 text-sm sm:grid-cols-3">
        <section aria-label={t('admin.orders.customer')}>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('admin.orders.customer')}</h4>
          <p className="mt-1 font-medium text-slate-900">
            {shown.user.firstName} {shown.user.lastName}
          </p>
          <p className="break-all text-slate-700">{shown.user.email}</p>
          <p className="text-slate-700">{shown.user.phoneNumber}</p>
        </section>
        <section aria-label={t('admin.orders.deliveryAddress')}>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('admin.orders.deliverTo')}</h4>
          <p className="mt-1 font-medium text-slate-900">
            {shown.fullName}, {shown.phone}
          </p>
          <p className="text-slate-700">{shown.address}</p>
          {shown.landmark && <p className="text-slate-700">{t('admin.orders.landmark', { landmark: shown.landmark })}</p>}
          <p className="text-slate-700">
            {shown.city}, {shown.district}
          </p>
          <p className="text-slate-700">{t('admin.orders.province', { province: provinceName(shown.province, t) })}</p>
        </section>
        <section aria-label={t('admin.orders.payment')}>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('admin.orders.payment')}</h4>
          <p className="mt-1 text-slate-900">{paymentMethodLabel(shown.paymentMethod, t)}</p>
          <p className="mt-1 flex flex-wrap items-center gap-1.5">
            <PaymentBadge status={shown.paymentStatus} />
            <StatusBadge status={shown.status} />
            <TestPaymentBadge testPayment={shown.testPayment} />
          </p>
          <p className="mt-1 text-slate-700">
            {t('admin.orders.reference')}{' '}
            {shown.paymentRef ? (
              <span className="font-mono text-xs break-all text-slate-900" data-testid="payment-ref">
                {shown.paymentRef}
              </span>
            ) : (
              <span className="text-slate-500">{t('admin.orders.noReference')}</span>
            )}
          </p>
          {(shown.paymentStatus === 'refund_due' || shown.extraRefundDue > 0) && (
            <div className="mt-2 space-y-1">
              {shown.paymentStatus === 'refund_due' && (
                <p className="text-xs text-orange-800">
                  {t('admin.orders.refundDue', { amount: formatPrice(shown.totalAmount, locale) })}
                </p>
              )}
              {shown.extraRefundDue > 0 && (
                <p className="text-xs text-orange-800" data-testid="extra-refund">
                  {t('admin.orders.extraRefundDue', { amount: formatPrice(shown.extraRefundDue, locale) })}
                </p>
              )}
              {canRefund && (
                <Button variant="outline" size="sm" onClick={() => setConfirmingRefund(true)} loading={refundingId === shown.id}>
                  {t('admin.orders.markRefunded')}
                </Button>
              )}
              <ConfirmDialog
                open={confirmingRefund}
                title={t('admin.orders.confirmRefund.title', { id: shown.id })}
                confirmLabel={t('admin.orders.confirmRefund.action')}
                pending={refundingId === shown.id}
                onCancel={() => setConfirmingRefund(false)}
                onConfirm={() => markRefunded(shown.id, { onSettled: () => setConfirmingRefund(false) })}
              >
                {t('admin.orders.confirmRefund.body', { amount: formatPrice(refundAmount(shown), locale) })}
              </ConfirmDialog>
            </div>
          )}
        </section>
      </div>
      <OrderItemsList items={items} loading={fresh.isPending} caption={t('admin.orders.itemsCaption', { id: order.id })} />
      {fresh.data && (
        <section aria-labelledby={`admin-history-${order.id}`}>
          <h4 id={`admin-history-${order.id}`} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('orders.timeline.title')}
          </h4>
          <OrderTimeline
            createdAt={shown.createdAt}
            history={Array.isArray(fresh.data.history) ? fresh.data.history : []}
            audience="admin"
            label={t('orders.timeline.label', { orderId: formatOrderId(order.id) })}
          />
        </section>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-end sm:justify-between">
        {shown.invoiceNumber !== null ? (
          <Link to={`/orders/${encodeURIComponent(shown.id)}/invoice`} className={buttonClasses('outline', 'sm', 'self-start')}>
            <FileText className="size-4" aria-hidden="true" />
            {t('admin.orders.invoice')}
          </Link>
        ) : (
          <span />
        )}
        {canReverse && backFrom(shown.status).length > 0 && (
          <Button variant="outline" size="sm" className="self-start" onClick={() => setTakingBack(true)}>
            <Undo2 className="size-4" aria-hidden="true" />
            {t('admin.takeBack.open')}
          </Button>
        )}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm sm:min-w-64">
          <dt className="text-slate-500">{t('admin.orders.subtotal')}</dt>
          <dd className="text-right text-slate-900">{formatPrice(shown.subtotal, locale)}</dd>
          <dt className="text-slate-500">{t('admin.orders.delivery')}</dt>
          <dd className="text-right text-slate-900">{formatDeliveryFee(shown.deliveryFee, locale)}</dd>
          <dt className="font-semibold text-slate-900">{t('admin.orders.totalAmount')}</dt>
          <dd className="text-right font-semibold text-slate-900">{formatPrice(shown.totalAmount, locale)}</dd>
          <dd className="col-span-2 text-right text-xs text-slate-500">
            {t('admin.orders.vatIncluded', {
              percent: localDigits(String(VAT_PERCENT), locale),
              amount: formatPrice(shown.vatAmount, locale),
            })}
          </dd>
        </dl>
      </div>
      {takingBack && (
        <TakeBackDialog
          order={shown}
          busy={reversing}
          onConfirm={(status, reason) => reverse({ id: shown.id, status, reason })}
          onClose={() => setTakingBack(false)}
        />
      )}
    </div>
  );
}

/** Rupees "Mark refunded" gives back: the order's own payment when it is due, and any payment beyond it. */
function refundAmount(order: { paymentStatus: string; totalAmount: number; extraRefundDue: number }): number {
  const own = order.paymentStatus === 'refund_due' ? order.totalAmount : 0;
  return Math.round((own + order.extraRefundDue) * 100) / 100;
}
