import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { useWishlist } from '../../lib/wishlist';
import X from 'lucide-react/icons/x';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCategories } from '../../lib/categories';
import { Button } from '../../components/ui/Button';
import { formatCount } from '../../lib/format';
import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { ProductCount } from '../../components/ProductCount';
import { type ProductPage, useProductFacets, useProductPage } from './api';
import { useAddToCart } from '../../lib/add-to-cart';
import { FilterDrawer } from './FilterDrawer';
import {
  DEFAULT_RANGE,
  type ProductFilters,
  SORTS,
  SORT_LABELS,
  apiQuery,
  displayName,
  facetChips,
  hasFilters,
  hasOwnPrice,
  ownPriceLabel,
  placeNames,
  priceRangeLabel,
  readFilters,
  writeFilters,
} from './filters';
import { Pagination } from '../../components/Pagination';
import { ProductCard } from './ProductCard';
import { CompareBar } from './compare/CompareBar';
import { useCompareToggle } from './compare/use-compare-toggle';
import { SearchBox } from '../../components/SearchBox';
import { SearchSuggestions } from './SearchSuggestions';

/**
 * What Clear empties: the category narrowed to, the ticked categories and the price (range or own
 * bounds); search and sort stay unless the caller clears them too.
 */
const CLEARED_FILTERS = {
  category: undefined,
  subcategory: undefined,
  childcategory: undefined,
  categories: [],
  price: DEFAULT_RANGE,
  minPrice: undefined,
  maxPrice: undefined,
  brands: [],
  specs: [],
} satisfies Partial<ProductFilters>;

/** Cards whose images load at once (the first row on the widest layout, the first two rows on a phone). */
const EAGER_CARDS = 4;

/**
 * The Products list: 'Our Products', the 'Filter by' drawer, cards, and the loading, error and
 * empty texts. Filters, search, sort and page live in the URL and are applied by the server.
 */
