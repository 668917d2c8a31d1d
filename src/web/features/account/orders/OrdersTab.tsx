import Package from 'lucide-react/icons/package';
import Search from 'lucide-react/icons/search';
import { Fragment, useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { formatOrderId, orderIdMatches } from '../../../../shared/orders';
import { CancelOrderDialog } from '../../../components/orders/CancelOrderDialog';
import { OrderTimeline } from '../../../components/orders/OrderTimeline';
import { PaymentBadge, TestPaymentBadge } from '../../../components/orders/PaymentBadge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { SortableHeader, sortRows, useTableSort } from '../../../components/ui/SortableHeader';
import { Spinner } from '../../../components/ui/Spinner';
import { inputClasses } from '../../../components/ui/TextField';
import { formatPrice } from '../../../lib/format';
import { formatOrderDate } from '../../../lib/order-dates';
import { useLocale, useT } from '../../../lib/i18n';
import {
  type Order,
  type PaymentLanding,
  readPaymentLanding,
  useCancelOrder,
  useOpenOrder,
  useOrders,
  usePaymentActions,
} from './api';
import { OrderItemsList } from '../../../components/orders/OrderItemsList';
import { StatusBadge } from '../../../components/orders/StatusBadge';
import { OrderAddress, OrderPayment, PaymentResultBanner } from './OrderParts';

type Column = 'id' | 'total' | 'date';

function pick(order: Order, column: Column): string | number {
  if (column === 'id') return order.id;
  if (column === 'total') return order.totalAmount;
  return Date.parse(order.createdAt) || 0;
}

/** An order found by what the shopper typed: its id (grouped or not) or a product's name. */
function matches(order: Order, typed: string): boolean {
  const text = typed.trim().toLowerCase();
  if (text === '') return true;
  return orderIdMatches(order.id, text) || order.orderItems.some((item) => item.product.name.toLowerCase().includes(text));
}

/** While the shopper waits for a gateway's confirmation, the list is asked again this often. */
const PENDING_POLL_MS = 3_000;
const LANDING_PARAMS = ['order', 'payment'] as const;

/**
 * The dashboard's Orders tab: 'Your Orders', Order ID, Total Amount and Order Date
 * sortable, Status, and View Items / Hide Items opening one order at a time, fetched from the
 * order's own address: its items with pictures linking to the products, its history,
 * where it goes, how it is paid, and while it is pending a Cancel that asks why. Ids are shown in
 * groups of four, to read out on the phone; a search finds an order by its id or a product.
 * Phones get stacked cards and the two sort buttons.
 */
export function OrdersTab() {
  const t = useT();
  const locale = useLocale();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const [expanded, setExpanded] = useState<string | null>(null);

  // Back from eSewa or Khalti (/account?tab=orders&order=…&payment=…): the result is kept here and
  // the parameters leave the address, so a reload does not show the banner again.
  const hasLanding = searchParams.has('order') || searchParams.has('payment');
  const landingKey = hasLanding ? `${location.key}|${searchParams.toString()}` : null;
  const [seenLandingKey, setSeenLandingKey] = useState<string | null>(null);
  const [landing, setLanding] = useState<PaymentLanding | null>(null);
  if (landingKey !== seenLandingKey) {
    setSeenLandingKey(landingKey);
    if (landingKey) {
      const next = readPaymentLanding(searchParams);
      setLanding(next);
      if (next.orderId) setExpanded(next.orderId);
    }
  }
  useEffect(() => {
    if (!hasLanding) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of LANDING_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [hasLanding, setSearchParams]);

  const orders = useOrders({ pollMs: landing?.result === 'pending' ? PENDING_POLL_MS : undefined });
  const { sort, setSort, toggle } = useTableSort<Column>({ key: 'date', direction: 'desc' });
  const open = useOpenOrder(orders.userId, expanded);
  const cancel = useCancelOrder(orders.userId, () => setCancelling(null));
  const actions = usePaymentActions(orders.userId, (order) => {
    // Settled as cash on delivery: the failure banner about it has done its job.
    if (landing?.orderId === order.id) setLanding(null);
  });
  const landedOrder = landing?.orderId ? orders.data?.find((order) => order.id === landing.orderId) : undefined;

  const toggleItems = (id: string) => setExpanded((current) => (current === id ? null : id));
  const itemsPanel = (order: Order) => (
    <div className="space-y-4">
      <OrderItemsList
        items={open.data?.items ?? []}
        loading={open.isPending}
        error={open.isError ? t('orders.itemsFailed') : undefined}
        caption={t('orders.items.caption', { orderId: formatOrderId(order.id) })}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby={`order-history-${order.id}`} className="rounded-lg border border-slate-200 bg-white p-3">
          <h4 id={`order-history-${order.id}`} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('orders.timeline.title')}
          </h4>
          {open.data ? (
            <OrderTimeline
              createdAt={order.createdAt}
              history={open.data.history}
              audience="shopper"
              label={t('orders.timeline.label', { orderId: formatOrderId(order.id) })}
            />
          ) : (
            open.isPending && <Spinner className="size-4 text-amber-500" />
          )}
        </section>
        <OrderAddress order={order} />
      </div>
      <OrderPayment
        order={order}
        onRetry={() => actions.retry(order.id)}
        onPayOnDelivery={() => actions.payOnDelivery(order.id)}
        retrying={actions.retrying === order.id}
        switching={actions.switching === order.id}
      />
      {order.status === 'pending' && (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-600">{t('orders.cancel.while')}</p>
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            onClick={() => setCancelling(order)}
            loading={cancel.cancelling === order.id}
          >
            {t('orders.cancel.button')}
          </Button>
        </div>
      )}
    </div>
  );

  let content;
  if (orders.isPending) {
    content = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t('orders.loading')}
      </p>
    );
  } else if (orders.isError) {
    content = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p role="alert" className="font-medium text-red-600">
          {t('orders.loadFailed')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void orders.refetch()} loading={orders.isFetching}>
          {t('orders.tryAgain')}
        </Button>
      </div>
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
    const rows = sortRows(
      orders.data.filter((order) => matches(order, query)),
      sort,
      pick,
    );
    const searchBox = orders.data.length > 1 && (
      <div className="mb-4">
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('orders.search.label')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('orders.search.placeholder')}
            maxLength={100}
            autoComplete="off"
            className={`${inputClasses} border-control pl-9`}
          />
        </div>
        {rows.length === 0 && (
          <p role="status" className="mt-3 text-sm text-slate-600">
            {t('orders.search.none')}
          </p>
        )}
      </div>
    );
    const mobileSort = (column: Column, label: string) => {
      const active = sort?.key === column && sort.direction === 'desc';
      return (
        <Button
          variant={active ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={active}
          onClick={() => setSort({ key: column, direction: 'desc' })}
          className="flex-1"
        >
          {label}
        </Button>
      );
    };
    content = (
      <>
        {searchBox}
        {/* Phones: sort buttons and one card per order. */}
        <div className="md:hidden">
          <div className="mb-4 flex gap-2" role="group" aria-label={t('orders.sort.label')}>
            {mobileSort('date', t('orders.sort.newest'))}
            {mobileSort('total', t('orders.sort.highest'))}
          </div>
          <ul className="space-y-3" aria-label={t('orders.list.label')}>
            {rows.map((order) => {
              const open = expanded === order.id;
              return (
                <li key={order.id} className="rounded-xl border border-slate-200 p-4" data-testid="order-card">
                  {/* The id stays on one line, as it is read out; a long status goes under it when there is no room. */}
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                    <div>
                      <p className="text-xs text-slate-500">{t('orders.orderId')}</p>
                      <p className="font-mono text-sm font-semibold whitespace-nowrap text-slate-900" data-testid="order-id">
                        {formatOrderId(order.id)}
                      </p>
                    </div>
                    <StatusBadge status={order.status} />
                  </div>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-500">{t('orders.orderDate')}</dt>
                    <dd className="text-right text-slate-800">{formatOrderDate(order.createdAt, locale)}</dd>
                    <dt className="text-slate-500">{t('orders.totalAmount')}</dt>
                    <dd className="text-right font-semibold text-slate-900">{formatPrice(order.totalAmount, locale)}</dd>
                    <dt className="text-slate-500">{t('orders.card.payment')}</dt>
                    <dd className="flex flex-wrap justify-end gap-1.5">
                      <PaymentBadge status={order.paymentStatus} />
                      <TestPaymentBadge testPayment={order.testPayment} />
                    </dd>
                  </dl>
                  <Button
                    variant="outline"
                    size="sm"
                    className="mt-3 w-full"
                    aria-expanded={open}
                    aria-controls={`order-items-m-${order.id}`}
                    onClick={() => toggleItems(order.id)}
                  >
                    {open ? t('orders.hideItems') : t('orders.viewItems')}
                  </Button>
                  {open && (
                    <div id={`order-items-m-${order.id}`} className="mt-3">
                      {itemsPanel(order)}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </div>

        {/* Wider screens: the sortable table with an items row under the open order. */}
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('orders.list.label')}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <SortableHeader label={t('orders.orderId')} column="id" sort={sort} onSort={toggle} />
                <SortableHeader label={t('orders.totalAmount')} column="total" sort={sort} onSort={toggle} align="right" />
                <SortableHeader label={t('orders.orderDate')} column="date" sort={sort} onSort={toggle} />
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {t('orders.table.status')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('orders.table.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((order) => {
                const open = expanded === order.id;
                return (
                  <Fragment key={order.id}>
                    <tr className={open ? 'bg-amber-50/40' : undefined}>
                      <td
                        className="px-3 py-3 font-mono text-xs font-semibold whitespace-nowrap text-slate-900"
                        data-testid="order-id"
                      >
                        {formatOrderId(order.id)}
                      </td>
                      <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                        {formatPrice(order.totalAmount, locale)}
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatOrderDate(order.createdAt, locale)}</td>
                      <td className="px-3 py-3">
                        <div className="flex flex-wrap items-center gap-1.5">
                          <StatusBadge status={order.status} />
                          <PaymentBadge status={order.paymentStatus} />
                          <TestPaymentBadge testPayment={order.testPayment} />
                        </div>
                      </td>
                      <td className="px-3 py-3 text-right">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-expanded={open}
                          aria-controls={`order-items-${order.id}`}
                          onClick={() => toggleItems(order.id)}
                        >
                          {open ? t('orders.hideItems') : t('orders.viewItems')}
                        </Button>
                      </td>
                    </tr>
                    {open && (
                      <tr id={`order-items-${order.id}`} className="bg-slate-50">
                        <td colSpan={5} className="px-3 py-3">
                          {itemsPanel(order)}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
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
          onClose={() => setCancelling(null)}
        />
      )}
    </Card>
  );
}
