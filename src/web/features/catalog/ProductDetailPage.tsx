import ArrowLeft from 'lucide-react/icons/arrow-left';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { parseImages } from '../../../shared/catalog-media';
import { ProductContact } from '../../components/ProductContact';
import { Button } from '../../components/ui/Button';
import { formatCount, formatPrice, productsUrl } from '../../lib/format';
import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { type Product, useProduct } from './api';
import { useAddToCart } from '../../lib/add-to-cart';
import { BuyingInfo } from './BuyingInfo';
import { ProductGallery } from './ProductGallery';
import { QuantityStepper } from '../../components/QuantityStepper';
import { RelatedProducts } from './RelatedProducts';
import { ProductPageCompare } from './compare/ProductPageCompare';
import { brandOf, specsOf } from './product-specs';
import { SpecTable } from './SpecTable';
import { stockState } from './stock';

/** A product id from the URL: digits only, else undefined (and the page says the product is not found). */
function productId(raw: string | undefined): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/**
 * The product detail page, and around it: a swiping gallery with a full-screen viewer,
 * delivery, payment and warranty under the price, related products at the end, stock in words
 * (out of stock cannot be added), and on phones a bar at the bottom with the price and Add to Cart.
 */
export default function ProductDetailPage() {
  const t = useT();
  const id = productId(useParams().id);
  const { data: product, isPending, fetchStatus } = useProduct(id);
  const loading = isPending && fetchStatus !== 'idle';
  usePageTitle(product?.name ?? (loading ? t('products.detail.pageTitle') : t('products.detail.notFoundTitle')));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/products"
        className="inline-flex min-h-10 items-center gap-1.5 rounded-md text-sm font-semibold text-amber-700 hover:text-amber-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('products.detail.back')}
      </Link>
      {product ? (
        <ProductDetail key={product.id} product={product} />
      ) : loading ? (
        <DetailSkeleton />
      ) : (
        <p className="mt-10 rounded-2xl border border-slate-200 bg-white px-4 py-16 text-center text-lg font-semibold text-slate-800">
          {t('products.detail.notFound')}
        </p>
      )}
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const t = useT();
  const locale = useLocale();
  const [quantity, setQuantity] = useState(1);
  const cart = useAddToCart();
  const images = parseImages(product.images);
  const stock = stockState(product.stock, product.lowStockThreshold);
  const outOfStock = stock.kind === 'out';
  // In English this one price reads 'Nrs. …' (as it always has); in Nepali 'रू …' like every other.
  const price = locale === 'en' ? formatPrice(product.price).replace(/^Rs\./, 'Nrs.') : formatPrice(product.price, locale);
  const adding = cart.pendingId === product.id;
  const add = () => cart.add(product.id, quantity);
  const categoryLink = (category: string, subcategory?: string) =>
    subcategory ? productsUrl({ category, subcategory }) : productsUrl({ category });
  const brand = brandOf(product);

  return (
    <>
      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery images={images} name={product.name} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</h1>
          <dl className="mt-4 space-y-1 text-sm text-slate-600">
            {brand && (
              <div className="flex gap-1.5">
                <dt className="font-medium text-slate-500">{t('product-specs.brand')}</dt>
                <dd className="font-medium text-slate-800">{brand}</dd>
              </div>
            )}
            <div className="flex gap-1.5">
              <dt className="font-medium text-slate-500">{t('products.detail.category')}</dt>
              <dd>
                <Link
                  to={categoryLink(product.category)}
                  className="font-medium text-slate-800 hover:text-amber-700 hover:underline"
                >
                  {product.category}
                </Link>
              </dd>
            </div>
            {product.subCategory && (
              <div className="flex gap-1.5">
                <dt className="font-medium text-slate-500">{t('products.detail.subcategory')}</dt>
                <dd>
                  <Link
                    to={categoryLink(product.category, product.subCategory)}
                    className="font-medium text-slate-800 hover:text-amber-700 hover:underline"
                  >
                    {product.subCategory}
                  </Link>
                </dd>
              </div>
            )}
          </dl>
          <p className="mt-6 text-2xl font-bold text-slate-900">{t('products.detail.price', { price })}</p>
          {stock.kind !== 'untracked' && (
            <p
              data-testid="product-stock"
              className={`mt-1 text-sm font-medium ${stock.kind === 'out' ? 'text-red-700' : stock.kind === 'few' ? 'text-amber-800' : 'text-emerald-700'}`}
            >
              {stock.kind === 'out'
                ? t('products.detail.outOfStock')
                : stock.kind === 'few'
                  ? t('products.card.fewLeft', { count: formatCount(stock.left, locale) })
                  : t('products.detail.inStock')}
            </p>
          )}
          <div className="mt-6 flex flex-wrap items-end gap-4">
            <QuantityStepper value={quantity} onChange={setQuantity} />
            <Button
              variant={outOfStock ? 'outline' : 'primary'}
              size="lg"
              className={`min-w-44 flex-1 sm:flex-none ${outOfStock ? SOLD_OUT : ''}`}
              loading={adding}
              disabled={outOfStock}
              onClick={add}
            >
              {!adding && !outOfStock && <ShoppingCart className="size-5" aria-hidden="true" />}
              {/* An empty product's button says why it cannot be pressed. */}
              {outOfStock ? t('products.detail.soldOut') : t('catalog.addToCart')}
            </Button>
          </div>
          <ProductPageCompare productId={product.id} name={product.name} />
          <BuyingInfo price={product.price} warranty={product.warranty} />
          <ProductContact />
          <section aria-labelledby="description-heading" className="mt-8 border-t border-slate-200 pt-6">
            <h2 id="description-heading" className="text-base font-semibold text-slate-900">
              {t('products.detail.description')}
            </h2>
            {/* Plain text, never HTML: a '<script>' in a description is shown as written. */}
            <p data-testid="product-description" className="mt-2 leading-relaxed break-words whitespace-pre-line text-slate-700">
              {product.description}
            </p>
          </section>
          <SpecTable specs={specsOf(product)} />
        </div>
      </div>
      <RelatedProducts productId={product.id} />
      <BuyBar price={price} outOfStock={outOfStock} adding={adding} onAdd={add} />
    </>
  );
}

