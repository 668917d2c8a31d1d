import BadgeCheck from 'lucide-react/icons/badge-check';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { REVIEW_SORTS, type Rating, type ReviewPage, type ReviewSort } from '../../../../shared/reviews';
import { Stars } from '../../../components/Stars';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { safeReturnPath, withReturnPath } from '../../../lib/return-path';
import { useShopperToken } from '../../../lib/session';
import { ReviewForm } from './ReviewForm';
import { ReviewItem } from './ReviewItem';
import { averageText, ratingLabel } from './review-words';
import { useMyReview, useReviewPage, useReviewWrites } from './reviews-api';

const NO_RATING: Rating = { average: 0, count: 0 };

const SORT_LABELS = {
  newest: 'products.reviews.sort.newest',
  helpful: 'products.reviews.sort.helpful',
  rating: 'products.reviews.sort.rating',
} as const;

/**
 * 'Customer reviews' on a product page: the average, stars and count with a bar per star, the
 * shopper's own form (shown only to a shopper who received the product; anyone else reads why
 * not), and the reviews in the chosen order, ten a page, each with its helpful and report buttons.
 * Everything a shopper wrote is shown as plain text.
 */
export function ReviewsSection({ productId, rating = NO_RATING }: { productId: number; rating?: Rating | undefined }) {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const { data } = useReviewPage(productId, sort, page);
  const summary = data ?? { average: rating.average, count: rating.count, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
  return (
    <section id="reviews" aria-labelledby={headingId} className="mt-12 scroll-mt-20 border-t border-slate-200 pt-8">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
        {t('products.reviews.heading')}
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <div>
          <Summary summary={summary} />
          <MyReviewArea productId={productId} />
        </div>
        <div className="min-w-0">
          {summary.count > 0 && (
            <div className="flex items-center justify-end gap-2">
              <label htmlFor={`${headingId}-sort`} className="text-sm font-medium whitespace-nowrap text-slate-700">
                {t('products.reviews.sortLabel')}
              </label>
              <select
                id={`${headingId}-sort`}
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as ReviewSort);
                  setPage(1);
                }}
                className={`${inputClasses.replace('w-full', 'w-auto')} border-control h-10`}
              >
                {REVIEW_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t(SORT_LABELS[value])}
                  </option>
                ))}
              </select>
            </div>
          )}
          {data && data.reviews.length === 0 ? (
            <p className="mt-4 text-slate-600">{t('products.reviews.none')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200" data-testid="review-list">
              {data?.reviews.map((review) => (
                <ReviewItem key={review.id} productId={productId} review={review} />
              ))}
            </ul>
          )}
          {data && data.totalPages > 1 && (
            <nav aria-label={t('products.reviews.pages')} className="mt-4 flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('products.reviews.previous')}
              </Button>
              <span className="text-sm text-slate-600">
                {t('products.reviews.pageOf', { page: formatCount(page, locale), pages: formatCount(data.totalPages, locale) })}
              </span>
              <Button variant="outline" size="sm" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
                {t('products.reviews.next')}
              </Button>
            </nav>
          )}
        </div>
      </div>
    </section>
  );
}

function Summary({ summary }: { summary: Pick<ReviewPage, 'average' | 'count' | 'distribution'> }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div data-testid="rating-summary">
      <p className="flex items-center gap-3">
        <span className="text-4xl font-bold text-slate-900">{averageText(summary.average, locale)}</span>
        <span className="flex flex-col gap-1">
          <Stars value={summary.average} className="size-5" />
          <span className="text-sm text-slate-600">
            {summary.count > 0 ? ratingLabel(summary, t, locale) : t('products.rating.none')}
          </span>
        </span>
      </p>
      <ul className="mt-4 space-y-1.5" aria-label={t('products.reviews.distribution')}>
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const n = summary.distribution[stars];
          const percent = summary.count > 0 ? Math.round((n / summary.count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-2 text-sm text-slate-700">
              <span className="w-16 shrink-0">
                {t('products.reviews.stars', { count: stars, n: formatCount(stars, locale) })}
              </span>
              <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${percent}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums">{formatCount(n, locale)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The shopper's own review, the form, or a note saying who may write one. */
function MyReviewArea({ productId }: { productId: number }) {
  const t = useT();
  const token = useShopperToken();
  const { pathname, search } = useLocation();
  const mine = useMyReview(productId, Boolean(token));
  const writes = useReviewWrites(productId);
  const [editing, setEditing] = useState(false);
  const note = (text: string) => <p className="mt-6 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{text}</p>;
  if (!token) {
    return (
      <p className="mt-6 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
        {t('products.reviews.onlyBuyers')}{' '}
        <Link
          to={withReturnPath('/login', safeReturnPath(`${pathname}${search}#reviews`))}
          className="font-semibold text-amber-800 underline"
        >
          {t('products.reviews.login')}
        </Link>
      </p>
    );
  }
  if (!mine.data) return null;
  if (!mine.data.canReview) return note(t('products.reviews.notBought'));
  const existing = mine.data.review;
  if (existing && !editing) {
    return (
      <div className="mt-6 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>{t('products.reviews.yours')}</span>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          {t('products.reviews.edit')}
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-6">
      <h3 className="mb-2 flex items-center gap-1.5 text-base font-semibold text-slate-900">
        <BadgeCheck className="size-5 text-emerald-700" aria-hidden="true" />
        {t(existing ? 'products.reviews.editHeading' : 'products.reviews.write')}
      </h3>
      <ReviewForm
        existing={existing}
        onSave={(input) => writes.save.mutateAsync({ input, editing: Boolean(existing) })}
        onPhotos={(files) => writes.photos.mutateAsync(files)}
        onDone={() => setEditing(false)}
      />
    </div>
  );
}
