import { formatBikramSambat } from '../../../../shared/bikram-sambat';
import type { Locale } from '../../../../shared/locale';
import { formatCount } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';

/** A review's date: '7 Dec 2026' in English, the Bikram Sambat date ('२०८३ मंसिर २२') in Nepali. */
export function reviewDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (locale === 'ne') {
    const bs = formatBikramSambat(date);
    if (bs) return bs;
  }
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kathmandu' });
}

/** '4.3' or '४.३': an average to one decimal in the page's digits. */
export function averageText(average: number, locale: Locale): string {
  return average.toFixed(1).replace(/\d/g, (digit) => formatCount(Number(digit), locale));
}

/** The words a screen reader hears for a product's stars: 'Rated 4.3 out of 5, 12 reviews'. */
export function ratingLabel(rating: { average: number; count: number }, t: Translate, locale: Locale): string {
  return t('products.rating.label', {
    average: averageText(rating.average, locale),
    count: rating.count,
    reviews: formatCount(rating.count, locale),
  });
}
