import { CATALOG_MESSAGES, MAX_IMAGE_BYTES } from '../../../../shared/catalog.js';
import { IMPORT_MESSAGES, type ImportReport } from '../../../../shared/product-csv.js';
import type { AppContext } from '../../../context.js';
import { isoNow } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { deleteImages, processImage, sniffImageType, storeImages } from '../../../lib/images.js';
import type { Storage } from '../../../lib/storage.js';
import * as q from '../queries.js';
import * as iq from './queries.js';
import { type CsvTable, readCsv } from './read-csv.js';
import { type ImportRow, type RowProblem, checkRow } from './rows.js';
import { ImportWriter, treeIndex } from './import-write.js';
import { type ZipEntry, ZipImages } from './zip-images.js';
import { SpecsService } from '../specs/service.js';
import * as sq from '../specs/queries.js';
import * as vq from '../variants/queries.js';
import { VariantService } from '../variants/service.js';
import { pathWhere } from './row-changes.js';
import { type Action, type Extras, type Plan, byProduct, missingPaths } from './import-plan.js';
import { judgeUpdates, report } from './import-report.js';
import { type Problem, groupRows, planVariantRows, prepareRowSpecs, specsUnchanged, variantSkusTaken } from './variant-rows.js';

/**
 * Products from a CSV file (POST /api/admin/products/import; the file's shape is in
 * src/shared/product-csv.ts).
 *
 * preview (dryRun): every row checked — by the product form's rules (rows.ts), against the database
 * (the SKUs and ids it names, the stored images it reuses) and the ZIP (the images it names are there,
 * small enough, and images) — and nothing written.
 *
 * Update rows that would change nothing are "unchanged" and are not written (an export imported as it
 * is writes nothing, not even an audit entry); a price moved to under half or over one and a half
 * times the old one is listed to confirm, and without the confirmation the file is refused (409).
 *
 * apply: the same checks first; with any error nothing is written. Otherwise the ZIP's images are
 * processed and stored (as an upload's are: lib/images.ts), then ONE transaction creates the missing
 * category levels and creates or updates every product, and bumps the catalogue version once. Should
 * any statement fail (a SKU taken meanwhile, a constraint), the transaction is rolled back, the stored
 * images are removed, and the answer names the row: nothing of the file was written.
 *
 * On SQLite a transaction holds the one connection, so every look-up that can happen before it does,
 * and inside it there are only the writes and the few re-reads that make them safe.
 */

export interface ImportFiles {
  csv: Buffer;
  zip?: Buffer | undefined;
  /** The CSV's name as the browser sent it, for the audit log. */
  fileName?: string | undefined;
}

export class ProductImportService {
  private readonly storage: Storage;
  private readonly specs: SpecsService;
  private readonly variants: VariantService;

  constructor(
    private readonly ctx: AppContext,
    storage?: Storage,
  ) {
    this.storage = storage ?? ctx.storage;
    this.specs = new SpecsService(ctx);
    this.variants = new VariantService(ctx);
  }

  /** Checks everything and writes nothing. */
  async preview(files: ImportFiles): Promise<ImportReport> {
    const plan = await this.plan(files);
    return report(plan, { dryRun: true, applied: false });
  }

  /**
   * Checks everything, then writes every row in one transaction, or nothing (see the header).
   * `confirmPriceChanges`: the owner has seen the preview's priceChanges and means them.
   */
  async apply(files: ImportFiles, adminId: number, confirmPriceChanges = false): Promise<ImportReport> {
    const plan = await this.plan(files);
    if (plan.problems.length > 0) return report(plan, { dryRun: false, applied: false });
    if (plan.priceChanges.length > 0 && !confirmPriceChanges) return report(plan, { dryRun: false, applied: false });
    // Nothing to change: nothing is written (no transaction, no audit entry, the catalogue's version kept).
    if (plan.unchanged.size === plan.rows.length) return report(plan, { dryRun: false, applied: true });

    const stored = await this.storeZipImages(plan);
    if (plan.problems.length > 0) return report(plan, { dryRun: false, applied: false });
    const newBases = [...new Set(stored.values())];

    let removed: string[];
    try {
      removed = await q.catalogWrite(this.ctx.db, (trx) =>
        new ImportWriter(trx, plan, stored, adminId, isoNow(this.ctx.clock), {
          specs: this.specs,
          variants: this.variants,
        }).run(),
      );
    } catch (error) {
      await deleteImages(this.storage, newBases);
      throw error;
    }
    // Images the updated products no longer show, and no other product does either.
    await deleteImages(this.storage, await q.unusedBaseNames(this.ctx.db, removed));
    return report(plan, { dryRun: false, applied: true });
  }

  // -------------------------------------------------------------------------------------------
  // Checking