export default function ProductsPage() {
  const t = useT();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const place = useMemo(
    () => ({ category: filters.category, subcategory: filters.subcategory, childcategory: filters.childcategory }),
    [filters],
  );
  const list = useProductPage(apiQuery(filters));
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The brand and specification counts cost the server a read more: asked for only while the drawer shows them.
  const facets = useProductFacets(apiQuery(filters, { facets: true }), drawerOpen);
  // The hearts: saved to the account when logged in, else kept on this device (lib/wishlist.ts).
  const wishlist = useWishlist();
  const cart = useAddToCart();
  const compare = useCompareToggle();
  const sortId = useId();

  const path = [filters.category, filters.subcategory, filters.childcategory].filter((name): name is string => Boolean(name));
  usePageTitle(path.length > 0 ? path.map(displayName).join(' – ') : t('products.list.title'));

  /** A new set of filters starts again at page 1; typing replaces the history entry instead of adding one. */
  const update = useCallback(
    (patch: Partial<ProductFilters>, replace = false) =>
      setParams(writeFilters({ ...filters, page: 1, ...patch }), { replace, state: { keepScroll: true } }),
    [filters, setParams],
  );
  const hrefFor = (page: number) => {
    const query = writeFilters({ ...filters, page }).toString();
    return query ? `/products?${query}` : '/products';
  };

  // A page past the end (an old link, or fewer results now): go to the last page there is.
  const data = list.data;
  useEffect(() => {
    if (data && data.products.length === 0 && data.total > 0 && filters.page > data.totalPages) {
      setParams(writeFilters({ ...filters, page: data.totalPages }), { replace: true });
    }
  }, [data, filters, setParams]);

  const drawerCount =
    filters.categories.length +
    (filters.price.id === 'all' && !hasOwnPrice(filters) ? 0 : 1) +
    (filters.subcategory ? 1 : 0) +
    filters.brands.length +
    filters.specs.reduce((sum, spec) => sum + spec.values.length, 0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('products.list.title')}</h1>
        {data && (
          <p className="text-sm text-slate-500" aria-live="polite">
            <ProductCount page={data} />
          </p>
        )}
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex gap-3">
          <Button
            variant="outline"
            onClick={() => setDrawerOpen(true)}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            className="shrink-0"
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {t('products.filters.title')}
            {drawerCount > 0 && (
              <span className="rounded-full bg-amber-500 px-1.5 text-xs font-bold text-slate-950">
                <Msg
                  id="products.filters.activeCount"
                  values={{ count: formatCount(drawerCount, locale) }}
                  components={{ 0: <span className="sr-only" />, 1: <span className="sr-only" /> }}
                />
              </span>
            )}
          </Button>
          <div className="flex-1 sm:hidden">
            <SortSelect
              id={`${sortId}-m`}
              value={filters.sort}
              searching={Boolean(filters.q)}
              onChange={(sort) => update({ sort })}
            />
          </div>
        </div>
        <div className="min-w-0 flex-1">
          <SearchBox value={filters.q} onSearch={(q, { typing }) => update({ q }, typing)} />
        </div>
        <div className="hidden sm:block sm:w-52">
          <SortSelect id={sortId} value={filters.sort} searching={Boolean(filters.q)} onChange={(sort) => update({ sort })} />
        </div>
      </div>

      <ActiveFilters filters={filters} onChange={update} />

      <section aria-label={t('products.list.label')} aria-busy={list.isFetching} className="mt-6">
        <ListBody
          page={data}
          query={filters.q}
          pending={list.isPending}
          error={list.isError && !data ? list.error : null}
          stale={list.isPlaceholderData}
          liked={wishlist.liked}
          onToggleLike={wishlist.toggle}
          onAddToCart={(id) => cart.add(id, 1)}
          addingId={cart.pendingId}
          compared={compare.ids}
          onToggleCompare={compare.toggle}
        />
      </section>

      {data && data.products.length > 0 && (
        <div className="mt-10">
          <Pagination page={data.page} totalPages={data.totalPages} hrefFor={hrefFor} label={t('products.list.pages')} />
        </div>
      )}

      <CompareBar ids={compare.ids} />

      <FilterDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        price={filters.price}
        minPrice={filters.minPrice}
        maxPrice={filters.maxPrice}
        checked={filters.categories}
        place={place}
        onPriceChange={(price) => update({ price, minPrice: undefined, maxPrice: undefined })}
        onOwnPriceChange={(minPrice, maxPrice) => update({ price: DEFAULT_RANGE, minPrice, maxPrice })}
        onCheckedChange={(categories) => update({ categories })}
        onPlaceChange={(next) =>
          update(
            next
              ? { category: next.category, subcategory: next.subcategory, childcategory: next.childcategory, categories: [] }
              : { category: undefined, subcategory: undefined, childcategory: undefined },
          )
        }
        facets={facets.data?.facets}
        brands={filters.brands}
        specs={filters.specs}
        onBrandsChange={(brands) => update({ brands })}
        onSpecsChange={(specs) => update({ specs })}
        // Clear empties what the drawer shows (the tree shows the category narrowed to); search and sort stay.
        onClear={() => update(CLEARED_FILTERS)}
      />
    </div>
  );
}

function SortSelect({
  id,
  value,
  searching,
  onChange,
}: {
  id: string;
  value: ProductFilters['sort'];
  /** With a search the default order is best match first, else newest first. */
  searching: boolean;
  onChange: (sort: ProductFilters['sort']) => void;
}) {
  const t = useT();
  const fallback = searching ? 'relevance' : 'newest';
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('products.sort.label')}
      </label>
      <select
        id={id}
        value={value ?? fallback}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(chosen === fallback ? undefined : SORTS.find((option) => option.value === chosen)?.value);
        }}
        className="block h-11 w-full rounded-lg border border-control bg-white px-2 text-sm text-slate-900 focus-visible:border-focus"
      >
        {searching && <option value="relevance">{t(SORT_LABELS.relevance)}</option>}
        {SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {t(SORT_LABELS[option.value])}
          </option>
        ))}
      </select>
    </>
  );
}

