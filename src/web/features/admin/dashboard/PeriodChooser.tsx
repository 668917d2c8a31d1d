import { useId } from 'react';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../../shared/dashboard';
import { DateRangeFields } from '../../../components/ui/DateRangeFields';
import { type MessageId, useT } from '../../../lib/i18n';

export type PeriodMode = DashboardPeriod | 'custom';

const PERIOD_LABELS = {
  today: 'admin-dashboard.period.today',
  '7d': 'admin-dashboard.period.7d',
  '30d': 'admin-dashboard.period.30d',
} as const satisfies Record<DashboardPeriod, MessageId>;

/** Today, 7 days, 30 days, or a custom range of two dates (Nepal days, both included). */
export function PeriodChooser({
  mode,
  onMode,
  from,
  to,
  onRange,
  error,
}: {
  mode: PeriodMode;
  onMode: (mode: PeriodMode) => void;
  from: string;
  to: string;
  onRange: (range: { from: string; to: string }) => void;
  error: string | null;
}) {
  const t = useT();
  const ids = useId();
  const choice = (value: PeriodMode, label: string) => (
    <button
      key={value}
      type="button"
      aria-pressed={mode === value}
      onClick={() => onMode(value)}
      className={`min-h-10 rounded-md px-3 text-sm font-semibold whitespace-nowrap transition-colors ${
        mode === value ? 'bg-slate-900 text-white shadow-sm' : 'text-slate-700 hover:bg-white'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label={t('admin-dashboard.period')}
        className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 min-[30rem]:flex min-[30rem]:flex-wrap"
      >
        {DASHBOARD_PERIODS.map((period) => choice(period, t(PERIOD_LABELS[period])))}
        {choice('custom', t('admin-dashboard.period.custom'))}
      </div>
      {mode === 'custom' && (
        <div className="flex flex-wrap items-end gap-3">
          <DateRangeFields
            range={{ from, to }}
            onChange={onRange}
            fromLabel={t('admin-dashboard.from')}
            toLabel={t('admin-dashboard.to')}
            invalid={error !== null}
            errorId={`${ids}-error`}
            fieldClassName="min-w-36 flex-1 sm:flex-none"
            labelClassName="mb-1 block text-sm font-medium text-slate-700"
          />
          {error && (
            <p id={`${ids}-error`} role="alert" className="basis-full text-sm font-medium text-red-600">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
