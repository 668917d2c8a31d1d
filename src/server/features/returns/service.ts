import type { Transaction } from 'kysely';
import { ORDER_MESSAGES, soldName } from '../../../shared/orders.js';
import {
  ADMIN_RETURNS_PAGE_SIZE,
  type AdminReturn,
  type AdminReturnPage,
  RETURN_MESSAGES,
  RETURN_PHOTOS_MAX,
  type Return,
  type ReturnRequest,
  type ReturnStatus,
  type ReturnableLine,
  type ReturnsOfOrder,
  returnRequestSchema,
} from '../../../shared/returns.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isoNow } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { type ProcessedImage, deleteImages, imageAddress, processImage, storeImages } from '../../lib/images.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { recordAudit } from '../audit/service.js';
import { recordStatusChange } from '../orders/queries.js';
import { restockReturned, takeReplacement } from '../orders/stock.js';
import { tellShopper } from './notify.js';
import * as q from './queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type Trx = Transaction<Database>;

/** The admin's steps: where a return must be for each, where it goes, and the audit's action. */
const STEPS = {
  approve: { from: ['requested'], action: 'return.approve' },
  reject: { from: ['requested'], action: 'return.reject' },
  receive: { from: ['approved'], action: 'return.receive' },
  settle: { from: ['received'], action: 'return.settle' },
  refunded: { from: ['refund_due'], action: 'return.refunded' },
} as const satisfies Record<string, { from: readonly ReturnStatus[]; action: string }>;

/**
 * Returns of delivered goods (ADR 0049). A request holds its units on the order's lines with a
 * conditional UPDATE (queries.holdUnits) in the transaction that locks the order, so the same
 * units are never in two live returns, whatever runs in parallel. Every step is one transaction:
 * the return's row moves only from the step it must be at (a second click is 409), the stock and
 * the money follow, the order's history and the audit log record it, and the shopper's mail is
 * queued with it (notify.ts).
 */
export class ReturnService {
  constructor(private readonly ctx: AppContext) {}

  // -------------------------------------------------------------------------------------------
  // The shopper's side

  async ofOrder(userId: number, orderId: string): Promise<ReturnsOfOrder> {
    const order = await this.shoppersOrder(this.ctx.db, userId, orderId);
    const delivered = await q.deliveredAt(this.ctx.db, order);
    const lines = delivered ? await q.linesOf(this.ctx.db, orderId) : [];
    return {
      returns: await this.answers(await q.returnsOfOrder(this.ctx.db, orderId)),
      lines: lines.map((line): ReturnableLine => {
        const days = this.daysOf(line);
        return {
          orderItemId: line.id,
          name: line.product_name,
          variantLabel: line.variant_label,
          bought: line.quantity,
          left: line.quantity - line.returned_quantity,
          until: days > 0 && delivered ? new Date(Date.parse(delivered) + days * DAY_MS).toISOString() : null,
        };
      }),
      deliveredAt: delivered,
    };
  }

