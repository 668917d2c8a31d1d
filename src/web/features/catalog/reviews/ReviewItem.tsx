import BadgeCheck from 'lucide-react/icons/badge-check';
import Flag from 'lucide-react/icons/flag';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import { useId, useState } from 'react';
import { REPORT_REASONS, type ReportReason, type Review } from '../../../../shared/reviews';
import { Stars } from '../../../components/Stars';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useLoginPrompt } from '../../../lib/login-prompt';
import { useShopperToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { reviewDate } from './review-words';
import { useReviewWrites } from './reviews-api';

const REASON_LABELS = {
  spam: 'products.reviews.reason.spam',
  offensive: 'products.reviews.reason.offensive',
  fake: 'products.reviews.reason.fake',
  other: 'products.reviews.reason.other',
} as const;

/** One review: stars, title, who (first name, last initial), when, the variant bought, the text, the shop's reply. */
export function ReviewItem({ productId, review }: { productId: number; review: Review }) {
  const t = useT();
  const locale = useLocale();
  const token = useShopperToken();
  const askLogin = useLoginPrompt();
  const writes = useReviewWrites(productId);
  const reasonId = useId();
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const signedInOr = (work: () => void) => () =>
    token ? work() : askLogin(t('products.reviews.loginToAct'), t('products.reviews.login'));
  const markHelpful = async () => {
    try {
      await writes.helpful.mutateAsync(review.id);
      toast.success(t('products.reviews.thanks'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const sendReport = async () => {
    try {
      const { message } = await writes.report.mutateAsync({ reviewId: review.id, reason });
      toast.success(message);
      setReporting(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <li className="py-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.rating} />
        <span className="sr-only">
          {t('products.reviews.stars', { count: review.rating, n: formatCount(review.rating, locale) })}
        </span>
        <h3 className="font-semibold break-words text-slate-900">{review.title}</h3>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{review.author}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.createdAt}>{reviewDate(review.createdAt, locale)}</time>
        <span className="inline-flex items-center gap-1 font-medium text-emerald-800">
          <BadgeCheck className="size-4" aria-hidden="true" />
          {t('products.reviews.verified')}
        </span>
        {review.variant && <span>{t('products.reviews.variant', { variant: review.variant })}</span>}
      </p>
      {/* Plain text, never HTML: links, numbers and markup in a review are shown as written. */}
      <p className="mt-2 break-words whitespace-pre-line text-slate-700">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="mt-2 flex gap-2">
          {review.photos.map((address, i) => (
            <li key={address}>
              <a href={address} target="_blank" rel="noopener noreferrer" className="block rounded-md">
                <img
                  src={address}
                  alt={t('products.reviews.photoOf', { n: formatCount(i + 1, locale), title: review.title })}
                  loading="lazy"
                  className="size-20 rounded-md border border-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="mt-3 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm">
          <p className="font-semibold text-slate-900">{t('products.reviews.shopReply')}</p>
          <p className="mt-1 break-words whitespace-pre-line text-slate-700">{review.reply}</p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button variant="outline" size="xs" onClick={signedInOr(() => void markHelpful())} loading={writes.helpful.isPending}>
          <ThumbsUp className="size-3.5" aria-hidden="true" />
          {t('products.reviews.helpful', { count: formatCount(review.helpfulCount, locale) })}
        </Button>
        <Button variant="ghost" size="xs" aria-expanded={reporting} onClick={signedInOr(() => setReporting(!reporting))}>
          <Flag className="size-3.5" aria-hidden="true" />
          {t('products.reviews.report')}
        </Button>
      </div>
      {reporting && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-700">
              {t('products.reviews.reportReason')}
            </label>
            <select
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
              className={`${inputClasses.replace('w-full', 'w-auto')} border-control h-9`}
            >
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(REASON_LABELS[value])}
                </option>
              ))}
            </select>
          </div>
          <Button size="sm" variant="secondary" onClick={() => void sendReport()} loading={writes.report.isPending}>
            {t('products.reviews.sendReport')}
          </Button>
        </div>
      )}
    </li>
  );
}
