import { sql } from 'kysely';
import { categoryKey } from '../../../../shared/catalog.js';
import { IMPORT_MESSAGES } from '../../../../shared/product-csv.js';
import { uniqueViolation } from '../../../lib/db-errors.js';
import { AppError } from '../../../lib/errors.js';
import { type AuditRecord, changedFields, recordAudit, recordAudits } from '../../audit/service.js';
import { categoryPath, productSnapshot } from '../audit-snapshot.js';
import * as cq from '../category-queries.js';
import * as q from '../queries.js';
import type { Plan } from './import-plan.js';
import * as iq from './queries.js';
import { type CategoryWhere, rowPatch } from './row-changes.js';
import { type ImportRow, pathKey } from './rows.js';
import { baseNameOf } from '../../../lib/images.js';
import type { SpecsService } from '../specs/service.js';
import type { VariantService } from '../variants/service.js';

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

/** The products a file's rows update, as they are inside the transaction. */
interface Targets {
  holders: Awaited<ReturnType<typeof iq.liveProductsBySku>>;
  byId: Awaited<ReturnType<typeof iq.liveProductsById>>;
  imagesBefore: Awaited<ReturnType<typeof q.imagesOf>>;
  currentRows: Map<number, q.ProductRow>;
}

/**
 * One applied import's writes, inside its one transaction: the missing category levels, the
 * updated products, the new ones, their images and the audit entries. Should a statement fail on a
 * constraint (a SKU taken since the check), the answer names the row being written.
 */
export class ImportWriter {
  /** The row being written, for the answer should a statement fail (0: none). */
  private current = 0;
  private tree = new Map<string, number>();
  private categoriesCreated = 0;
  private updated = 0;
  private readonly creates: { row: ImportRow; product: q.NewProduct; bases: string[] }[] = [];
  /** New products' variants, brands and specifications, written once they have their ids. */
  private readonly createdExtras: { row: ImportRow; productId: number; categoryId: number }[] = [];
  private readonly newImages: { product_id: number; position: number; base_name: string }[] = [];
  /** Image base names the updates dropped. */
  private readonly removed: string[] = [];
  private readonly productEntries: AuditRecord[] = [];

  constructor(
    private readonly trx: q.Db,
    private readonly plan: Plan,
    private readonly stored: Map<string, string>,
    private readonly adminId: number,
    private readonly now: string,
    private readonly services: { specs: SpecsService; variants: VariantService },
  ) {}

  /** Writes the file; returns the image base names updates dropped. */
  async run(): Promise<string[]> {
    try {
      // The tree as it is now (another admin may have changed it since the check), completed.
      this.tree = await treeIndex(this.trx);
      const targets = await this.loadTargets();
      // Updates first (one may free a SKU a new product takes), each writing only what changed;
      // a row the preview found unchanged is not looked at again.
      for (const row of this.plan.rows) if (!this.plan.unchanged.has(row.row)) await this.writeRow(row, targets);
      await this.insertNewProducts();
      for (const created of this.createdExtras) {
        this.current = created.row.row;
        await this.writeExtras(created.row, created.productId, created.categoryId, undefined);
      }
      this.current = 0;
      await this.recordImagesAndAudit();
      return this.removed;
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A constraint (a SKU taken since the check, a trigger) refused a row: the transaction is undone.
      if (this.current > 0 && (uniqueViolation(error) || isConstraint(error))) throw rowFailed(this.current);
      throw error;
    }
  }

  /** Who the rows update, as it is now, with their images and current columns. */
  private async loadTargets(): Promise<Targets> {
    const holders = await iq.liveProductsBySku(
      this.trx,
      this.plan.rows.flatMap((row) => (row.sku ? [row.sku.toLowerCase()] : [])),
    );
    const byId = await iq.liveProductsById(
      this.trx,
      this.plan.rows.flatMap((row) => (row.id === undefined ? [] : [row.id])),
    );
    const updateIds = this.plan.rows.flatMap((row) => {
      const target = row.id ?? (row.sku ? holders.get(row.sku.toLowerCase())?.id : undefined);
      return target === undefined ? [] : [target];
    });
    const imagesBefore = await q.imagesOf(this.trx, updateIds);
    const currentRows = new Map((await q.productRows(this.trx, updateIds)).map((product) => [product.id, product]));
    return { holders, byId, imagesBefore, currentRows };
  }

