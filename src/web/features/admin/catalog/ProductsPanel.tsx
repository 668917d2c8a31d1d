import Download from 'lucide-react/icons/download';
import Plus from 'lucide-react/icons/plus';
import Upload from 'lucide-react/icons/upload';
import { localDigits } from '../../../../shared/locale';
import { ARCHIVE_RESTORE_DAYS } from '../../../../shared/product-archive';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProductCount } from '../../../components/ProductCount';
import { useLocale, useT } from '../../../lib/i18n';
import { Pagination } from '../../../components/Pagination';
import { SearchBox } from '../../../components/SearchBox';
import { ProductHistoryModal } from '../audit/ProductHistoryModal';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ArchivedProducts } from './ArchivedProducts';
import { ImportDialog } from './ImportDialog';
import { ProductFormModal } from './ProductFormModal';
import { ProductRow } from './ProductRow';
import { type ProductsPanelState, useProductsPanel } from './use-products-panel';
import { useCan } from '../permissions';

/**
 * The admin's Products tab: 'Upload New Product' (modal), and a table of products with
 * Feature/Unfeature and Delete per row, plus Edit (the row's main action) and History. The table is
 * paged and searched by the server. Delete asks once, naming the product, and archives it
 * (ADR 0023): the Archived view lists what can be restored for 30 days.
 */
export function ProductsPanel() {
  const t = useT();
  const locale = useLocale();
  const panel = useProductsPanel();
  const { list, products, modal, setModal, busy, archiving, setArchiving, setHistory, invalidate } = panel;
  const data = products.data;
  const canWrite = useCan('catalog.write');
  return (
    <Card
      title={t('admin-catalog.products.title')}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void panel.exportCsv()} loading={panel.exporting}>
            {!panel.exporting && <Download className="size-4" aria-hidden="true" />}
            {t('admin-catalog.products.exportCsv')}
          </Button>
          {canWrite && (
            <Button variant="outline" onClick={() => panel.setImporting(true)}>
              <Upload className="size-4" aria-hidden="true" />
              {t('admin-catalog.products.importCsv')}
            </Button>
          )}
          {canWrite && (
            <Button variant="primary" onClick={() => setModal({})}>
              <Plus className="size-4" aria-hidden="true" />
              {t('admin-catalog.products.upload')}
            </Button>
          )}
        </div>
      }
    >
      <div
        role="group"
        aria-label={t('admin-catalog.products.view')}
        className="mb-4 grid w-full grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:w-auto sm:max-w-sm"
      >
        {(
          [
            ['live', 'admin-catalog.products.view.live'],
            ['archived', 'admin-catalog.products.view.archived'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            aria-pressed={list.view === id}
            onClick={() => panel.setView(id)}
            className={`h-9 rounded-md px-3 text-sm font-medium transition-colors ${
              list.view === id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {t(label)}
          </button>
        ))}
      </div>

      {list.view === 'archived' ? (
        <ArchivedProducts onHistory={setHistory} />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="sm:w-80">
              <SearchBox value={list.q} label={t('admin-catalog.products.searchLabel')} onSearch={panel.search} />
            </div>
            {data && (
              <p className="text-sm text-slate-500" aria-live="polite">
                <ProductCount page={data} />
              </p>
            )}
          </div>

          <ProductsTable panel={panel} />

          {data && (
            <div className="mt-6">
              <Pagination
                page={data.page}
                totalPages={data.totalPages}
                onSelect={panel.setPage}
                label={t('admin-catalog.products.pagesLabel')}
              />
            </div>
          )}
        </>
      )}

      <ConfirmDialog
        open={archiving !== null}
        title={t('admin-catalog.products.confirm.title', { name: archiving?.name ?? '' })}
        confirmLabel={t('admin-catalog.products.confirm.action')}
        pending={archiving !== null && busy === `d${archiving.id}`}
        onCancel={() => setArchiving(null)}
        onConfirm={() => {
          if (archiving) void panel.remove(archiving);
        }}
      >
        {t('admin-catalog.products.confirm.body', { days: localDigits(String(ARCHIVE_RESTORE_DAYS), locale) })}
      </ConfirmDialog>
      <ProductHistoryModal product={panel.history} onClose={() => setHistory(null)} />
      <ImportDialog
        open={panel.importing}
        onClose={() => panel.setImporting(false)}
        onImported={() => {
          panel.showNewest();
          // New categories too: the tree, the admin lists and the shop's lists.
          void invalidate('all');
        }}
      />

      <ProductFormModal
        open={modal !== null}
        product={modal?.product}
        categories={panel.categories}
        onClose={() => setModal(null)}
        onSaved={() => {
          if (!modal?.product) {
            // A new product is the newest: show the first page without a search so it is in view.
            panel.showNewest();
          }
          void invalidate('products');
        }}
      />
    </Card>
  );
}

/** The page of products, or why there is none (loading, a failure, no product, no match). */
function ProductsTable({ panel }: { panel: ProductsPanelState }) {
  const t = useT();
  const { list, products } = panel;
  const data = products.data;
  return (
    <div className="mt-4" aria-busy={products.isFetching}>
      {products.isPending ? (
        <p className="py-10 text-center text-sm text-slate-500">{t('admin-catalog.loading')}</p>
      ) : products.isError && !data ? (
        <p className="py-10 text-center text-sm text-red-600">
          {t('admin-catalog.products.loadFailed', { error: products.error.message })}
        </p>
      ) : !data || data.products.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">
          {list.q ? t('admin-catalog.products.noMatch') : t('admin-catalog.products.empty')}
        </p>
      ) : (
        <div className={`-mx-5 sm:-mx-6 ${products.isPlaceholderData ? 'opacity-60' : ''}`}>
          <table className="w-full text-left text-sm">
            <thead className="border-y border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase max-md:sr-only">
              <tr>
                <th scope="col" className="py-2.5 pr-3 pl-5 sm:pl-6">
                  {t('admin-catalog.products.column.product')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('admin-catalog.products.column.price')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('admin-catalog.products.column.stock')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('admin-catalog.products.column.featured')}
                </th>
                <th scope="col" className="py-2.5 pr-5 pl-3 text-right sm:pr-6">
                  {t('admin-catalog.products.column.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.products.map((product) => (
                <ProductRow
                  key={product.id}
                  product={product}
                  busy={panel.busy}
                  onEdit={() => panel.setModal({ product })}
                  onFeature={() => void panel.feature(product)}
                  onHistory={() => panel.setHistory({ id: product.id, name: product.name })}
                  onDelete={() => panel.setArchiving(product)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
