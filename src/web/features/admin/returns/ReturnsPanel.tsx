import { useId, useState } from 'react';
import { formatOrderId, soldName } from '../../../../shared/orders';
import { RETURN_REASON_MAX, RETURN_REASON_MIN } from '../../../../shared/returns';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { formatCount, formatPrice } from '../../../lib/format';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { formatOrderDate } from '../../../lib/order-dates';
import { toast } from '../../../lib/toast';
import { type AdminReturn, type AdminReturns, type ReturnStep, type ReturnStatus, useAdminReturns } from './api';

export const RETURN_STATUS_LABELS = {
  requested: 'orders.returns.status.requested',
  approved: 'orders.returns.status.approved',
  rejected: 'orders.returns.status.rejected',
  received: 'orders.returns.status.received',
  refund_due: 'orders.returns.status.refund_due',
  refunded: 'orders.returns.status.refunded',
  replaced: 'orders.returns.status.replaced',
} as const satisfies Record<ReturnStatus, MessageId>;

export const RETURN_REASON_LABELS = {
  damaged: 'orders.returns.reason.damaged',
  wrong_item: 'orders.returns.reason.wrong_item',
  not_as_described: 'orders.returns.reason.not_as_described',
  other: 'orders.returns.reason.other',
} as const satisfies Record<AdminReturn['reason'], MessageId>;

const FILTERS = ['requested', 'approved', 'received', 'refund_due', 'all'] as const;

/**
 * The admin's Returns tab: the returns waiting at each step (new requests first), or all, newest
 * first; each card is the return in full (the customer, the order, the units, the reason, the
 * note and photos) with the one or two steps it can take next. The shopper is mailed at each.
 */
export function ReturnsPanel() {
  const t = useT();
  const locale = useLocale();
  const [status, setStatus] = useState<ReturnStatus | 'all'>('requested');
  const [page, setPage] = useState(1);
  const returns = useAdminReturns(status, page);
  const data = returns.list.data;
  return (
    <section className="space-y-4" aria-labelledby="returns-heading">
      <h2 id="returns-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.tabs.returns')}
      </h2>
      <div role="group" aria-label={t('admin.returns.filter')} className="flex flex-wrap gap-2">
        {FILTERS.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === status ? 'secondary' : 'outline'}
            aria-pressed={value === status}
            onClick={() => {
              setStatus(value);
              setPage(1);
            }}
          >
            {value === 'all' ? t('admin.returns.all') : t(RETURN_STATUS_LABELS[value])}
          </Button>
        ))}
      </div>
      {returns.list.isError && <p role="alert">{t('admin.returns.loadFailed')}</p>}
      {data && data.returns.length === 0 && <p className="text-slate-600">{t('admin.returns.empty')}</p>}
      <ul className="space-y-3">
        {data?.returns.map((item) => (
          <ReturnCard key={item.id} item={item} returns={returns} />
        ))}
      </ul>
      {data && data.totalPages > 1 && (
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('admin.reviews.previous')}
          </Button>
          <span className="text-sm text-slate-600">
            {t('admin.reviews.pageOf', { page: formatCount(page, locale), pages: formatCount(data.totalPages, locale) })}
          </span>
          <Button variant="outline" size="sm" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
            {t('admin.reviews.next')}
          </Button>
        </div>
      )}
    </section>
  );
}

function ReturnCard({ item, returns }: { item: AdminReturn; returns: AdminReturns }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const run = async (input: ReturnStep) => {
    try {
      await returns.step.mutateAsync(input);
      toast.success(t('admin.returns.done'));
      setRejecting(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const busy = returns.step.isPending;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`admin-return-${item.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {t('admin.returns.title', { id: String(item.id), orderId: formatOrderId(item.orderId) })}
        </h3>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="return-status">
          {t(RETURN_STATUS_LABELS[item.status])}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {item.customerName} · {item.customerEmail} · {formatOrderDate(item.createdAt, locale)}
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">{t('orders.returns.reasonLabel')}</dt>
        <dd className="text-slate-900">{t(RETURN_REASON_LABELS[item.reason])}</dd>
        {item.note && (
          <>
            <dt className="font-medium text-slate-700">{t('orders.returns.noteLabel')}</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{item.note}</dd>
          </>
        )}
        <dt className="font-medium text-slate-700">{t('orders.returns.items')}</dt>
        <dd>
          <ul>
            {item.items.map((line) => (
              <li key={line.orderItemId}>
                {formatCount(line.quantity, locale)} × {soldName(line.name, line.variantLabel)}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-medium text-slate-700">{t('orders.returns.refundAmount')}</dt>
        <dd className="text-slate-900">{formatPrice(item.refundAmount, locale)}</dd>
        {item.decisionNote && (
          <>
            <dt className="font-medium text-slate-700">{t('orders.returns.decisionNote')}</dt>
            <dd className="break-words text-slate-900">{item.decisionNote}</dd>
          </>
        )}
      </dl>
      {item.photos.length > 0 && (
        <ul className="mt-3 flex gap-2" aria-label={t('orders.returns.photos')}>
          {item.photos.map((photo, index) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noreferrer">
                <img
                  src={photo}
                  alt={t('orders.returns.photoAlt', { n: formatCount(index + 1, locale) })}
                  className="size-20 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {item.status === 'requested' && (
          <>
            <Button size="sm" loading={busy} onClick={() => run({ id: item.id, step: 'approve' })}>
              {t('admin.returns.approve')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRejecting(!rejecting)} aria-expanded={rejecting}>
              {t('admin.returns.reject')}
            </Button>
          </>
        )}
        {item.status === 'approved' && (
          <Button size="sm" loading={busy} onClick={() => run({ id: item.id, step: 'receive' })}>
            {t('admin.returns.receive')}
          </Button>
        )}
        {item.status === 'received' && (
          <>
            <Button size="sm" loading={busy} onClick={() => run({ id: item.id, step: 'settle', settlement: 'refund' })}>
              {t('admin.returns.refund')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              onClick={() => run({ id: item.id, step: 'settle', settlement: 'replacement' })}
            >
              {t('admin.returns.replace')}
            </Button>
          </>
        )}
        {item.status === 'refund_due' && (
          <Button size="sm" loading={busy} onClick={() => run({ id: item.id, step: 'refunded' })}>
            {t('admin.returns.markRefunded')}
          </Button>
        )}
      </div>
      {rejecting && (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run({ id: item.id, step: 'reject', reason });
          }}
        >
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700">
            {t('admin.returns.rejectReason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className={`${inputClasses} border-control`}
            rows={2}
            required
            minLength={RETURN_REASON_MIN}
            maxLength={RETURN_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button size="sm" type="submit" loading={busy}>
            {t('admin.returns.confirmReject')}
          </Button>
        </form>
      )}
    </li>
  );
}