  /** One row: its category path made, then an update written now or a new product kept for the inserts. */
  private async writeRow(row: ImportRow, targets: Targets): Promise<void> {
    this.current = row.row;
    const where = await this.ensurePath(row.path);
    const bases = row.images?.map((ref, index) =>
      ref.kind === 'stored' ? ref.base : this.stored.get(this.plan.zipEntries.get(row.row)?.[index]?.path ?? '')!,
    );
    const target = row.id ?? (row.sku ? targets.holders.get(row.sku.toLowerCase())?.id : undefined);
    if (row.id !== undefined && !targets.byId.has(row.id)) throw rowFailed(row.row); // deleted since the check
    if (target === undefined) {
      this.creates.push({ row, bases: bases ?? [], product: this.newProduct(row, where) });
      return;
    }
    await this.updateProduct(row, target, where, bases, targets);
  }

  /** The category levels of a path, made where missing; the ids of its levels. */
  private async ensurePath(path: string[]): Promise<CategoryWhere> {
    const ids: number[] = [];
    for (let depth = 1; depth <= path.length; depth += 1) {
      const key = pathKey(path.slice(0, depth));
      let id = this.tree.get(key);
      if (id === undefined) {
        const name = path[depth - 1]!;
        const parent = ids[depth - 2]!;
        id =
          depth === 1
            ? await cq.insertCategory(this.trx, name, null, categoryKey(name), this.now)
            : depth === 2
              ? await cq.insertSubCategory(this.trx, parent, name, null, categoryKey(name), this.now)
              : await cq.insertChildCategory(this.trx, parent, name, null, categoryKey(name), this.now);
        this.tree.set(key, id);
        this.categoriesCreated += 1;
      }
      ids.push(id);
    }
    return { categoryId: ids[0]!, subCategoryId: ids[1] ?? null, childCategoryId: ids[2] ?? null };
  }

  /**
   * A product's variants (merged into its live ones: VariantService writes them and the product's
   * sums) and its brand and specifications, in the import's transaction.
   */
  private async writeExtras(row: ImportRow, productId: number, categoryId: number, images: string[] | undefined): Promise<void> {
    const work = this.plan.variants.get(row.row);
    if (work) {
      // A live variant shows only images its product still has (the row may have replaced them).
      // The file's far price moves were listed and confirmed before any write (import-report.ts), so
      // the variants' own confirmation is the file's.
      const input = {
        ...work.input,
        confirmPriceChange: true,
        ...(images && {
          variants: work.input.variants.map((variant) => ({
            ...variant,
            images: variant.images.filter((address) => images.includes(baseNameOf(address) ?? '')),
          })),
        }),
      };
      await this.services.variants.writeIn(this.trx, productId, input, { adminId: this.adminId }, this.now);
    }
    const prepared = this.plan.specs.get(row.row);
    if (prepared) await this.services.specs.writeProductSpecs(this.trx, productId, categoryId, prepared);
  }

  private newProduct(row: ImportRow, where: CategoryWhere): q.NewProduct {
    const sums = this.plan.variants.get(row.row)?.sums;
    return {
      name: row.name,
      description: row.description,
      price_paisa: sums?.pricePaisa ?? row.pricePaisa!,
      category_id: where.categoryId,
      sub_category_id: where.subCategoryId,
      child_category_id: where.childCategoryId,
      is_featured: row.featured ? 1 : 0,
      stock: sums ? sums.stock : (row.stock ?? null),
      // Always named (null: none), so every row of a multi-row INSERT has the same columns.
      warranty: row.warranty ?? null,
      low_stock_threshold: row.lowStockThreshold ?? null,
      max_per_order: row.maxPerOrder ?? null,
      sku: row.sku,
      created_at: this.now,
      updated_at: this.now,
    };
  }

