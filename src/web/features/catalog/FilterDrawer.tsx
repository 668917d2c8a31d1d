import { useId, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Drawer } from '../../components/ui/Drawer';
import { useCategories } from '../../lib/categories';
import { useLocale, useT } from '../../lib/i18n';
import { PRICE_RANGES, type PriceRange, priceRangeLabel } from './filters';

interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  price: PriceRange;
  checked: string[];
  onPriceChange: (range: PriceRange) => void;
  onCheckedChange: (names: string[]) => void;
  onClear: () => void;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * SPEC §2 'Filter by' drawer (left, 64 units wide): the §9 price ranges and one checkbox per category.
 * Every change applies at once (the list behind updates); the overlay, Escape or the close button close it.
 */
export function FilterDrawer({ open, onClose, price, checked, onPriceChange, onCheckedChange, onClear }: FilterDrawerProps) {
  const t = useT();
  const locale = useLocale();
  const categories = useCategories(open || checked.length > 0);
  const priceId = useId();
  const names = (categories.data ?? []).map((category) => category.name);

  // The URL is the truth, but it changes a moment after a click (a navigation): show the choice at once.
  const [shown, setShown] = useState({ checked, price });
  const [from, setFrom] = useState({ checked, price });
  if (from.checked !== checked || from.price !== price) {
    setFrom({ checked, price });
    setShown({ checked, price });
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
        <div>
          <label htmlFor={priceId} className="mb-1.5 block text-sm font-semibold text-slate-800">
            {t('products.filters.price')}
          </label>
          <select
            id={priceId}
            value={shown.price.id}
            onChange={(event) => choosePrice(event.target.value)}
            className="block h-11 w-full rounded-lg border border-control bg-white px-2 text-sm text-slate-900 focus-visible:border-focus"
          >
            {PRICE_RANGES.map((range) => (
              <option key={range.id} value={range.id}>
                {priceRangeLabel(range, t, locale)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">{t('products.filters.categories')}</legend>
          {categories.isPending && categories.fetchStatus !== 'idle' ? (
            <p className="text-sm text-slate-500">{t('catalog.loading')}</p>
          ) : names.length === 0 ? (
            <p className="text-sm text-slate-500">{t('products.filters.noCategories')}</p>
          ) : (
            <ul className="space-y-0.5">
              {names.map((name) => (
                <li key={name}>
                  <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={shown.checked.some((item) => sameName(item, name))}
                      onChange={(event) => toggle(name, event.target.checked)}
                      className="size-4 rounded accent-amber-700"
                    />
                    {name}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>
    </Drawer>
  );
}
