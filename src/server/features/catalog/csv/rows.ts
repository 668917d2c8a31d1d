import type { z } from 'zod';
import {
  CATALOG_MESSAGES,
  MAX_IMAGES_PER_UPLOAD,
  categoryKey,
  createCategorySchema,
  createChildCategorySchema,
  createSubCategorySchema,
  lowStockThresholdSchema,
  maxPerOrderSchema,
  priceSchema,
  productFieldsSchema,
  productSkuSchema,
  stockSchema,
  warrantySchema,
} from '../../../../shared/catalog.js';
import {
  IMAGE_LIST_SEPARATOR,
  IMPORT_MESSAGES,
  type ProductCsvColumn,
  type SpecColumn,
  optionColumns,
} from '../../../../shared/product-csv.js';
import { unneutralise } from '../../../lib/csv.js';
import { baseNameOf } from '../../../lib/images.js';
import type { CsvRecord, CsvTable } from './read-csv.js';

/**
 * One CSV row checked on its own, by the product form's own rules (the shared schemas of
 * src/shared/catalog.ts, so the form's messages apply to imported rows too). What needs the database or the
 * ZIP (SKUs and ids that exist, stored images, ZIP entries) is checked by the service.
 */

/** An image a row names: one this shop stores already (by its base name), a file in the ZIP, or another site's. */
export type ImageRef =
  { kind: 'stored'; base: string; text: string } | { kind: 'zip'; name: string } | { kind: 'url'; text: string };

export interface RowProblem {
  row: number;
  column: ProductCsvColumn | SpecColumn | null;
  /** English; put in the request's language by the route. */
  message: string;
}

export interface ImportRow {
  row: number;
  id: number | undefined;
  /** null: none (a new product gets none; an update takes the product's off). */
  sku: string | null;
  name: string;
  description: string;
  /** 1–3 names, trimmed. */
  path: string[];
  pricePaisa: number | undefined;
  /** undefined: no stock column (an update keeps the stock); null: not tracked. */
  stock: number | null | undefined;
  /** undefined: no low_stock_threshold column (an update keeps it); null: the shop's default. */
  lowStockThreshold: number | null | undefined;
  /** undefined: no max_per_order column (an update keeps it); null: the shop's default. */
  maxPerOrder: number | null | undefined;
  /** undefined: no featured column. */
  featured: boolean | undefined;
  /** undefined: no warranty column (an update keeps it); null: none. */
  warranty: string | null | undefined;
  /** undefined: no images column, or an empty cell (an update keeps the images). */
  images: ImageRef[] | undefined;
  /** undefined: no brand column (an update keeps it); null: none. */
  brand: string | null | undefined;
  /** The variant's options as the row names them, in order; undefined: the row is a product sold as itself. */
  options: { name: string; value: string }[] | undefined;
  /** The variant's own SKU; null: none. */
  variantSku: string | null;
  /** The spec:<Name> cells by the field's name as the header writes it ('' = none); empty without such columns. */
  specs: Map<string, string>;
}

const PATH_SCHEMAS = [createCategorySchema.shape.name, createSubCategorySchema.shape.name, createChildCategorySchema.shape.name];
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid value';

/** The key of a category path, level by level as the tree compares names. */
export const pathKey = (path: string[]) => path.map(categoryKey).join('\u0000');

