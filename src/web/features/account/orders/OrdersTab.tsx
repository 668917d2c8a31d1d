import Package from 'lucide-react/icons/package';
import { CancelOrderDialog } from '../../../components/orders/CancelOrderDialog';
import { ButtonLink } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { ListLoadFailed, ListLoading } from '../../../components/ui/ListState';
import { SearchField } from '../../../components/ui/SearchField';
import { useT } from '../../../lib/i18n';
import { OrderCards } from './OrderCards';
import { PaymentResultBanner } from './OrderParts';
import { OrdersTable } from './OrdersTable';
import { type OrdersTabState, useOrdersTab } from './use-orders-tab';

/**
 * The dashboard's Orders tab: 'Your Orders', Order ID, Total Amount and Order Date
 * sortable, Status, and View Items / Hide Items opening one order at a time (OrderDetails). Ids are
 * shown in groups of four, to read out on the phone; a search finds an order by its id or a product.
 * Phones get stacked cards and the two sort buttons. The state lives in useOrdersTab.
 */
export function OrdersTab() {
  const t = useT();
  const tab = useOrdersTab();
  const { orders, landing, landedOrder, actions, cancelling, cancel } = tab;

  let content;
  if (orders.isPending) {
    content = <ListLoading label={t('orders.loading')} />;
  } else if (orders.isError) {
    content = (
      <ListLoadFailed
        text={t('orders.loadFailed')}
        retryLabel={t('orders.tryAgain')}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  } else if (orders.data.length === 0) {
    content = (
      <EmptyState icon={<Package className="size-7" aria-hidden="true" />} title={t('orders.empty')}>
        <ButtonLink to="/products" variant="primary" size="sm" className="mt-2">
          {t('orders.startShopping')}
        </ButtonLink>
      </EmptyState>
    );
  } else {
    content = (
      <>
        {orders.data.length > 1 && <OrdersSearch tab={tab} />}
        <OrderCards tab={tab} />
        <OrdersTable tab={tab} />
      </>
    );
  }

  return (
    <Card title={t('orders.title')}>
      {landing?.result && (
        <PaymentResultBanner
          result={landing.result}
          order={landedOrder}
          onRetry={landedOrder ? () => actions.retry(landedOrder.id) : undefined}
          onPayOnDelivery={landedOrder ? () => actions.payOnDelivery(landedOrder.id) : undefined}
          retrying={landedOrder !== undefined && actions.retrying === landedOrder.id}
          switching={landedOrder !== undefined && actions.switching === landedOrder.id}
        />
      )}
      {content}
      {cancelling && (
        <CancelOrderDialog
          open
          order={cancelling}
          audience="shopper"
          busy={cancel.cancelling === cancelling.id}
          onConfirm={(reason) => cancel.cancel(cancelling.id, reason)}
          onClose={() => tab.setCancelling(null)}
        />
      )}
    </Card>
  );
}

/** The search over the shopper's orders, by an order's id or a product's name. */
function OrdersSearch({ tab }: { tab: OrdersTabState }) {
  const t = useT();
  return (
    <div className="mb-4">
      <SearchField
        label={t('orders.search.label')}
        value={tab.query}
        onChange={tab.setQuery}
        placeholder={t('orders.search.placeholder')}
        maxLength={100}
        autoComplete="off"
      />
      {tab.rows.length === 0 && (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {t('orders.search.none')}
        </p>
      )}
    </div>
  );
}
