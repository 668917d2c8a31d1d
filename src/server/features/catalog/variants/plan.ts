import { VARIANT_MESSAGES, type VariantsInput, variantLabel } from '../../../../shared/variants.js';
import { baseNameOf } from '../../../lib/images.js';
import { type PriceMove, toPaisa, validationFailed } from '../product-input.js';
import type { VariantFields } from './queries.js';

/** A live variant as the write finds it. */
export interface CurrentVariant {
  id: number;
  option1: string;
  option2: string;
  option3: string;
}

/** What the write does to the product's variants. */
export interface VariantPlan {
  /** Existing variants rewritten in place, by id. */
  updates: { id: number; fields: VariantFields }[];
  inserts: VariantFields[];
  /** Live variants the owner no longer lists. */
  archive: number[];
}

const comboKey = (values: readonly string[]) => JSON.stringify([values[0] ?? '', values[1] ?? '', values[2] ?? '']);

/**
 * Matches the owner's variants to the live ones: by `id` (which must be one of this product's live
 * variants), else by combination (a live variant no other entry claimed by id); the rest are new.
 * Image addresses must name images the product has; they are kept as base names. Refuses (400,
 * per field) what the schema could not know: an id or an image of another product.
 */
export function planVariants(
  current: readonly CurrentVariant[],
  input: VariantsInput,
  productImages: readonly string[],
): VariantPlan {
  const errors: Record<string, string> = {};
  const byId = new Map(current.map((row) => [row.id, row]));
  const byCombination = new Map(current.map((row) => [comboKey([row.option1, row.option2, row.option3]), row]));
  const claimed = new Set<number>();
  input.variants.forEach((variant, index) => {
    if (variant.id === undefined) return;
    if (byId.has(variant.id)) claimed.add(variant.id);
    else errors[`variants.${index}.id`] = VARIANT_MESSAGES.notThisProducts;
  });

  const plan: VariantPlan = { updates: [], inserts: [], archive: [] };
  input.variants.forEach((variant, index) => {
    const images: string[] = [];
    for (const address of variant.images) {
      const base = baseNameOf(address);
      if (!base || !productImages.includes(base)) errors[`variants.${index}.images`] ??= VARIANT_MESSAGES.imageUnknown;
      else if (!images.includes(base)) images.push(base);
    }
    const fields: VariantFields = {
      position: index + 1,
      option1: variant.values[0] ?? '',
      option2: variant.values[1] ?? '',
      option3: variant.values[2] ?? '',
      label: variantLabel(variant.values),
      sku: variant.sku,
      price_paisa: toPaisa(variant.price),
      stock: variant.stock,
      images: JSON.stringify(images),
    };
    let id = variant.id;
    if (id === undefined) {
      const same = byCombination.get(comboKey(variant.values));
      if (same && !claimed.has(same.id)) {
        id = same.id;
        claimed.add(id);
      }
    }
    if (id === undefined) plan.inserts.push(fields);
    else plan.updates.push({ id, fields });
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  plan.archive = current.filter((row) => !claimed.has(row.id)).map((row) => row.id);
  return plan;
}

/**
 * The prices the plan changes, for the owner's confirmation of a far move (assertPriceMoves): each
 * kept variant's old price against its new one. A new variant has no old price to move from (nor
 * has a product's first set of variants: the form sends its price as their lowest). Fields are
 * the request's (`variants.N.price`).
 */
export function priceMoves(current: readonly { id: number; price_paisa: number | string }[], plan: VariantPlan): PriceMove[] {
  const old = new Map(current.map((row) => [row.id, Number(row.price_paisa)]));
  return plan.updates.map(({ id, fields }) => ({
    field: `variants.${fields.position - 1}.price`,
    oldPaisa: old.get(id) ?? fields.price_paisa,
    newPaisa: fields.price_paisa,
    label: fields.label,
  }));
}