  private async plan(files: ImportFiles): Promise<Plan> {
    const table: CsvTable = readCsv(files.csv);
    const zip = files.zip && files.zip.length > 0 ? ZipImages.open(files.zip) : undefined;
    const problems: RowProblem[] = [];
    const allRows: ImportRow[] = [];
    for (const record of table.records) {
      const checked = checkRow(table, record);
      allRows.push(checked.row);
      problems.push(...checked.problems);
    }
    const problem = (row: number, column: RowProblem['column'], message: string) => problems.push({ row, column, message });
    // A product's variant rows as one product, its first row standing for it.
    const { leads: rows, leadOf, members } = groupRows(allRows, problem);

    // The same SKU or id twice in the file: the later row is the mistake.
    const skuRow = new Map<string, number>();
    const idRow = new Map<number, number>();
    for (const row of allRows) {
      if (!row.variantSku) continue;
      const first = skuRow.get(row.variantSku.toLowerCase());
      if (first !== undefined) problem(row.row, 'variant_sku', IMPORT_MESSAGES.skuRepeated(first));
      else skuRow.set(row.variantSku.toLowerCase(), row.row);
    }
    for (const row of rows) {
      if (row.sku) {
        const first = skuRow.get(row.sku.toLowerCase());
        if (first !== undefined) problem(row.row, 'sku', IMPORT_MESSAGES.skuRepeated(first));
        else skuRow.set(row.sku.toLowerCase(), row.row);
      }
      if (row.id !== undefined) {
        const first = idRow.get(row.id);
        if (first !== undefined) problem(row.row, 'id', IMPORT_MESSAGES.idRepeated(first));
        else idRow.set(row.id, row.row);
      }
    }

    // Create or update, by id or SKU (a row with neither is a new product).
    const db = this.ctx.db;
    const [holders, byId] = await Promise.all([
      iq.liveProductsBySku(
        db,
        rows.flatMap((row) => (row.sku ? [row.sku.toLowerCase()] : [])),
      ),
      iq.liveProductsById(db, [...idRow.keys()]),
    ]);
    const actions = new Map<number, Action>();
    for (const row of rows) {
      const holder = row.sku ? holders.get(row.sku.toLowerCase()) : undefined;
      if (row.id !== undefined) {
        if (!byId.has(row.id)) problem(row.row, 'id', IMPORT_MESSAGES.idUnknown(String(row.id)));
        else if (holder && holder.id !== row.id) problem(row.row, 'sku', CATALOG_MESSAGES.skuTaken);
        actions.set(row.row, { action: 'update', productId: row.id });
      } else if (holder) {
        actions.set(row.row, { action: 'update', productId: holder.id });
      } else {
        actions.set(row.row, { action: 'create', productId: null });
        if (!row.images || row.images.length === 0) problem(row.row, 'images', CATALOG_MESSAGES.imageRequired);
      }
    }

    // Images: stored ones must be this shop's; ZIP ones must be in the ZIP, small enough, and images.
    const storedBases = rows.flatMap((row) => (row.images ?? []).flatMap((ref) => (ref.kind === 'stored' ? [ref.base] : [])));
    const known = await iq.knownBaseNames(db, storedBases);
    const zipEntries = new Map<number, (ZipEntry | undefined)[]>();
    const sniffed = new Map<string, string | undefined>(); // entry path → problem, once per entry
    for (const row of rows) {
      const entries: (ZipEntry | undefined)[] = [];
      for (const ref of row.images ?? []) {
        entries.push(undefined);
        if (ref.kind === 'stored') {
          if (!known.has(ref.base)) problem(row.row, 'images', IMPORT_MESSAGES.imageNotStored(ref.text));
          continue;
        }
        if (ref.kind !== 'zip') continue;
        const found = zip?.find(ref.name) ?? { problem: 'missing' as const };
        if ('problem' in found) {
          problem(
            row.row,
            'images',
            found.problem === 'missing' ? IMPORT_MESSAGES.imageNotInZip(ref.name) : IMPORT_MESSAGES.imageAmbiguous(ref.name),
          );
          continue;
        }
        entries[entries.length - 1] = found.entry;
        if (!sniffed.has(found.entry.path)) sniffed.set(found.entry.path, await sniff(zip!, found.entry, ref.name));
        const trouble = sniffed.get(found.entry.path);
        if (trouble) problem(row.row, 'images', trouble);
      }
      if (entries.some(Boolean)) zipEntries.set(row.row, entries);
    }

    const tree = await treeIndex(db);
    const newPaths = missingPaths(rows, tree);
    const extras = await this.planExtras(rows, members, actions, table, tree, problem);
    const { unchanged, priceChanges } = await judgeUpdates(db, rows, actions, tree, extras, problem);
    problems.sort((a, b) => a.row - b.row);
    return {
      fileName: importFileName(files.fileName),
      rows,
      allRows,
      leadOf,
      variants: extras.variants,
      specs: extras.specs,
      problems,
      actions,
      unchanged,
      priceChanges,
      newPaths,
      zip,
      zipEntries,
    };
  }

