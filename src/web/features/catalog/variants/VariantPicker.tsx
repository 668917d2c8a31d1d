import type { ProductOption, ProductVariant } from '../../../../shared/variants';
import { useT } from '../../../lib/i18n';
import { canChoose } from './variant-choice';
import type { VariantChoice } from './use-variant-choice';

interface VariantPickerProps {
  /** Prefix of the groups' ids: `${idPrefix}-${index}` is an option's group, for "Choose Storage" to focus. */
  idPrefix: string;
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  choice: VariantChoice;
}

/** The id of an option's group, so the page's button can take the shopper to it. */
export const optionGroupId = (idPrefix: string, index: number) => `${idPrefix}-${index}`;

/** Moves the focus to an option's first value that can be chosen (the "Choose Storage" button). */
export function focusOption(idPrefix: string, options: readonly ProductOption[], option: ProductOption): void {
  const group = document.getElementById(optionGroupId(idPrefix, options.indexOf(option)));
  group?.scrollIntoView({ block: 'center' });
  group?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus({ preventScroll: true });
}

/**
 * A product's options as groups of buttons that are radio buttons underneath (a fieldset each: Tab
 * enters a group, the arrow keys move within it). A value no variant in stock has with the other
 * values chosen is struck through, says "sold out" and cannot be chosen, unless it is the chosen
 * one (a shared link to a variant sold out since).
 */
export function VariantPicker({ idPrefix, options, variants, choice }: VariantPickerProps) {
  const t = useT();
  return (
    <div className="mt-6 space-y-4" data-testid="variant-picker">
      {options.map((option, index) => (
        <fieldset key={option.name} id={optionGroupId(idPrefix, index)}>
          <legend className="text-sm font-semibold text-slate-900">
            {option.name}
            {choice.picked[option.name] && (
              <span className="font-normal text-slate-600">: {choice.picked[option.name]}</span>
            )}
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {option.values.map((value) => {
              const checked = choice.picked[option.name] === value;
              const soldOut = !canChoose(variants, options, choice.picked, option.name, value);
              return (
                <label key={value} className="relative">
                  <input
                    type="radio"
                    name={`${idPrefix}-${option.name}`}
                    value={value}
                    checked={checked}
                    disabled={soldOut && !checked}
                    onChange={() => choice.choose(option.name, value)}
                    className="peer sr-only"
                  />
                  <span
                    className={`flex min-h-11 min-w-16 cursor-pointer flex-col items-center justify-center rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-amber-500 peer-focus-visible:ring-offset-2 ${
                      checked
                        ? 'border-amber-600 bg-amber-50 text-slate-900 ring-1 ring-amber-600'
                        : soldOut
                          ? 'cursor-not-allowed border-dashed border-slate-300 bg-slate-50 text-slate-600'
                          : 'border-slate-300 bg-white text-slate-800 hover:border-amber-500'
                    }`}
                  >
                    <span className={soldOut ? 'line-through' : undefined}>{value}</span>
                    {soldOut && <span className="text-xs font-normal text-slate-600">{t('products.variants.soldOut')}</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
