import type { ProductFormState } from './use-product-form';

/** The id of a field's error text, for its aria-describedby; undefined while the field is fine. */
export const describedBy = (form: ProductFormState, field: string) =>
  form.errors[field] ? `${form.formId}-${field}-error` : undefined;

/** Why a field of the product form is refused, under it. */
export function FieldError({ form, field }: { form: ProductFormState; field: string }) {
  const error = form.errors[field];
  return error ? (
    <p id={`${form.formId}-${field}-error`} className="mt-1 text-sm text-red-600">
      {error}
    </p>
  ) : null;
}
