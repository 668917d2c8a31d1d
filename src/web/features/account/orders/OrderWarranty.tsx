import { useId, useState } from 'react';
import { localDigits } from '../../../../shared/locale';
import { soldName } from '../../../../shared/orders';
import { CLAIM_ISSUE_MAX, CLAIM_ISSUE_MIN, type ClaimableUnit } from '../../../../shared/warranty';
import { CLAIM_STATUS_LABELS } from '../../../components/orders/claim-status';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { formatOrderDate } from '../../../lib/order-dates';
import { toast } from '../../../lib/toast';
import { useOrderWarranty } from './warranty-api';

const unitKey = (unit: Pick<ClaimableUnit, 'orderItemId' | 'serial'>) => `${unit.orderItemId}:${unit.serial}`;

/**
 * A delivered order's warranty: each claim with where it stands, and each unit with a warranty:
 * until when it runs, and a "Claim warranty" button once its return window has closed (a short
 * form: what is wrong). Units still returnable say from when a claim can be opened.
 */
export function OrderWarranty({ userId, orderId }: { userId: number | undefined; orderId: string }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const { view, claim } = useOrderWarranty(userId, orderId);
  const [claiming, setClaiming] = useState<string | null>(null);
  const [issue, setIssue] = useState('');
  // When the order was opened: a window that closes while the page is open is refused by the server.
  const [now] = useState(() => Date.now());
  const data = view.data;
  if (!data) return null;
  const units = data.units.filter((unit) => unit.warrantyEnds !== null);
  if (units.length === 0 && data.claims.length === 0) return null;
  const submit = async (unit: ClaimableUnit) => {
    try {
      await claim.mutateAsync({ orderItemId: unit.orderItemId, ...(unit.serial ? { serial: unit.serial } : {}), issue });
      toast.success(t('orders.warranty.sent'));
      setClaiming(null);
      setIssue('');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const today = new Date(now).toISOString().slice(0, 10);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="order-warranty"
    >
      <h4 id={`${id}-title`} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('orders.warranty.title')}
      </h4>
      {data.claims.length > 0 && (
        <ul className="mb-3 space-y-2">
          {data.claims.map((item) => (
            <li key={item.id} className="rounded border border-slate-200 p-2" data-testid={`order-claim-${item.id}`}>
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-medium text-slate-900">{t('orders.warranty.number', { id: String(item.id) })}</span>
                <span className="font-semibold text-amber-800" data-testid="claim-status">
                  {t(CLAIM_STATUS_LABELS[item.status])}
                </span>
              </p>
              <p className="break-words text-slate-600">
                {soldName(item.name, item.variantLabel)}
                {item.serial ? ` · ${t('orders.warranty.serial', { serial: item.serial })}` : ''} ·{' '}
                {formatOrderDate(item.createdAt, locale)}
              </p>
              <p className="break-words whitespace-pre-line text-slate-700">{item.issue}</p>
              {item.note && <p className="break-words text-slate-700">{t('orders.warranty.note', { note: item.note })}</p>}
            </li>
          ))}
        </ul>
      )}
      <ul className="space-y-2">
        {units.map((unit) => {
          const key = unitKey(unit);
          const ended = unit.warrantyEnds! < today;
          return (
            <li key={key} className="space-y-2" data-testid="warranty-unit">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="break-words text-slate-800">
                    {soldName(unit.name, unit.variantLabel)}
                    {unit.serial ? ` · ${t('orders.warranty.serial', { serial: unit.serial })}` : ''}
                  </p>
                  <p className="text-slate-600">
                    {ended
                      ? t('orders.warranty.ended', { date: localDigits(unit.warrantyEnds!, locale) })
                      : unit.claimable || Date.parse(unit.from!) < now
                        ? t('orders.warranty.until', { date: localDigits(unit.warrantyEnds!, locale) })
                        : t('orders.warranty.from', { date: formatOrderDate(unit.from!, locale) })}
                  </p>
                </div>
                {unit.claimable && claiming !== key && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="shrink-0"
                    aria-label={t('orders.warranty.claimFor', { name: soldName(unit.name, unit.variantLabel) })}
                    onClick={() => {
                      setClaiming(key);
                      setIssue('');
                    }}
                  >
                    {t('orders.warranty.claim')}
                  </Button>
                )}
              </div>
              {claiming === key && (
                <form
                  className="space-y-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submit(unit);
                  }}
                >
                  <label htmlFor={`${id}-issue`} className="block font-medium text-slate-800">
                    {t('orders.warranty.issueLabel')}
                  </label>
                  <textarea
                    id={`${id}-issue`}
                    className={`${inputClasses} border-control`}
                    rows={3}
                    required
                    minLength={CLAIM_ISSUE_MIN}
                    maxLength={CLAIM_ISSUE_MAX}
                    aria-describedby={`${id}-hint`}
                    value={issue}
                    onChange={(event) => setIssue(event.target.value)}
                  />
                  <p id={`${id}-hint`} className="text-xs text-slate-600">
                    {t('orders.warranty.issueHint', { min: formatCount(CLAIM_ISSUE_MIN, locale) })}
                  </p>
                  <div className="flex gap-2">
                    <Button type="submit" size="sm" loading={claim.isPending}>
                      {t('orders.warranty.send')}
                    </Button>
                    <Button type="button" variant="outline" size="sm" onClick={() => setClaiming(null)}>
                      {t('orders.warranty.cancel')}
                    </Button>
                  </div>
                </form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
