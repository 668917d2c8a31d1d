import { useState } from 'react';
import type { SpecFilter } from '../../../shared/product-list';
import type { ProductFacets } from '../../../shared/specs';
import { formatCount } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { withSpecValues } from './filters';

interface FacetGroupsProps {
  /** The list's counts for the current filters (GET /api/products?facets=1); undefined: none (yet). */
  facets: ProductFacets | undefined;
  brands: string[];
  specs: SpecFilter[];
  onBrandsChange: (brands: string[]) => void;
  onSpecsChange: (specs: SpecFilter[]) => void;
}

interface Option {
  value: string;
  count: number;
}

/** The facet's values, and any ticked one it no longer counts (0), so that it can still be unticked. */
function withTicked(options: readonly Option[], ticked: readonly string[]): Option[] {
  const missing = ticked.filter((value) => !options.some((option) => option.value === value));
  return [...options, ...missing.map((value) => ({ value, count: 0 }))];
}

/**
 * The filter drawer's Brand group and one group per specification the list offers, each a set of
 * checkboxes with how many products of the current filter have the value ("Asus (12)"). Any ticked
 * value of a group matches; groups narrow together. Nothing is shown while the list answers no facets.
 */
export function FacetGroups({ facets, brands, specs, onBrandsChange, onSpecsChange }: FacetGroupsProps) {
  const t = useT();
  // The URL is the truth, but it changes a moment after a click (a navigation): show the choice at once.
  const [shown, setShown] = useState({ brands, specs });
  const [from, setFrom] = useState({ brands, specs });
  if (from.brands !== brands || from.specs !== specs) {
    setFrom({ brands, specs });
    setShown({ brands, specs });
  }

  const specGroups = [...(facets?.specs ?? [])];
  for (const spec of shown.specs) {
    if (!specGroups.some((group) => group.name === spec.name)) specGroups.push({ name: spec.name, values: [] });
  }
  if (!facets && shown.brands.length === 0 && specGroups.length === 0) return null;

  const toggleBrand = (value: string, on: boolean) => {
    const next = on ? [...shown.brands.filter((brand) => brand !== value), value] : shown.brands.filter((brand) => brand !== value);
    setShown((current) => ({ ...current, brands: next }));
    onBrandsChange(next);
  };
  const toggleSpec = (name: string, value: string, on: boolean) => {
    const values = shown.specs.find((spec) => spec.name === name)?.values ?? [];
    const nextValues = on ? [...values.filter((item) => item !== value), value] : values.filter((item) => item !== value);
    const next = withSpecValues(shown.specs, name, nextValues);
    setShown((current) => ({ ...current, specs: next }));
    onSpecsChange(next);
  };

  const brandOptions = withTicked(facets?.brands ?? [], shown.brands);
  return (
    <>
      {brandOptions.length > 0 && (
        <FacetGroup
          legend={t('product-specs.facets.brand')}
          options={brandOptions}
          ticked={shown.brands}
          onToggle={toggleBrand}
        />
      )}
      {specGroups.map((group) => {
        const ticked = shown.specs.find((spec) => spec.name === group.name)?.values ?? [];
        return (
          <FacetGroup
            key={group.name}
            legend={group.name}
            options={withTicked(group.values, ticked)}
            ticked={ticked}
            onToggle={(value, on) => toggleSpec(group.name, value, on)}
          />
        );
      })}
    </>
  );
}

function FacetGroup({
  legend,
  options,
  ticked,
  onToggle,
}: {
  legend: string;
  options: readonly Option[];
  ticked: readonly string[];
  onToggle: (value: string, on: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      <ul className="space-y-0.5">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-50">
              <input
                type="checkbox"
                checked={ticked.includes(option.value)}
                onChange={(event) => onToggle(option.value, event.target.checked)}
                className="size-4 shrink-0 rounded accent-amber-700"
              />
              <span className="min-w-0 break-words">
                {t('product-specs.facets.option', { value: option.value, count: formatCount(option.count, locale) })}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
