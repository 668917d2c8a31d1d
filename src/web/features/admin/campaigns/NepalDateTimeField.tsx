import { useId } from 'react';
import {
  BIKRAM_SAMBAT_MONTHS,
  type BikramSambatDate,
  bikramSambatMonthDays,
  bikramSambatOfDay,
  dayOfBikramSambat,
} from '../../../../shared/bikram-sambat';
import { localDigits } from '../../../../shared/locale';
import { inputClasses } from '../../../components/ui/TextField';
import { useLocale, useT } from '../../../lib/i18n';
import type { NepalDateTime } from './nepal-time';

interface NepalDateTimeFieldProps {
  label: string;
  value: NepalDateTime;
  onChange: (value: NepalDateTime) => void;
  error?: string | undefined;
}

const selectClasses = `${inputClasses} border-control`;

/**
 * A day and time in Nepal: the Gregorian date and the time, and beside them the same day in
 * Bikram Sambat (year, month, day). Either calendar may be changed; the other follows.
 */
export function NepalDateTimeField({ label, value, onChange, error }: NepalDateTimeFieldProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const errorId = `${id}-error`;
  const bs = bikramSambatOfDay(value.day);
  const setBs = (change: Partial<BikramSambatDate>) => {
    const base = bs ?? bikramSambatOfDay(new Date().toISOString().slice(0, 10))!;
    const next = { ...base, ...change };
    next.day = Math.min(next.day, bikramSambatMonthDays(next.year, next.month));
    const day = dayOfBikramSambat(next);
    if (day) onChange({ ...value, day });
  };
  const thisYear = bikramSambatOfDay(new Date().toISOString().slice(0, 10))?.year ?? 2083;
  const years = Array.from({ length: 5 }, (_, index) => thisYear - 1 + index);
  if (bs && !years.includes(bs.year)) years.push(bs.year);
  const days = bs ? bikramSambatMonthDays(bs.year, bs.month) : 30;
  const digits = (n: number) => localDigits(String(n), locale);
  const describedBy = error ? errorId : undefined;
  return (
    <fieldset className="min-w-0" aria-describedby={describedBy}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={`${id}-day`} className="mb-1 block text-xs text-slate-600">
            {t('admin.campaigns.gregorian')}
          </label>
          <input
            id={`${id}-day`}
            type="date"
            className={selectClasses}
            value={value.day}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...value, day: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="mb-1 block text-xs text-slate-600">
            {t('admin.campaigns.time')}
          </label>
          <input
            id={`${id}-time`}
            type="time"
            className={selectClasses}
            value={value.time}
            onChange={(event) => onChange({ ...value, time: event.target.value })}
          />
        </div>
      </div>
      <div className="mt-2 grid grid-cols-3 gap-2" role="group" aria-label={t('admin.campaigns.bikramSambat')}>
        <div>
          <label htmlFor={`${id}-bs-year`} className="mb-1 block text-xs text-slate-600">
            {t('admin.campaigns.bsYear')}
          </label>
          <select
            id={`${id}-bs-year`}
            className={selectClasses}
            value={bs?.year ?? ''}
            onChange={(event) => setBs({ year: Number(event.target.value) })}
          >
            {!bs && <option value="">—</option>}
            {years.map((year) => (
              <option key={year} value={year}>
                {digits(year)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-bs-month`} className="mb-1 block text-xs text-slate-600">
            {t('admin.campaigns.bsMonth')}
          </label>
          <select
            id={`${id}-bs-month`}
            className={selectClasses}
            value={bs?.month ?? ''}
            onChange={(event) => setBs({ month: Number(event.target.value) })}
          >
            {!bs && <option value="">—</option>}
            {BIKRAM_SAMBAT_MONTHS[locale].map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-bs-day`} className="mb-1 block text-xs text-slate-600">
            {t('admin.campaigns.bsDay')}
          </label>
          <select
            id={`${id}-bs-day`}
            className={selectClasses}
            value={bs?.day ?? ''}
            onChange={(event) => setBs({ day: Number(event.target.value) })}
          >
            {!bs && <option value="">—</option>}
            {Array.from({ length: days }, (_, index) => index + 1).map((day) => (
              <option key={day} value={day}>
                {digits(day)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
