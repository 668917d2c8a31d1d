import Heart from 'lucide-react/icons/heart';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ProductImage';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { ListLoadFailed, ListLoading } from '../../../components/ui/ListState';
import { useAddToCart } from '../../../lib/add-to-cart';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type WishlistItem, useWishlist, useWishlistQuery } from '../../../lib/wishlist';

/**
 * The dashboard's Favourites tab: the products the shopper hearted, newest first, each with its
 * price (the sale price when it has one), whether it is in stock, Add to Cart (a product sold in
 * variants links to its page to choose one) and Remove.
 */
export function FavouritesTab() {
  const t = useT();
  const list = useWishlistQuery();

  let content;
  if (list.isPending) {
    content = <ListLoading label={t('account.favourites.loading')} />;
  } else if (list.isError) {
    content = (
      <ListLoadFailed
        text={t('account.favourites.loadFailed')}
        retryLabel={t('account.favourites.tryAgain')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.length === 0) {
    content = (
      <EmptyState icon={<Heart className="size-7" aria-hidden="true" />} title={t('account.favourites.empty')}>
        <ButtonLink to="/products" variant="primary" size="sm" className="mt-2">
          {t('account.favourites.browse')}
        </ButtonLink>
      </EmptyState>
    );
  } else {
    content = (
      <ul className="divide-y divide-slate-200" data-testid="favourites-list">
        {list.data.map((item) => (
          <FavouriteRow key={item.productId} item={item} />
        ))}
      </ul>
    );
  }
  return <Card title={t('account.favourites.title')}>{content}</Card>;
}

function FavouriteRow({ item }: { item: WishlistItem }) {
  const t = useT();
  const locale = useLocale();
  const cart = useAddToCart();
  const wishlist = useWishlist();
  const soldOut = item.stock !== null && item.stock <= 0;
  const href = `/products/${item.productId}`;
  const nameId = useId();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage src={item.image ?? undefined} alt="" sizes="64px" className="size-16 rounded-lg" cover />
      </Link>
      <div className="min-w-0 flex-1">
        <Link id={nameId} to={href} className="line-clamp-2 font-semibold text-slate-900 hover:text-amber-700 hover:underline">
          {item.name}
        </Link>
        <p className="mt-0.5 text-sm">
          {item.sale ? (
            <>
              <span className="font-bold text-rose-700">{formatPrice(item.sale.price, locale)}</span>{' '}
              <s className="text-slate-600">{formatPrice(item.price, locale)}</s>
            </>
          ) : (
            <span className="font-bold text-slate-900">{formatPrice(item.price, locale)}</span>
          )}
        </p>
        <p className={`text-sm ${item.available && !soldOut ? 'text-emerald-700' : 'text-slate-600'}`}>
          {!item.available
            ? t('account.favourites.unavailable')
            : soldOut
              ? t('account.favourites.outOfStock')
              : t('account.favourites.inStock')}
        </p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        {item.available && item.variantCount > 0 ? (
          <ButtonLink to={href} variant="secondary" size="sm" className="flex-1 sm:flex-none">
            {t('account.favourites.chooseOptions')}
          </ButtonLink>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            className="flex-1 sm:flex-none"
            disabled={!item.available || soldOut}
            loading={cart.pendingId === item.productId}
            aria-describedby={nameId}
            onClick={() => cart.add(item.productId, 1)}
          >
            <ShoppingCart className="size-4" aria-hidden="true" />
            {t('catalog.addToCart')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('account.favourites.removeLabel', { name: item.name })}
          onClick={() => wishlist.toggle(item.productId)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t('account.favourites.remove')}
        </Button>
      </div>
    </li>
  );
}
