import { CATALOG_MESSAGES } from '../../../shared/catalog.js';
import {
  ARCHIVE_MESSAGES,
  ARCHIVE_RESTORE_MS,
  type ArchivedProductPage,
  type ArchivedQuery,
} from '../../../shared/product-archive.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import * as aq from './archive-queries.js';
import * as cq from './category-queries.js';
import type { CategoryService } from './category-service.js';
import { toProduct } from './product-answer.js';
import * as q from './queries.js';

/**
 * Archived products (deleted ones, kept ARCHIVE_RESTORE_DAYS): archiving one, the admin's list of
 * them and bringing one back into the shop.
 */
export class ProductArchive {
  constructor(
    private readonly ctx: AppContext,
    private readonly categories: CategoryService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * The API's delete (shared/product-archive.ts): the product leaves the shop at once; its row and
   * images stay for the orders that hold it, and restore() brings it back within
   * ARCHIVE_RESTORE_DAYS. 404 when it is not a live product.
   */
  async archive(id: number, actor?: Actor): Promise<void> {
    const archived = await q.catalogWrite(this.db, async (trx) => {
      const row = actor ? await q.liveProductRow(trx, id) : undefined;
      const now = isoNow(this.ctx.clock);
      if (!(await q.softDeleteProduct(trx, id, now))) return false;
      if (actor && row) {
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'product.archive',
          entityType: 'product',
          entityId: id,
          summary: row.name,
          changes: { archived: [false, true] },
          at: now,
        });
      }
      return true;
    });
    if (!archived) throw notFound(CATALOG_MESSAGES.productNotFound);
  }

  /** The products that can still be restored, newest archive first (GET /api/admin/products/archived). */
  async list(query: ArchivedQuery): Promise<ArchivedProductPage> {
    const since = new Date(this.ctx.clock.now().getTime() - ARCHIVE_RESTORE_MS).toISOString();
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const [rows, total] = await Promise.all([
      aq.archivedIds(this.db, since, pageSize, (page - 1) * pageSize),
      aq.countArchived(this.db, since),
    ]);
    const ids = rows.map((row) => Number(row.id));
    const [products, images] = await Promise.all([q.productRows(this.db, ids), q.imagesOf(this.db, ids)]);
    const archivedAt = new Map(rows.map((row) => [Number(row.id), row.deleted_at ?? '']));
    return {
      products: products.map((row) => {
        const at = archivedAt.get(row.id) ?? '';
        return {
          ...toProduct(row, images.get(row.id) ?? [], this.ctx.config.imageBaseUrl),
          archivedAt: at,
          restorableUntil: new Date(Date.parse(at) + ARCHIVE_RESTORE_MS).toISOString(),
        };
      }),
      total,
      page,
      pageSize,
      totalPages: Math.ceil(total / pageSize),
    };
  }

  /**
   * POST /api/admin/products/:id/restore: an archived product back in the shop (the catalogue
   * version moves, so every list shows it again). 404 unknown; 409 live already, archived more than
   * ARCHIVE_RESTORE_DAYS ago, or a level of its category path deleted with no live one of the same
   * name in its place (one with that name is taken instead: the shop knows categories by name).
   */
  async restore(id: number, actor?: Actor): Promise<void> {
    await q.catalogWrite(this.db, async (trx) => {
      const row = await aq.productWithPath(trx, id);
      if (!row) throw notFound(CATALOG_MESSAGES.productNotFound);
      if (row.deleted_at === null) throw conflict(ARCHIVE_MESSAGES.notArchived);
      const now = isoNow(this.ctx.clock);
      if (Date.parse(row.deleted_at) + ARCHIVE_RESTORE_MS < Date.parse(now)) throw conflict(ARCHIVE_MESSAGES.tooLate);
      const path = await this.livePathOf(trx, row);
      if (!(await aq.restoreProduct(trx, id, path, now))) throw conflict(ARCHIVE_MESSAGES.notArchived);
      if (actor) {
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'product.restore',
          entityType: 'product',
          entityId: id,
          summary: row.name,
          changes: { archived: [true, false] },
          at: now,
        });
      }
    });
  }

  /** The live category path of an archived product: each deleted level replaced by a live one of its name, or 409. */
  private async livePathOf(trx: q.Db, row: aq.ProductWithPath) {
    const level = async (
      table: 'categories' | 'sub_categories' | 'child_categories',
      label: 'category' | 'subcategory' | 'child category',
      id: number,
      name: string,
      key: string,
      deletedAt: string | null,
      parentId?: number,
    ): Promise<number> => {
      if (deletedAt === null) return id;
      const again = await cq.findByKey(trx, table, key, parentId);
      if (!again) throw conflict(ARCHIVE_MESSAGES.categoryGone(label, name));
      return again.id;
    };
    const categoryId = await level(
      'categories',
      'category',
      row.category_id,
      row.category_name,
      row.category_key,
      row.category_deleted_at,
    );
    let subId: number | null = null;
    if (row.sub_category_id !== null) {
      subId = await level(
        'sub_categories',
        'subcategory',
        row.sub_category_id,
        row.sub_category_name ?? '',
        row.sub_category_key ?? '',
        row.sub_category_deleted_at,
        categoryId,
      );
    }
    let childId: number | null = null;
    if (row.child_category_id !== null && subId !== null) {
      childId = await level(
        'child_categories',
        'child category',
        row.child_category_id,
        row.child_category_name ?? '',
        row.child_category_key ?? '',
        row.child_category_deleted_at,
        subId,
      );
    }
    // A live level under a parent that was replaced would be a path the tree does not have.
    await this.categories.assertPath(categoryId, subId, childId, trx);
    return { category_id: categoryId, sub_category_id: subId, child_category_id: childId };
  }
}