export function checkRow(table: CsvTable, record: CsvRecord): { row: ImportRow; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const problem = (column: ProductCsvColumn | null, message: string) => problems.push({ row: record.row, column, message });
  const has = (column: ProductCsvColumn) => table.columns.has(column);
  // Text as written, less the apostrophe our export puts before formula-like text (lib/csv.ts).
  const cell = (column: ProductCsvColumn) => {
    const index = table.columns.get(column);
    return index === undefined ? '' : unneutralise(record.cells[index] ?? '');
  };

  const extra = record.cells.slice(table.width).some((value) => value.trim() !== '');
  if (extra) problem(null, IMPORT_MESSAGES.cellCount(record.cells.length, table.width));

  let id: number | undefined;
  const idText = cell('id').trim();
  if (idText !== '') {
    if (/^\d{1,10}$/.test(idText) && Number(idText) > 0) id = Number(idText);
    else problem('id', IMPORT_MESSAGES.idInvalid);
  }

  // Optional: a row is matched by its id first; an empty SKU is none (an update takes it off).
  let sku: string | null = null;
  const skuParsed = productSkuSchema.safeParse(cell('sku'));
  if (!skuParsed.success) problem('sku', firstIssue(skuParsed.error));
  else sku = skuParsed.data || null;

  const text = (column: 'name' | 'description') => {
    const parsed = productFieldsSchema.shape[column].safeParse(cell(column));
    if (parsed.success) return parsed.data;
    problem(column, firstIssue(parsed.error));
    return cell(column).trim();
  };
  const name = text('name');
  const description = text('description');

  const path: string[] = [];
  const pathText = cell('category');
  if (pathText.trim() === '') problem('category', CATALOG_MESSAGES.categoryRequired);
  else {
    const parts = pathText.split('>');
    if (parts.length > PATH_SCHEMAS.length) problem('category', IMPORT_MESSAGES.pathTooDeep);
    else
      for (const [level, part] of parts.entries()) {
        const parsed = PATH_SCHEMAS[level]!.safeParse(part);
        if (!parsed.success) {
          problem('category', firstIssue(parsed.error));
          break;
        }
        path.push(parsed.data);
      }
  }

  let pricePaisa: number | undefined;
  const price = priceSchema.safeParse(cell('price'));
  if (price.success) pricePaisa = Math.round(price.data * 100);
  else problem('price', firstIssue(price.error));

  let stock: number | null | undefined;
  if (has('stock')) {
    const parsed = stockSchema.safeParse(cell('stock'));
    if (parsed.success) stock = parsed.data ?? null;
    else problem('stock', firstIssue(parsed.error));
  }

  // The product form's rules (src/shared/catalog.ts): a whole number of 0 or more; one short line.
  let lowStockThreshold: number | null | undefined;
  if (has('low_stock_threshold')) {
    const parsed = lowStockThresholdSchema.safeParse(cell('low_stock_threshold'));
    if (parsed.success) lowStockThreshold = parsed.data ?? null;
    else problem('low_stock_threshold', firstIssue(parsed.error));
  }

  let maxPerOrder: number | null | undefined;
  if (has('max_per_order')) {
    const parsed = maxPerOrderSchema.safeParse(cell('max_per_order'));
    if (parsed.success) maxPerOrder = parsed.data ?? null;
    else problem('max_per_order', firstIssue(parsed.error));
  }

  let warranty: string | null | undefined;
  if (has('warranty')) {
    const parsed = warrantySchema.safeParse(cell('warranty'));
    if (parsed.success) warranty = parsed.data || null;
    else problem('warranty', firstIssue(parsed.error));
  }

  let featured: boolean | undefined;
  if (has('featured')) {
    const value = cell('featured').trim().toLowerCase();
    if (YES.has(value)) featured = true;
    else if (NO.has(value)) featured = false;
    else problem('featured', IMPORT_MESSAGES.featuredInvalid);
  }

  let images: ImageRef[] | undefined;
  const imageText = cell('images').trim();
  if (imageText !== '') {
    const names = imageText
      .split(IMAGE_LIST_SEPARATOR)
      .map((part) => part.trim())
      .filter(Boolean);
    if (names.length > MAX_IMAGES_PER_UPLOAD) problem('images', IMPORT_MESSAGES.tooManyImages);
    images = names.map(imageRef);
    for (const ref of images) if (ref.kind === 'url') problem('images', IMPORT_MESSAGES.imageUrl(ref.text));
  }

  let brand: string | null | undefined;
  if (has('brand')) brand = cell('brand').replace(/\s+/g, ' ').trim() || null;

  // The variant's options: a name and a value per option, from the first on.
  const options: { name: string; value: string }[] = [];
  for (const n of [1, 2, 3] as const) {
    const [nameColumn, valueColumn] = optionColumns(n);
    const optionName = cell(nameColumn).trim();
    const value = cell(valueColumn).trim();
    if (optionName === '' && value === '') continue;
    if (optionName === '' || value === '') problem(optionName === '' ? nameColumn : valueColumn, IMPORT_MESSAGES.optionHalf);
    else options.push({ name: optionName, value });
  }

  let variantSku: string | null = null;
  const variantSkuParsed = productSkuSchema.safeParse(cell('variant_sku'));
  if (!variantSkuParsed.success) problem('variant_sku', firstIssue(variantSkuParsed.error));
  else variantSku = variantSkuParsed.data || null;
  if (variantSku !== null && options.length === 0) problem('variant_sku', IMPORT_MESSAGES.variantSkuAlone);

  const specs = new Map<string, string>();
  for (const spec of table.specColumns)
    specs.set(
      spec.name,
      unneutralise(record.cells[spec.index] ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    );

  return {
    row: {
      row: record.row,
      id,
      sku,
      name,
      description,
      path,
      pricePaisa,
      stock,
      lowStockThreshold,
      maxPerOrder,
      featured,
      warranty,
      images,
      brand,
      options: options.length > 0 ? options : undefined,
      variantSku,
      specs,
    },
    problems,
  };
}

function imageRef(text: string): ImageRef {
  const base = baseNameOf(text);
  if (base) return { kind: 'stored', base, text };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return { kind: 'url', text };
  return { kind: 'zip', name: text };
}
