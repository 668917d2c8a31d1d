import type { ProductDetail } from '../../../../../shared/product-detail';
import { priceSchema, readAmount } from '../../../../../shared/product-price';
import { PRODUCT_OPTIONS_MAX, PRODUCT_VARIANTS_MAX, variantLabel } from '../../../../../shared/variants';
import type { MessageId } from '../../../../lib/i18n';

/**
 * The product form's options and variants, as the owner edits them: up to three options, each
 * with its values, and a row per combination of their values (SKU, price, stock, images, and
 * whether it is sold). Pure rules; the state is use-variant-editor.ts's.
 */
export interface OptionDraft {
  /** React's key: stays while the owner renames the option. */
  key: string;
  name: string;
  values: string[];
}

export interface RowDraft {
  /** The variant's id when it is one already saved. */
  id?: number;
  sku: string;
  price: string;
  stock: string;
  /** Addresses of the product's images shown for this variant (none: the product's own). */
  images: string[];
  /** Not sold: left out of what is saved (a saved variant is archived). */
  removed: boolean;
}

export interface VariantsDraft {
  options: OptionDraft[];
  /** The rows the owner has touched or that were saved, by combination (comboKey). */
  rows: Readonly<Record<string, RowDraft>>;
}

export interface Combination {
  key: string;
  /** The values in option order. */
  values: string[];
  label: string;
}

export { PRODUCT_OPTIONS_MAX, PRODUCT_VARIANTS_MAX };

export const EMPTY_DRAFT: VariantsDraft = { options: [], rows: {} };

const comboKey = (values: readonly string[]) => JSON.stringify(values);

/** Every combination of the options' values, first option slowest; none while an option has no values. */
export function combinations(options: readonly OptionDraft[]): Combination[] {
  if (options.length === 0 || options.some((option) => option.values.length === 0)) return [];
  let rows: string[][] = [[]];
  for (const option of options) rows = rows.flatMap((row) => option.values.map((value) => [...row, value]));
  return rows.map((values) => ({ key: comboKey(values), values, label: variantLabel(values) }));
}

/** A combination's row: the one edited or saved, else a new one at the product's price. */
export function rowOf(draft: VariantsDraft, key: string, defaultPrice: string): RowDraft {
  return draft.rows[key] ?? { sku: '', price: defaultPrice, stock: '', images: [], removed: false };
}

/**
 * The draft of a saved product: its options and a row per variant; a combination it does not sell
 * starts as removed (the owner ticks it to sell it).
 */
export function draftOf(product: Pick<ProductDetail, 'options' | 'variants'>): VariantsDraft {
  const options = product.options.map((option, index) => ({ key: `saved-${index}`, name: option.name, values: option.values }));
  const rows: Record<string, RowDraft> = {};
  for (const combination of combinations(options)) {
    rows[combination.key] = { sku: '', price: '', stock: '', images: [], removed: true };
  }
  for (const variant of product.variants) {
    const key = comboKey(options.map((option) => variant.options[option.name] ?? ''));
    rows[key] = {
      id: variant.id,
      sku: variant.sku ?? '',
      price: String(variant.price),
      stock: variant.stock === null ? '' : String(variant.stock),
      images: variant.images,
      removed: false,
    };
  }
  return { options, rows };
}

/** The combinations that are sold, in grid order, each with its row: what is sent (and its errors' indexes). */
export function keptRows(draft: VariantsDraft, defaultPrice: string): { combination: Combination; row: RowDraft }[] {
  return combinations(draft.options)
    .map((combination) => ({ combination, row: rowOf(draft, combination.key, defaultPrice) }))
    .filter(({ row }) => !row.removed);
}

/** PUT /api/products/:id/variants's body (and the form's `options`/`variants` fields). */
export function variantsPayload(draft: VariantsDraft, defaultPrice: string) {
  const options = draft.options.map((option) => ({ name: option.name.trim(), values: option.values }));
  const variants = keptRows(draft, defaultPrice).map(({ combination, row }) => ({
    ...(row.id === undefined ? {} : { id: row.id }),
    ...(row.sku.trim() ? { sku: row.sku.trim() } : {}),
    options: Object.fromEntries(options.map((option, index) => [option.name, combination.values[index] ?? ''])),
    // As typed: the server reads "1,39,999" and "139,999" as the product form's price does.
    price: row.price.trim(),
    ...(row.stock.trim() === '' ? {} : { stock: Number(row.stock.trim()) }),
    images: row.images,
  }));
  return { options, variants };
}

/** A price as the product form takes it: commas in lakhs or thousands, "Rs." in front (priceSchema). */
const priceOk = (text: string) => priceSchema.safeParse(text.trim()).success;
const WHOLE = /^\d{1,9}$/;

/**
 * What the browser can tell is wrong before sending, as message ids by the API's field names
 * (`options.0.name`, `variants.2.price`); the server checks the rest (SKUs taken, images).
 */
export function draftErrors(draft: VariantsDraft, defaultPrice: string): Record<string, MessageId> {
  const errors: Record<string, MessageId> = {};
  const names = draft.options.map((option) => option.name.trim().toLowerCase());
  draft.options.forEach((option, index) => {
    if (!option.name.trim()) errors[`options.${index}.name`] = 'admin-catalog.variants.error.nameRequired';
    else if (names.indexOf(names[index] ?? '') !== index)
      errors[`options.${index}.name`] = 'admin-catalog.variants.error.nameTaken';
    if (option.values.length === 0) errors[`options.${index}.values`] = 'admin-catalog.variants.error.valuesRequired';
  });
  if (draft.options.length === 0) return errors;
  const kept = keptRows(draft, defaultPrice);
  if (kept.length === 0 && combinations(draft.options).length > 0) errors.variants = 'admin-catalog.variants.error.noneSold';
  if (kept.length > PRODUCT_VARIANTS_MAX) errors.variants = 'admin-catalog.variants.error.tooMany';
  kept.forEach(({ row }, index) => {
    if (!priceOk(row.price)) errors[`variants.${index}.price`] = 'admin-catalog.variants.error.price';
    if (row.stock.trim() !== '' && !WHOLE.test(row.stock.trim()))
      errors[`variants.${index}.stock`] = 'admin-catalog.variants.error.stock';
  });
  return errors;
}

/** The lowest price of the rows sold, as typed (the product's own price field follows it). */
export function lowestPrice(draft: VariantsDraft, defaultPrice: string): string | undefined {
  const prices = keptRows(draft, defaultPrice)
    .map(({ row }) => row.price.trim())
    .filter(priceOk);
  if (prices.length === 0) return undefined;
  return prices.reduce((low, price) => ((readAmount(price) ?? 0) < (readAmount(low) ?? 0) ? price : low));
}
