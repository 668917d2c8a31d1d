/**
 * SPEC §2 "Featured Products": the catalogue issue fills this section with the grid of featured
 * product cards (1/2/3/4 columns, 200 px images, 'Loading...' while fetching, 'No Image Available').
 * Until then it renders its heading only, so the page keeps its final order and spacing.
 */
export function FeaturedProducts() {
  return (
    <section aria-labelledby="featured-products-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
      <h2 id="featured-products-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Featured Products
      </h2>
    </section>
  );
}
