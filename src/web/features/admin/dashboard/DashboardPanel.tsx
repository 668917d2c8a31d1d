import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { type ReactNode, useState } from 'react';
import { DASHBOARD_MAX_DAYS, DEFAULT_DASHBOARD_PERIOD, daysInRange } from '../../../../shared/dashboard';
import { localDigits } from '../../../../shared/locale';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDateTime } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type Dashboard, type DashboardChoice, useDashboard } from './api';
import { CouponFigures } from './CouponFigures';
import { formatDay } from './days';
import { HeadlineFigures, OrdersByStatus, PaymentMix } from './Figures';
import { PeriodChooser, type PeriodMode } from './PeriodChooser';
import { StockList, TopProductsTable } from './ProductLists';
import { RevenueChart } from './RevenueChart';
import { WaitingOrders } from './WaitingOrders';

/** A titled white panel of the dashboard (h2, under the tab's h1-level heading row). */
function Section({
  title,
  hint,
  children,
  className = '',
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {hint && <p className="mt-0.5 text-sm text-slate-600">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * The admin's Dashboard (ADR 0021): for a chosen period of Nepal days, the revenue (paid online and
 * delivered cash on delivery, apart), orders by status, average order value, new shoppers, revenue
 * per day, top products, the coupons' discounts, the payment-method mix; and, now, the orders waiting for the admin and the
 * products running out. One request (GET /api/admin/dashboard); the chart's library loads with the chart.
 */
export function DashboardPanel() {
  const t = useT();
  const locale = useLocale();
  const [mode, setMode] = useState<PeriodMode>(DEFAULT_DASHBOARD_PERIOD);
  const [range, setRange] = useState({ from: '', to: '' });

  let rangeError: string | null = null;
  if (mode === 'custom' && range.from && range.to) {
    if (range.from > range.to) rangeError = t('admin-dashboard.rangeInvalid');
    else if (daysInRange(range.from, range.to) > DASHBOARD_MAX_DAYS) {
      rangeError = t('admin-dashboard.rangeTooLong', { days: localDigits(String(DASHBOARD_MAX_DAYS), locale) });
    }
  }
  const rangeReady = mode !== 'custom' || (range.from !== '' && range.to !== '' && rangeError === null);
  const choice: DashboardChoice = mode === 'custom' ? range : { period: mode };
  const dashboard = useDashboard(choice, rangeReady);
  const data = dashboard.data;

  const chooseMode = (next: PeriodMode) => {
    // A custom range starts as the days on screen, for the admin to move from.
    if (next === 'custom' && !range.from && data) setRange({ from: data.period.from, to: data.period.to });
    setMode(next);
  };

  let body: ReactNode;
  if (data) body = <DashboardBody data={data} />;
  else if (dashboard.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white py-10 text-center">
        <p className="font-medium text-red-600">{t('admin-dashboard.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
          {t('admin-dashboard.tryAgain')}
        </Button>
      </div>
    );
  } else if (rangeReady) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t('admin-dashboard.loading')}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-6" data-testid="admin-dashboard">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-700">
              <LayoutDashboard className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h2 className="text-xl font-bold text-slate-900">{t('admin-dashboard.title')}</h2>
              <p className="text-sm text-slate-600">{t('admin-dashboard.intro')}</p>
            </div>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void dashboard.refetch()}
            disabled={!rangeReady}
            loading={dashboard.isFetching && Boolean(data)}
          >
            <RefreshCw className="size-4 text-slate-500" aria-hidden="true" />
            {t('admin-dashboard.refresh')}
          </Button>
        </div>
        <div className="mt-4">
          <PeriodChooser mode={mode} onMode={chooseMode} from={range.from} to={range.to} onRange={setRange} error={rangeError} />
        </div>
        {data && (
          <p className="mt-3 text-sm text-slate-600" aria-live="polite" data-testid="dashboard-period">
            {t('admin-dashboard.showing', {
              from: formatDay(data.period.from, locale, true),
              to: formatDay(data.period.to, locale, true),
            })}
            <span className="text-slate-500">
              {' '}
              · {t('admin-dashboard.updated', { time: formatDateTime(data.generatedAt, locale) })}
            </span>
          </p>
        )}
      </section>
      {body}
    </div>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const t = useT();
  return (
    <>
      <HeadlineFigures data={data} />
      <Section title={t('admin-dashboard.chart.title')} hint={t('admin-dashboard.chart.hint')}>
        <RevenueChart days={data.revenueByDay} />
      </Section>
      <Section title={t('admin-dashboard.waiting')} hint={t('admin-dashboard.waiting.hint')}>
        <WaitingOrders data={data} />
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('admin-dashboard.top.byRevenue')}>
          <TopProductsTable caption={t('admin-dashboard.top.byRevenue')} products={data.topProducts.byRevenue} by="revenue" />
        </Section>
        <Section title={t('admin-dashboard.top.byUnits')}>
          <TopProductsTable caption={t('admin-dashboard.top.byUnits')} products={data.topProducts.byUnits} by="units" />
        </Section>
        <Section title={t('admin-dashboard.coupons')} hint={t('admin-dashboard.coupons.hint')} className="lg:col-span-2">
          <CouponFigures data={data} />
        </Section>
        <Section title={t('admin-dashboard.byStatus')}>
          <OrdersByStatus data={data} />
        </Section>
        <Section title={t('admin-dashboard.payments')} hint={t('admin-dashboard.payments.hint')}>
          <PaymentMix data={data} />
        </Section>
        <Section title={t('admin-dashboard.stock.low')}>
          <StockList
            label={t('admin-dashboard.stock.low')}
            group={data.stock.low}
            empty={t('admin-dashboard.stock.noneLow')}
            testId="stock-low"
          />
        </Section>
        <Section title={t('admin-dashboard.stock.out')}>
          <StockList
            label={t('admin-dashboard.stock.out')}
            group={data.stock.out}
            empty={t('admin-dashboard.stock.noneOut')}
            testId="stock-out"
          />
        </Section>
      </div>
    </>
  );
}
