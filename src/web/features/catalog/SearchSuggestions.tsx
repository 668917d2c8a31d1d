import { Link } from 'react-router';
import { localName } from '../../../shared/category-names';
import { useLocale, useT } from '../../lib/i18n';
import type { ProductPage } from './api';
import { type ProductFilters, readFilters, writeFilters } from './filters';

/** A search that found nothing: the nearest words and categories as links, instead of a dead end. */
export function SearchSuggestions({
  query,
  suggestions,
}: {
  query: string;
  suggestions: NonNullable<ProductPage['suggestions']>;
}) {
  const t = useT();
  const locale = useLocale();
  const link = (patch: Partial<ProductFilters>) =>
    `/products?${writeFilters({ ...readFilters(new URLSearchParams()), ...patch }).toString()}`;
  const linkClass =
    'inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:border-amber-500 hover:bg-amber-50';
  return (
    <div
      role="status"
      className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700"
    >
      <p className="text-base font-semibold text-slate-900">{t('products.search.nothingFor', { q: query })}</p>
      {suggestions.words.length > 0 && (
        <>
          <h2 className="mt-6 text-sm font-semibold text-slate-700">{t('products.search.tryWords')}</h2>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {suggestions.words.map((word) => (
              <li key={word}>
                <Link to={link({ q: word })} className={linkClass}>
                  {word}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {suggestions.categories.length > 0 && (
        <>
          <h2 className="mt-6 text-sm font-semibold text-slate-700">{t('products.search.tryCategories')}</h2>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {suggestions.categories.map((node) => (
              <li key={`${node.category}/${node.subcategory ?? ''}`}>
                <Link to={link({ category: node.category, subcategory: node.subcategory })} className={linkClass}>
                  {localName(node, locale)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
