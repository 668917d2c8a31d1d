import ClipboardList from 'lucide-react/icons/clipboard-list';
import Download from 'lucide-react/icons/download';
import Search from 'lucide-react/icons/search';
import FileText from 'lucide-react/icons/file-text';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { localDigits } from '../../../../shared/locale';
import { ORDER_STATUSES, formatOrderId } from '../../../../shared/orders';
import { CancelOrderDialog } from '../../../components/orders/CancelOrderDialog';
import { OrderTimeline } from '../../../components/orders/OrderTimeline';
import { PAYMENT_STATUSES, VAT_PERCENT } from '../../../../shared/payments';
import { PaymentBadge, TestPaymentBadge, paymentMethodLabel, paymentStatusLabel } from '../../../components/orders/PaymentBadge';
import { provinceName } from '../../../components/orders/order-labels';
import { ListPager } from '../ui/ListPager';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { SortableHeader } from '../../../components/ui/SortableHeader';
import { Spinner } from '../../../components/ui/Spinner';
import { inputClasses } from '../../../components/ui/TextField';
import { formatCount, formatDeliveryFee, formatPrice } from '../../../lib/format';
import { formatOrderDate } from '../../../lib/order-dates';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { OrderItemsList } from '../../../components/orders/OrderItemsList';
import { StatusBadge } from '../../../components/orders/StatusBadge';
import { orderItemsOf } from '../../../components/orders/order-items';
import { statusLabel } from '../../../components/orders/order-status';
import { useAdminNavigation } from '../navigation';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import {
  ADMIN_ORDER_TEXTS,
  type AdminOrdersParams,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  downloadOrdersCsv,
  useAdminOrder,
  useAdminOrders,
  useMarkRefunded,
  useUpdateOrderStatus,
} from './api';

const SEARCH_DELAY_MS = 350;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The admin's Orders tab: every order of the store, searched (order id, typed
 * grouped or not, name, email, phone), filtered by an inclusive date range, sorted by order date and
 * paged by the server; one order open at a time with its customer, delivery address, items and
 * history (who changed what, and why); a status select per order. Choosing Cancelled asks for a
 * reason first: one slip of the select no longer cancels and mails at once.
 */
