import { type InputHTMLAttributes, type Ref, useId } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's message, shown under it and tied to it with aria-describedby. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text input, select or text area. Its border colour comes with it: `border-control` (3.6:1 on white),
 * or `border-red-500` when it is in error. Focused, the ring of styles.css sits on the border.
 */
export const inputClasses =
  'block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-xs placeholder:text-slate-500 transition-colors focus-visible:border-focus disabled:bg-slate-100';

export function TextField({ label, error, hint, id, className = '', ref, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClasses} ${error ? 'border-red-500' : 'border-control'}`}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
