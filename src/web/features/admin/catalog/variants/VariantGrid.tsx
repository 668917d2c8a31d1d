import { imageVariant } from '../../../../../shared/catalog';
import { localDigits } from '../../../../../shared/locale';
import { inputClasses } from '../../../../components/ui/TextField';
import { useLocale, useT } from '../../../../lib/i18n';
import { FieldError, describedBy } from '../FieldError';
import type { ProductFormState } from '../use-product-form';
import type { Combination } from './variant-grid';

const COLUMNS =
  'sm:grid sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,0.6fr)_3.5rem] sm:items-start sm:gap-2';

/**
 * The grid of the options' combinations: a row each with its SKU, price, stock, the product's
 * images it shows and whether it is sold (one not sold is greyed and left out of the save). On a
 * phone each row is a card; from `sm` the rows line up under the columns' headings. Each field is
 * named with its row ("Price (Rs.), 256 GB / Black") and its message is the API's (`variants.2.price`,
 * counted over the rows sold).
 */
export function VariantGrid({ form }: { form: ProductFormState }) {
  const t = useT();
  const locale = useLocale();
  const { variants } = form;
  const sentIndex = new Map(variants.kept.map(({ combination }, index) => [combination.key, index]));
  return (
    <div data-testid="variant-grid">
      <div className="flex items-baseline justify-between gap-2">
        <h4 id={`${form.formId}-variants`} tabIndex={-1} className="text-sm font-semibold text-slate-900">
          {t('admin-catalog.variants.grid')}
        </h4>
        <p className="text-sm text-slate-600">
          {t('admin-catalog.variants.count', {
            count: variants.kept.length,
            shown: localDigits(String(variants.kept.length), locale),
          })}
        </p>
      </div>
      <FieldError form={form} field="variants" />
      <div aria-hidden="true" className={`hidden px-3 pt-2 pb-1 text-xs font-semibold text-slate-600 ${COLUMNS}`}>
        <span>{t('admin-catalog.variants.column.variant')}</span>
        <span>{t('admin-catalog.variants.column.sku')}</span>
        <span>{t('admin-catalog.variants.column.price')}</span>
        <span>{t('admin-catalog.variants.column.stock')}</span>
        <span className="text-center">{t('admin-catalog.variants.column.sell')}</span>
      </div>
      <ul className="mt-2 space-y-2 sm:mt-0">
        {variants.combinations.map((combination) => (
          <GridRow key={combination.key} form={form} combination={combination} index={sentIndex.get(combination.key)} />
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">
        {form.existing.length > 0 ? t('admin-catalog.variants.imagesHint') : t('admin-catalog.variants.imagesAfterSave')}
      </p>
    </div>
  );
}

/** One combination; `index` is its place among the rows sold (undefined: not sold). */
function GridRow({ form, combination, index }: { form: ProductFormState; combination: Combination; index: number | undefined }) {
  const t = useT();
  const locale = useLocale();
  const { variants, formId } = form;
  const row = variants.row(combination.key);
  const { label } = combination;
  const field = (name: string) => (index === undefined ? `unsold.${combination.key}.${name}` : `variants.${index}.${name}`);
  const input = (name: 'sku' | 'price' | 'stock', text: string, inputMode?: 'decimal' | 'numeric', className = '') => {
    const id = field(name);
    return (
      <div className={`min-w-0 ${className}`}>
        <label htmlFor={`${formId}-${id}`} className="mb-1 block text-xs font-medium text-slate-600 sm:sr-only">
          {text}
          <span className="sr-only">, {label}</span>
        </label>
        <input
          id={`${formId}-${id}`}
          value={row[name]}
          onChange={(event) => variants.updateRow(combination.key, { [name]: event.target.value })}
          disabled={row.removed}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={form.errors[id] ? true : undefined}
          aria-describedby={describedBy(form, id)}
          className={`${inputClasses} h-10 ${form.errors[id] ? 'border-red-500' : 'border-control'}`}
        />
        <FieldError form={form} field={id} />
      </div>
    );
  };
  return (
    <li
      data-testid="variant-row"
      className={`rounded-xl border p-3 ${row.removed ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200 bg-white'}`}
    >
      <div className={COLUMNS}>
        <div className="flex items-center justify-between gap-2 sm:min-h-10">
          <span className={`font-medium ${row.removed ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{label}</span>
          <SellToggle form={form} combination={combination} className="flex sm:hidden" />
        </div>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:contents">
          {input('sku', t('admin-catalog.variants.column.sku'), undefined, 'col-span-2 sm:col-span-1')}
          {input('price', t('admin-catalog.variants.column.price'), 'decimal')}
          {input('stock', t('admin-catalog.variants.column.stock'), 'numeric')}
        </div>
        <SellToggle form={form} combination={combination} className="hidden sm:flex" />
      </div>
      {form.existing.length > 0 && !row.removed && (
        <div role="group" aria-label={t('admin-catalog.variants.imagesOf', { label })} className="mt-2 flex flex-wrap gap-1.5">
          {form.existing.map((address, position) => {
            const on = row.images.includes(address);
            return (
              <button
                key={address}
                type="button"
                aria-pressed={on}
                aria-label={t('admin-catalog.variants.imageOf', { number: localDigits(String(position + 1), locale), label })}
                onClick={() =>
                  variants.updateRow(combination.key, {
                    images: on
                      ? row.images.filter((image) => image !== address)
                      : form.existing.filter((image) => image === address || row.images.includes(image)),
                  })
                }
                className={`size-11 overflow-hidden rounded-md border-2 ${on ? 'border-amber-600 ring-1 ring-amber-600' : 'border-slate-200 opacity-60 hover:opacity-100'}`}
              >
                <img src={imageVariant(address, 320)} alt="" className="size-full object-cover" />
              </button>
            );
          })}
        </div>
      )}
    </li>
  );
}

/** Whether the combination is sold: a checkbox named for its row. */
function SellToggle({ form, combination, className }: { form: ProductFormState; combination: Combination; className: string }) {
  const t = useT();
  const row = form.variants.row(combination.key);
  return (
    <label className={`${className} min-h-10 cursor-pointer items-center justify-center gap-2 text-sm text-slate-700`}>
      <input
        type="checkbox"
        checked={!row.removed}
        onChange={(event) => form.variants.updateRow(combination.key, { removed: !event.target.checked })}
        className="size-5 accent-amber-600"
        aria-label={t('admin-catalog.variants.sellOf', { label: combination.label })}
      />
      <span className="sm:sr-only" aria-hidden="true">
        {t('admin-catalog.variants.column.sell')}
      </span>
    </label>
  );
}