export function AdminOrdersTab() {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Another tab may send the admin here filtered (the Dashboard's "waiting for you" groups).
  const { ordersFilter } = useAdminNavigation();
  const [status, setStatus] = useState<OrderStatus | ''>(ordersFilter?.status ?? '');
  const [paymentStatus, setPaymentStatus] = useState<PaymentStatus | ''>(ordersFilter?.paymentStatus ?? '');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string | null>(null);
  const q = useDebounced(search, SEARCH_DELAY_MS);

  const rangeInvalid = from !== '' && to !== '' && from > to;
  const params: AdminOrdersParams = {
    q,
    from,
    to,
    status,
    paymentStatus,
    sort: direction === 'desc' ? 'date_desc' : 'date_asc',
    page,
  };
  const list = useAdminOrders(params, !rangeInvalid);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const { update, pendingId } = useUpdateOrderStatus(() => setCancelling(null));
  const save = (order: Order, next: OrderStatus) => {
    if (next === 'cancelled') setCancelling(order);
    else update({ id: order.id, status: next });
  };
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      // What the search box says now, not the list's debounced search: typed and exported at once,
      // the file must hold the orders typed for (the list catches up a moment later).
      await downloadOrdersCsv({ ...params, q: search });
    } catch {
      toast.error(t(ADMIN_ORDER_TEXTS.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  // A new search, range, status or sort starts again at page 1 with nothing open.
  const filterKey = `${q}|${from}|${to}|${status}|${paymentStatus}|${direction}`;
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (lastFilterKey !== filterKey) {
    setLastFilterKey(filterKey);
    setPage(1);
    setExpanded(null);
  }

  const failed = list.isError;
  useEffect(() => {
    if (failed) toast.error(t(ADMIN_ORDER_TEXTS.loadFailed), { toastId: 'admin-orders-load' });
  }, [failed, t]);

  const data = list.data;
  const orders = data?.orders ?? [];
  const toggleOrder = (id: string) => setExpanded((current) => (current === id ? null : id));
  const filtering = search.trim() !== '' || from !== '' || to !== '' || status !== '' || paymentStatus !== '';

  let body;
  if (rangeInvalid) {
    body = (
      <p role="alert" className="py-8 text-center text-sm font-medium text-red-600">
        {t('admin.orders.rangeInvalid')}
      </p>
    );
  } else if (list.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t(ADMIN_ORDER_TEXTS.loading)}
      </p>
    );
  } else if (list.isError && !data) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-medium text-red-600">{t(ADMIN_ORDER_TEXTS.loadFailed)}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('admin.orders.tryAgain')}
        </Button>
      </div>
    );
  } else if (orders.length === 0) {
    body = (
      <EmptyState icon={<ClipboardList className="size-7" aria-hidden="true" />} title={t(ADMIN_ORDER_TEXTS.empty)}>
        {filtering && <p>{t('admin.orders.noMatch')}</p>}
      </EmptyState>
    );
  } else {
    const statusSelect = (order: Order) => (
      <span className="inline-flex items-center gap-2">
        <StatusSelect order={order} saving={pendingId === order.id} onSave={(next) => save(order, next)} />
        {pendingId === order.id && <Spinner className="size-4 text-amber-500" />}
      </span>
    );
    const toggleButton = (order: Order, controls: string, wide = false) => (
      <Button
        variant="outline"
        size="sm"
        aria-expanded={expanded === order.id}
        aria-controls={controls}
        onClick={() => toggleOrder(order.id)}
        className={wide ? 'w-full' : 'whitespace-nowrap'}
      >
        {expanded === order.id ? t('admin.orders.hideItems') : t('admin.orders.viewItems')}
      </Button>
    );
    body = (
      <>
        {/* Phones: one card per order. */}
        <ul className="space-y-3 md:hidden" aria-label={t('admin.orders.title')}>
          {orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-slate-200 p-4" data-testid="admin-order-card">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate font-mono text-sm font-semibold text-slate-900">{order.id}</p>
                  <p className="text-xs text-slate-500">{formatOrderDate(order.createdAt, locale)}</p>
                </div>
                <p className="font-semibold whitespace-nowrap text-slate-900">{formatPrice(order.totalAmount, locale)}</p>
              </div>
              <p className="mt-2 text-sm text-slate-700">
                {order.user.firstName} {order.user.lastName} · {order.user.phoneNumber}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">{t('admin.orders.payment')}</dt>
                <dd className="text-right text-slate-800">{paymentMethodLabel(order.paymentMethod, t)}</dd>
                <dt className="text-slate-500">{t('admin.orders.paymentStatus')}</dt>
                <dd className="flex flex-wrap justify-end gap-1.5">
                  <PaymentBadge status={order.paymentStatus} />
                  <TestPaymentBadge testPayment={order.testPayment} />
                </dd>
              </dl>
              <div className="mt-3 flex items-center justify-between gap-2">{statusSelect(order)}</div>
              <div className="mt-3">{toggleButton(order, `admin-order-m-${order.id}`, true)}</div>
              {expanded === order.id && (
                <div id={`admin-order-m-${order.id}`} className="mt-3">
                  <OrderDetails order={order} />
                </div>
              )}
            </li>
          ))}
        </ul>

        {/* Wider screens: the table, the open order's details in a row under it. */}
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('admin.orders.caption')}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2 text-left font-semibold">
                  {t('admin.orders.orderId')}
                </th>
                <th scope="col" className="px-2 py-2 text-left font-semibold">
                  {t('admin.orders.customer')}
                </th>
                <SortableHeader
                  label={t('admin.orders.orderDate')}
                  column="date"
                  sort={{ key: 'date', direction }}
                  onSort={() => setDirection((current) => (current === 'desc' ? 'asc' : 'desc'))}
                />
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  {t('admin.orders.totalAmount')}
                </th>
                <th scope="col" className="px-2 py-2 text-left font-semibold">
                  {t('admin.orders.payment')}
                </th>
                <th scope="col" className="px-2 py-2 text-left font-semibold">
                  {t('admin.orders.paymentStatus')}
                </th>
                <th scope="col" className="px-2 py-2 text-left font-semibold">
                  {t('admin.orders.status')}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  {t('admin.orders.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.map((order) => (
                <Fragment key={order.id}>
                  <tr className={expanded === order.id ? 'bg-amber-50/40' : undefined}>
                    <td className="px-2 py-3 font-mono text-xs font-semibold text-slate-900">{order.id}</td>
                    <td className="px-2 py-3">
                      <p className="font-medium text-slate-900">
                        {order.user.firstName} {order.user.lastName}
                      </p>
                      <p className="text-xs text-slate-500">{order.user.phoneNumber}</p>
                    </td>
                    <td className="min-w-24 px-2 py-3 text-slate-700">{formatOrderDate(order.createdAt, locale)}</td>
                    <td className="px-2 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                      {formatPrice(order.totalAmount, locale)}
                    </td>
                    <td className="px-2 py-3 whitespace-nowrap text-slate-700">{paymentMethodLabel(order.paymentMethod, t)}</td>
                    <td className="px-2 py-3">
                      <PaymentBadge status={order.paymentStatus} />
                      {order.testPayment && (
                        <span className="mt-1 block">
                          <TestPaymentBadge testPayment />
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-3">{statusSelect(order)}</td>
                    <td className="px-2 py-3 text-right">{toggleButton(order, `admin-order-${order.id}`)}</td>
                  </tr>
                  {expanded === order.id && (
                    <tr id={`admin-order-${order.id}`} className="bg-slate-50">
                      <td colSpan={8} className="px-3 py-4">
                        <OrderDetails order={order} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }

  const totalPages = data?.totalPages ?? 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, first + orders.length - 1) : 0;

  return (
    <Card
      title={t('admin.orders.title')}
      actions={
        <span className="flex items-center gap-3">
          {list.isFetching && !list.isPending && <Spinner className="size-4 text-amber-500" />}
          {/* Every order the filters select, not only this page. */}
          <Button variant="outline" size="sm" onClick={() => void exportCsv()} loading={exporting} disabled={rangeInvalid}>
            {!exporting && <Download className="size-4" aria-hidden="true" />}
            {t('admin.orders.exportCsv')}
          </Button>
        </span>
      }
    >
      <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto]">
        <div className="sm:col-span-2 lg:col-span-4 2xl:col-span-1">
          <label htmlFor={`${ids}-q`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin.orders.search')}
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              id={`${ids}-q`}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('admin.orders.searchPlaceholder')}
              maxLength={200}
              className={`${inputClasses} border-control pl-9`}
            />
          </div>
        </div>
        <div>
          <label htmlFor={`${ids}-from`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin.orders.from')}
          </label>
          <input
            id={`${ids}-from`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
            className={`${inputClasses} ${rangeInvalid ? 'border-red-500' : 'border-control'}`}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-to`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin.orders.to')}
          </label>
          <input
            id={`${ids}-to`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            className={`${inputClasses} ${rangeInvalid ? 'border-red-500' : 'border-control'}`}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-status`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin.orders.status')}
          </label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
            className={`${inputClasses} border-control`}
          >
            <option value="">{t('admin.orders.allStatuses')}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value, t)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-payment`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin.orders.paymentStatus')}
          </label>
          <select
            id={`${ids}-payment`}
            value={paymentStatus}
            onChange={(event) => setPaymentStatus(event.target.value as PaymentStatus | '')}
            className={`${inputClasses} border-control`}
          >
            <option value="">{t('admin.orders.allPayments')}</option>
            {PAYMENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {paymentStatusLabel(value, t)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2">
          <Button
            variant="outline"
            className="flex-1 md:hidden"
            onClick={() => setDirection((current) => (current === 'desc' ? 'asc' : 'desc'))}
            aria-label={direction === 'desc' ? t('admin.orders.sortNewestLabel') : t('admin.orders.sortOldestLabel')}
          >
            {direction === 'desc' ? t('admin.orders.newestFirst') : t('admin.orders.oldestFirst')}
          </Button>
          {filtering && (
            <Button
              variant="ghost"
              className="flex-1"
              onClick={() => {
                setSearch('');
                setFrom('');
                setTo('');
                setStatus('');
                setPaymentStatus('');
              }}
            >
              {t('admin.orders.clear')}
            </Button>
          )}
        </div>
      </div>

      {body}

      {data && data.total > 0 && !rangeInvalid && (
        <ListPager
          label={t('admin.orders.pages')}
          range={t('admin.orders.range', {
            first: localDigits(String(first), locale),
            last: localDigits(String(last), locale),
            total: formatCount(data.total, locale),
          })}
          pageOf={t('admin.orders.page', {
            page: localDigits(String(data.page), locale),
            pages: localDigits(String(Math.max(1, totalPages)), locale),
          })}
          previous={t('admin.orders.previous')}
          next={t('admin.orders.next')}
          hasPrevious={page > 1}
          hasNext={page < totalPages}
          onPrevious={() => {
            setPage((current) => Math.max(1, current - 1));
            setExpanded(null);
          }}
          onNext={() => {
            setPage((current) => current + 1);
            setExpanded(null);
          }}
        />
      )}
      {cancelling && (
        <CancelOrderDialog
          open
          order={cancelling}
          audience="admin"
          customer={`${cancelling.user.firstName} ${cancelling.user.lastName}`}
          busy={pendingId === cancelling.id}
          onConfirm={(reason) => update({ id: cancelling.id, status: 'cancelled', reason })}
          onClose={() => setCancelling(null)}
        />
      )}
    </Card>
  );
}

/** The open order: who bought it, where it goes, how it is paid, and its items (fetched fresh). */
function OrderDetails({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const fresh = useAdminOrder(order.id);
  const { markRefunded, refundingId } = useMarkRefunded();
  // Marking a refund cannot be undone: asked once.
  const [confirmingRefund, setConfirmingRefund] = useState(false);
  const failed = fresh.isError;
  useEffect(() => {
    if (failed) toast.error(t(ADMIN_ORDER_TEXTS.itemsFailed), { toastId: `admin-order-items-${order.id}` });
  }, [failed, order.id, t]);
  const shown = fresh.data ?? order;
  // A failed fetch empties the list.
  const items = failed ? [] : orderItemsOf(fresh.data);

  return (
    <div className="space-y-4">
      <div className="grid gap-4 text-sm sm:grid-cols-3">
        <section aria-label={t('admin.orders.customer')}>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('admin.orders.customer')}</h4>
          <p className="mt-1 font-medium text-slate-900">
            {shown.user.firstName} {shown.user.lastName}
          </p>
          <p className="break-all text-slate-700">{shown.user.email}</p>
          <p className="text-slate-700">{shown.user.phoneNumber}</p>
        </section>
        <section aria-label={t('admin.orders.deliveryAddress')}>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('admin.orders.deliverTo')}</h4>
          <p className="mt-1 font-medium text-slate-900">
            {shown.fullName}, {shown.phone}
          </p>
          <p className="text-slate-700">{shown.address}</p>
          {shown.landmark && <p className="text-slate-700">{t('admin.orders.landmark', { landmark: shown.landmark })}</p>}
          <p className="text-slate-700">
            {shown.city}, {shown.district}
          </p>
          <p className="text-slate-700">{t('admin.orders.province', { province: provinceName(shown.province, t) })}</p>
        </section>
        <section aria-label={t('admin.orders.payment')}>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('admin.orders.payment')}</h4>
          <p className="mt-1 text-slate-900">{paymentMethodLabel(shown.paymentMethod, t)}</p>
          <p className="mt-1 flex flex-wrap items-center gap-1.5">
            <PaymentBadge status={shown.paymentStatus} />
            <StatusBadge status={shown.status} />
            <TestPaymentBadge testPayment={shown.testPayment} />
          </p>
          <p className="mt-1 text-slate-700">
            {t('admin.orders.reference')}{' '}
            {shown.paymentRef ? (
              <span className="font-mono text-xs break-all text-slate-900" data-testid="payment-ref">
                {shown.paymentRef}
              </span>
            ) : (
              <span className="text-slate-500">{t('admin.orders.noReference')}</span>
            )}
          </p>
          {(shown.paymentStatus === 'refund_due' || shown.extraRefundDue > 0) && (
            <div className="mt-2 space-y-1">
              {shown.paymentStatus === 'refund_due' && (
                <p className="text-xs text-orange-800">
                  {t('admin.orders.refundDue', { amount: formatPrice(shown.totalAmount, locale) })}
                </p>
              )}
              {shown.extraRefundDue > 0 && (
                <p className="text-xs text-orange-800" data-testid="extra-refund">
                  {t('admin.orders.extraRefundDue', { amount: formatPrice(shown.extraRefundDue, locale) })}
                </p>
              )}
              <Button variant="outline" size="sm" onClick={() => setConfirmingRefund(true)} loading={refundingId === shown.id}>
                {t('admin.orders.markRefunded')}
              </Button>
              <ConfirmDialog
                open={confirmingRefund}
                title={t('admin.orders.confirmRefund.title', { id: shown.id })}
                confirmLabel={t('admin.orders.confirmRefund.action')}
                pending={refundingId === shown.id}
                onCancel={() => setConfirmingRefund(false)}
                onConfirm={() => markRefunded(shown.id, { onSettled: () => setConfirmingRefund(false) })}
              >
                {t('admin.orders.confirmRefund.body', { amount: formatPrice(refundAmount(shown), locale) })}
              </ConfirmDialog>
            </div>
          )}
        </section>
      </div>
      <OrderItemsList items={items} loading={fresh.isPending} caption={t('admin.orders.itemsCaption', { id: order.id })} />
      {fresh.data && (
        <section aria-labelledby={`admin-history-${order.id}`}>
          <h4 id={`admin-history-${order.id}`} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('orders.timeline.title')}
          </h4>
          <OrderTimeline
            createdAt={shown.createdAt}
            history={Array.isArray(fresh.data.history) ? fresh.data.history : []}
            audience="admin"
            label={t('orders.timeline.label', { orderId: formatOrderId(order.id) })}
          />
        </section>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-end sm:justify-between">
        {shown.invoiceNumber !== null ? (
          <Link to={`/orders/${encodeURIComponent(shown.id)}/invoice`} className={buttonClasses('outline', 'sm', 'self-start')}>
            <FileText className="size-4" aria-hidden="true" />
            {t('admin.orders.invoice')}
          </Link>
        ) : (
          <span />
        )}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm sm:min-w-64">
          <dt className="text-slate-500">{t('admin.orders.subtotal')}</dt>
          <dd className="text-right text-slate-900">{formatPrice(shown.subtotal, locale)}</dd>
          <dt className="text-slate-500">{t('admin.orders.delivery')}</dt>
          <dd className="text-right text-slate-900">{formatDeliveryFee(shown.deliveryFee, locale)}</dd>
          <dt className="font-semibold text-slate-900">{t('admin.orders.totalAmount')}</dt>
          <dd className="text-right font-semibold text-slate-900">{formatPrice(shown.totalAmount, locale)}</dd>
          <dd className="col-span-2 text-right text-xs text-slate-500">
            {t('admin.orders.vatIncluded', {
              percent: localDigits(String(VAT_PERCENT), locale),
              amount: formatPrice(shown.vatAmount, locale),
            })}
          </dd>
        </dl>
      </div>
    </div>
  );
}

/**
 * The status of one order. Picked from the list with the mouse or a finger, it is saved at once. With
 * the keyboard on the closed list (arrows, letters) the choice shows and is saved on Enter or when
 * focus leaves, so going past 'Confirmed' on the way to 'Shipped' does not save (and mail) each step;
 * Escape takes it back. While it saves it stays focusable (aria-disabled, not disabled: a disabled
 * control would drop the keyboard's focus to the page's start) and ignores changes.
 */
function StatusSelect({ order, saving, onSave }: { order: Order; saving: boolean; onSave: (status: OrderStatus) => void }) {
  const t = useT();
  const [draft, setDraft] = useState<OrderStatus | null>(null);
  const byKeyboard = useRef(false);
  const commit = (next: OrderStatus) => {
    setDraft(null);
    if (next !== order.status) onSave(next);
  };
  return (
    <select
      aria-label={t('admin.orders.statusOf', { id: order.id })}
      aria-disabled={saving || undefined}
      value={draft ?? order.status}
      onPointerDown={() => {
        byKeyboard.current = false;
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && draft !== null) {
          event.preventDefault();
          commit(draft);
        } else if (event.key === 'Escape' && draft !== null) {
          event.stopPropagation();
          setDraft(null);
        } else if (event.key !== 'Tab' && event.key !== 'Shift') {
          byKeyboard.current = true;
        }
      }}
      onChange={(event) => {
        if (saving) return;
        const next = event.target.value as OrderStatus;
        if (byKeyboard.current) setDraft(next);
        else commit(next);
      }}
      onBlur={() => {
        byKeyboard.current = false;
        if (draft !== null) commit(draft);
      }}
      className={`h-9 rounded-lg border border-control bg-white px-2 text-sm text-slate-900 focus-visible:border-focus ${saving ? 'opacity-60' : ''}`}
    >
      {ORDER_STATUSES.map((value) => (
        <option key={value} value={value}>
          {statusLabel(value, t)}
        </option>
      ))}
    </select>
  );
}

/** Rupees "Mark refunded" gives back: the order's own payment when it is due, and any payment beyond it. */
function refundAmount(order: { paymentStatus: string; totalAmount: number; extraRefundDue: number }): number {
  const own = order.paymentStatus === 'refund_due' ? order.totalAmount : 0;
  return Math.round((own + order.extraRefundDue) * 100) / 100;
}
