import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { localDigits } from '../../shared/locale';
import { useLocale, useT } from '../lib/i18n';

/** The page numbers to show: first, last, and two either side of the current one, with gaps as null. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && n - last > 1) out.push(null);
    out.push(n);
  }
  return out;
}

const base =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold transition-colors';
const edge = `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
const edgeOff = `${base} border border-slate-200 text-slate-300`;

interface PaginationProps {
  page: number;
  totalPages: number;
  /** Links: the address of a page (keeps the other filters; shareable, back/forward work). */
  hrefFor?: (page: number) => string;
  /** Buttons instead of links: called with the chosen page. */
  onSelect?: (page: number) => void;
  /** The navigation's accessible name; 'Pagination' by default. */
  label?: string;
}

/** Server-driven pages: Previous, numbers (wider screens) or 'Page X of Y' (phones), Next. */
export function Pagination({ page, totalPages, hrefFor, onSelect, label }: PaginationProps) {
  const t = useT();
  const locale = useLocale();
  if (totalPages <= 1) return null;
  // Page numbers in the language's digits, without grouping (as the address writes them).
  const number = (n: number) => localDigits(String(n), locale);
  const item = (target: number, className: string, children: ReactNode, extra: Record<string, string | undefined> = {}) =>
    hrefFor ? (
      <Link to={hrefFor(target)} className={className} {...extra}>
        {children}
      </Link>
    ) : (
      <button type="button" onClick={() => onSelect?.(target)} className={className} {...extra}>
        {children}
      </button>
    );
  const prevLabel = (
    <>
      <ChevronLeft className="size-4" aria-hidden="true" />
      {t('products.pagination.previous')}
    </>
  );
  const nextLabel = (
    <>
      {t('products.pagination.next')}
      <ChevronRight className="size-4" aria-hidden="true" />
    </>
  );
  return (
    <nav aria-label={label ?? t('products.pagination.label')} className="flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        item(page - 1, edge, prevLabel, { rel: hrefFor ? 'prev' : undefined })
      ) : (
        <span aria-disabled="true" className={edgeOff}>
          {prevLabel}
        </span>
      )}
      <ol className="hidden items-center gap-1.5 sm:flex">
        {pageWindow(page, totalPages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              {item(n, `${base} ${n === page ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`, number(n), {
                'aria-label': t('products.pagination.page', { page: number(n) }),
                'aria-current': n === page ? 'page' : undefined,
              })}
            </li>
          ),
        )}
      </ol>
      <span className="px-2 text-sm text-slate-600 sm:hidden">
        {t('products.pagination.pageOf', { page: number(page), total: number(totalPages) })}
      </span>
      {page < totalPages ? (
        item(page + 1, edge, nextLabel, { rel: hrefFor ? 'next' : undefined })
      ) : (
        <span aria-disabled="true" className={edgeOff}>
          {nextLabel}
        </span>
      )}
    </nav>
  );
}
