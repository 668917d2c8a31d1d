import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { inputClasses } from '../../components/ui/TextField';
import { type MessageId, useT } from '../../lib/i18n';
import { readPriceInput } from './filters';

interface OwnPriceFormProps {
  /** The bounds in the URL (rupees). */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** Both undefined: no own bounds (the inputs were emptied). */
  onApply: (minPrice: number | undefined, maxPrice: number | undefined) => void;
}

const asText = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * The drawer's minimum and maximum price: the fixed ranges stop at Rs. 1,00,000, these do not.
 * Applied with its button (or Enter), not per keystroke: half a number would filter the list. A bound
 * that is not a whole number, or a minimum above the maximum, is refused with a message and not applied.
 */
export function OwnPriceForm({ minPrice, maxPrice, onApply }: OwnPriceFormProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState({ min: asText(minPrice), max: asText(maxPrice) });
  const [error, setError] = useState<{ message: MessageId; min: boolean; max: boolean } | undefined>(undefined);

  // The URL is the truth: a range chosen above, a removed chip or Clear empty the inputs.
  const [from, setFrom] = useState({ minPrice, maxPrice });
  if (from.minPrice !== minPrice || from.maxPrice !== maxPrice) {
    setFrom({ minPrice, maxPrice });
    setText({ min: asText(minPrice), max: asText(maxPrice) });
    setError(undefined);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const min = readPriceInput(text.min);
    const max = readPriceInput(text.max);
    if (min === 'invalid' || max === 'invalid') {
      setError({ message: 'products.filters.priceNotNumber', min: min === 'invalid', max: max === 'invalid' });
      return;
    }
    if (min !== undefined && max !== undefined && min > max) {
      setError({ message: 'products.filters.priceMinAboveMax', min: true, max: true });
      return;
    }
    setError(undefined);
    onApply(min, max);
  };

  const field = (bound: 'min' | 'max', label: MessageId) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${bound}`} className="mb-1 block text-xs font-medium text-slate-700">
        {t(label)}
      </label>
      <input
        id={`${id}-${bound}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text[bound]}
        onChange={(event) => setText((current) => ({ ...current, [bound]: event.target.value }))}
        aria-invalid={error?.[bound] ? true : undefined}
        aria-describedby={error?.[bound] ? errorId : undefined}
        className={`${inputClasses} h-10 px-2 ${error?.[bound] ? 'border-red-500' : 'border-control'}`}
      />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('products.filters.ownPrice')}</legend>
        <div className="flex items-end gap-2">
          {field('min', 'products.filters.minPrice')}
          {field('max', 'products.filters.maxPrice')}
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">
            {t(error.message)}
          </p>
        )}
        <Button type="submit" variant="outline" size="sm" className="mt-2 w-full">
          {t('products.filters.applyPrice')}
        </Button>
      </fieldset>
    </form>
  );
}
