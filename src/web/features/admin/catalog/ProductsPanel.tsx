import History from 'lucide-react/icons/history';
import Download from 'lucide-react/icons/download';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Star from 'lucide-react/icons/star';
import StarOff from 'lucide-react/icons/star-off';
import Trash2 from 'lucide-react/icons/trash-2';
import Upload from 'lucide-react/icons/upload';
import { useState } from 'react';
import { Link } from 'react-router';
import { imageVariant, parseImages } from '../../../../shared/catalog';
import { localDigits } from '../../../../shared/locale';
import { ARCHIVE_RESTORE_DAYS } from '../../../../shared/product-archive';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProductCount } from '../../../components/ProductCount';
import { formatPrice } from '../../../lib/format';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Pagination } from '../../../components/Pagination';
import { SearchBox } from '../../../components/SearchBox';
import {
  type Product,
  deleteProduct,
  downloadProductsCsv,
  toggleFeatured,
  useAdminCategoryTree,
  useAdminProducts,
  useCatalogInvalidation,
} from './api';
import { ProductHistoryModal } from '../audit/ProductHistoryModal';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ArchivedProducts } from './ArchivedProducts';
import { ImportDialog } from './ImportDialog';
import { ProductFormModal } from './ProductFormModal';

/** Product toasts of the admin table (message ids; the English texts are fixed). */
export const PRODUCT_TOASTS = {
  featured: 'admin-catalog.products.toast.featured',
  unfeatured: 'admin-catalog.products.toast.unfeatured',
  featureFailed: 'admin-catalog.products.toast.featureFailed',
  deleted: 'admin-catalog.products.toast.deleted',
  deleteFailed: 'admin-catalog.products.toast.deleteFailed',
} as const satisfies Record<string, MessageId>;

type View = 'live' | 'archived';

/**
 * The admin's Products tab: 'Upload New Product' (modal), and a table of products with
 * Feature/Unfeature and Delete per row, plus Edit (the row's main action) and History. The table is
 * paged and searched by the server. Delete asks once, naming the product, and archives it
 * (ADR 0023): the Archived view lists what can be restored for 30 days.
 */
export function ProductsPanel() {
  const t = useT();
  const locale = useLocale();
  const [view, setView] = useState<View>('live');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminProducts(q, page);
  const tree = useAdminCategoryTree();
  const invalidate = useCatalogInvalidation();
  const [modal, setModal] = useState<{ product?: Product } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [archiving, setArchiving] = useState<Product | null>(null);
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadProductsCsv();
    } catch {
      toast.error(t('admin-catalog.products.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
      await invalidate('products');
    }
  };

  const feature = (product: Product) =>
    run(`f${product.id}`, async () => {
      try {
        const reply = await toggleFeatured(product.id);
        // By the flag, not the message: the server writes its message in the page's language.
        if (reply.isFeatured) toast.success(t(PRODUCT_TOASTS.featured));
        else toast.info(t(PRODUCT_TOASTS.unfeatured));
      } catch {
        toast.error(t(PRODUCT_TOASTS.featureFailed));
      }
    });

  const remove = (product: Product) =>
    run(`d${product.id}`, async () => {
      try {
        await deleteProduct(product.id);
        toast.success(t(PRODUCT_TOASTS.deleted));
      } catch {
        toast.error(t(PRODUCT_TOASTS.deleteFailed));
      } finally {
        setArchiving(null);
      }
    });

  const data = list.data;
  return (
    <Card
      title={t('admin-catalog.products.title')}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void exportCsv()} loading={exporting}>
            {!exporting && <Download className="size-4" aria-hidden="true" />}
            {t('admin-catalog.products.exportCsv')}
          </Button>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload className="size-4" aria-hidden="true" />
            {t('admin-catalog.products.importCsv')}
          </Button>
          <Button variant="primary" onClick={() => setModal({})}>
            <Plus className="size-4" aria-hidden="true" />
            {t('admin-catalog.products.upload')}
          </Button>
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
            aria-pressed={view === id}
            onClick={() => setView(id)}
            className={`h-9 rounded-md px-3 text-sm font-medium transition-colors ${
              view === id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {t(label)}
          </button>
        ))}
      </div>

      {view === 'archived' ? (
        <ArchivedProducts onHistory={setHistory} />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="sm:w-80">
              <SearchBox
                value={q}
                label={t('admin-catalog.products.searchLabel')}
                onSearch={(text) => {
                  setQ(text);
                  setPage(1);
                }}
              />
            </div>
            {data && (
              <p className="text-sm text-slate-500" aria-live="polite">
                <ProductCount page={data} />
              </p>
            )}
          </div>

          <div className="mt-4" aria-busy={list.isFetching}>
            {list.isPending ? (
              <p className="py-10 text-center text-sm text-slate-500">{t('admin-catalog.loading')}</p>
            ) : list.isError && !data ? (
              <p className="py-10 text-center text-sm text-red-600">
                {t('admin-catalog.products.loadFailed', { error: list.error.message })}
              </p>
            ) : !data || data.products.length === 0 ? (
              <p className="py-10 text-center text-sm text-slate-500">
                {q ? t('admin-catalog.products.noMatch') : t('admin-catalog.products.empty')}
              </p>
            ) : (
              <div className={`-mx-5 sm:-mx-6 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
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
                      <Row
                        key={product.id}
                        product={product}
                        busy={busy}
                        onEdit={() => setModal({ product })}
                        onFeature={() => void feature(product)}
                        onHistory={() => setHistory({ id: product.id, name: product.name })}
                        onDelete={() => setArchiving(product)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>

          {data && (
            <div className="mt-6">
              <Pagination
                page={data.page}
                totalPages={data.totalPages}
                onSelect={setPage}
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
          if (archiving) void remove(archiving);
        }}
      >
        {t('admin-catalog.products.confirm.body', { days: localDigits(String(ARCHIVE_RESTORE_DAYS), locale) })}
      </ConfirmDialog>
      <ProductHistoryModal product={history} onClose={() => setHistory(null)} />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setQ('');
          setPage(1);
          // New categories too: the tree, the admin lists and the shop's lists.
          void invalidate('all');
        }}
      />

      <ProductFormModal
        open={modal !== null}
        product={modal?.product}
        categories={tree.data ?? []}
        onClose={() => setModal(null)}
        onSaved={() => {
          if (!modal?.product) {
            // A new product is the newest: show the first page without a search so it is in view.
            setQ('');
            setPage(1);
          }
          void invalidate('products');
        }}
      />
    </Card>
  );
}

