import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import { Link } from 'react-router';
import { compareHref } from '../../../../shared/compare';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { CompareToggle } from './CompareToggle';
import { useCompareToggle } from './use-compare-toggle';

/** The product page's 'Compare' toggle, and once a product is chosen the link to the comparison with its count. */
export function ProductPageCompare({ productId, name }: { productId: number; name: string }) {
  const t = useT();
  const locale = useLocale();
  const { ids, toggle } = useCompareToggle();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
      <CompareToggle size="page" name={name} pressed={ids.includes(productId)} onToggle={() => toggle(productId)} />
      {ids.length > 0 && (
        <Link
          to={compareHref(ids)}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-md text-sm font-semibold text-amber-700 hover:text-amber-800 hover:underline"
        >
          <ArrowLeftRight className="size-4" aria-hidden="true" />
          {t('compare.bar.open', { count: formatCount(ids.length, locale) })}
        </Link>
      )}
    </div>
  );
}
