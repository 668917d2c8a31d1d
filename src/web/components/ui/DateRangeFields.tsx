import { useId } from 'react';
import { inputClasses } from './TextField';

export interface DateRange {
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
}

interface DateRangeFieldsProps {
  range: DateRange;
  onChange: (range: DateRange) => void;
  /** The two labels, in the page's language (this component knows no message ids). */
  fromLabel: string;
  toLabel: string;
  /** The range is refused (from after to, too long): both fields are marked. */
  invalid: boolean;
  /** The id of the text that says why, read with each field. */
  errorId?: string;
  /** Classes of each field's box and of its label, for the form's grid. */
  fieldClassName?: string;
  labelClassName?: string;
}

/**
 * Two date fields, From and To, both days included: each one's calendar stops at the other's
 * choice. The fields are siblings, not wrapped, so they take two cells of the form's own grid.
 */
export function DateRangeFields({
  range,
  onChange,
  fromLabel,
  toLabel,
  invalid,
  errorId,
  fieldClassName,
  labelClassName = 'mb-1.5 block text-sm font-medium text-slate-700',
}: DateRangeFieldsProps) {
  const ids = useId();
  const field = (side: keyof DateRange, label: string) => (
    <div className={fieldClassName}>
      <label htmlFor={`${ids}-${side}`} className={labelClassName}>
        {label}
      </label>
      <input
        id={`${ids}-${side}`}
        type="date"
        value={range[side]}
        min={side === 'to' ? range.from || undefined : undefined}
        max={side === 'from' ? range.to || undefined : undefined}
        onChange={(event) => onChange({ ...range, [side]: event.target.value })}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`${inputClasses} ${invalid ? 'border-red-500' : 'border-control'}`}
      />
    </div>
  );
  return (
    <>
      {field('from', fromLabel)}
      {field('to', toLabel)}
    </>
  );
}
