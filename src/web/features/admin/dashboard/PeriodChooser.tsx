import { useId } from 'react';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../../shared/dashboard';
import { inputClasses } from '../../../components/ui/TextField';
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
          <div className="min-w-36 flex-1 sm:flex-none">
            <label htmlFor={`${ids}-from`} className="mb-1 block text-sm font-medium text-slate-700">
              {t('admin-dashboard.from')}
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => onRange({ from: event.target.value, to })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-error` : undefined}
              className={`${inputClasses} ${error ? 'border-red-500' : 'border-control'}`}
            />
          </div>
          <div className="min-w-36 flex-1 sm:flex-none">
            <label htmlFor={`${ids}-to`} className="mb-1 block text-sm font-medium text-slate-700">
              {t('admin-dashboard.to')}
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => onRange({ from, to: event.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-error` : undefined}
              className={`${inputClasses} ${error ? 'border-red-500' : 'border-control'}`}
            />
          </div>
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
