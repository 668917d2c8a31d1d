import { Suspense, lazy, useEffect } from 'react';
import { useT } from '../../lib/i18n';
import { useFeaturedProducts } from '../../lib/products';

const FeaturedGrid = lazy(() => import('./FeaturedGrid'));

function Loading() {
  const t = useT();
  return (
    <p role="status" className="mt-10 text-center text-slate-500">
      {t('catalog.loading')}
    </p>
  );
}

/**
 * Home's "Featured Products": featured products only (one small page from the server), in
 * 1/2/3/4 columns, each with its first image 200 px high (or 'No Image Available'), name, price and
 * Shop Now. 'Loading...' while fetching; a failed fetch is only logged.
 * This part stays in Home's bundle and starts the request at once; the cards load as their own chunk.
 */
export function FeaturedProducts() {
  const t = useT();
  const featured = useFeaturedProducts();
  const { error } = featured;
  useEffect(() => {
    if (error) console.warn('Featured products could not be loaded:', error);
  }, [error]);

  return (
    <section aria-labelledby="featured-products-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
      <h2 id="featured-products-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('catalog.featured.title')}
      </h2>
      {featured.isPending ? (
        <Loading />
      ) : (
        featured.data &&
        featured.data.length > 0 && (
          <Suspense fallback={<Loading />}>
            <FeaturedGrid products={featured.data} />
          </Suspense>
        )
      )}
    </section>
  );
}
