import Heart from 'lucide-react/icons/heart';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { useId } from 'react';
import { Link } from 'react-router';
import { CARD_IMAGE_SIZES, parseImages } from '../../../shared/catalog-media';
import { Button } from '../../components/ui/Button';
import { formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import type { Product } from './api';
import { shortDescription } from './filters';
import { ProductImage } from './ProductImage';

interface ProductCardProps {
  product: Product;
  liked: boolean;
  onToggleLike: (id: number) => void;
  onAddToCart: (id: number) => void;
  adding: boolean;
  /** First cards of the page: load their images at once. */
  eager?: boolean;
}

/** SPEC §2 product list card: image link, name, short description, 'Rs. {price}', like heart and 'Add to Cart'. */
export function ProductCard({ product, liked, onToggleLike, onAddToCart, adding, eager = false }: ProductCardProps) {
  const t = useT();
  const locale = useLocale();
  const image = parseImages(product.images)[0];
  const href = `/products/${product.id}`;
  const nameId = useId();
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link to={href} className="block" aria-label={product.name} tabIndex={-1}>
        <ProductImage
          src={image}
          alt={product.name}
          sizes={CARD_IMAGE_SIZES}
          eager={eager}
          className="aspect-square w-full transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transform-none"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={nameId} className="min-w-0 text-base leading-snug font-semibold text-slate-900">
            <Link to={href} className="line-clamp-2 hover:text-amber-700 hover:underline">
              {product.name}
            </Link>
          </h3>
          <button
            type="button"
            aria-pressed={liked}
            aria-label={t('catalog.card.likeLabel', { name: product.name })}
            title={liked ? t('catalog.card.liked') : t('catalog.card.like')}
            onClick={() => onToggleLike(product.id)}
            className={`-mt-1.5 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors ${liked ? 'text-rose-600 hover:bg-rose-50' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-700'}`}
          >
            <Heart className="size-5" fill={liked ? 'currentColor' : 'none'} aria-hidden="true" />
          </button>
        </div>
        <p className="text-sm text-slate-500">{shortDescription(product.description)}</p>
        <p className="mt-auto pt-2 text-lg font-bold text-slate-900">{formatPrice(product.price, locale)}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2 w-full"
          loading={adding}
          onClick={() => onAddToCart(product.id)}
          aria-describedby={nameId}
        >
          {!adding && <ShoppingCart className="size-4" aria-hidden="true" />}
          {t('catalog.addToCart')}
        </Button>
      </div>
    </article>
  );
}
