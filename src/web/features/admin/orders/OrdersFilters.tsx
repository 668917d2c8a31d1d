import Search from 'lucide-react/icons/search';
import { useId } from 'react';
import { ORDER_STATUSES } from '../../../../shared/orders';
import { PAYMENT_STATUSES } from '../../../../shared/payments';
import { paymentStatusLabel } from '../../../components/orders/PaymentBadge';
import { statusLabel } from '../../../components/orders/order-status';
import { Button } from '../../../components/ui/Button';
import { DateRangeFields } from '../../../components/ui/DateRangeFields';
import { inputClasses } from '../../../components/ui/TextField';
import { useT } from '../../../lib/i18n';
import type { OrderStatus, PaymentStatus } from './api';
import type { OrdersTabState } from './use-orders-tab';

/** The Orders tab's search, days, status and payment filters, the phone's sort button and Clear. */
export function OrdersFilters({ tab }: { tab: OrdersTabState }) {
  const t = useT();
  const ids = useId();
  const { params, filter } = tab;
  const label = 'mb-1.5 block text-sm font-medium text-slate-700';
  return (
    <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto]">
      <div className="sm:col-span-2 lg:col-span-4 2xl:col-span-1">
        <label htmlFor={`${ids}-q`} className={label}>
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
            value={tab.search}
            onChange={(event) => tab.setSearch(event.target.value)}
            placeholder={t('admin.orders.searchPlaceholder')}
            maxLength={200}
            className={`${inputClasses} border-control pl-9`}
          />
        </div>
      </div>
      <DateRangeFields
        range={{ from: params.from, to: params.to }}
        onChange={(range) => filter(range)}
        fromLabel={t('admin.orders.from')}
        toLabel={t('admin.orders.to')}
        invalid={tab.rangeInvalid}
      />
      <div>
        <label htmlFor={`${ids}-status`} className={label}>
          {t('admin.orders.status')}
        </label>
        <select
          id={`${ids}-status`}
          value={params.status}
          onChange={(event) => filter({ status: event.target.value as OrderStatus | '' })}
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
        <label htmlFor={`${ids}-payment`} className={label}>
          {t('admin.orders.paymentStatus')}
        </label>
        <select
          id={`${ids}-payment`}
          value={params.paymentStatus}
          onChange={(event) => filter({ paymentStatus: event.target.value as PaymentStatus | '' })}
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
          onClick={tab.flipSort}
          aria-label={params.sort === 'date_desc' ? t('admin.orders.sortNewestLabel') : t('admin.orders.sortOldestLabel')}
        >
          {params.sort === 'date_desc' ? t('admin.orders.newestFirst') : t('admin.orders.oldestFirst')}
        </Button>
        {tab.filtering && (
          <Button variant="ghost" className="flex-1" onClick={tab.clear}>
            {t('admin.orders.clear')}
          </Button>
        )}
      </div>
    </div>
  );
}