  async request(userId: number, orderId: string, raw: ReturnRequest): Promise<Return> {
    const input = returnRequestSchema.parse(raw);
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await q.lockOrder(trx, orderId);
      if (!order || order.user_id !== userId) throw notFound(ORDER_MESSAGES.orderNotFound);
      const delivered = await q.deliveredAt(trx, order);
      if (!delivered) throw conflict(RETURN_MESSAGES.notDelivered);
      const now = isoNow(this.ctx.clock);
      const lines = new Map((await q.linesOf(trx, orderId)).map((line) => [line.id, line]));
      let refundPaisa = 0;
      for (const item of input.items) {
        const line = lines.get(item.orderItemId);
        if (!line) throw badRequest(RETURN_MESSAGES.notInOrder, { items: RETURN_MESSAGES.notInOrder });
        const name = soldName(line.product_name, line.variant_label);
        const days = this.daysOf(line);
        if (days === 0) throw conflict(RETURN_MESSAGES.notReturnable(name));
        if (Date.parse(now) > Date.parse(delivered) + days * DAY_MS) throw conflict(RETURN_MESSAGES.windowClosed);
        if (!(await q.holdUnits(trx, line.id, item.quantity))) {
          const left = Math.max(0, line.quantity - line.returned_quantity);
          throw badRequest(RETURN_MESSAGES.tooMany(name, left), { items: RETURN_MESSAGES.tooMany(name, left) });
        }
        // The line's price less its share of the order's coupon, for these units.
        refundPaisa += line.unit_price_paisa * item.quantity - Math.round((line.discount_paisa * item.quantity) / line.quantity);
      }
      const returnId = await q.insertReturn(
        trx,
        {
          order_id: orderId,
          user_id: userId,
          reason: input.reason,
          note: input.note,
          refund_paisa: refundPaisa,
          decision_note: null,
          created_at: now,
          updated_at: now,
        },
        input.items,
      );
      await recordStatusChange(trx, {
        orderId,
        adminId: null,
        userId,
        from: '',
        to: 'requested',
        at: now,
        kind: 'return',
        note: `Return #${returnId}`,
      });
      await this.tell(trx, returnId);
      return returnId;
    });
    this.ctx.jobs.wake();
    return this.one(id);
  }

  /** Replaces a waiting return's photos (0–3, through the image pipeline as a review's). */
  async setPhotos(userId: number, orderId: string, returnId: number, files: Buffer[]): Promise<Return> {
    if (files.length > RETURN_PHOTOS_MAX)
      throw badRequest(RETURN_MESSAGES.tooManyPhotos, { photos: RETURN_MESSAGES.tooManyPhotos });
    const row = await q.returnById(this.ctx.db, returnId);
    if (!row || row.user_id !== userId || row.order_id !== orderId) throw notFound(RETURN_MESSAGES.notFound);
    const processed: ProcessedImage[] = [];
    // One at a time: each decode may take tens of MB; the server has few cores.
    for (const bytes of files) processed.push(await processImage(bytes));
    const added = processed.map((image) => image.baseName);
    await storeImages(this.ctx.storage, processed);
    let replaced: string[];
    try {
      replaced = await this.ctx.db.transaction().execute(async (trx) => {
        await q.lockOrder(trx, orderId);
        const current = await q.returnById(trx, returnId);
        if (current?.status !== 'requested') throw conflict(RETURN_MESSAGES.photosAfterRequest);
        return q.replacePhotos(trx, returnId, added);
      });
    } catch (error) {
      await deleteImages(this.ctx.storage, added);
      throw error;
    }
    await deleteImages(this.ctx.storage, replaced);
    return this.one(returnId);
  }

  // -------------------------------------------------------------------------------------------
  // The admin's side

  async adminList(status: ReturnStatus | undefined, page: number): Promise<AdminReturnPage> {
    const { rows, total } = await q.returnPage(
      this.ctx.db,
      status,
      ADMIN_RETURNS_PAGE_SIZE,
      (page - 1) * ADMIN_RETURNS_PAGE_SIZE,
    );
    return {
      returns: await this.adminAnswers(rows),
      total,
      page,
      pageSize: ADMIN_RETURNS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(total / ADMIN_RETURNS_PAGE_SIZE)),
    };
  }

  async adminOne(id: number): Promise<AdminReturn> {
    const row = await q.returnById(this.ctx.db, id);
    if (!row) throw notFound(RETURN_MESSAGES.notFound);
    return (await this.adminAnswers([row]))[0]!;
  }

  approve(adminId: number, id: number): Promise<AdminReturn> {
    return this.step(adminId, id, 'approve', async () => 'approved');
  }

  /** Rejected with the shop's reason: its units may be asked for again. */
  reject(adminId: number, id: number, reason: string): Promise<AdminReturn> {
    return this.step(
      adminId,
      id,
      'reject',
      async (trx, row) => {
        for (const item of (await q.itemsOf(trx, [row.id])).get(row.id) ?? [])
          await q.releaseUnits(trx, item.order_item_id, item.quantity);
        return 'rejected';
      },
      reason,
    );
  }

  /** The goods are back: their units go into stock again, per variant where the line was one. */
  receive(adminId: number, id: number): Promise<AdminReturn> {
    return this.step(adminId, id, 'receive', async (trx, row) => {
      const items = (await q.itemsOf(trx, [row.id])).get(row.id) ?? [];
      await restockReturned(
        trx,
        items.map((item) => ({
          orderItemId: item.order_item_id,
          productId: item.product_id,
          variantId: item.variant_id,
          quantity: item.quantity,
          reserved: item.stock_reserved,
        })),
      );
      return 'received';
    });
  }

  /**
   * Settled by refund: money the shop took goes back (refund_due until the admin marks it
   * refunded, as an order's payment); none taken, it is done. By replacement: the same units leave
   * stock again (409 naming the product when there are none).
   */
  settle(adminId: number, id: number, settlement: 'refund' | 'replacement'): Promise<AdminReturn> {
    return this.step(adminId, id, 'settle', async (trx, row, order) => {
      if (settlement === 'refund') return order.payment_status === 'paid' ? 'refund_due' : 'refunded';
      for (const item of (await q.itemsOf(trx, [row.id])).get(row.id) ?? []) {
        const line = {
          orderItemId: item.order_item_id,
          productId: item.product_id,
          variantId: item.variant_id,
          quantity: item.quantity,
        };
        if (!(await takeReplacement(trx, line))) {
          throw conflict(RETURN_MESSAGES.replacementOutOfStock(soldName(item.product_name, item.variant_label)));
        }
      }
      return 'replaced';
    });
  }

  markRefunded(adminId: number, id: number): Promise<AdminReturn> {
    return this.step(adminId, id, 'refunded', async () => 'refunded');
  }

  /**
   * One admin step, in one transaction: the order locked (as the request locks it), the return
   * moved only from the step it must be at, `work` done, the order's history and the audit log
   * written and the shopper's mail queued. 404 for no such return, 409 when it is not at that step.
   */
  private async step(
    adminId: number,
    id: number,
    step: keyof typeof STEPS,
    work: (trx: Trx, row: q.ReturnRow, order: q.ReturnOrder) => Promise<ReturnStatus>,
    note?: string,
  ): Promise<AdminReturn> {
    const found = await q.returnById(this.ctx.db, id);
    if (!found) throw notFound(RETURN_MESSAGES.notFound);
    await this.ctx.db.transaction().execute(async (trx) => {
      const order = (await q.lockOrder(trx, found.order_id))!;
      const row = (await q.returnById(trx, id))!;
      const { from, action } = STEPS[step];
      if (!(from as readonly ReturnStatus[]).includes(row.status)) throw conflict(RETURN_MESSAGES.wrongStep);
      const to = await work(trx, row, order);
      const now = isoNow(this.ctx.clock);
      if (!(await q.moveReturn(trx, id, from, to, now, note))) throw conflict(RETURN_MESSAGES.wrongStep);
      await recordStatusChange(trx, {
        orderId: row.order_id,
        adminId,
        from: row.status,
        to,
        at: now,
        kind: 'return',
        note: note ? `Return #${id}: ${note}` : `Return #${id}`,
      });
      await recordAudit(trx, {
        adminId,
        action,
        entityType: 'return',
        entityId: id,
        summary: `${row.full_name} (${row.order_id})`,
        changes: {
          status: [row.status, to],
          ...(to === 'refund_due' || to === 'refunded' ? { refund: [null, row.refund_paisa / 100] } : {}),
        },
        note: note ?? null,
        at: now,
      });
      await this.tell(trx, id);
    });
    this.ctx.jobs.wake();
    return this.adminOne(id);
  }

  /** A category's own window (days, 0 for none, null for the shop's) and the shop's own days. */
  async categoryDays(categoryId: number): Promise<{ returnDays: number | null; shopReturnDays: number }> {
    const found = await q.categoryReturnDays(this.ctx.db, categoryId);
    if (!found) throw notFound(RETURN_MESSAGES.categoryNotFound);
    return { returnDays: found.days, shopReturnDays: this.ctx.config.returnDays };
  }

  /** A category's own window (days, 0 for none, null for the shop's), audited in its transaction. */
  async setCategoryDays(adminId: number, categoryId: number, days: number | null): Promise<number | null> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const changed = await q.setCategoryReturnDays(trx, categoryId, days);
      if (!changed) throw notFound(RETURN_MESSAGES.categoryNotFound);
      if (changed.before === days) return;
      await recordAudit(trx, {
        adminId,
        action: 'category.returnDays',
        entityType: 'category',
        entityId: categoryId,
        summary: changed.name,
        changes: { returnDays: [changed.before, days] },
        at: isoNow(this.ctx.clock),
      });
    });
    return days;
  }

  // -------------------------------------------------------------------------------------------

  private daysOf(line: q.LineRow): number {
    return line.return_days ?? this.ctx.config.returnDays;
  }

  private async shoppersOrder(db: q.Db, userId: number, orderId: string): Promise<q.ReturnOrder> {
    const order = await q.orderOf(db, orderId);
    if (!order || order.user_id !== userId) throw notFound(ORDER_MESSAGES.orderNotFound);
    return order;
  }

  /** Queues the shopper's mail of the return's step it is at now, in its transaction. */
  private async tell(trx: Trx, id: number): Promise<void> {
    const row = (await q.returnById(trx, id))!;
    const items = (await q.itemsOf(trx, [id])).get(id) ?? [];
    await tellShopper(this.ctx, trx, {
      to: row.email,
      storeName: this.ctx.config.store.name,
      locale: await mailLanguage(trx, row.user_id),
      fullName: row.full_name,
      orderId: row.order_id,
      returnId: id,
      status: row.status,
      reason: row.reason,
      items: items.map((item) => ({ name: soldName(item.product_name, item.variant_label), quantity: item.quantity })),
      refundPaisa: row.refund_paisa,
      decisionNote: row.decision_note,
    });
  }

  private async one(id: number): Promise<Return> {
    const row = await q.returnById(this.ctx.db, id);
    if (!row) throw notFound(RETURN_MESSAGES.notFound);
    return (await this.answers([row]))[0]!;
  }

  private async answers(rows: q.ReturnRow[]): Promise<Return[]> {
    const ids = rows.map((row) => row.id);
    const [items, photos] = await Promise.all([q.itemsOf(this.ctx.db, ids), q.photosOf(this.ctx.db, ids)]);
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      status: row.status,
      reason: row.reason,
      note: row.note,
      items: (items.get(row.id) ?? []).map((item) => ({
        orderItemId: item.order_item_id,
        productId: item.product_id,
        name: item.product_name,
        variantLabel: item.variant_label,
        quantity: item.quantity,
        price: item.unit_price_paisa / 100,
      })),
      photos: (photos.get(row.id) ?? []).map((base) => imageAddress(base, this.ctx.config.imageBaseUrl)),
      refundAmount: row.refund_paisa / 100,
      decisionNote: row.decision_note,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  private async adminAnswers(rows: q.ReturnRow[]): Promise<AdminReturn[]> {
    const answers = await this.answers(rows);
    return answers.map((answer, index) => ({
      ...answer,
      customerName: rows[index]!.full_name,
      customerEmail: rows[index]!.email,
      paymentMethod: rows[index]!.payment_method,
    }));
  }
}
