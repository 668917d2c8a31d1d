import { type SelectHTMLAttributes, useId } from 'react';
import { inputClasses } from './TextField';

/** A labelled select with its message under it, tied to it with aria-describedby, as TextField does. */
export function SelectField({
  label,
  error,
  id,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} ${error ? 'border-red-500' : 'border-control'}`}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
