import { Readable } from 'node:stream';
import { CATEGORY_PATH_SEPARATOR, IMAGE_LIST_SEPARATOR, PRODUCT_CSV_COLUMNS } from '../../../../shared/product-csv.js';
import { CSV_BOM, csvLine, csvRupees } from '../../../lib/csv.js';
import { imageAddress } from '../../../lib/images.js';
import * as q from '../queries.js';

/**
 * The live products as the import's CSV (GET /api/admin/products/export.csv): the columns of
 * src/shared/product-csv.ts, oldest product first, read in keyset batches and streamed as the orders'
 * export is (features/orders/export.ts). Image addresses are absolute (`imageBase`: the shop's own
 * origin or IMAGE_BASE_URL), so a spreadsheet shows them as links and the import knows them again.
 */

const BATCH = 500;

function productLine(row: q.ProductRow, bases: string[], imageBase: string): string {
  return csvLine([
    row.id,
    row.sku ?? '',
    row.name,
    row.description,
    [row.category_name, row.sub_category_name, row.child_category_name].filter(Boolean).join(CATEGORY_PATH_SEPARATOR),
    csvRupees(row.price_paisa),
    row.stock,
    row.low_stock_threshold,
    row.is_featured === 1 ? 'yes' : 'no',
    row.warranty ?? '',
    bases.map((base) => imageAddress(base, imageBase)).join(` ${IMAGE_LIST_SEPARATOR} `),
    row.max_per_order,
  ]);
}

async function* productCsvText(db: q.Db, imageBase: string): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(PRODUCT_CSV_COLUMNS);
  let after = 0;
  for (;;) {
    const rows = await q.liveProductRowsAfter(db, after, BATCH);
    if (rows.length === 0) return;
    const images = await q.imagesOf(
      db,
      rows.map((row) => row.id),
    );
    yield rows.map((row) => productLine(row, images.get(row.id) ?? [], imageBase)).join('');
    if (rows.length < BATCH) return;
    // Let the event loop turn: SQLite's queries run synchronously, and without this the walk would
    // hold the process (every other request) for as long as the socket took bytes without a pause.
    await new Promise((resolve) => setImmediate(resolve));
    after = rows[rows.length - 1]!.id;
  }
}

/** `imageBase`: where image keys are served from, without a trailing slash (e.g. https://shop.example/uploads). */
export function productCsvStream(db: q.Db, imageBase: string): Readable {
  return Readable.from(productCsvText(db, imageBase), { objectMode: false, highWaterMark: 64 * 1024 });
}
