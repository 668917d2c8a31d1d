import { Readable } from 'node:stream';
import {
  CATEGORY_PATH_SEPARATOR,
  IMAGE_LIST_SEPARATOR,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_TEMPLATE,
  SPEC_COLUMN_PREFIX,
} from '../../../../shared/product-csv.js';
import { CSV_BOM, csvLine, csvRupees } from '../../../lib/csv.js';
import { imageAddress } from '../../../lib/images.js';
import * as q from '../queries.js';
import * as iq from './queries.js';

/**
 * The live products as the import's CSV (GET /api/admin/products/export.csv): the columns of
 * src/shared/product-csv.ts (one row per live variant, and a spec:<Name> column per field name the
 * categories define), oldest product first, read in keyset batches and streamed as the orders'
 * export is (features/orders/export.ts). Image addresses are absolute (`imageBase`: the shop's own
 * origin or IMAGE_BASE_URL), so a spreadsheet shows them as links and the import knows them again.
 */

const BATCH = 500;

/** What the rows of one product carry beside its own columns. */
interface Extras {
  brand: string;
  /** The option names, in order. */
  options: string[];
  variants: iq.CsvVariantRow[];
  /** Field name (lower-cased) → value. */
  specs: Map<string, string>;
}

/**
 * A product's lines: one, or one per live variant (its options, SKU, price and stock), the product's
 * own columns repeated on each so that the import groups them under the id.
 */
function productLines(row: q.ProductRow, bases: string[], imageBase: string, extras: Extras, specNames: string[]): string {
  const own = (price: number, stock: number | null, variant: (string | null)[]) =>
    csvLine([
      row.id,
      row.sku ?? '',
      row.name,
      row.description,
      [row.category_name, row.sub_category_name, row.child_category_name].filter(Boolean).join(CATEGORY_PATH_SEPARATOR),
      price,
      stock,
      row.low_stock_threshold,
      row.is_featured === 1 ? 'yes' : 'no',
      row.warranty ?? '',
      bases.map((base) => imageAddress(base, imageBase)).join(` ${IMAGE_LIST_SEPARATOR} `),
      row.max_per_order,
      extras.brand,
      ...variant,
      ...specNames.map((name) => extras.specs.get(name.toLowerCase()) ?? ''),
    ]);
  if (extras.variants.length === 0) return own(csvRupees(row.price_paisa), row.stock, ['', '', '', '', '', '', '']);
  return extras.variants
    .map((variant) => {
      const values = [variant.option1, variant.option2, variant.option3];
      const pairs = [0, 1, 2].flatMap((index) => {
        const name = extras.options[index];
        return name && values[index] ? [name, values[index]] : ['', ''];
      });
      return own(csvRupees(variant.price_paisa), variant.stock, [...pairs, variant.sku ?? '']);
    })
    .join('');
}

async function extrasOf(db: q.Db, ids: number[]): Promise<Map<number, Extras>> {
  const [brands, options, variants, specs] = await Promise.all([
    iq.brandsOfProducts(db, ids),
    iq.optionsOfProducts(db, ids),
    iq.liveVariantsOfProducts(db, ids),
    iq.specValuesOfProducts(db, ids),
  ]);
  const extras = new Map<number, Extras>(
    ids.map((id) => [id, { brand: brands.get(id)?.name ?? '', options: [], variants: [], specs: new Map() }]),
  );
  for (const option of options) extras.get(option.product_id)?.options.push(option.name);
  for (const variant of variants) extras.get(variant.product_id)?.variants.push(variant);
  for (const spec of specs) extras.get(spec.product_id)?.specs.set(spec.name.toLowerCase(), spec.value);
  return extras;
}

/** The spec:<Name> columns: one per field name the categories use (names compared without case). */
function specColumnNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function* productCsvText(db: q.Db, imageBase: string): AsyncGenerator<string> {
  const specNames = specColumnNames(await iq.specFieldNames(db));
  yield CSV_BOM + csvLine([...PRODUCT_CSV_COLUMNS, ...specNames.map((name) => `${SPEC_COLUMN_PREFIX}${name}`)]);
  let after = 0;
  for (;;) {
    const rows = await q.liveProductRowsAfter(db, after, BATCH);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const [images, extras] = await Promise.all([q.imagesOf(db, ids), extrasOf(db, ids)]);
    yield rows.map((row) => productLines(row, images.get(row.id) ?? [], imageBase, extras.get(row.id)!, specNames)).join('');
    if (rows.length < BATCH) return;
    // Let the event loop turn: SQLite's queries run synchronously, and without this the walk would
    // hold the process (every other request) for as long as the socket took bytes without a pause.
    await new Promise((resolve) => setImmediate(resolve));
    after = rows[rows.length - 1]!.id;
  }
}

/** The template: the columns and example rows (src/shared/product-csv.ts). */
export function productCsvTemplate(): string {
  return CSV_BOM + PRODUCT_CSV_TEMPLATE.map((cells) => csvLine(cells)).join('');
}

/** `imageBase`: where image keys are served from, without a trailing slash (e.g. https://shop.example/uploads). */
export function productCsvStream(db: q.Db, imageBase: string): Readable {
  return Readable.from(productCsvText(db, imageBase), { objectMode: false, highWaterMark: 64 * 1024 });
}
