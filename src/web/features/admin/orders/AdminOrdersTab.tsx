import ClipboardList from 'lucide-react/icons/clipboard-list';
import Download from 'lucide-react/icons/download';
import type { ReactNode } from 'react';
import { localDigits } from '../../../../shared/locale';
import { CancelOrderDialog } from '../../../components/orders/CancelOrderDialog';
import { Button } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { ListPager } from '../ui/ListPager';
import { ADMIN_ORDER_TEXTS } from './api';
import { OrdersFilters } from './OrdersFilters';
import { OrdersList } from './OrdersList';
import { ShipOrderDialog } from './ShipOrderDialog';
import { type OrdersTabState, useOrdersTab } from './use-orders-tab';
import { useCan } from '../permissions';

/**
 * The admin's Orders tab: every order of the store, searched (order id, typed
 * grouped or not, name, email, phone), filtered by an inclusive date range, sorted by order date and
 * paged by the server; one order open at a time with its customer, delivery address, items and
 * history (who changed what, and why); a status select per order. Choosing Cancelled asks for a
 * reason first: one slip of the select no longer cancels and mails at once. The filters, sort and
 * page are in the address (useOrdersTab), so a reload shows the same list.
 */
export function AdminOrdersTab() {
  const t = useT();
  const locale = useLocale();
  const tab = useOrdersTab();
  const { data, list, cancelling, pages } = tab;
  const canExport = useCan('orders.export');

  return (
    <Card
      title={t('admin.orders.title')}
      actions={
        <span className="flex items-center gap-3">
          {list.isFetching && !list.isPending && <Spinner className="size-4 text-amber-500" />}
          {/* Every order the filters select, not only this page. */}
          {/* The CSV carries shoppers' names, phones and addresses: only a role allowed to export them sees it. */}
          {canExport && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void tab.exportCsv()}
              loading={tab.exporting}
              disabled={tab.rangeInvalid}
            >
              {!tab.exporting && <Download className="size-4" aria-hidden="true" />}
              {t('admin.orders.exportCsv')}
            </Button>
          )}
        </span>
      }
    >
      <OrdersFilters tab={tab} />

      <OrdersBody tab={tab} />

      {data && data.total > 0 && !tab.rangeInvalid && (
        <ListPager
          label={t('admin.orders.pages')}
          range={t('admin.orders.range', {
            first: localDigits(String(pages.first), locale),
            last: localDigits(String(pages.last), locale),
            total: formatCount(data.total, locale),
          })}
          pageOf={t('admin.orders.page', {
            page: localDigits(String(data.page), locale),
            pages: localDigits(String(Math.max(1, pages.totalPages)), locale),
          })}
          previous={t('admin.orders.previous')}
          next={t('admin.orders.next')}
          hasPrevious={tab.params.page > 1}
          hasNext={tab.params.page < pages.totalPages}
          onPrevious={pages.previous}
          onNext={pages.next}
        />
      )}
      {cancelling && (
        <CancelOrderDialog
          open
          order={cancelling}
          audience="admin"
          customer={`${cancelling.user.firstName} ${cancelling.user.lastName}`}
          busy={tab.pendingId === cancelling.id}
          onConfirm={tab.cancel}
          onClose={tab.stopCancelling}
        />
      )}
      {tab.shipping && (
        <ShipOrderDialog
          order={tab.shipping}
          busy={tab.pendingId === tab.shipping.id}
          onConfirm={tab.ship}
          onClose={tab.stopShipping}
        />
      )}
    </Card>
  );
}

/** The list, or why there is none: a refused range, loading, a failure with Try again, no orders. */
function OrdersBody({ tab }: { tab: OrdersTabState }): ReactNode {
  const t = useT();
  const { list, data } = tab;
  if (tab.rangeInvalid) {
    return (
      <p role="alert" className="py-8 text-center text-sm font-medium text-red-600">
        {t('admin.orders.rangeInvalid')}
      </p>
    );
  }
  if (list.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t(ADMIN_ORDER_TEXTS.loading)}
      </p>
    );
  }
  if (list.isError && !data) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-medium text-red-600">{t(ADMIN_ORDER_TEXTS.loadFailed)}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('admin.orders.tryAgain')}
        </Button>
      </div>
    );
  }
  if (tab.orders.length === 0) {
    return (
      <EmptyState icon={<ClipboardList className="size-7" aria-hidden="true" />} title={t(ADMIN_ORDER_TEXTS.empty)}>
        {tab.filtering && <p>{t('admin.orders.noMatch')}</p>}
      </EmptyState>
    );
  }
  return <OrdersList tab={tab} />;
}
