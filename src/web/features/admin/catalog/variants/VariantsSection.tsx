import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import X from 'lucide-react/icons/x';
import { type KeyboardEvent, useState } from 'react';
import { localDigits } from '../../../../../shared/locale';
import { Button } from '../../../../components/ui/Button';
import { inputClasses } from '../../../../components/ui/TextField';
import { useLocale, useT } from '../../../../lib/i18n';
import { FieldError, describedBy } from '../FieldError';
import type { ProductFormState } from '../use-product-form';
import { VariantGrid } from './VariantGrid';
import type { OptionDraft } from './variant-grid';

/**
 * The form's "Options and variants": up to three options, each a name and its values as chips
 * (typed, then Enter or comma), and under them the grid of their combinations. An edit shows
 * it once the saved variants have arrived.
 */
export function VariantsSection({ form }: { form: ProductFormState }) {
  const t = useT();
  const { variants } = form;
  return (
    <section aria-labelledby={`${form.formId}-variants-title`} className="space-y-3 border-t border-slate-200 pt-4">
      <div>
        <h3 id={`${form.formId}-variants-title`} className="text-base font-semibold text-slate-900">
          {t('admin-catalog.variants.title')}
        </h3>
        <p className="mt-0.5 text-sm text-slate-600">{t('admin-catalog.variants.hint')}</p>
      </div>
      {variants.draft.options.map((option, index) => (
        <OptionEditor key={option.key} form={form} option={option} index={index} />
      ))}
      {variants.canAddOption && (
        <Button variant="outline" size="sm" onClick={variants.addOption}>
          <Plus className="size-4" aria-hidden="true" />
          {t('admin-catalog.variants.addOption')}
        </Button>
      )}
      <FieldError form={form} field="options" />
      {variants.active && <VariantGrid form={form} />}
    </section>
  );
}

function OptionEditor({ form, option, index }: { form: ProductFormState; option: OptionDraft; index: number }) {
  const t = useT();
  const locale = useLocale();
  const { variants, formId } = form;
  const [typed, setTyped] = useState('');
  const number = localDigits(String(index + 1), locale);
  const nameField = `options.${index}.name`;
  const valuesField = `options.${index}.values`;
  const add = () => {
    if (typed.trim()) variants.addValue(option.key, typed);
    setTyped('');
  };
  // Enter adds the value rather than sending the form; a comma adds it too.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && typed === '' && option.values.length > 0) {
      variants.removeValue(option.key, option.values[option.values.length - 1]!);
    }
  };
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50/60 p-3" data-testid="variant-option">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${formId}-${nameField}`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin-catalog.variants.optionName', { number })}
          </label>
          <input
            id={`${formId}-${nameField}`}
            value={option.name}
            onChange={(event) => variants.renameOption(option.key, event.target.value)}
            placeholder={t('admin-catalog.variants.optionNamePlaceholder')}
            maxLength={60}
            autoComplete="off"
            aria-invalid={form.errors[nameField] ? true : undefined}
            aria-describedby={describedBy(form, nameField)}
            className={`${inputClasses} ${form.errors[nameField] ? 'border-red-500' : 'border-control'}`}
          />
        </div>
        <button
          type="button"
          onClick={() => variants.removeOption(option.key)}
          aria-label={t('admin-catalog.variants.removeOption', { number })}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-red-600 hover:bg-red-50"
        >
          <Trash2 className="size-5" aria-hidden="true" />
        </button>
      </div>
      <FieldError form={form} field={nameField} />
      <label htmlFor={`${formId}-${valuesField}`} className="mt-3 mb-1.5 block text-sm font-medium text-slate-700">
        {t('admin-catalog.variants.values', { number })}
      </label>
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-lg border bg-white p-1.5 ${form.errors[valuesField] ? 'border-red-500' : 'border-control'}`}
      >
        {option.values.map((value) => (
          <span
            key={value}
            className="inline-flex items-center gap-1 rounded-full bg-amber-100 py-1 pr-1 pl-3 text-sm font-medium text-amber-900"
          >
            {value}
            <button
              type="button"
              onClick={() => variants.removeValue(option.key, value)}
              aria-label={t('admin-catalog.variants.removeValue', { value })}
              className="inline-flex size-7 items-center justify-center rounded-full hover:bg-amber-200"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </span>
        ))}
        <input
          id={`${formId}-${valuesField}`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          placeholder={t('admin-catalog.variants.valuePlaceholder')}
          maxLength={60}
          autoComplete="off"
          aria-invalid={form.errors[valuesField] ? true : undefined}
          aria-describedby={describedBy(form, valuesField)}
          className="h-9 min-w-40 flex-1 rounded-md px-2 text-base text-slate-900 placeholder:text-slate-500"
        />
      </div>
      <FieldError form={form} field={valuesField} />
    </div>
  );
}
