import History from 'lucide-react/icons/history';
import { localDigits } from '../../../../shared/locale';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { Dialog } from '../../../components/ui/Dialog';
import { NO_AUDIT_FILTERS, useAuditPage } from './api';
import { useCan } from '../permissions';
import { AuditEntryList } from './AuditEntryList';

/** How many of a product's changes the History dialog shows (the Activity tab pages through all). */
const HISTORY_SHOWN = 50;

/**
 * A product's history: its entries of the audit log, newest first, with each price,
 * stock or other change as before → after. Opened from a product's row, live or archived.
 */
export function ProductHistoryModal({ product, onClose }: { product: { id: number; name: string } | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      layout="panel"
      closeLabel={t('admin-catalog.modal.close')}
      open={product !== null}
      onClose={onClose}
      title={product ? t('admin.activity.history.title', { name: product.name }) : ''}
      widthClass="max-w-xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('admin.activity.history.close')}
        </Button>
      }
    >
      {product && <ProductHistory productId={product.id} name={product.name} />}
    </Dialog>
  );
}

function ProductHistory({ productId, name }: { productId: number; name: string }) {
  const t = useT();
  const locale = useLocale();
  const history = useAuditPage({ ...NO_AUDIT_FILTERS, entityType: 'product', entityId: String(productId) }, 1, HISTORY_SHOWN);
  // Undo writes the catalogue: a role that may only look at it sees no Undo.
  const canUndo = useCan('catalog.write');
  const data = history.data;
  if (history.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-8 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t('admin.activity.loading')}
      </p>
    );
  }
  if (!data) return <p className="py-8 text-center font-medium text-red-600">{t('admin.activity.loadFailed')}</p>;
  if (data.entries.length === 0) {
    return <EmptyState icon={<History className="size-7" aria-hidden="true" />} title={t('admin.activity.history.empty')} />;
  }
  return (
    <>
      <AuditEntryList
        entries={data.entries}
        label={t('admin.activity.history.list', { name })}
        showEntity={false}
        undoable={canUndo}
      />
      {data.total > data.entries.length && (
        <p className="mt-3 text-xs text-slate-500">
          {t('admin.activity.history.more', {
            shown: localDigits(String(data.entries.length), locale),
            total: formatCount(data.total, locale),
          })}
        </p>
      )}
    </>
  );
}
