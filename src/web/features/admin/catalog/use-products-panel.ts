import { useState } from 'react';
import { type MessageId, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { type UrlStateSpec, useUrlState } from '../../../lib/url-state';
import {
  type Product,
  deleteProduct,
  downloadProductsCsv,
  toggleFeatured,
  useAdminCategoryTree,
  useAdminProducts,
  useCatalogInvalidation,
} from './api';

/** Product toasts of the admin table (message ids; the English texts are fixed). */
export const PRODUCT_TOASTS = {
  featured: 'admin-catalog.products.toast.featured',
  unfeatured: 'admin-catalog.products.toast.unfeatured',
  featureFailed: 'admin-catalog.products.toast.featureFailed',
  deleted: 'admin-catalog.products.toast.deleted',
  deleteFailed: 'admin-catalog.products.toast.deleteFailed',
} as const satisfies Record<string, MessageId>;

export type View = 'live' | 'archived';

/** The Products tab's list in the address (/admin?tab=products&q=router&page=2, or view=archived). */
const PRODUCTS_URL: UrlStateSpec<{ view: View; q: string; page: number }> = {
  defaults: { view: 'live', q: '', page: 1 },
  allowed: { view: ['live', 'archived'] },
};

/**
 * The Products tab's state: the view, search and page (in the address), the open dialogs (product
 * form, history, import, the archive question) and the row actions under way.
 */
export function useProductsPanel() {
  const t = useT();
  const [list, setList] = useUrlState(PRODUCTS_URL);
  const products = useAdminProducts(list.q, list.page);
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

  return {
    list,
    /** A search starts at page 1; typing rewrites the address's entry instead of adding one. */
    search: (q: string, options: { typing: boolean }) => setList({ q, page: 1 }, { replace: options.typing }),
    setView: (view: View) => setList({ view }),
    setPage: (page: number) => setList({ page }),
    /** The first page without a search (a new product, an import: the newest are in view). */
    showNewest: () => setList({ q: '', page: 1 }),
    products,
    categories: tree.data ?? [],
    invalidate,
    modal,
    setModal,
    busy,
    feature,
    archiving,
    setArchiving,
    remove,
    history,
    setHistory,
    importing,
    setImporting,
    exporting,
    exportCsv,
  };
}

export type ProductsPanelState = ReturnType<typeof useProductsPanel>;
