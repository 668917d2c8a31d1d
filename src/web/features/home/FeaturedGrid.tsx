import { parseImages } from '../../../shared/catalog-media';
import { ButtonLink } from '../../components/ui/Button';
import { formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import type { Product } from '../../../shared/catalog';
import { ProductImage } from '../../components/ProductImage';

const SIZES =
  '(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 4rem) / 2), calc(100vw - 2rem)';

/**
 * The cards of Home's Featured Products (loaded on demand: it pulls in the shared catalogue helpers):
 * one column on phones (/products' list has two), images filling their frame.
 */
export default function FeaturedGrid({ products }: { products: Product[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="mt-10 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {products.map((product) => (
        <li key={product.id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <ProductImage
            src={parseImages(product.images)[0]}
            alt={product.name}
            sizes={SIZES}
            cover
            className="h-[200px] w-full"
          />
          <div className="flex flex-1 flex-col p-4">
            <h3 className="line-clamp-2 text-base leading-snug font-semibold text-slate-900">{product.name}</h3>
            <p className="mt-auto pt-2 text-lg font-bold text-slate-900">{formatPrice(product.price, locale)}</p>
            <ButtonLink to={`/products/${product.id}`} variant="primary" size="sm" className="mt-3 w-full">
              {t('catalog.featured.shopNow')}
            </ButtonLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
