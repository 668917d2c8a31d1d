import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { useId } from 'react';
import { useT } from '../../lib/i18n';

/** SPEC §2/§9 quantity stepper: a read-only number with minus and plus, minimum 1, no maximum. */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const t = useT();
  const id = useId();
  const button =
    'inline-flex size-11 items-center justify-center text-slate-700 transition-colors hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('products.quantity.label')}
      </label>
      {/* The rings of its three parts are drawn inside them: the rounded frame clips what is outside. */}
      <div className="inline-flex items-center overflow-hidden rounded-lg border border-control bg-white [&_:focus-visible]:-outline-offset-2">
        <button
          type="button"
          aria-label={t('products.quantity.decrease')}
          onClick={() => onChange(Math.max(1, value - 1))}
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
          aria-live="polite"
          className="h-11 w-14 border-x border-control text-center text-base font-semibold text-slate-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button type="button" aria-label={t('products.quantity.increase')} onClick={() => onChange(value + 1)} className={button}>
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