/** Removable chips for what narrows the list, from the URL's query parameters and the drawer. */
function ActiveFilters({ filters, onChange }: { filters: ProductFilters; onChange: (patch: Partial<ProductFilters>) => void }) {
  const t = useT();
  const locale = useLocale();
  // The place's names as the page's language has them (the address keeps the English ones).
  const tree = useCategories(locale === 'ne' && Boolean(filters.category || filters.categories.length > 0)).data;
  const names = placeNames(tree, filters, locale);
  const chips: { key: string; label: string; remove: Partial<ProductFilters> }[] = [];
  if (filters.category) {
    chips.push({
      key: 'category',
      label: t('products.chips.category', { name: names.category ?? displayName(filters.category) }),
      remove: { category: undefined, subcategory: undefined, childcategory: undefined },
    });
  }
  if (filters.subcategory) {
    chips.push({
      key: 'subcategory',
      label: t('products.chips.subcategory', { name: names.subcategory ?? displayName(filters.subcategory) }),
      remove: { subcategory: undefined, childcategory: undefined },
    });
  }
  if (filters.childcategory) {
    chips.push({
      key: 'childcategory',
      label: t('products.chips.childcategory', { name: names.childcategory ?? displayName(filters.childcategory) }),
      remove: { childcategory: undefined },
    });
  }
  for (const name of filters.categories) {
    chips.push({
      key: `c-${name}`,
      label: names.checked.get(name) ?? name,
      remove: { categories: filters.categories.filter((item) => item !== name) },
    });
  }
  if (filters.price.id !== 'all')
    chips.push({
      key: 'price',
      label: priceRangeLabel(filters.price, t, locale),
      remove: { price: DEFAULT_RANGE },
    });
  if (hasOwnPrice(filters))
    chips.push({
      key: 'own-price',
      label: ownPriceLabel(filters, t, locale),
      remove: { minPrice: undefined, maxPrice: undefined },
    });
  chips.push(...facetChips(filters, t));
  if (filters.q) chips.push({ key: 'q', label: `“${filters.q}”`, remove: { q: '' } });
  if (chips.length === 0) return null;
  return (
    <ul aria-label={t('products.chips.label')} className="mt-4 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange(chip.remove)}
            aria-label={t('products.chips.remove', { label: chip.label })}
            className="inline-flex h-8 items-center gap-1.5 rounded-full border border-amber-200 bg-amber-50 pr-2 pl-3 text-sm font-medium text-amber-900 hover:bg-amber-100"
          >
            {chip.label}
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
      {hasFilters(filters) && chips.length > 1 && (
        <li>
          <button
            type="button"
            onClick={() => onChange({ ...CLEARED_FILTERS, q: '' })}
            className="h-8 rounded-full px-3 text-sm font-semibold text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline"
          >
            {t('products.chips.clearAll')}
          </button>
        </li>
      )}
    </ul>
  );
}

function ListBody({
  page,
  query,
  pending,
  error,
  stale,
  liked,
  onToggleLike,
  onAddToCart,
  addingId,
  compared,
  onToggleCompare,
}: {
  page: ProductPage | undefined;
  /** The search typed, if any. */
  query: string | undefined;
  pending: boolean;
  error: Error | null;
  stale: boolean;
  liked: (id: number) => boolean;
  onToggleLike: (id: number) => void;
  onAddToCart: (id: number) => void;
  addingId: number | undefined;
  compared: readonly number[];
  onToggleCompare: (id: number) => void;
}) {
  const t = useT();
  if (error) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center text-red-700">
        {t('products.list.error', { message: error.message })}
      </p>
    );
  }
  if (pending || !page) {
    return (
      <p role="status" className="py-16 text-center text-slate-500">
        {t('catalog.loading')}
      </p>
    );
  }
  if (page.products.length === 0) {
    if (page.suggestions && query) return <SearchSuggestions query={query} suggestions={page.suggestions} />;
    return (
      <p
        role="status"
        className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center text-slate-600"
      >
        {t('products.list.empty')}
      </p>
    );
  }
  return (
    <>
      {page.searchedFor && (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-slate-800">
          <Msg id="products.search.showingFor" values={{ term: page.searchedFor }} components={{ 0: <strong /> }} />
        </p>
      )}
      <ul
        className={`grid grid-cols-2 gap-3 transition-opacity sm:gap-5 md:grid-cols-3 lg:grid-cols-4 ${stale ? 'opacity-60' : ''}`}
      >
        {page.products.map((product, index) => (
          <li key={product.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <ProductCard
                product={product}
                liked={liked(product.id)}
                onToggleLike={onToggleLike}
                onAddToCart={onAddToCart}
                adding={addingId === product.id}
                compared={compared.includes(product.id)}
                onToggleCompare={onToggleCompare}
                eager={index < EAGER_CARDS}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
