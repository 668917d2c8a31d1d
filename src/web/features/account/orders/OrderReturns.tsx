import { useId, useState } from 'react';
import { soldName } from '../../../../shared/orders';
import { RETURN_NOTE_MAX, RETURN_PHOTOS_MAX, RETURN_REASONS, type ReturnReason } from '../../../../shared/returns';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { formatCount, formatPrice } from '../../../lib/format';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { formatOrderDate } from '../../../lib/order-dates';
import { toast } from '../../../lib/toast';
import { type Return, useOrderReturns } from './returns-api';

const STATUS = {
  requested: 'orders.returns.status.requested',
  approved: 'orders.returns.status.approved',
  rejected: 'orders.returns.status.rejected',
  received: 'orders.returns.status.received',
  refund_due: 'orders.returns.status.refund_due',
  refunded: 'orders.returns.status.refunded',
  replaced: 'orders.returns.status.replaced',
} as const satisfies Record<Return['status'], MessageId>;

const REASONS = {
  damaged: 'orders.returns.reason.damaged',
  wrong_item: 'orders.returns.reason.wrong_item',
  not_as_described: 'orders.returns.reason.not_as_described',
  other: 'orders.returns.reason.other',
} as const satisfies Record<ReturnReason, MessageId>;

const field = `${inputClasses} border-control`;

/**
 * A delivered order's returns: each asked for, with where it stands, and while the window is
 * open a form to return some or all units (how many of each line, why, a note, up to 3 photos).
 */
export function OrderReturns({ userId, orderId }: { userId: number | undefined; orderId: string }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const { view, request } = useOrderReturns(userId, orderId);
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason>('damaged');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  // When the order was opened: a window that closes while the page is open is refused by the server.
  const [now] = useState(() => Date.now());
  const data = view.data;
  if (!data) return null;
  const open_ = data.lines.filter((line) => line.left > 0 && line.until !== null && Date.parse(line.until) > now);
  const until = open_.map((line) => line.until!).sort()[0];
  const submit = async () => {
    const items = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([orderItemId, quantity]) => ({ orderItemId: Number(orderItemId), quantity }));
    try {
      await request.mutateAsync({ items, reason, note, photos });
      toast.success(t('orders.returns.sent'));
      setOpen(false);
      setQuantities({});
      setNote('');
      setPhotos([]);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  if (data.returns.length === 0 && open_.length === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="order-returns"
    >
      <h4 id={`${id}-title`} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('orders.returns.title')}
      </h4>
      {data.returns.length > 0 && (
        <ul className="mb-3 space-y-2">
          {data.returns.map((item) => (
            <li key={item.id} className="rounded border border-slate-200 p-2" data-testid={`order-return-${item.id}`}>
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-medium text-slate-900">{t('orders.returns.number', { id: String(item.id) })}</span>
                <span className="font-semibold text-amber-800">{t(STATUS[item.status])}</span>
              </p>
              <p className="text-slate-600">
                {item.items
                  .map((line) => `${formatCount(line.quantity, locale)} × ${soldName(line.name, line.variantLabel)}`)
                  .join(', ')}
              </p>
              <p className="text-slate-600">
                {t(REASONS[item.reason])} · {formatOrderDate(item.createdAt, locale)}
              </p>
              {(item.status === 'refund_due' || item.status === 'refunded') && (
                <p className="text-slate-700">
                  {t('orders.returns.refundOf', { amount: formatPrice(item.refundAmount, locale) })}
                </p>
              )}
              {item.decisionNote && (
                <p className="break-words text-slate-700">{t('orders.timeline.reason', { reason: item.decisionNote })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {open_.length > 0 && !open && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-600">{t('orders.returns.until', { date: formatOrderDate(until!, locale) })}</p>
          <Button variant="outline" size="sm" className="shrink-0" onClick={() => setOpen(true)}>
            {t('orders.returns.start')}
          </Button>
        </div>
      )}
      {open && (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className="space-y-2">
            <legend className="font-medium text-slate-800">{t('orders.returns.which')}</legend>
            {open_.map((line) => (
              <div key={line.orderItemId} className="flex items-center justify-between gap-2">
                <label htmlFor={`${id}-q-${line.orderItemId}`} className="min-w-0 flex-1 break-words text-slate-800">
                  {soldName(line.name, line.variantLabel)}
                </label>
                <div className="w-20 shrink-0">
                  <select
                    id={`${id}-q-${line.orderItemId}`}
                    className={field}
                    value={quantities[line.orderItemId] ?? 0}
                    onChange={(event) => setQuantities({ ...quantities, [line.orderItemId]: Number(event.target.value) })}
                  >
                    {Array.from({ length: line.left + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {formatCount(n, locale)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            ))}
          </fieldset>
          <div>
            <label htmlFor={`${id}-reason`} className="mb-1 block font-medium text-slate-800">
              {t('orders.returns.reasonLabel')}
            </label>
            <select
              id={`${id}-reason`}
              className={field}
              value={reason}
              onChange={(event) => setReason(event.target.value as ReturnReason)}
            >
              {RETURN_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(REASONS[value])}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-note`} className="mb-1 block font-medium text-slate-800">
              {t('orders.returns.noteLabel')}
            </label>
            <textarea
              id={`${id}-note`}
              className={field}
              rows={3}
              maxLength={RETURN_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-photos`} className="mb-1 block font-medium text-slate-800">
              {t('orders.returns.photosLabel', { max: formatCount(RETURN_PHOTOS_MAX, locale) })}
            </label>
            <input
              id={`${id}-photos`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="block w-full text-sm"
              onChange={(event) => setPhotos(Array.from(event.target.files ?? []).slice(0, RETURN_PHOTOS_MAX))}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={request.isPending}>
              {t('orders.returns.send')}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setOpen(false)}>
              {t('orders.returns.cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
