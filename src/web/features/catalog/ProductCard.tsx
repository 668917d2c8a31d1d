import Heart from 'lucide-react/icons/heart';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { useId } from 'react';
import { Link } from 'react-router';
import { CARD_IMAGE_SIZES, parseImages } from '../../../shared/catalog-media';
import { Button } from '../../components/ui/Button';
import { formatCount, formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import type { RelatedProduct } from '../../../shared/catalog';
import type { Product } from './api';
import { shortDescription } from './filters';
import { ProductImage } from '../../components/ProductImage';
import { Stars } from '../../components/Stars';
import { CompareToggle } from './compare/CompareToggle';
import { SalePrice } from './SalePrice';
import { stockState } from './stock';
import { ratingLabel } from './reviews/review-words';

interface ProductCardProps {
  /** A product of a list, or a related product's compact answer (no description, one image). */
  product: Product | RelatedProduct;
  /** The like heart (the list's card; saved to the wishlist); left out under a product page. */
  liked?: boolean;
  onToggleLike?: (id: number) => void;
  /** 'Add to Cart' (the list's card); left out under a product page, whose own button is the one to press. */
  onAddToCart?: (id: number) => void;
  adding?: boolean;
  /** 'Compare' (the list's card): whether the product is on the device's list to compare, and its toggle. */
  compared?: boolean;
  onToggleCompare?: (id: number) => void;
  /** First cards of the page: load their images at once. */
  eager?: boolean;
}

/** The product list's card: image link, name, short description, 'Rs. {price}', like heart, 'Add to Cart' and 'Compare';
 * out of stock or only a few left, it says so on the image (the product page says it by the
 * same rule, stock.ts), and an empty one cannot be added. The related products under a product page
 * use it compact: image, name, price and stock, without description, heart and button. */
export function ProductCard({
  product,
  liked = false,
  onToggleLike,
  onAddToCart,
  adding = false,
  compared = false,
  onToggleCompare,
  eager = false,
}: ProductCardProps) {
  const t = useT();
  const locale = useLocale();
  const full = 'images' in product;
  const image = full ? parseImages(product.images)[0] : (product.image ?? undefined);
  const href = `/products/${product.id}`;
  const nameId = useId();
  const stock = stockState(product.stock, full ? product.lowStockThreshold : undefined);
  const outOfStock = stock.kind === 'out';
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md sm:rounded-2xl">
      <Link to={href} className="block" aria-label={product.name} tabIndex={-1}>
        <ProductImage
          src={image}
          alt={product.name}
          sizes={CARD_IMAGE_SIZES}
          eager={eager}
          cover
          className="aspect-square w-full transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transform-none"
        />
      </Link>
      {(stock.kind === 'out' || stock.kind === 'few') && (
        <p
          className={`pointer-events-none absolute top-1.5 left-1.5 rounded-full px-2 py-0.5 text-[11px] leading-4 font-semibold shadow-sm sm:top-2 sm:left-2 sm:text-xs ${outOfStock ? 'bg-slate-900 text-white' : 'bg-amber-100 text-amber-900'}`}
        >
          {stock.kind === 'out'
            ? t('products.detail.outOfStock')
            : t('products.card.fewLeft', { count: formatCount(stock.left, locale) })}
        </p>
      )}
      {/* Compact on phones (two cards a row, about 290 px tall): smaller type and paddings, the heart on the image. */}
      <div className="flex flex-1 flex-col px-2.5 py-2 sm:p-4">
        <h3 id={nameId} className="min-w-0 text-[13px] leading-4 font-semibold text-slate-900 sm:text-base sm:leading-snug">
          <Link to={href} className="line-clamp-2 hover:text-amber-700 hover:underline">
            {product.name}
          </Link>
        </h3>
        {onToggleLike && (
          <button
            type="button"
            aria-pressed={liked}
            aria-label={t('catalog.card.likeLabel', { name: product.name })}
            title={liked ? t('catalog.card.liked') : t('catalog.card.like')}
            onClick={() => onToggleLike(product.id)}
            className={`absolute top-1.5 right-1.5 inline-flex size-9 items-center justify-center rounded-full bg-white/90 shadow-sm transition-colors sm:top-2 sm:right-2 sm:size-10 ${liked ? 'text-rose-600 hover:bg-rose-50' : 'text-slate-600 hover:bg-white hover:text-slate-800'}`}
          >
            <Heart className="size-5" fill={liked ? 'currentColor' : 'none'} aria-hidden="true" />
          </button>
        )}
        {product.rating.count > 0 && (
          <p className="mt-0.5 flex items-center gap-1 text-xs leading-4 text-slate-600 sm:mt-1" data-testid="card-rating">
            <Stars value={product.rating.average} className="size-3.5" />
            <span aria-hidden="true">({formatCount(product.rating.count, locale)})</span>
            <span className="sr-only">{ratingLabel(product.rating, t, locale)}</span>
          </p>
        )}
        {'description' in product && (
          <p className="mt-0.5 line-clamp-1 text-xs leading-4 text-slate-500 sm:mt-1 sm:text-sm sm:leading-5">
            {shortDescription(product.description)}
          </p>
        )}
        {'sale' in product && product.sale ? (
          <SalePrice sale={product.sale} size="card" />
        ) : (
          <p className="mt-auto pt-0.5 text-sm leading-5 font-bold text-slate-900 sm:pt-2 sm:text-lg sm:leading-7">
            {formatPrice(product.price, locale)}
          </p>
        )}
        {onAddToCart && (
          <Button
            variant="secondary"
            size="xs"
            className="mt-1 w-full sm:mt-2 sm:h-9 sm:px-3 sm:text-sm"
            loading={adding}
            disabled={outOfStock}
            onClick={() => onAddToCart(product.id)}
            aria-describedby={nameId}
          >
            {!adding && <ShoppingCart className="size-3.5 sm:size-4" aria-hidden="true" />}
            {t('catalog.addToCart')}
          </Button>
        )}
        {onToggleCompare && (
          <CompareToggle
            name={product.name}
            pressed={compared}
            belowLike={Boolean(onToggleLike)}
            onToggle={() => onToggleCompare(product.id)}
          />
        )}
      </div>
    </article>
  );
}