  /**
   * The variants of the products' rows merged into their live ones, the variant SKUs others hold,
   * and the products' brands and specifications checked, with what they change.
   */
  private async planExtras(
    rows: ImportRow[],
    members: Map<number, ImportRow[]>,
    actions: Map<number, Action>,
    table: CsvTable,
    tree: Map<string, number>,
    problem: Problem,
  ): Promise<Extras> {
    const db = this.ctx.db;
    const targetOf = (row: ImportRow) => {
      const action = actions.get(row.row);
      return action?.action === 'update' ? action.productId : undefined;
    };
    const ids = rows.flatMap((row) => {
      const id = targetOf(row);
      return id === undefined ? [] : [id];
    });
    const [options, variants, specValues, brands] = await Promise.all([
      iq.optionsOfProducts(db, ids).then((list) => byProduct(list)),
      iq.liveVariantsOfProducts(db, ids).then((list) => byProduct(list)),
      iq.specValuesOfProducts(db, ids).then((list) => byProduct(list)),
      iq.brandsOfProducts(db, ids),
    ]);
    const extras: Extras = { variants: new Map(), specs: new Map(), specsUnchanged: new Set() };
    const fieldKeysOf = new Map<number, Set<string>>();
    for (const row of rows) {
      const group = members.get(row.row);
      const productId = targetOf(row);
      if (group) {
        const current = {
          options: (options.get(productId ?? 0) ?? []).map((option) => ({
            name: option.name,
            values: JSON.parse(option.values) as string[],
          })),
          variants: variants.get(productId ?? 0) ?? [],
        };
        const work = planVariantRows(group, current, table.columns.has('stock'), table.columns.has('variant_sku'), problem);
        if (work) extras.variants.set(row.row, work);
        const held = await vq.skusHeldElsewhere(
          db,
          productId ?? 0,
          group.flatMap((member) => (member.variantSku ? [member.variantSku.toLowerCase()] : [])),
        );
        variantSkusTaken(group, held, problem);
      }
      if (row.brand === undefined && row.specs.size === 0) continue;
      const categoryId = pathWhere(tree, row.path)?.categoryId;
      let fieldKeys = fieldKeysOf.get(categoryId ?? 0);
      if (!fieldKeys) {
        const fields = categoryId === undefined ? [] : await sq.liveFieldsOf(db, categoryId);
        fieldKeys = new Set(fields.map((field) => field.name_key));
        fieldKeysOf.set(categoryId ?? 0, fieldKeys);
      }
      const prepared = await prepareRowSpecs(this.specs, db, row, categoryId, fieldKeys, problem);
      if (!prepared) continue;
      extras.specs.set(row.row, prepared);
      if (productId !== undefined) {
        const values = new Map((specValues.get(productId) ?? []).map((spec) => [spec.field_id, spec.value] as const));
        if (specsUnchanged(prepared, brands.get(productId)?.id ?? null, values)) extras.specsUnchanged.add(row.row);
      }
    }
    return extras;
  }

  // -------------------------------------------------------------------------------------------
  // Writing

  /** Processes and stores each ZIP image the rows name, once; entry path → stored base name. Problems go to the plan. */
  private async storeZipImages(plan: Plan): Promise<Map<string, string>> {
    const stored = new Map<string, string>();
    if (!plan.zip) return stored;
    const failed = new Map<string, string>();
    try {
      for (const [rowNumber, entries] of plan.zipEntries) {
        for (const entry of entries) {
          if (!entry || stored.has(entry.path)) continue;
          const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
          if (failed.has(entry.path)) {
            plan.problems.push({ row: rowNumber, column: 'images', message: failed.get(entry.path)! });
            continue;
          }
          const bytes = await plan.zip.read(entry);
          try {
            if (!bytes) throw new Error('unreadable');
            // One at a time, as uploads are: each decode may take tens of MB.
            const image = await processImage(bytes);
            await storeImages(this.storage, [image]);
            stored.set(entry.path, image.baseName);
          } catch (error) {
            if (!(error instanceof AppError) && bytes) throw error;
            const message = IMPORT_MESSAGES.imageUnreadable(name);
            failed.set(entry.path, message);
            plan.problems.push({ row: rowNumber, column: 'images', message });
          }
        }
      }
    } catch (error) {
      await deleteImages(this.storage, [...stored.values()]);
      throw error;
    }
    if (plan.problems.length > 0) {
      await deleteImages(this.storage, [...stored.values()]);
      plan.problems.sort((a, b) => a.row - b.row);
    }
    return stored;
  }
}

const FILE_NAME_MAX = 200;

/** The name the audit log shows: the file's own name (no folders, no control characters), or products.csv. */
function importFileName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  return base.slice(0, FILE_NAME_MAX) || 'products.csv';
}

/** A ZIP image's problem before it is processed (declared size, type sniffed from its bytes), or undefined. */
async function sniff(zip: ZipImages, entry: ZipEntry, name: string): Promise<string | undefined> {
  if (entry.size > MAX_IMAGE_BYTES) return IMPORT_MESSAGES.imageTooLarge(name);
  const bytes = await zip.read(entry);
  if (!bytes) return IMPORT_MESSAGES.imageUnreadable(name);
  return sniffImageType(bytes) ? undefined : IMPORT_MESSAGES.imageNotImage(name);
}
