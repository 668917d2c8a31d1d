import { saleOf } from '../../../../shared/campaigns.js';
import type { ProductOption, ProductVariant } from '../../../../shared/variants.js';
import { imageAddress } from '../../../lib/images.js';
import type { VariantRow } from './queries.js';

/** Option rows as the API answers them (their values are stored as a JSON array). */
export function toOptions(rows: { name: string; values: string }[]): ProductOption[] {
  return rows.map((row) => ({ name: row.name, values: JSON.parse(row.values) as string[] }));
}

/** A variant row as the API answers it: its values keyed by the product's option names. */
export function toVariant(row: VariantRow, options: ProductOption[], imageBaseUrl: string | undefined): ProductVariant {
  const values = [row.option1, row.option2, row.option3];
  return {
    id: row.id,
    sku: row.sku,
    options: Object.fromEntries(options.map((option, index) => [option.name, values[index] ?? ''])),
    label: row.label,
    price: Number(row.price_paisa) / 100,
    stock: row.stock,
    images: (JSON.parse(row.images) as string[]).map((base) => imageAddress(base, imageBaseUrl)),
    sale: saleOf(row),
  };
}
