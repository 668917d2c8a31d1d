import type { Rating } from '../../../../shared/reviews';
import { Stars } from '../../../components/Stars';
import { useLocale, useT } from '../../../lib/i18n';
import { ratingLabel } from './review-words';

/** Under a product's name: its stars and review count, a link down to the reviews ('No reviews yet' without any). */
export function RatingLink({ rating }: { rating: Rating | undefined }) {
  const t = useT();
  const locale = useLocale();
  if (!rating) return null;
  return (
    <a
      href="#reviews"
      data-testid="product-rating"
      className="mt-2 inline-flex min-h-8 items-center gap-2 rounded-md text-sm text-slate-700 hover:text-amber-800 hover:underline"
    >
      <Stars value={rating.average} />
      {rating.count > 0 ? ratingLabel(rating, t, locale) : t('products.rating.none')}
    </a>
  );
}
