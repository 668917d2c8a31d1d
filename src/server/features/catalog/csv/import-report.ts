import {
  CATEGORY_PATH_SEPARATOR,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  type ImportPreviewRow,
  type ImportPriceChange,
  type ImportReport,
} from '../../../../shared/product-csv.js';
import { formatPrice } from '../../../../shared/money.js';
import * as q from '../queries.js';
import * as iq from './queries.js';
import type { Action, Extras, Plan } from './import-plan.js';
import { judgeRow } from './row-changes.js';
import type { ImportRow, RowProblem } from './rows.js';
import type { Problem } from './variant-rows.js';

/** A products file's verdicts: which updates change nothing, which prices need a confirmation, and the report. */

/** The update rows that change nothing, and the prices that move too far to write without a confirmation. */
export async function judgeUpdates(
  db: q.Db,
  rows: ImportRow[],
  actions: Map<number, Action>,
  tree: Map<string, number>,
  extras: Extras,
  problem: Problem,
) {
  const ids = [...new Set([...actions.values()].flatMap((action) => (action.action === 'update' ? [action.productId] : [])))];
  const [current, images, withVariants] = await Promise.all([
    q.productRows(db, ids),
    q.imagesOf(db, ids),
    iq.productsWithVariants(db, ids),
  ]);
  const byId = new Map(current.map((row) => [row.id, row]));
  const unchanged = new Set<number>();
  const priceChanges: ImportPriceChange[] = [];
  for (const row of rows) {
    const action = actions.get(row.row);
    const was = action?.action === 'update' ? byId.get(action.productId) : undefined;
    if (!was) continue;
    const work = extras.variants.get(row.row);
    // A product's variant rows write its variants; its own price and stock are their sums.
    const own = row.options ? { ...row, pricePaisa: was.price_paisa, stock: undefined } : row;
    const verdict = judgeRow(was, images.get(was.id) ?? [], own, tree);
    const specsSame = !extras.specs.has(row.row) || extras.specsUnchanged.has(row.row);
    if (verdict.unchanged && specsSame && (!row.options || work?.unchanged)) unchanged.add(row.row);
    // The variants service keeps such a product's price and stock (their sums): the file may not write them.
    if (verdict.pricedOrStocked && withVariants.has(was.id)) problem(row.row, 'price', IMPORT_MESSAGES.variantSums);
    for (const jump of work?.priceJumps ?? []) {
      const [oldPrice, newPrice] = [jump.oldPaisa / 100, jump.newPaisa / 100];
      const warning = IMPORT_MESSAGES.priceChange(amount(oldPrice), amount(newPrice));
      priceChanges.push({
        row: jump.row,
        productId: was.id,
        name: `${row.name} (${jump.label})`,
        oldPrice,
        newPrice,
        message: warning,
      });
    }
    if (verdict.priceJump) {
      const [oldPrice, newPrice] = [verdict.priceJump.oldPaisa / 100, verdict.priceJump.newPaisa / 100];
      // Put in the request's language by the route, as the row errors are.
      const warning = IMPORT_MESSAGES.priceChange(amount(oldPrice), amount(newPrice));
      priceChanges.push({ row: row.row, productId: was.id, name: row.name, oldPrice, newPrice, message: warning });
    }
  }
  return { unchanged, priceChanges };
}

/** 139999.5 → '1,39,999.50', as a price is written after "Rs.". */
const amount = (rupees: number) => formatPrice(rupees).replace(/^Rs\. /, '');

export function report(plan: Plan, outcome: { dryRun: boolean; applied: boolean }): ImportReport {
  const errorsByRow = new Map<number, RowProblem[]>();
  for (const problem of plan.problems) errorsByRow.set(problem.row, [...(errorsByRow.get(problem.row) ?? []), problem]);
  // Counted by the file's rows: a product's variant rows each count as their product's action.
  const actionOf = (row: ImportRow): Action =>
    plan.actions.get(plan.leadOf.get(row.row) ?? row.row) ?? { action: 'create', productId: null };
  const unchangedRow = (row: ImportRow) => plan.unchanged.has(plan.leadOf.get(row.row) ?? row.row);
  let creates = 0;
  let updates = 0;
  let unchanged = 0;
  for (const row of plan.allRows) {
    if (actionOf(row).action === 'create') creates += 1;
    else if (unchangedRow(row)) unchanged += 1;
    else updates += 1;
  }
  const preview: ImportPreviewRow[] = plan.allRows.slice(0, IMPORT_PREVIEW_ROWS).map((row) => {
    const action = actionOf(row);
    return {
      row: row.row,
      action: unchangedRow(row) ? 'unchanged' : action.action,
      productId: action.productId,
      sku: row.sku ?? '',
      name: row.name,
      category: row.path.join(CATEGORY_PATH_SEPARATOR),
      price: row.pricePaisa === undefined ? null : row.pricePaisa / 100,
      ...(row.stock !== undefined ? { stock: row.stock } : {}),
      ...(row.featured !== undefined ? { featured: row.featured } : {}),
      images: row.images?.length ?? 0,
      errors: errorsByRow.get(row.row) ?? [],
    };
  });
  return {
    ...outcome,
    rows: plan.allRows.length,
    creates,
    updates,
    unchanged,
    errorRows: errorsByRow.size,
    newCategories: plan.newPaths.map((path) => path.join(CATEGORY_PATH_SEPARATOR)),
    errors: plan.problems,
    priceChanges: plan.priceChanges,
    preview,
  };
}
