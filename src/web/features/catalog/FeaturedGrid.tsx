import { CARD_IMAGE_SIZES, parseImages } from '../../../shared/catalog-media';
import { ButtonLink } from '../../components/ui/Button';
import { formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import type { Product } from './api';
import { ProductImage } from './ProductImage';

/**
 * The cards of Home's Featured Products (loaded on demand: it pulls in the shared catalogue helpers).
 * Laid out like /products' cards: two compact cards a row on phones, then 3 and 4 columns; the image
 * stays 200 px high (SPEC §2) and fills its frame.
 */
export default function FeaturedGrid({ products }: { products: Product[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="mt-8 grid grid-cols-2 gap-3 sm:mt-10 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product) => (
        <li
          key={product.id}
          className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:rounded-2xl"
        >
          <ProductImage
            src={parseImages(product.images)[0]}
            alt={product.name}
            sizes={CARD_IMAGE_SIZES}
            cover
            className="h-[200px] w-full"
          />
          <div className="flex flex-1 flex-col p-2.5 sm:p-4">
            <h3 className="line-clamp-2 text-[13px] leading-4 font-semibold text-slate-900 sm:text-base sm:leading-snug">
              {product.name}
            </h3>
            <p className="mt-auto pt-1 text-sm leading-5 font-bold text-slate-900 sm:pt-2 sm:text-lg sm:leading-7">
              {formatPrice(product.price, locale)}
            </p>
            <ButtonLink
              to={`/products/${product.id}`}
              variant="primary"
              size="xs"
              className="mt-1.5 w-full sm:mt-3 sm:h-9 sm:px-3 sm:text-sm"
            >
              {t('catalog.featured.shopNow')}
            </ButtonLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
