import Archive from 'lucide-react/icons/archive';
import History from 'lucide-react/icons/history';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useState } from 'react';
import { imageVariant, parseImages } from '../../../../shared/catalog';
import { localDigits } from '../../../../shared/locale';
import { ARCHIVE_RESTORE_DAYS } from '../../../../shared/product-archive';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/Card';
import { ApiError } from '../../../lib/api';
import { formatDateTime, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Pagination } from '../../../components/Pagination';
import { useCan } from '../permissions';
import { type ArchivedProduct, restoreProduct, useArchivedProducts, useCatalogInvalidation } from './api';

/**
 * The Products tab's Archived view (ADR 0023): the deleted products that can still be restored,
 * newest first, each with when it was archived, until when it can come back, and Restore (not
 * destructive: no question asked). A refusal (its category was deleted, too late) says why.
 */
export function ArchivedProducts({ onHistory }: { onHistory: (product: { id: number; name: string }) => void }) {
  const t = useT();
  // Restoring writes the catalogue: a role that may only look at it sees no Restore.
  const canWrite = useCan('catalog.write');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useArchivedProducts(page);
  const invalidate = useCatalogInvalidation();
  const [restoring, setRestoring] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const days = localDigits(String(ARCHIVE_RESTORE_DAYS), locale);

  const restore = async (product: ArchivedProduct) => {
    setRestoring(product.id);
    setRefusal(null);
    try {
      await restoreProduct(product.id);
      toast.success(t('admin-catalog.archived.toast.restored', { name: product.name }));
    } catch (error) {
      toast.error(t('admin-catalog.archived.toast.restoreFailed'));
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) setRefusal(error.serverMessage);
    } finally {
      setRestoring(null);
      await invalidate('products');
    }
  };

  const data = list.data;
  if (list.isPending) return <p className="py-10 text-center text-sm text-slate-500">{t('admin-catalog.loading')}</p>;
  if (!data) return <p className="py-10 text-center text-sm text-red-600">{t('admin-catalog.archived.loadFailed')}</p>;
  if (data.products.length === 0) {
    return (
      <EmptyState icon={<Archive className="size-7" aria-hidden="true" />} title={t('admin-catalog.archived.empty')}>
        <p>{t('admin-catalog.archived.intro', { days })}</p>
      </EmptyState>
    );
  }
  return (
    <div aria-busy={list.isFetching}>
      <p className="text-sm text-slate-600">{t('admin-catalog.archived.intro', { days })}</p>
      {refusal && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {refusal}
        </p>
      )}
      <ul
        aria-label={t('admin-catalog.archived.list')}
        className={`mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {data.products.map((product) => {
          const image = parseImages(product.images)[0];
          return (
            <li key={product.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              {image ? (
                <img
                  src={imageVariant(image, 320)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded-lg border border-slate-200 bg-white object-contain opacity-80"
                />
              ) : (
                <span className="size-12 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-semibold wrap-anywhere text-slate-900">{product.name}</p>
                <p className="text-xs text-slate-500">
                  {formatPrice(product.price, locale)} ·{' '}
                  {[product.category, product.subCategory, product.childCategory].filter(Boolean).join(' › ')}
                </p>
                <p className="text-xs text-slate-500">
                  {t('admin-catalog.archived.archivedOn', { date: formatDateTime(product.archivedAt, locale) })} ·{' '}
                  {t('admin-catalog.archived.restoreUntil', { date: formatDateTime(product.restorableUntil, locale) })}
                </p>
              </div>
              <div className="flex gap-1.5">
                {canWrite && (
                  <Button
                    size="sm"
                    variant="primary"
                    loading={restoring === product.id}
                    disabled={restoring !== null && restoring !== product.id}
                    onClick={() => void restore(product)}
                    aria-label={t('admin-catalog.archived.restoreLabel', { name: product.name })}
                  >
                    {restoring !== product.id && <RotateCcw className="size-4" aria-hidden="true" />}
                    {t('admin-catalog.archived.restore')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onHistory({ id: product.id, name: product.name })}
                  aria-label={t('admin-catalog.products.row.historyLabel', { name: product.name })}
                >
                  <History className="size-4" aria-hidden="true" />
                  {t('admin-catalog.products.row.history')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-6">
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          onSelect={setPage}
          label={t('admin-catalog.archived.pagesLabel')}
        />
      </div>
    </div>
  );
}
