import { useMemo, useState } from 'react';
import type { ProductDetail } from '../../../../../shared/product-detail';
import type { SpecField } from '../../../../../shared/specs';
import type { MessageId } from '../../../../lib/i18n';
import { useBrands, useSpecFields } from '../api';

interface SpecsDraft {
  brand: string;
  /** Each field's value as typed, by the field's name (a number without its unit). */
  values: Readonly<Record<string, string>>;
}

/** The brand a product answer names, whether as a name or as {id, name}; '' for none. */
function brandOf(product: unknown): string {
  const brand = (product as { brand?: unknown } | undefined)?.brand;
  if (typeof brand === 'string') return brand;
  const name = (brand as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : '';
}

/** A saved value as typed in its field: a number's unit ("16 GB") left out. */
function typedValue(field: SpecField, value: string): string {
  return field.kind === 'number' && field.unit && value.endsWith(` ${field.unit}`)
    ? value.slice(0, -field.unit.length - 1)
    : value;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The product form's brand and specifications: the brands to choose from, the category's fields,
 * the values (the saved ones until the owner changes one), what is wrong, and what is sent.
 */
export function useSpecEditor(
  saved: Pick<ProductDetail, 'specs'> | undefined,
  categoryId: number | undefined,
  onChange: (field: string) => void,
) {
  const brands = useBrands();
  const fieldsQuery = useSpecFields(categoryId);
  const fields = useMemo(() => (categoryId === undefined ? [] : (fieldsQuery.data ?? [])), [categoryId, fieldsQuery.data]);
  const [edited, setEdited] = useState<SpecsDraft | null>(null);
  const start = useMemo<SpecsDraft>(
    () => ({ brand: brandOf(saved), values: Object.fromEntries((saved?.specs ?? []).map((spec) => [spec.name, spec.value])) }),
    [saved],
  );
  const draft = edited ?? start;
  const value = (field: SpecField) => typedValue(field, draft.values[field.name] ?? '');
  const brandList = brands.data ?? [];

  return {
    brands: brandList,
    fields,
    brand: draft.brand,
    value,
    setBrand: (brand: string) => {
      setEdited((current) => ({ ...(current ?? start), brand }));
      onChange('brand');
    },
    setValue: (field: SpecField, text: string) => {
      setEdited((current) => {
        const base = current ?? start;
        return { ...base, values: { ...base.values, [field.name]: text } };
      });
      onChange(`specs.${field.name}`);
    },
    /** Message ids by the API's field names (`specs.RAM`). */
    errors: (): Record<string, MessageId> =>
      Object.fromEntries(
        fields
          .filter((field) => field.kind === 'number' && value(field).trim() !== '' && !NUMBER.test(value(field).trim()))
          .map((field) => [`specs.${field.name}`, 'admin-catalog.specs.error.number' as const]),
      ),
    /**
     * The form's `brand` and `specs` fields: the brand when the shop has brands to choose from,
     * the values of the category's fields (a number as a number, an empty one null) when it has some
     * or the product had some.
     */
    formFields: (): Record<string, string> => {
      const out: Record<string, string> = {};
      if (brandList.length > 0 || start.brand) out.brand = draft.brand;
      if (fields.length > 0 || (saved?.specs.length ?? 0) > 0) {
        // Every field of the category: an emptied one as null, which clears it.
        const specs: Record<string, string | number | null> = {};
        for (const field of fields) {
          const text = value(field).trim();
          specs[field.name] = text === '' ? null : field.kind === 'number' ? Number(text) : text;
        }
        out.specs = JSON.stringify(specs);
      }
      return out;
    },
  };
}

export type SpecEditor = ReturnType<typeof useSpecEditor>;
