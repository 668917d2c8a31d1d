import Search from 'lucide-react/icons/search';
import { type InputHTMLAttributes, useId } from 'react';
import { inputClasses } from './TextField';

interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/** A labelled search input with the magnifier inside it, filtering a list as the user types. */
export function SearchField({ label, value, onChange, id, ...input }: SearchFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClasses} border-control pl-9`}
          {...input}
        />
      </div>
    </>
  );
}
