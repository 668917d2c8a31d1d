import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { useRelatedProducts } from './related-api';
import { ProductCard } from './ProductCard';

/**
 * 'You may also like' under a product: up to eight compact cards of the same child
 * category, then subcategory, then category: the list's ProductCard without description, heart and
 * button (a tap opens the product; the page's own Add to Cart stays the only one). Asked for once
 * the product is on screen (a first visit has them in its HTML already); nothing is shown while
 * they load or when there are none, and the section comes last on the page, so its arrival moves
 * nothing above it.
 */
export function RelatedProducts({ productId }: { productId: number }) {
  const t = useT();
  const headingId = useId();
  const { data } = useRelatedProducts(productId);
  const products = data?.products ?? [];
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-12 border-t border-slate-200 pt-8">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
        {t('products.related.title')}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <ProductCard product={product} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
