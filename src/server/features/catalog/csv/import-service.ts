import { sql } from 'kysely';
import { CATALOG_MESSAGES, MAX_IMAGE_BYTES, categoryKey } from '../../../../shared/catalog.js';
import {
  CATEGORY_PATH_SEPARATOR,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  type ImportPreviewRow,
  type ImportReport,
} from '../../../../shared/product-csv.js';
import type { AppContext } from '../../../context.js';
import { isoNow } from '../../../lib/clock.js';
import { uniqueViolation } from '../../../lib/db-errors.js';
import { AppError } from '../../../lib/errors.js';
import { type AuditRecord, changedFields, recordAudit, recordAudits } from '../../audit/service.js';
import { categoryPath, productSnapshot } from '../audit-snapshot.js';
import { deleteImages, processImage, sniffImageType, storeImages } from '../../../lib/images.js';
import type { Storage } from '../../../lib/storage.js';
import * as cq from '../category-queries.js';
import * as q from '../queries.js';
import * as iq from './queries.js';
import { type CsvTable, readCsv } from './read-csv.js';
import { type ImportRow, type RowProblem, checkRow, pathKey } from './rows.js';
import { type ZipEntry, ZipImages } from './zip-images.js';

/**
 * Products from a CSV file (POST /api/admin/products/import; the file's shape is in
 * src/shared/product-csv.ts).
 *
 * preview (dryRun): every row checked — by the product form's rules (rows.ts), against the database
 * (the SKUs and ids it names, the stored images it reuses) and the ZIP (the images it names are there,
 * small enough, and images) — and nothing written.
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

type Action = { action: 'create'; productId: null } | { action: 'update'; productId: number };

interface Plan {
  fileName: string;
  rows: ImportRow[];
  problems: RowProblem[];
  actions: Map<number, Action>;
  newPaths: string[][];
  zip: ZipImages | undefined;
  /** Row → the ZIP entries its images name, in order (undefined where the cell named a stored image). */
  zipEntries: Map<number, (ZipEntry | undefined)[]>;
}

/** The audit log's entry for an applied import. */
export interface ImportAuditEntry {
  adminId: number;
  /** The CSV's file name as the browser sent it ('products.csv' when it sent none). */
  fileName: string;
  rows: number;
  created: number;
  updated: number;
  categoriesCreated: number;
  at: string;
}

/**
 * An applied import in the admin audit log, inside the import's transaction (so the entry and the
 * products commit together or not at all). One entry per import, not per product: a file of 10 000
 * rows would otherwise bury every other change in the Activity tab; the entry says how many products
 * the file created and updated and how many category levels it added. A preview writes none.
 * Each product the file changed also gets its own 'product.update' entry (noted with the file's
 * name), so a price changed by an import shows in that product's history as an edit's would.
 */
async function recordImportAudit(trx: q.Db, entry: ImportAuditEntry): Promise<void> {
  await recordAudit(trx, {
    adminId: entry.adminId,
    action: 'product.import',
    entityType: 'product',
    entityId: 'import',
    summary: entry.fileName,
    changes: {
      rows: [null, entry.rows],
      created: [null, entry.created],
      updated: [null, entry.updated],
      categoriesCreated: [null, entry.categoriesCreated],
    },
    at: entry.at,
  });
}

export class ProductImportService {
  private readonly storage: Storage;

  constructor(
    private readonly ctx: AppContext,
    storage?: Storage,
  ) {
    this.storage = storage ?? ctx.storage;
  }

  /** Checks everything and writes nothing. */
  async preview(files: ImportFiles): Promise<ImportReport> {
    const plan = await this.plan(files);
    return report(plan, { dryRun: true, applied: false });
  }

