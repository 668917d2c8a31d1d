import { useId, useState } from 'react';
import { ADMIN_REVIEW_QUEUES, REVIEW_LIMITS } from '../../../../shared/reviews';
import { Stars } from '../../../components/Stars';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { formatOrderDate } from '../../../lib/order-dates';
import { toast } from '../../../lib/toast';
import { type AdminReview, type AdminReviewQueue, type AdminReviews, useAdminReviews } from './api';

const QUEUE_LABELS = {
  new: 'admin.reviews.queue.new',
  reported: 'admin.reviews.queue.reported',
  hidden: 'admin.reviews.queue.hidden',
  all: 'admin.reviews.queue.all',
} as const;

/**
 * The admin's Reviews tab: new reviews (not yet looked at), reported ones, hidden ones, or all,
 * newest first; each can be hidden with a reason (its author is mailed), shown again, or replied
 * to publicly as the shop. Reviews are shown as plain text.
 */
export function ReviewsPanel() {
  const t = useT();
  const locale = useLocale();
  const [queue, setQueue] = useState<AdminReviewQueue>('new');
  const [page, setPage] = useState(1);
  const reviews = useAdminReviews(queue, page);
  const data = reviews.list.data;
  return (
    <section className="space-y-4" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.tabs.reviews')}
      </h2>
      <div role="group" aria-label={t('admin.reviews.queue')} className="flex flex-wrap gap-2">
        {ADMIN_REVIEW_QUEUES.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === queue ? 'secondary' : 'outline'}
            aria-pressed={value === queue}
            onClick={() => {
              setQueue(value);
              setPage(1);
            }}
          >
            {t(QUEUE_LABELS[value])}
          </Button>
        ))}
      </div>
      {reviews.list.isError && <p role="alert">{t('admin.reviews.loadFailed')}</p>}
      {data && data.reviews.length === 0 && <p className="text-slate-600">{t('admin.reviews.empty')}</p>}
      <ul className="space-y-3">
        {data?.reviews.map((review) => (
          <ReviewCard key={review.id} review={review} reviews={reviews} />
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

function ReviewCard({ review, reviews }: { review: AdminReview; reviews: AdminReviews }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState<'hide' | 'reply' | null>(null);
  const [text, setText] = useState('');
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      setOpen(null);
      setText('');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const start = (kind: 'hide' | 'reply') => {
    setOpen(open === kind ? null : kind);
    setText(kind === 'reply' ? (review.reply ?? '') : '');
  };
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`admin-review-${review.id}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-900">{review.productName}</span>
        {review.status === 'hidden' && (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
            {t('admin.reviews.hidden')}
          </span>
        )}
        {review.openReports > 0 && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
            {t('admin.reviews.reports', { count: review.openReports, n: formatCount(review.openReports, locale) })}
          </span>
        )}
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <Stars value={review.rating} />
        <span className="sr-only">{t('admin.reviews.rating', { n: formatCount(review.rating, locale) })}</span>
        <span className="font-semibold break-words text-slate-900">{review.title}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {review.author} · {formatOrderDate(review.createdAt, locale)}
        {review.variant ? ` · ${review.variant}` : ''}
      </p>
      <p className="mt-2 break-words whitespace-pre-line text-slate-700">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="mt-2 flex gap-2">
          {review.photos.map((address, i) => (
            <li key={address}>
              <img
                src={address}
                alt={t('admin.reviews.photo', { n: formatCount(i + 1, locale) })}
                loading="lazy"
                className="size-16 rounded-md border border-slate-200 object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      {review.hiddenReason && (
        <p className="mt-2 text-sm text-slate-700">{t('admin.reviews.hiddenBecause', { reason: review.hiddenReason })}</p>
      )}
      {review.reply && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-700">
          {t('admin.reviews.yourReply', { reply: review.reply })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {review.status === 'visible' ? (
          <Button size="sm" variant="outline" aria-expanded={open === 'hide'} onClick={() => start('hide')}>
            {t('admin.reviews.hide')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            loading={reviews.show.isPending}
            onClick={() => void run(() => reviews.show.mutateAsync(review.id), t('admin.reviews.shown'))}
          >
            {t('admin.reviews.show')}
          </Button>
        )}
        <Button size="sm" variant="outline" aria-expanded={open === 'reply'} onClick={() => start('reply')}>
          {t('admin.reviews.reply')}
        </Button>
      </div>
      {open && (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void (open === 'hide'
              ? run(() => reviews.hide.mutateAsync({ id: review.id, reason: text }), t('admin.reviews.hiddenDone'))
              : run(() => reviews.reply.mutateAsync({ id: review.id, reply: text }), t('admin.reviews.replied')));
          }}
        >
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-700">
            {t(open === 'hide' ? 'admin.reviews.reason' : 'admin.reviews.replyLabel')}
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            maxLength={open === 'hide' ? REVIEW_LIMITS.reasonMax : REVIEW_LIMITS.replyMax}
            className={`${inputClasses} border-control h-auto py-2`}
          />
          <Button type="submit" size="sm" variant={open === 'hide' ? 'danger' : 'secondary'}>
            {t(open === 'hide' ? 'admin.reviews.confirmHide' : 'admin.reviews.sendReply')}
          </Button>
        </form>
      )}
    </li>
  );
}
