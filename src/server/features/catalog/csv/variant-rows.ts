import { categoryKey, priceChangeNeedsConfirmation } from '../../../../shared/catalog.js';
import { IMAGE_LIST_SEPARATOR, IMPORT_MESSAGES, optionColumns } from '../../../../shared/product-csv.js';
import type { SpecValues } from '../../../../shared/specs.js';
import { VARIANT_MESSAGES, type VariantsInput, productVariantsInputSchema, variantLabel } from '../../../../shared/variants.js';
import { AppError } from '../../../lib/errors.js';
import { imageAddress } from '../../../lib/images.js';
import type * as q from '../queries.js';
import type { PreparedSpecs, SpecsService } from '../specs/service.js';
import type * as iq from './queries.js';
import type { ImportRow, RowProblem } from './rows.js';

/**
 * A product's several rows (one per variant) and its brand and specifications in the import.
 *
 * Rows that name options are grouped into one product: by id, else by the product's SKU, else by
 * its name; a row without options is a product on its own, as before. The first row of a group
 * (its lead) stands for the product in the import's checks and writes; the others must agree with
 * it on every product column. The variants the rows name are merged into the product's live ones
 * (matched by their combination of values, without case): a row changes its variant's price,
 * stock and SKU, a new combination adds a variant (and its values to the options), and a variant
 * no row names stays on sale as it is.
 */

export type Problem = (row: number, column: RowProblem['column'], message: string) => void;

export interface Groups {
  /** One row per product: a row without options, or the first row of a product's variant rows. */
  leads: ImportRow[];
  /** Every row's lead's row number. */
  leadOf: Map<number, number>;
  /** A lead's variant rows (itself first), for leads that name options. */
  members: Map<number, ImportRow[]>;
}

const groupKey = (row: ImportRow) =>
  row.id !== undefined ? `id:${row.id}` : row.sku ? `sku:${row.sku.toLowerCase()}` : `name:${row.name.toLowerCase()}`;

const imagesText = (row: ImportRow) =>
  (row.images ?? []).map((ref) => (ref.kind === 'zip' ? ref.name : ref.text)).join(IMAGE_LIST_SEPARATOR);

/** The product columns two rows of one product must agree on, as text to compare. */
const AGREED: [RowProblem['column'], (row: ImportRow) => string][] = [
  ['sku', (row) => (row.sku ?? '').toLowerCase()],
  ['name', (row) => row.name],
  ['description', (row) => row.description],
  ['category', (row) => row.path.map(categoryKey).join('>')],
  ['low_stock_threshold', (row) => String(row.lowStockThreshold)],
  ['featured', (row) => String(row.featured)],
  ['warranty', (row) => String(row.warranty)],
  ['images', imagesText],
  ['max_per_order', (row) => String(row.maxPerOrder)],
  ['brand', (row) => (row.brand ?? '').toLowerCase()],
];

export function groupRows(rows: ImportRow[], problem: Problem): Groups {
  const leads: ImportRow[] = [];
  const leadOf = new Map<number, number>();
  const members = new Map<number, ImportRow[]>();
  const byKey = new Map<string, ImportRow>();
  for (const row of rows) {
    const lead = row.options ? byKey.get(groupKey(row)) : undefined;
    if (!lead) {
      leads.push(row);
      leadOf.set(row.row, row.row);
      if (row.options) {
        byKey.set(groupKey(row), row);
        members.set(row.row, [row]);
      }
      continue;
    }
    leadOf.set(row.row, lead.row);
    members.get(lead.row)!.push(row);
    for (const [column, text] of AGREED) {
      if (text(row) !== text(lead)) problem(row.row, column, IMPORT_MESSAGES.groupDiffers(column!, lead.row));
    }
    for (const [name, value] of row.specs) {
      if (value !== (lead.specs.get(name) ?? '')) {
        problem(row.row, `spec:${name}`, IMPORT_MESSAGES.groupDiffers(`spec:${name}`, lead.row));
      }
    }
  }
  return { leads, leadOf, members };
}