  /** Checks everything, then writes every row in one transaction, or nothing (see the header). */
  async apply(files: ImportFiles, adminId: number): Promise<ImportReport> {
    const plan = await this.plan(files);
    if (plan.problems.length > 0) return report(plan, { dryRun: false, applied: false });

    const stored = await this.storeZipImages(plan);
    if (plan.problems.length > 0) return report(plan, { dryRun: false, applied: false });
    const newBases = [...new Set(stored.values())];

    let removed: string[];
    try {
      removed = await q.catalogWrite(this.ctx.db, (trx) => this.write(trx, plan, stored, adminId));
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
    const rows: ImportRow[] = [];
    for (const record of table.records) {
      const checked = checkRow(table, record);
      rows.push(checked.row);
      problems.push(...checked.problems);
    }
    const problem = (row: number, column: RowProblem['column'], message: string) => problems.push({ row, column, message });

    // The same SKU or id twice in the file: the later row is the mistake.
    const skuRow = new Map<string, number>();
    const idRow = new Map<number, number>();
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

    // Create or update, by id or SKU.
    const db = this.ctx.db;
    const [holders, byId] = await Promise.all([
      iq.liveProductsBySku(db, [...skuRow.keys()]),
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

    const newPaths = await this.newPaths(rows);
    problems.sort((a, b) => a.row - b.row);
    return { fileName: importFileName(files.fileName), rows, problems, actions, newPaths, zip, zipEntries };
  }

  /** The category paths (and their beginnings) the rows name that the tree lacks, in the file's order. */
  private async newPaths(rows: ImportRow[]): Promise<string[][]> {
    const tree = await treeIndex(this.ctx.db);
    const seen = new Set<string>();
    const missing: string[][] = [];
    for (const row of rows) {
      for (let depth = 1; depth <= row.path.length; depth += 1) {
        const prefix = row.path.slice(0, depth);
        const key = pathKey(prefix);
        if (tree.has(key) || seen.has(key)) continue;
        seen.add(key);
        missing.push(prefix);
      }
    }
    return missing;
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

  /** Inside the transaction: categories, products, images, the audit entry. Returns the image base names updates dropped. */
  private async write(trx: q.Db, plan: Plan, stored: Map<string, string>, adminId: number): Promise<string[]> {
    const now = isoNow(this.ctx.clock);
    let current = 0; // the row being written, for the answer should a statement fail
    try {
      // The tree as it is now (another admin may have changed it since the check), completed.
      const tree = await treeIndex(trx);
      let categoriesCreated = 0;
      const ensurePath = async (path: string[]) => {
        const ids: number[] = [];
        for (let depth = 1; depth <= path.length; depth += 1) {
          const key = pathKey(path.slice(0, depth));
          let id = tree.get(key);
          if (id === undefined) {
            const name = path[depth - 1]!;
            const parent = ids[depth - 2]!;
            id =
              depth === 1
                ? await cq.insertCategory(trx, name, categoryKey(name), now)
                : depth === 2
                  ? await cq.insertSubCategory(trx, parent, name, categoryKey(name), now)
                  : await cq.insertChildCategory(trx, parent, name, categoryKey(name), now);
            tree.set(key, id);
            categoriesCreated += 1;
          }
          ids.push(id);
        }
        return { categoryId: ids[0]!, subCategoryId: ids[1] ?? null, childCategoryId: ids[2] ?? null };
      };

      // Who the rows update, as it is now.
      const holders = await iq.liveProductsBySku(
        trx,
        plan.rows.map((row) => row.sku.toLowerCase()),
      );
      const byId = await iq.liveProductsById(
        trx,
        plan.rows.flatMap((row) => (row.id === undefined ? [] : [row.id])),
      );
      const updateIds = plan.rows.flatMap((row) => {
        const target = row.id ?? holders.get(row.sku.toLowerCase())?.id;
        return target === undefined ? [] : [target];
      });
      const imagesBefore = await q.imagesOf(trx, updateIds);

      const newImages: { product_id: number; position: number; base_name: string }[] = [];
      const removed: string[] = [];
      const creates: { row: ImportRow; product: q.NewProduct; bases: string[] }[] = [];
      const currentRows = new Map((await q.productRows(trx, updateIds)).map((product) => [product.id, product]));
      let updated = 0;
      const productEntries: AuditRecord[] = [];
      // Updates first (one may free a SKU a new product takes), each writing only what changed.
      for (const row of plan.rows) {
        current = row.row;
        const where = await ensurePath(row.path);
        const bases = row.images?.map((ref, index) =>
          ref.kind === 'stored' ? ref.base : stored.get(plan.zipEntries.get(row.row)?.[index]?.path ?? '')!,
        );
        const target = row.id ?? holders.get(row.sku.toLowerCase())?.id;
        if (row.id !== undefined && !byId.has(row.id)) throw rowFailed(row.row); // deleted since the check
        if (target === undefined) {
          creates.push({
            row,
            bases: bases ?? [],
            product: {
              name: row.name,
              description: row.description,
              price_paisa: row.pricePaisa!,
              category_id: where.categoryId,
              sub_category_id: where.subCategoryId,
              child_category_id: where.childCategoryId,
              is_featured: row.featured ? 1 : 0,
              stock: row.stock ?? null,
              // Always named (null: none), so every row of a multi-row INSERT has the same columns.
              warranty: row.warranty ?? null,
              low_stock_threshold: row.lowStockThreshold ?? null,
              max_per_order: row.maxPerOrder ?? null,
              sku: row.sku,
              created_at: now,
              updated_at: now,
            },
          });
          continue;
        }
        const was = currentRows.get(target);
        if (!was) throw rowFailed(row.row);
        const patch = changes(was, row, where);
        if (Object.keys(patch).length > 0 && !(await q.updateProduct(trx, target, patch, now))) throw rowFailed(row.row);
        const before = imagesBefore.get(target) ?? [];
        const imagesChanged =
          bases !== undefined && (bases.length !== before.length || bases.some((base, i) => before[i] !== base));
        if (imagesChanged) {
          await q.replaceImages(trx, target, bases);
          removed.push(...before.filter((base) => !bases.includes(base)));
        }
        // The product's own history shows what the file changed in it (a price, a stock), as an edit would.
        const moved =
          patch.category_id !== undefined || patch.sub_category_id !== undefined || patch.child_category_id !== undefined;
        const fieldChanges = changedFields(productSnapshot(was, before.length), {
          ...productSnapshot({ ...was, ...patch }, imagesChanged ? bases.length : before.length),
          ...(moved ? { category: categoryPath(...row.path) } : {}),
        });
        if (Object.keys(fieldChanges).length > 0) {
          productEntries.push({
            adminId,
            action: 'product.update',
            entityType: 'product',
            entityId: target,
            summary: row.name,
            changes: fieldChanges,
            note: plan.fileName,
            at: now,
          });
        }
        updated += 1;
      }
      // New products in multi-row statements. Should one refuse, its statement is undone to a savepoint
      // and its rows are written one by one, so the answer can name the row that failed.
      for (let start = 0; start < creates.length; start += CREATE_CHUNK) {
        const chunk = creates.slice(start, start + CREATE_CHUNK);
        current = chunk[0]!.row.row;
        let ids: number[];
        await sql`savepoint import_rows`.execute(trx);
        try {
          ids = await q.insertProducts(
            trx,
            chunk.map((create) => create.product),
          );
          await sql`release savepoint import_rows`.execute(trx);
        } catch (error) {
          if (!(uniqueViolation(error) || isConstraint(error))) throw error;
          await sql`rollback to savepoint import_rows`.execute(trx);
          ids = [];
          for (const create of chunk) {
            current = create.row.row;
            ids.push(await q.insertProduct(trx, create.product));
          }
        }
        chunk.forEach((create, index) =>
          create.bases.forEach((base_name, position) => newImages.push({ product_id: ids[index]!, position, base_name })),
        );
      }
      const created = creates.length;
      current = 0;
      await q.insertImages(trx, newImages);
      await recordAudits(trx, productEntries);
      await recordImportAudit(trx, {
        adminId,
        fileName: plan.fileName,
        rows: plan.rows.length,
        created,
        updated,
        categoriesCreated,
        at: now,
      });
      return removed;
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A constraint (a SKU taken since the check, a trigger) refused a row: the transaction is undone.
      if (current > 0 && (uniqueViolation(error) || isConstraint(error))) throw rowFailed(current);
      throw error;
    }
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

/** New products per INSERT statement (14 values each: well within both databases' limits). */
const CREATE_CHUNK = 400;

/** The columns of a product an update row changes (only what differs; the file's absent columns stay). */
function changes(
  was: q.ProductRow,
  row: ImportRow,
  where: { categoryId: number; subCategoryId: number | null; childCategoryId: number | null },
) {
  const patch: q.ProductPatch = {};
  if (was.sku !== row.sku) patch.sku = row.sku;
  if (was.name !== row.name) patch.name = row.name;
  if (was.description !== row.description) patch.description = row.description;
  if (was.price_paisa !== row.pricePaisa) patch.price_paisa = row.pricePaisa!;
  if (was.category_id !== where.categoryId) patch.category_id = where.categoryId;
  if (was.sub_category_id !== where.subCategoryId) patch.sub_category_id = where.subCategoryId;
  if (was.child_category_id !== where.childCategoryId) patch.child_category_id = where.childCategoryId;
  if (row.stock !== undefined && was.stock !== row.stock) patch.stock = row.stock;
  if (row.featured !== undefined && was.is_featured !== (row.featured ? 1 : 0)) patch.is_featured = row.featured ? 1 : 0;
  if (row.warranty !== undefined && was.warranty !== row.warranty) patch.warranty = row.warranty;
  if (row.lowStockThreshold !== undefined && was.low_stock_threshold !== row.lowStockThreshold) {
    patch.low_stock_threshold = row.lowStockThreshold;
  }
  if (row.maxPerOrder !== undefined && was.max_per_order !== row.maxPerOrder) patch.max_per_order = row.maxPerOrder;
  return patch;
}

const rowFailed = (row: number) => new AppError(409, 'IMPORT_FAILED', IMPORT_MESSAGES.rowFailed(row), undefined, { row });

/** A refusal of the database's rules (SQLite's SQLITE_CONSTRAINT_*, PostgreSQL's class 23 and RAISE EXCEPTION). */
function isConstraint(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('23') || code === 'P0001');
}

/** A ZIP image's problem before it is processed (declared size, type sniffed from its bytes), or undefined. */
async function sniff(zip: ZipImages, entry: ZipEntry, name: string): Promise<string | undefined> {
  if (entry.size > MAX_IMAGE_BYTES) return IMPORT_MESSAGES.imageTooLarge(name);
  const bytes = await zip.read(entry);
  if (!bytes) return IMPORT_MESSAGES.imageUnreadable(name);
  return sniffImageType(bytes) ? undefined : IMPORT_MESSAGES.imageNotImage(name);
}

/** Every live node of the tree by the key of its path (pathKey of rows.ts) → its id. */
async function treeIndex(db: q.Db): Promise<Map<string, number>> {
  const { categories, subs, children } = await cq.loadTree(db);
  const index = new Map<string, number>();
  const categoryPath = new Map<number, string[]>();
  const subPath = new Map<number, string[]>();
  for (const category of categories) {
    categoryPath.set(category.id, [category.name]);
    index.set(pathKey([category.name]), category.id);
  }
  for (const sub of subs) {
    const parent = categoryPath.get(sub.category_id);
    if (!parent) continue;
    const path = [...parent, sub.name];
    subPath.set(sub.id, path);
    index.set(pathKey(path), sub.id);
  }
  for (const child of children) {
    const parent = subPath.get(child.sub_category_id);
    if (parent) index.set(pathKey([...parent, child.name]), child.id);
  }
  return index;
}

function report(plan: Plan, outcome: { dryRun: boolean; applied: boolean }): ImportReport {
  const errorsByRow = new Map<number, RowProblem[]>();
  for (const problem of plan.problems) errorsByRow.set(problem.row, [...(errorsByRow.get(problem.row) ?? []), problem]);
  let creates = 0;
  let updates = 0;
  for (const action of plan.actions.values()) {
    if (action.action === 'create') creates += 1;
    else updates += 1;
  }
  const preview: ImportPreviewRow[] = plan.rows.slice(0, IMPORT_PREVIEW_ROWS).map((row) => {
    const action = plan.actions.get(row.row) ?? { action: 'create', productId: null };
    return {
      row: row.row,
      action: action.action,
      productId: action.productId,
      sku: row.sku,
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
    rows: plan.rows.length,
    creates,
    updates,
    errorRows: errorsByRow.size,
    newCategories: plan.newPaths.map((path) => path.join(CATEGORY_PATH_SEPARATOR)),
    errors: plan.problems,
    preview,
  };
}
