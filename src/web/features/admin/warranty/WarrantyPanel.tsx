import { useId, useState } from 'react';
import { formatOrderId, soldName } from '../../../../shared/orders';
import { localDigits } from '../../../../shared/locale';
import { CLAIM_NEXT, CLAIM_NOTE_MAX, CLAIM_REJECT_MIN } from '../../../../shared/warranty';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { formatOrderDate } from '../../../lib/order-dates';
import { toast } from '../../../lib/toast';
import { CLAIM_STATUS_LABELS } from '../../../components/orders/claim-status';
import { type AdminClaim, type AdminClaims, type ClaimStatus, useAdminClaims } from './api';

const FILTERS = ['opened', 'received', 'at_service_centre', 'repaired', 'replaced', 'all'] as const;

const MOVE_LABELS = {
  received: 'admin.warranty.to.received',
  at_service_centre: 'admin.warranty.to.at_service_centre',
  repaired: 'admin.warranty.to.repaired',
  replaced: 'admin.warranty.to.replaced',
  returned_to_shopper: 'admin.warranty.to.returned_to_shopper',
} as const satisfies Partial<Record<ClaimStatus, MessageId>>;

/**
 * The admin's Warranty tab: the claims at each step (new ones first), or all, newest first; each
 * card shows the unit, the shopper's problem and the step buttons it can take next, with an
 * optional note for the shopper (a rejection's reason is required). The shopper is told at each.
 */
export function WarrantyPanel() {
  const t = useT();
  const locale = useLocale();
  const [status, setStatus] = useState<ClaimStatus | 'all'>('opened');
  const [page, setPage] = useState(1);
  const claims = useAdminClaims(status, page);
  const data = claims.list.data;
  return (
    <section className="space-y-4" aria-labelledby="warranty-heading">
      <h2 id="warranty-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.tabs.warranty')}
      </h2>
      <div role="group" aria-label={t('admin.warranty.filter')} className="flex flex-wrap gap-2">
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
            {value === 'all' ? t('admin.warranty.all') : t(CLAIM_STATUS_LABELS[value])}
          </Button>
        ))}
      </div>
      {claims.list.isError && <p role="alert">{t('admin.warranty.loadFailed')}</p>}
      {data && data.claims.length === 0 && <p className="text-slate-600">{t('admin.warranty.empty')}</p>}
      <ul className="space-y-3">
        {data?.claims.map((item) => (
          <ClaimCard key={item.id} item={item} claims={claims} />
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

function ClaimCard({ item, claims }: { item: AdminClaim; claims: AdminClaims }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [note, setNote] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const next = CLAIM_NEXT[item.status].filter((status) => status !== 'rejected');
  const canReject = CLAIM_NEXT[item.status].includes('rejected');
  const run = async (status: ClaimStatus) => {
    try {
      await claims.step.mutateAsync({ id: item.id, status, note: note.trim() || undefined });
      toast.success(t('admin.warranty.done'));
      setNote('');
      setRejecting(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const busy = claims.step.isPending;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`admin-claim-${item.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {t('admin.warranty.title', { id: String(item.id), orderId: formatOrderId(item.orderId) })}
        </h3>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="claim-status">
          {t(CLAIM_STATUS_LABELS[item.status])}
        </span>
      </div>
      <p className="mt-1 text-sm break-words text-slate-600">
        {item.customerName} · {item.customerEmail} · {formatOrderDate(item.createdAt, locale)}
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">{t('admin.warranty.unit')}</dt>
        <dd className="break-words text-slate-900">
          {soldName(item.name, item.variantLabel)}
          {item.serial ? ` · ${t('orders.warranty.serial', { serial: item.serial })}` : ''}
        </dd>
        <dt className="font-medium text-slate-700">{t('admin.warranty.ends')}</dt>
        <dd className="text-slate-900">{localDigits(item.warrantyEnds, locale)}</dd>
        <dt className="font-medium text-slate-700">{t('admin.warranty.issue')}</dt>
        <dd className="break-words whitespace-pre-line text-slate-900">{item.issue}</dd>
        {item.note && (
          <>
            <dt className="font-medium text-slate-700">{t('orders.returns.decisionNote')}</dt>
            <dd className="break-words text-slate-900">{item.note}</dd>
          </>
        )}
      </dl>
      {(next.length > 0 || canReject) && (
        <div className="mt-3 space-y-2">
          <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-700">
            {rejecting ? t('admin.warranty.rejectReason') : t('admin.warranty.noteLabel')}
          </label>
          <textarea
            id={`${id}-note`}
            className={`${inputClasses} border-control`}
            rows={2}
            maxLength={CLAIM_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            {!rejecting &&
              next.map((status) => (
                <Button key={status} size="sm" loading={busy} onClick={() => void run(status)}>
                  {t(MOVE_LABELS[status as keyof typeof MOVE_LABELS])}
                </Button>
              ))}
            {canReject && !rejecting && (
              <Button size="sm" variant="outline" onClick={() => setRejecting(true)}>
                {t('admin.warranty.reject')}
              </Button>
            )}
            {rejecting && (
              <>
                <Button
                  size="sm"
                  loading={busy}
                  disabled={note.trim().length < CLAIM_REJECT_MIN}
                  onClick={() => void run('rejected')}
                >
                  {t('admin.warranty.confirmReject')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setRejecting(false)}>
                  {t('orders.warranty.cancel')}
                </Button>
              </>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