// ---------------------------------------------------------------------------------------------
// Variants

/** What the file does to one product's variants. */
export interface VariantWork {
  /** The product's whole set after the file (its unlisted variants kept), for VariantService.writeIn. */
  input: VariantsInput;
  unchanged: boolean;
  /** Variant prices moved too far (a likely typo): the row, the old and new price in paisa, the label. */
  priceJumps: { row: number; oldPaisa: number; newPaisa: number; label: string }[];
  /** The new product's own price and stock (its variants' sums), for its insert. */
  sums: { pricePaisa: number; stock: number | null };
}

const valueKey = (values: readonly string[]) => JSON.stringify(values.map((value) => value.toLowerCase()));

/**
 * The variants of one product's rows merged into its live ones (none for a new product), checked
 * by the variants' own rules; problems go to the rows. Undefined when a row has a problem.
 */
export function planVariantRows(
  rows: ImportRow[],
  current: { options: { name: string; values: string[] }[]; variants: iq.CsvVariantRow[] },
  hasStockColumn: boolean,
  hasVariantSkuColumn: boolean,
  problem: Problem,
): VariantWork | undefined {
  const lead = rows[0]!;
  const names = lead.options!.map((option) => option.name);
  const expected = current.options.length > 0 ? current.options.map((option) => option.name) : names;
  const sameNames = (given: string[]) =>
    given.length === expected.length && given.every((name, index) => categoryKey(name) === categoryKey(expected[index]!));
  let failed = false;
  for (const row of rows) {
    if (!sameNames(row.options!.map((option) => option.name))) {
      problem(row.row, 'option1_name', IMPORT_MESSAGES.optionsDiffer(expected.join(', ')));
      failed = true;
    }
    if (row.pricePaisa === undefined) failed = true; // its price's own error is listed
  }
  if (failed) return undefined;

  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = valueKey(row.options!.map((option) => option.value));
    const first = seen.get(key);
    if (first !== undefined) {
      problem(row.row, 'option1_value', VARIANT_MESSAGES.combinationTwice);
      failed = true;
    } else seen.set(key, row.row);
  }
  if (failed) return undefined;

  // The live variants first, in their order; then the rows' new combinations.
  const options = expected.map((name, index) => ({ name, values: [...(current.options[index]?.values ?? [])] }));
  type Entry = {
    id?: number;
    sku: string | null;
    options: Record<string, string>;
    price: number;
    stock: number | null;
    images: string[];
  };
  const entries: Entry[] = [];
  const rowOfEntry: number[] = [];
  const byValues = new Map<string, number>();
  for (const variant of current.variants) {
    const values = [variant.option1, variant.option2, variant.option3].slice(0, options.length);
    byValues.set(valueKey(values), entries.length);
    entries.push({
      id: variant.id,
      sku: variant.sku,
      options: Object.fromEntries(options.map((option, index) => [option.name, values[index]!])),
      price: variant.price_paisa / 100,
      stock: variant.stock,
      images: (JSON.parse(variant.images) as string[]).map((base) => imageAddress(base)),
    });
    rowOfEntry.push(lead.row);
  }
  let unchanged = current.variants.length > 0;
  const priceJumps: VariantWork['priceJumps'] = [];
  for (const row of rows) {
    const values = row.options!.map((option) => option.value);
    values.forEach((value, index) => {
      const option = options[index]!;
      if (!option.values.some((known) => known.toLowerCase() === value.toLowerCase())) {
        option.values.push(value);
        unchanged = false;
      }
    });
    const at = byValues.get(valueKey(values));
    const was = at === undefined ? undefined : current.variants[at];
    const newPaisa = row.pricePaisa!;
    if (at !== undefined && was) {
      const entry = entries[at]!;
      const stock = hasStockColumn ? (row.stock ?? null) : entry.stock;
      const sku = hasVariantSkuColumn ? row.variantSku : entry.sku;
      if (was.price_paisa !== newPaisa || stock !== was.stock || (sku ?? '').toLowerCase() !== (was.sku ?? '').toLowerCase()) {
        unchanged = false;
      }
      if (was.price_paisa !== newPaisa && priceChangeNeedsConfirmation(was.price_paisa, newPaisa)) {
        priceJumps.push({ row: row.row, oldPaisa: was.price_paisa, newPaisa, label: variantLabel(values) });
      }
      entries[at] = { ...entry, price: newPaisa / 100, stock, sku };
      rowOfEntry[at] = row.row;
    } else {
      unchanged = false;
      const spelt = values.map((value, index) =>
        options[index]!.values.find((known) => known.toLowerCase() === value.toLowerCase())!,
      );
      entries.push({
        sku: row.variantSku,
        options: Object.fromEntries(options.map((option, index) => [option.name, spelt[index]!])),
        price: newPaisa / 100,
        stock: row.stock ?? null,
        images: [],
      });
      rowOfEntry.push(row.row);
    }
  }

  const parsed = productVariantsInputSchema.safeParse({ options, variants: entries });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [list, index, field] = issue.path;
      const row = list === 'variants' && typeof index === 'number' ? (rowOfEntry[index] ?? lead.row) : lead.row;
      problem(row, variantColumn(list, field), issue.message);
    }
    return undefined;
  }
  const live = parsed.data.variants;
  const tracked = live.filter((variant) => variant.stock !== null);
  return {
    input: parsed.data,
    unchanged,
    priceJumps,
    sums: {
      pricePaisa: Math.min(...live.map((variant) => Math.round(variant.price * 100))),
      stock: tracked.length > 0 ? tracked.reduce((sum, variant) => sum + variant.stock!, 0) : null,
    },
  };
}

