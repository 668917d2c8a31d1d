import {
  AUDIT_MESSAGES,
  type AuditChanges,
  type AuditUndoResponse,
  type AuditValue,
  canUndo,
  undoNote,
} from '../../../../shared/audit.js';
import { CATALOG_MESSAGES } from '../../../../shared/catalog.js';
import type { AppContext } from '../../../context.js';
import { isoNow } from '../../../lib/clock.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { type Actor, findAuditEntry, recordAudit } from '../../audit/service.js';
import * as q from '../queries.js';
import * as uq from './queries.js';

/**
 * Undo in a product's history (POST /api/admin/audit/:id/undo): a 'product.update' entry's price and
 * stock changes are put back to their "before" values, only while the product still has the
 * entry's "after" values (a sale, an import or another edit since: 409, nothing written). The undo is
 * a write of its own: a 'product.undo' entry in the same transaction, naming the entry it undid.
 * The entry's other fields (a name, a description) are not touched.
 */
export class ProductUndoService {
  constructor(private readonly ctx: AppContext) {}

  async undo(entryId: number, actor: Actor): Promise<AuditUndoResponse> {
    const entry = await findAuditEntry(this.ctx.db, entryId);
    if (!entry) throw notFound(AUDIT_MESSAGES.entryNotFound);
    const productId = Number(entry.entityId);
    const fields = entry.entityType === 'product' && canUndo(entry) ? putBackOf(entry.changes) : undefined;
    if (!fields || !Number.isSafeInteger(productId)) throw new AppError(409, 'NOT_UNDOABLE', AUDIT_MESSAGES.notUndoable);

    const changes: AuditChanges = {};
    if (fields.pricePaisa) changes.price = [fields.pricePaisa.now / 100, fields.pricePaisa.back / 100];
    if (fields.stock) changes.stock = [fields.stock.now, fields.stock.back];
    await q.catalogWrite(this.ctx.db, async (trx) => {
      const name = await uq.liveProductName(trx, productId);
      if (name === undefined) throw notFound(CATALOG_MESSAGES.productNotFound);
      const now = isoNow(this.ctx.clock);
      if (!(await uq.putBack(trx, productId, fields, now))) {
        throw new AppError(409, 'CHANGED_SINCE', AUDIT_MESSAGES.changedSince);
      }
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'product.undo',
        entityType: 'product',
        entityId: productId,
        summary: name,
        changes,
        note: undoNote(entry.id),
        at: now,
      });
    });
    return { productId, changes };
  }
}

const isCount = (value: AuditValue | undefined): value is number | null =>
  value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);
const isPrice = (value: AuditValue | undefined): value is number => typeof value === 'number' && value > 0;

/** The entry's price and stock changes as values to put back (rupees → paisa), or undefined when it has none. */
function putBackOf(changes: AuditChanges): uq.PutBack | undefined {
  const fields: uq.PutBack = {};
  const price = changes.price;
  if (price && isPrice(price[0]) && isPrice(price[1])) {
    fields.pricePaisa = { now: Math.round(price[1] * 100), back: Math.round(price[0] * 100) };
  }
  const stock = changes.stock;
  if (stock && isCount(stock[0]) && isCount(stock[1])) fields.stock = { now: stock[1], back: stock[0] };
  return fields.pricePaisa || fields.stock ? fields : undefined;
}
