import { useId, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Drawer } from '../../components/ui/Drawer';
import { useCategories } from '../../lib/categories';
import { useLocale, useT } from '../../lib/i18n';
import type { ProductFacets } from '../../../shared/specs';
import { CategoryTree, type Place } from './CategoryTree';
import { FacetGroups } from './FacetGroups';
import { HIGH_RANGES_FROM, PRICE_RANGES, type PriceRange, type SpecFilter, offeredRanges, priceRangeLabel } from './filters';
import { useProductPage } from './api';
import { OwnPriceForm } from './OwnPriceForm';

interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  price: PriceRange;
  /** The drawer's own bounds in rupees (either may be alone); with one, `price` is All. */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  checked: string[];
  place: Place;
  /** A range replaces the own bounds. */
  onPriceChange: (range: PriceRange) => void;
  /** Own bounds replace the range. */
  onOwnPriceChange: (minPrice: number | undefined, maxPrice: number | undefined) => void;
  onCheckedChange: (names: string[]) => void;
  /** A subcategory or child category chosen (undefined: none any more). */
  onPlaceChange: (place: Place | undefined) => void;
  /** The brand and specification counts of the current filter (undefined until answered, or when the list has none). */
  facets: ProductFacets | undefined;
  brands: string[];
  specs: SpecFilter[];
  onBrandsChange: (brands: string[]) => void;
  onSpecsChange: (specs: SpecFilter[]) => void;
  onClear: () => void;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** The select's entry while own bounds apply (they are not one of the fixed ranges). */
const OWN_PRICE = 'own';

/**
 * The 'Filter by' drawer (left, 64 units wide): the fixed price ranges, the shopper's own minimum
 * and maximum, one checkbox per category with its subcategories and child categories under it, and
 * the brands and specifications of the list with their counts (FacetGroups).
 * Every change applies at once (the list behind updates); the overlay, Escape or the close button close it.
 */
export function FilterDrawer({
  open,
  onClose,
  price,
  minPrice,
  maxPrice,
  checked,
  place,
  onPriceChange,
  onOwnPriceChange,
  onCheckedChange,
  onPlaceChange,
  facets,
  brands,
  specs,
  onBrandsChange,
  onSpecsChange,
  onClear,
}: FilterDrawerProps) {
  const t = useT();
  const locale = useLocale();
  const narrowed = Boolean(place.category || place.subcategory || place.childcategory);
  const categories = useCategories(open || checked.length > 0 || narrowed);
  const priceId = useId();
  // The dearest product (one card, price high to low: read from the price index, cached per
  // catalogue version): the ranges above a lakh are offered up to it.
  const dearest = useProductPage('sort=price_desc&page=1&pageSize=1', open);
  const topPrice = dearest.data?.products[0]?.price;
  const ownPrice = minPrice !== undefined || maxPrice !== undefined;

  // The URL is the truth, but it changes a moment after a click (a navigation): show the choice at once.
  const [shown, setShown] = useState({ checked, price, place });
  const [from, setFrom] = useState({ checked, price, place });
  if (from.checked !== checked || from.price !== price || from.place !== place) {
    setFrom({ checked, price, place });
    setShown({ checked, price, place });
  }

  const toggle = (name: string, on: boolean) => {
    const others = shown.checked.filter((item) => !sameName(item, name));
    const next = on ? [...others, name] : others;
    setShown((current) => ({ ...current, checked: next }));
    onCheckedChange(next);
  };
  const choosePrice = (id: string) => {
    const range = PRICE_RANGES.find((item) => item.id === id) ?? PRICE_RANGES[0]!;
    setShown((current) => ({ ...current, price: range }));
    onPriceChange(range);
  };
  const choosePlace = (next: Place | undefined) => {
    // A subcategory narrows inside one category: the checkboxes (any of several) would fight it.
    setShown((current) => ({ ...current, place: next ?? {}, checked: next ? [] : current.checked }));
    onPlaceChange(next);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="left"
      title={t('products.filters.title')}
      closeLabel={t('products.filters.close')}
      widthClass="w-64"
      overlayTestId="filter-overlay"
      footer={
        <div className="flex gap-2">
          <Button variant="outline" size="sm" className="flex-1" onClick={onClear}>
            {t('products.filters.clear')}
          </Button>
          <Button variant="secondary" size="sm" className="flex-1" onClick={onClose}>
            {t('products.filters.done')}
          </Button>
        </div>
      }
    >
      <div className="space-y-6 p-4">
        <div className="space-y-4">
          <div>
            <label htmlFor={priceId} className="mb-1.5 block text-sm font-semibold text-slate-800">
              {t('products.filters.price')}
            </label>
            <select
              id={priceId}
              value={ownPrice ? OWN_PRICE : shown.price.id}
              onChange={(event) => choosePrice(event.target.value)}
              className="block h-11 w-full rounded-lg border border-control bg-white px-2 text-sm text-slate-900 focus-visible:border-focus"
            >
              {ownPrice && (
                <option value={OWN_PRICE} disabled>
                  {t('products.price.own')}
                </option>
              )}
              {offeredRanges(PRICE_RANGES, topPrice, shown.price.id, HIGH_RANGES_FROM).map((range) => (
                <option key={range.id} value={range.id}>
                  {priceRangeLabel(range, t, locale)}
                </option>
              ))}
            </select>
          </div>
          <OwnPriceForm minPrice={minPrice} maxPrice={maxPrice} onApply={onOwnPriceChange} />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">{t('products.filters.categories')}</legend>
          {categories.isPending && categories.fetchStatus !== 'idle' ? (
            <p className="text-sm text-slate-500">{t('catalog.loading')}</p>
          ) : (categories.data ?? []).length === 0 ? (
            <p className="text-sm text-slate-500">{t('products.filters.noCategories')}</p>
          ) : (
            <CategoryTree
              categories={categories.data ?? []}
              checked={shown.checked}
              onToggle={toggle}
              place={shown.place}
              onPlace={choosePlace}
            />
          )}
        </fieldset>
        <FacetGroups
          facets={facets}
          brands={brands}
          specs={specs}
          onBrandsChange={onBrandsChange}
          onSpecsChange={onSpecsChange}
        />
      </div>
    </Drawer>
  );
}
