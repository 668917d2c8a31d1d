import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { useId } from 'react';
import { useT } from '../lib/i18n';
import { Spinner } from './ui/Spinner';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** The most that can be chosen (the product's stock); none when it is not known (no maximum). */
  max?: number | null | undefined;
  /** The product, in the names of the number and its buttons, where one list has a stepper per line. */
  productName?: string;
  /** Shows the label above the stepper; a line that labels its quantity itself keeps it for screen readers. */
  showLabel?: boolean;
  /** A change is on its way to the server; given (true or false) where changes are sent at once. */
  busy?: boolean;
}

/**
 * The quantity stepper: a read-only number with minus and plus, minimum 1. On the product
 * page it has no maximum; in the cart (drawer, Cart tab) the product's stock is the maximum.
 * Its texts are in the products messages, a part every page with a stepper loads.
 */
export function QuantityStepper({ value, onChange, max, productName, showLabel = true, busy }: QuantityStepperProps) {
  const t = useT();
  const id = useId();
  const ceiling = max ?? Number.POSITIVE_INFINITY;
  const button =
    'inline-flex size-11 items-center justify-center text-slate-700 transition-colors hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';
  const names =
    productName === undefined
      ? {
          label: t('products.quantity.label'),
          decrease: t('products.quantity.decrease'),
          increase: t('products.quantity.increase'),
        }
      : {
          label: t('products.quantity.labelOf', { name: productName }),
          decrease: t('products.quantity.decreaseOf', { name: productName }),
          increase: t('products.quantity.increaseOf', { name: productName }),
        };
  return (
    <div>
      {/* Without a visible label the name is an aria-label: no hidden text with the product's name
          beside the line's own (a search of the line for the name finds the name once). */}
      {showLabel && (
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
          {names.label}
        </label>
      )}
      <div className="flex items-center gap-2">
        {/* The rings of its three parts are drawn inside them: the rounded frame clips what is outside. */}
        <div
          className="inline-flex items-center overflow-hidden rounded-lg border border-control bg-white [&_:focus-visible]:-outline-offset-2"
          aria-busy={busy || undefined}
        >
          <button
            type="button"
            aria-label={names.decrease}
            // A quantity above the maximum (stock that fell since it was added) steps down into range.
            onClick={() => onChange(Math.max(1, Math.min(value - 1, ceiling)))}
            disabled={value <= 1}
            className={button}
          >
            <Minus className="size-4" aria-hidden="true" />
          </button>
          <input
            id={id}
            type="number"
            readOnly
            value={value}
            min={1}
            max={max ?? undefined}
            aria-label={showLabel ? undefined : names.label}
            aria-live="polite"
            className={`h-11 w-14 border-x border-control text-center text-base font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none ${busy ? 'text-slate-500' : 'text-slate-900'}`}
          />
          <button
            type="button"
            aria-label={names.increase}
            onClick={() => onChange(Math.min(value + 1, ceiling))}
            disabled={value >= ceiling}
            className={button}
          >
            <Plus className="size-4" aria-hidden="true" />
          </button>
        </div>
        {/* Beside the stepper, in a place of its own: appearing, it moves nothing. */}
        {busy !== undefined && (
          <span
            className="inline-flex size-4 text-amber-500"
            role="status"
            aria-label={busy ? t('products.quantity.updating') : undefined}
          >
            {busy && <Spinner />}
          </span>
        )}
      </div>
    </div>
  );
}
