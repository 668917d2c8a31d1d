import { useMemo, useState } from 'react';
import type { ProductDetail } from '../../../../../shared/product-detail';
import {
  EMPTY_DRAFT,
  PRODUCT_OPTIONS_MAX,
  type RowDraft,
  type VariantsDraft,
  combinations,
  draftOf,
  keptRows,
  lowestPrice,
  rowOf,
} from './variant-grid';

let optionSeq = 0;

/**
 * The options and variants being edited in the product form: the saved ones (an edit, once its
 * detail has arrived) until the owner changes something, then the owner's draft. `onChange` runs
 * after every change (the form clears the section's errors, whose indexes may have moved).
 */
export function useVariantEditor(
  saved: Pick<ProductDetail, 'options' | 'variants'> | undefined,
  defaultPrice: string,
  onChange: () => void,
) {
  const [edited, setEdited] = useState<VariantsDraft | null>(null);
  const start = useMemo(() => (saved ? draftOf(saved) : EMPTY_DRAFT), [saved]);
  const draft = edited ?? start;

  const update = (next: (current: VariantsDraft) => VariantsDraft) => {
    setEdited((current) => next(current ?? start));
    onChange();
  };
  const mapOption = (key: string, change: (option: VariantsDraft['options'][number]) => VariantsDraft['options'][number]) =>
    update((current) => ({
      ...current,
      options: current.options.map((option) => (option.key === key ? change(option) : option)),
    }));

  const combos = combinations(draft.options);
  return {
    draft,
    combinations: combos,
    /** The product is sold in variants (its own price and stock are theirs). */
    active: combos.length > 0,
    kept: keptRows(draft, defaultPrice),
    lowestPrice: lowestPrice(draft, defaultPrice),
    defaultPrice,
    canAddOption: draft.options.length < PRODUCT_OPTIONS_MAX,
    addOption: () =>
      update((current) =>
        current.options.length >= PRODUCT_OPTIONS_MAX
          ? current
          : { ...current, options: [...current.options, { key: `option-${++optionSeq}`, name: '', values: [] }] },
      ),
    removeOption: (key: string) =>
      update((current) => ({ ...current, options: current.options.filter((option) => option.key !== key) })),
    renameOption: (key: string, name: string) => mapOption(key, (option) => ({ ...option, name })),
    /** Adds a value (trimmed; one already there, in any case, is not added twice). */
    addValue: (key: string, value: string) =>
      mapOption(key, (option) => {
        const text = value.trim();
        const taken = option.values.some((existing) => existing.toLowerCase() === text.toLowerCase());
        return text && !taken ? { ...option, values: [...option.values, text] } : option;
      }),
    removeValue: (key: string, value: string) =>
      mapOption(key, (option) => ({ ...option, values: option.values.filter((v) => v !== value) })),
    row: (comboKey: string) => rowOf(draft, comboKey, defaultPrice),
    updateRow: (comboKey: string, patch: Partial<RowDraft>) =>
      update((current) => ({
        ...current,
        rows: { ...current.rows, [comboKey]: { ...rowOf(current, comboKey, defaultPrice), ...patch } },
      })),
  };
}

export type VariantEditor = ReturnType<typeof useVariantEditor>;
