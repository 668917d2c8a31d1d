import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import { useId, useRef, useState } from 'react';
import { localDigits } from '../../../../shared/locale';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { apiGet } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useTypedText } from '../../../lib/typed-text';
import { type ProductPage, adminProductKeys } from '../catalog/api';

/** A search shorter than this asks nothing: two letters already narrow the catalogue enough. */
const MIN_LETTERS = 2;
const MAX_MATCHES = 8;

export interface PickedProduct {
  id: number;
  name: string;
}

/** The best few products for a search (the public list, best match first); idle under MIN_LETTERS. */
function useProductMatches(q: string) {
  const enabled = q.length >= MIN_LETTERS;
  return useQuery({
    queryKey: [...adminProductKeys.all, 'pick', q] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q, page: '1', pageSize: String(MAX_MATCHES), sort: 'relevance' });
      return apiGet<ProductPage>(`/api/products?${params.toString()}`, { auth: 'admin', signal });
    },
    enabled,
    placeholderData: keepPreviousData,
    select: (page) => page.products.slice(0, MAX_MATCHES),
  });
}

/**
 * Finds a product by name instead of by id: as the owner types (after a short pause) it lists the
 * best matches, each a button that hands the product to `onPick`. The box empties after a pick and
 * keeps the focus, ready for the next one.
 */
export function ProductPicker({
  label,
  onPick,
  className = '',
}: {
  label: string;
  onPick: (product: PickedProduct) => void;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [text, setText] = useTypedText(query, setQuery);
  const searching = query.length >= MIN_LETTERS;
  const matches = useProductMatches(query);
  const found = searching ? (matches.data ?? []) : [];
  const status = !searching
    ? ''
    : matches.isError
      ? t('admin.picker.failed')
      : matches.data === undefined
        ? t('admin.picker.searching')
        : found.length === 0
          ? t('admin.picker.none')
          : t('admin.picker.count', { count: localDigits(String(found.length), locale) });

  const pick = (product: PickedProduct) => {
    onPick({ id: product.id, name: product.name });
    setText('');
    setQuery('');
    input.current?.focus();
  };

  return (
    <div className={`rounded-md border border-dashed border-slate-300 p-2 ${className}`}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        autoComplete="off"
        className={`${inputClasses} border-control`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once rather than sending the form around it.
          if (event.key === 'Enter') {
            event.preventDefault();
            setQuery(text.trim());
          }
        }}
        aria-describedby={`${id}-hint ${id}-status`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t('admin.picker.hint')}
      </p>
      <p id={`${id}-status`} role="status" className="mt-1 text-xs text-slate-600 empty:hidden">
        {status}
      </p>
      {found.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1" aria-label={t('admin.picker.results')}>
          {found.map((product) => (
            <li key={product.id}>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="h-auto min-h-9 w-full justify-start py-1.5 text-left"
                onClick={() => pick(product)}
              >
                <Plus className="size-4 shrink-0" aria-hidden="true" />
                {t('admin.picker.add', { name: product.name, price: formatPrice(product.price, locale) })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