/** A sold-out button reads plainly (grey on grey at full strength), not as a faded Add to Cart. */
const SOLD_OUT = 'disabled:bg-slate-100! disabled:text-slate-700! disabled:opacity-100!';

interface BuyBarProps {
  price: string;
  outOfStock: boolean;
  adding: boolean;
  onAdd: () => void;
}

/**
 * Phones only (under lg, where the page is one column): the price and Add to Cart at the bottom of
 * the screen, within the thumb's reach, doing what the page's button does (the quantity chosen
 * there, 'Please login' for a guest). Sticky at the end of the page's own box rather than
 * fixed: it rides the bottom edge while the page scrolls and comes to rest above the footer, so it
 * never covers the page's last lines or the footer, and it takes its own height in the page.
 * Its button's name carries the price (and so differs from the page's own button).
 */
function BuyBar({ price, outOfStock, adding, onAdd }: BuyBarProps) {
  const t = useT();
  return (
    <div
      data-testid="buy-bar"
      className="sticky bottom-0 z-30 -mx-4 mt-8 -mb-6 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.06)] backdrop-blur sm:-mx-6 sm:-mb-10 sm:px-6 lg:hidden"
    >
      <p className="min-w-0 flex-1 truncate text-lg font-bold text-slate-900" aria-hidden="true">
        {price}
      </p>
      <Button
        variant={outOfStock ? 'outline' : 'primary'}
        size="lg"
        className={`min-w-40 shrink-0 ${outOfStock ? SOLD_OUT : ''}`}
        loading={adding}
        disabled={outOfStock}
        onClick={onAdd}
        aria-label={outOfStock ? undefined : t('products.buyBar.add', { price })}
      >
        {!adding && !outOfStock && <ShoppingCart className="size-5" aria-hidden="true" />}
        {outOfStock ? t('products.detail.soldOut') : t('catalog.addToCart')}
      </Button>
    </div>
  );
}

function DetailSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('catalog.loading')} className="mt-4 grid animate-pulse gap-8 lg:grid-cols-2 lg:gap-12">
      <div className="aspect-square w-full rounded-2xl bg-slate-200" />
      <div className="space-y-4">
        <div className="h-8 w-3/4 rounded bg-slate-200" />
        <div className="h-4 w-1/3 rounded bg-slate-200" />
        <div className="h-8 w-1/2 rounded bg-slate-200" />
        <div className="h-24 w-full rounded bg-slate-200" />
      </div>
    </div>
  );
}
