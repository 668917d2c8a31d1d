import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { type FormEvent, useId } from 'react';
import { useT } from '../lib/i18n';
import { useTypedText } from '../lib/typed-text';

interface SearchBoxProps {
  /** The search in the URL; the box follows it (back/forward) unless the shopper is typing. */
  value: string;
  /** Called with the trimmed text: on Enter at once, while typing after a short pause. */
  onSearch: (text: string, options: { typing: boolean }) => void;
  /** The field's label (hidden) and placeholder; 'Search products' by default. */
  label?: string;
  placeholder?: string;
}

/** A search field that searches as you type (debounced) and on Enter, with a clear button. */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  const t = useT();
  const id = useId();
  // The URL changed under us (back/forward, a link): the box shows its search.
  const [text, setText] = useTypedText(value, (typed) => onSearch(typed, { typing: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim(), { typing: false });
  };

  return (
    <form role="search" onSubmit={submit} className="relative w-full">
      <label htmlFor={id} className="sr-only">
        {label ?? t('products.search.label')}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder ?? t('products.search.placeholder')}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
        className="block h-11 w-full rounded-lg border border-control bg-white pr-11 pl-10 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-focus [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label={t('products.search.clear')}
          onClick={() => {
            setText('');
            onSearch('', { typing: false });
          }}
          className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