function Row({
  product,
  busy,
  onEdit,
  onFeature,
  onHistory,
  onDelete,
}: {
  product: Product;
  busy: string | null;
  onEdit: () => void;
  onFeature: () => void;
  onHistory: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const image = parseImages(product.images)[0];
  const path = [product.category, product.subCategory, product.childCategory].filter(Boolean).join(' › ');
  return (
    <tr className="max-md:grid max-md:grid-cols-[3.5rem_1fr_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:px-5 max-md:py-3">
      <td className="py-2.5 pr-3 pl-5 max-md:contents sm:pl-6">
        <div className="flex items-center gap-3 max-md:contents">
          {image ? (
            <img
              src={imageVariant(image, 320)}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="size-14 shrink-0 rounded-lg border border-slate-200 bg-white object-contain max-md:row-span-2"
            />
          ) : (
            <span className="size-14 shrink-0 rounded-lg bg-slate-100 max-md:row-span-2" aria-hidden="true" />
          )}
          <div className="min-w-0 max-md:col-span-2">
            <Link to={`/products/${product.id}`} className="font-semibold text-slate-900 hover:text-amber-700 hover:underline">
              {product.name}
            </Link>
            <p className="truncate text-xs text-slate-500">{path}</p>
            <button
              type="button"
              onClick={onHistory}
              aria-label={t('admin-catalog.products.row.historyLabel', { name: product.name })}
              className="mt-0.5 inline-flex min-h-6 items-center gap-1 text-xs font-medium text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-amber-700 hover:decoration-amber-500"
            >
              <History className="size-3.5" aria-hidden="true" />
              {t('admin-catalog.products.row.history')}
            </button>
          </div>
        </div>
      </td>
      <td className="px-3 py-2.5 font-medium whitespace-nowrap text-slate-900 max-md:p-0">
        {formatPrice(product.price, locale)}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap text-slate-600 max-md:p-0 max-md:text-xs">
        <span className="md:hidden">{t('admin-catalog.products.row.stock')} </span>
        {product.stock === null ? t('admin-catalog.products.row.notTracked') : localDigits(String(product.stock), locale)}
      </td>
      <td className="px-3 py-2.5 max-md:hidden">
        {product.isFeatured ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            <Star className="size-3" fill="currentColor" aria-hidden="true" />
            {t('admin-catalog.products.row.featured')}
          </span>
        ) : (
          <span className="text-xs text-slate-500">{t('admin-catalog.products.row.no')}</span>
        )}
      </td>
      <td className="py-2.5 pr-5 pl-3 max-md:col-span-3 max-md:p-0 max-md:pt-1 sm:pr-6">
        <div className="flex justify-end gap-1.5 max-md:flex-wrap max-md:justify-start">
          <Button size="sm" variant="primary" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
            {t('admin-catalog.products.row.edit')}
          </Button>
          <Button size="sm" variant="outline" loading={busy === `f${product.id}`} onClick={onFeature}>
            {busy !== `f${product.id}` &&
              (product.isFeatured ? (
                <StarOff className="size-4" aria-hidden="true" />
              ) : (
                <Star className="size-4" aria-hidden="true" />
              ))}
            {product.isFeatured ? t('admin-catalog.products.row.unfeature') : t('admin-catalog.products.row.feature')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-600! hover:bg-red-50!"
            disabled={busy === `d${product.id}`}
            onClick={onDelete}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('admin-catalog.products.row.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}
