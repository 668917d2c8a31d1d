import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import { Link } from 'react-router';
import { COMPARE_MAX, compareHref } from '../../../../shared/compare';
import { setCompareList } from '../../../lib/compare-list';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

/**
 * The product list's compare bar, once a product is chosen: how many of COMPARE_MAX, the link to
 * the compare page and Clear. Sticky at the end of the page's own box (as the product page's buy
 * bar): it rides the bottom edge while the list scrolls and comes to rest above the footer.
 */
export function CompareBar({ ids }: { ids: readonly number[] }) {
  const t = useT();
  const locale = useLocale();
  if (ids.length === 0) return null;
  const count = formatCount(ids.length, locale);
  return (
    <aside
      aria-label={t('compare.bar.label')}
      className="sticky bottom-0 z-30 -mx-4 mt-8 -mb-8 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.06)] backdrop-blur sm:-mx-6 sm:-mb-12 sm:px-6"
    >
      <p className="min-w-0 flex-1 text-sm text-slate-700" aria-live="polite">
        {t('compare.bar.count', { count, max: formatCount(COMPARE_MAX, locale) })}
      </p>
      <button
        type="button"
        onClick={() => setCompareList([])}
        aria-label={t('compare.bar.clearLabel')}
        className="h-10 shrink-0 rounded-lg px-3 text-sm font-semibold text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline"
      >
        {t('compare.bar.clear')}
      </button>
      <Link
        to={compareHref(ids)}
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white shadow-sm hover:bg-slate-800"
      >
        <ArrowLeftRight className="size-4" aria-hidden="true" />
        {t('compare.bar.open', { count })}
      </Link>
    </aside>
  );
}