  /** Writes what the row changes in an existing product, its images, and the product's own audit entry. */
  private async updateProduct(
    row: ImportRow,
    target: number,
    where: CategoryWhere,
    bases: string[] | undefined,
    targets: Targets,
  ): Promise<void> {
    const was = targets.currentRows.get(target);
    if (!was) throw rowFailed(row.row);
    // A product's variant rows write its variants; its own price and stock are their sums.
    const own = row.options ? { ...row, pricePaisa: was.price_paisa, stock: undefined } : row;
    const patch = rowPatch(was, own, where);
    if (Object.keys(patch).length > 0 && !(await q.updateProduct(this.trx, target, patch, this.now))) throw rowFailed(row.row);
    const before = targets.imagesBefore.get(target) ?? [];
    const imagesChanged = bases !== undefined && (bases.length !== before.length || bases.some((base, i) => before[i] !== base));
    if (imagesChanged) {
      await q.replaceImages(this.trx, target, bases);
      this.removed.push(...before.filter((base) => !bases.includes(base)));
    }
    await this.writeExtras(row, target, where.categoryId, imagesChanged ? bases : undefined);
    // The product's own history shows what the file changed in it (a price, a stock), as an edit would.
    const moved = patch.category_id !== undefined || patch.sub_category_id !== undefined || patch.child_category_id !== undefined;
    const fieldChanges = changedFields(productSnapshot(was, before.length), {
      ...productSnapshot({ ...was, ...patch }, imagesChanged ? bases.length : before.length),
      ...(moved ? { category: categoryPath(...row.path) } : {}),
    });
    if (Object.keys(fieldChanges).length > 0) {
      this.productEntries.push({
        adminId: this.adminId,
        action: 'product.update',
        entityType: 'product',
        entityId: target,
        summary: row.name,
        changes: fieldChanges,
        note: this.plan.fileName,
        at: this.now,
      });
    }
    this.updated += 1;
  }

  /**
   * New products in multi-row statements. Should one refuse, its statement is undone to a savepoint
   * and its rows are written one by one, so the answer can name the row that failed.
   */
  private async insertNewProducts(): Promise<void> {
    const trx = this.trx;
    for (let start = 0; start < this.creates.length; start += CREATE_CHUNK) {
      const chunk = this.creates.slice(start, start + CREATE_CHUNK);
      this.current = chunk[0]!.row.row;
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
          this.current = create.row.row;
          ids.push(await q.insertProduct(trx, create.product));
        }
      }
      chunk.forEach((create, index) => {
        create.bases.forEach((base_name, position) => this.newImages.push({ product_id: ids[index]!, position, base_name }));
        if (this.plan.variants.has(create.row.row) || this.plan.specs.has(create.row.row)) {
          this.createdExtras.push({ row: create.row, productId: ids[index]!, categoryId: create.product.category_id });
        }
      });
    }
  }

  /** The new products' images, the updated products' audit entries and the import's own. */
  private async recordImagesAndAudit(): Promise<void> {
    await q.insertImages(this.trx, this.newImages);
    await recordAudits(this.trx, this.productEntries);
    await recordImportAudit(this.trx, {
      adminId: this.adminId,
      fileName: this.plan.fileName,
      rows: this.plan.rows.length,
      created: this.creates.length,
      updated: this.updated,
      categoriesCreated: this.categoriesCreated,
      at: this.now,
    });
  }
}

/** New products per INSERT statement (14 values each: well within both databases' limits). */
const CREATE_CHUNK = 400;

const rowFailed = (row: number) => new AppError(409, 'IMPORT_FAILED', IMPORT_MESSAGES.rowFailed(row), undefined, { row });

/** A refusal of the database's rules (SQLite's SQLITE_CONSTRAINT_*, PostgreSQL's class 23 and RAISE EXCEPTION). */
function isConstraint(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('23') || code === 'P0001');
}

/** Every live node of the tree by the key of its path (pathKey of rows.ts) → its id. */
export async function treeIndex(db: q.Db): Promise<Map<string, number>> {
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
