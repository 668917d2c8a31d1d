import Plus from 'lucide-react/icons/plus';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COMPARE_MAX, compareHref, readCompareIds } from '../../../shared/compare';
import { ButtonLink } from '../../components/ui/Button';
import { setCompareList, useCompareList } from '../../lib/compare-list';
import { formatCount } from '../../lib/format';
import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { useCompareProducts } from './compare/api';
import { CompareTable } from './compare/CompareTable';

/**
 * /compare?ids=1,2,3: up to COMPARE_MAX products side by side (CompareTable). The address names
 * them, so a shared link shows the same comparison; without `ids` the page shows the device's list.
 * Removing a product takes it off both. A product no longer on sale is left out, said so, and
 * taken off the device's list.
 */
export default function ComparePage() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const remembered = useCompareList();
  const named = params.has('ids');
  const fromAddress = useMemo(() => readCompareIds(params.get('ids')), [params]);
  const ids = named ? fromAddress : remembered;
  const compare = useCompareProducts(ids);
  usePageTitle(t('compare.page.title'));

  // Shown in the order asked, only those still asked for (the last answer stays while a new one loads).
  const answered = compare.data?.products;
  const products = useMemo(
    () => ids.flatMap((id) => answered?.find((product) => product.id === id) ?? []),
    [ids, answered],
  );
  const leftOut = !compare.isPlaceholderData && answered !== undefined && products.length < ids.length;

  useEffect(() => {
    if (!leftOut) return;
    const gone = ids.filter((id) => !products.some((product) => product.id === id));
    if (remembered.some((id) => gone.includes(id))) setCompareList(remembered.filter((id) => !gone.includes(id)));
  }, [leftOut, ids, products, remembered]);

  const remove = (id: number) => {
    setCompareList(remembered.filter((other) => other !== id));
    // Written by hand, not through URLSearchParams, so that the commas stay readable in the address.
    if (named) void navigate(compareHref(fromAddress.filter((other) => other !== id)), { replace: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('compare.page.title')}</h1>
        {ids.length > 0 && ids.length < COMPARE_MAX && (
          <ButtonLink to="/products" variant="outline" size="sm">
            <Plus className="size-4" aria-hidden="true" />
            {t('compare.page.addMore')}
          </ButtonLink>
        )}
      </div>
      {ids.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-14 text-center">
          <p className="text-slate-700">{t('compare.page.empty', { max: formatCount(COMPARE_MAX, locale) })}</p>
          <ButtonLink to="/products" variant="primary" className="mt-5">
            {t('compare.page.browse')}
          </ButtonLink>
        </div>
      ) : compare.isError && !answered ? (
        <p role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center text-red-700">
          {t('compare.page.error', { message: compare.error.message })}
        </p>
      ) : !answered ? (
        <p role="status" className="py-16 text-center text-slate-500">
          {t('catalog.loading')}
        </p>
      ) : (
        <>
          {leftOut && (
            <p role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t('compare.page.leftOut')}
            </p>
          )}
          {products.length > 2 && <p className="mt-4 text-sm text-slate-500 sm:hidden">{t('compare.page.scrollHint')}</p>}
          {products.length > 0 && <CompareTable products={products} onRemove={remove} />}
        </>
      )}
    </div>
  );
}