function variantColumn(list: PropertyKey | undefined, field: PropertyKey | undefined): RowProblem['column'] {
  if (list === 'options') return optionColumns(1)[1];
  if (field === 'sku') return 'variant_sku';
  if (field === 'price') return 'price';
  if (field === 'stock') return 'stock';
  return optionColumns(1)[1];
}

/** The rows (by number) whose variant SKU is in `held` (another product or variant has it). */
export function variantSkusTaken(rows: ImportRow[], held: Set<string>, problem: Problem): void {
  for (const row of rows) {
    if (row.variantSku && held.has(row.variantSku.toLowerCase())) problem(row.row, 'variant_sku', VARIANT_MESSAGES.skuTaken);
  }
}

// ---------------------------------------------------------------------------------------------
// Brand and specifications

/**
 * A product's brand and spec:<Name> cells checked by the specifications' own rules, against its
 * category's fields (none for a category still to be made). An empty cell clears the field's value
 * where the category has that field, and is ignored where it has not (another category's column).
 */
export async function prepareRowSpecs(
  specs: SpecsService,
  db: q.Db,
  lead: ImportRow,
  categoryId: number | undefined,
  fieldKeys: Set<string>,
  problem: Problem,
): Promise<PreparedSpecs | undefined> {
  const values: SpecValues = {};
  for (const [name, text] of lead.specs) {
    if (text !== '') values[name] = text;
    else if (fieldKeys.has(categoryKey(name))) values[name] = null;
  }
  try {
    return await specs.prepareProductSpecs(categoryId ?? 0, { brand: lead.brand, specs: values }, db);
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    for (const [field, message] of Object.entries(error.fields)) {
      const column: RowProblem['column'] = field === 'brand' ? 'brand' : `spec:${field.slice('specs.'.length)}`;
      problem(lead.row, column, message);
    }
    return undefined;
  }
}

/** Whether prepared values change nothing of what the product has (`values`: field id → value). */
export function specsUnchanged(prepared: PreparedSpecs, brandId: number | null, values: Map<number, string>): boolean {
  if (prepared.brandId !== undefined && prepared.brandId !== brandId) return false;
  if (prepared.clear.some((fieldId) => values.has(fieldId))) return false;
  return prepared.set.every((item) => values.get(item.fieldId) === item.value);
}
