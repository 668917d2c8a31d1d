import ArrowLeft from 'lucide-react/icons/arrow-left';
import { NotifyMe } from './NotifyMe';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { parseImages } from '../../../shared/catalog-media';
import { ProductContact } from '../../components/ProductContact';
import { formatCount, formatPrice, productsUrl } from '../../lib/format';
import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { type ProductView, useProduct } from './api';
import { useAddToCart } from '../../lib/add-to-cart';
import { AddButton, type BuyState, BuyBar } from './BuyBar';
import { BuyingInfo } from './BuyingInfo';
import { ProductGallery } from './ProductGallery';
import { QuantityStepper } from '../../components/QuantityStepper';
import { RelatedProducts } from './RelatedProducts';
import { RatingLink } from './reviews/RatingLink';
import { ReviewsSection } from './reviews/ReviewsSection';
import { QuestionsSection } from './questions/QuestionsSection';
import { ProductPageCompare } from './compare/ProductPageCompare';
import { brandOf, specsForVariant, specsOf } from './product-specs';
import { SpecTable } from './SpecTable';
import { stockState } from './stock';
import { useVariantChoice } from './variants/use-variant-choice';
import { inStock, priceRange } from './variants/variant-choice';
import { SalePrice } from './SalePrice';
import { VariantPicker, focusOption } from './variants/VariantPicker';

/** A product id from the URL: digits only, else undefined (and the page says the product is not found). */
function productId(raw: string | undefined): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/**
 * The product detail page, and around it: a swiping gallery with a full-screen viewer,
 * delivery, payment and warranty under the price, related products at the end, stock in words
 * (out of stock cannot be added), and on phones a bar at the bottom with the price and Add to Cart.
 * A product sold in variants has its options as buttons: the chosen variant sets the price, stock,
 * SKU and images, and is what Add to Cart adds; until one is chosen the page says the lowest price.
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

function ProductDetail({ product }: { product: ProductView }) {
  const t = useT();
  const locale = useLocale();
  const pickerId = useId();
  const [quantity, setQuantity] = useState(1);
  const cart = useAddToCart();
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  const choice = useVariantChoice(options, variants);
  const { chosen, missing } = choice;
  const hasVariants = variants.length > 0;
  // A variant's own images when it has some, else the product's.
  const images = chosen && chosen.images.length > 0 ? chosen.images : parseImages(product.images);
  const stock = stockState(
    chosen ? chosen.stock : hasVariants ? (variants.some(inStock) ? null : 0) : product.stock,
    product.lowStockThreshold,
  );
  const range = priceRange(variants);
  // In English this one price reads 'Nrs. …' (as it always has); in Nepali 'रू …' like every other.
  const money = (rupees: number) =>
    locale === 'en' ? formatPrice(rupees).replace(/^Rs\./, 'Nrs.') : formatPrice(rupees, locale);
  // The chosen variant's sale, else (none chosen) the product's.
  const sale = chosen ? chosen.sale : product.sale;
  const price = money(sale?.price ?? chosen?.price ?? range?.low ?? product.price);
  // Before a variant is chosen the page says the lowest price, as "from" when the variants' prices differ.
  const priceLine =
    !chosen && range && range.low !== range.high
      ? t('products.detail.priceFrom', { price })
      : t('products.detail.price', { price });
  const sku = hasVariants ? chosen?.sku : product.sku;
  const buy: BuyState =
    stock.kind === 'out'
      ? { kind: 'soldOut' }
      : hasVariants && !chosen
        ? { kind: 'choose', option: (missing ?? options[0])?.name ?? '' }
        : { kind: 'add' };
  const adding = cart.pendingId === product.id;
  const button = {
    state: buy,
    adding,
    onAdd: () => cart.add(product.id, quantity, chosen?.id),
    onChoose: () => focusOption(pickerId, options, missing ?? options[0]!),
  };
  const categoryLink = (category: string, subcategory?: string) =>
    subcategory ? productsUrl({ category, subcategory }) : productsUrl({ category });
  const brand = brandOf(product);

  return (
    <>
      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery key={images.join(' ')} images={images} name={product.name} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</h1>
          <RatingLink rating={product.rating} />
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
            {sku && (
              <div className="flex gap-1.5">
                <dt className="font-medium text-slate-500">{t('products.detail.sku')}</dt>
                <dd data-testid="product-sku" className="font-medium text-slate-800">
                  {sku}
                </dd>
              </div>
            )}
          </dl>
          {sale ? (
            <div data-testid="product-price">
              <SalePrice sale={sale} size="page" />
            </div>
          ) : (
            <p data-testid="product-price" aria-live="polite" className="mt-6 text-2xl font-bold text-slate-900">
              {priceLine}
            </p>
          )}
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
          {hasVariants && <VariantPicker idPrefix={pickerId} options={options} variants={variants} choice={choice} />}
          <div className="mt-6 flex flex-wrap items-end gap-4">
            <QuantityStepper value={quantity} onChange={setQuantity} />
            <AddButton {...button} className="min-w-44 flex-1 sm:flex-none" />
          </div>
          {stock.kind === 'out' && (!hasVariants || chosen) && <NotifyMe productId={product.id} variantId={chosen?.id} />}
          <ProductPageCompare productId={product.id} name={product.name} />
          <BuyingInfo price={sale?.price ?? chosen?.price ?? product.price} warranty={product.warranty} />
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
          <SpecTable specs={specsForVariant(specsOf(product), options, chosen)} />
        </div>
      </div>
      <ReviewsSection productId={product.id} rating={product.rating} />
      <QuestionsSection productId={product.id} />
      <RelatedProducts productId={product.id} />
      <BuyBar price={price} {...button} />
    </>
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
