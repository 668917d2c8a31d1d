import type { SpecField } from '../../../../../shared/specs';
import { inputClasses } from '../../../../components/ui/TextField';
import { useT } from '../../../../lib/i18n';
import { FieldError, describedBy } from '../FieldError';
import type { ProductFormState } from '../use-product-form';

const fieldClasses = (error?: string) => `${inputClasses} ${error ? 'border-red-500' : 'border-control'}`;

/**
 * The form's "Specifications": the brand (from the shop's list) and the category's fields: a text,
 * a number with its unit beside it, or a choice among its values. Each message is the API's
 * (`brand`, `specs.RAM`) under its field.
 */
export function SpecsSection({ form }: { form: ProductFormState }) {
  const t = useT();
  const { specs, formId } = form;
  return (
    <section aria-labelledby={`${formId}-specs-title`} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={`${formId}-specs-title`} className="text-base font-semibold text-slate-900">
        {t('admin-catalog.specs.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {(specs.brands.length > 0 || specs.brand) && (
          <div>
            <label htmlFor={`${formId}-brand`} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('admin-catalog.specs.brand')}
            </label>
            <select
              id={`${formId}-brand`}
              value={specs.brand}
              onChange={(event) => specs.setBrand(event.target.value)}
              aria-invalid={form.errors.brand ? true : undefined}
              aria-describedby={describedBy(form, 'brand')}
              className={fieldClasses(form.errors.brand)}
            >
              <option value="">{t('admin-catalog.specs.noBrand')}</option>
              {/* A saved brand the list no longer has stays choosable, so an edit does not drop it unseen. */}
              {specs.brand && !specs.brands.some((brand) => brand.name === specs.brand) && (
                <option value={specs.brand}>{specs.brand}</option>
              )}
              {specs.brands.map((brand) => (
                <option key={brand.id} value={brand.name}>
                  {brand.name}
                </option>
              ))}
            </select>
            <FieldError form={form} field="brand" />
          </div>
        )}
        {specs.fields.map((field) => (
          <SpecInput key={field.id} form={form} field={field} />
        ))}
      </div>
      {specs.fields.length === 0 && (
        <p className="text-sm text-slate-600">
          {form.values.category ? t('admin-catalog.specs.none') : t('admin-catalog.specs.chooseCategory')}
        </p>
      )}
    </section>
  );
}

function SpecInput({ form, field }: { form: ProductFormState; field: SpecField }) {
  const t = useT();
  const name = `specs.${field.name}`;
  const id = `${form.formId}-${name}`;
  const error = form.errors[name];
  const value = form.specs.value(field);
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(form, name),
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {field.name}
      </label>
      {field.kind === 'choice' ? (
        <select {...common} onChange={(event) => form.specs.setValue(field, event.target.value)} className={fieldClasses(error)}>
          <option value="">{t('admin-catalog.specs.notSet')}</option>
          {(field.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <div className="flex items-center gap-2">
          <input
            {...common}
            onChange={(event) => form.specs.setValue(field, event.target.value)}
            inputMode={field.kind === 'number' ? 'decimal' : undefined}
            maxLength={200}
            autoComplete="off"
            className={fieldClasses(error)}
          />
          {field.kind === 'number' && field.unit && (
            <span className="shrink-0 text-sm font-medium text-slate-600">{field.unit}</span>
          )}
        </div>
      )}
      <FieldError form={form} field={name} />
    </div>
  );
}
