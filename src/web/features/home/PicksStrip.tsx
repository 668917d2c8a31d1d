import { Link } from 'react-router';
import { parseImages } from '../../../shared/catalog-media';
import { ProductImage } from '../../components/ProductImage';
import { formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { useFeaturedProducts } from '../../lib/products';

/**
 * A strip of the featured products right under the hero, so that a shopper on a phone sees
 * products within the first screen and a half rather than after six sections. It reads the same
 * query as Featured Products at the bottom (one request for both) and scrolls sideways with snap
 * points on a phone; nothing is shown until products are there, so the page does not jump.
 */
export function PicksStrip() {
  const t = useT();
  const locale = useLocale();
  const featured = useFeaturedProducts();
  const products = featured.data ?? [];
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="picks-heading" className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="picks-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
          {t('home.picks.heading')}
        </h2>
        <Link to="/products" className="text-sm font-semibold text-amber-700 underline-offset-2 hover:underline">
          {t('home.picks.all')}
        </Link>
      </div>
      <ul className="mt-3 flex snap-x snap-mandatory gap-3 overflow-x-auto pb-3" aria-label={t('home.picks.heading')}>
        {products.map((product) => (
          <li key={product.id} className="w-36 shrink-0 snap-start sm:w-44">
            <Link
              to={`/products/${product.id}`}
              className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <ProductImage src={parseImages(product.images)[0]} alt="" sizes="176px" cover className="h-28 w-full sm:h-32" />
              <span className="line-clamp-2 px-2 pt-2 text-sm leading-snug font-medium text-slate-900">{product.name}</span>
              <span className="mt-auto px-2 pt-1 pb-2 text-sm font-bold text-slate-900">{formatPrice(product.price, locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
