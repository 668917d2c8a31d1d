import { ORDER_MESSAGES, soldName } from '../../../shared/orders.js';
import { warrantyEndDay } from '../../../shared/shipping.js';
import {
  ADMIN_CLAIMS_PAGE_SIZE,
  type AdminClaim,
  type AdminClaimPage,
  CLAIM_NEXT,
  type Claim,
  type ClaimRequest,
  type ClaimStatus,
  type ClaimableUnit,
  type ClaimsOfOrder,
  OPEN_CLAIM_STATUSES,
  WARRANTY_MESSAGES,
  claimRequestSchema,
} from '../../../shared/warranty.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { recordAudit } from '../audit/service.js';
import { recordStatusChange } from '../orders/queries.js';
import { deliveredAt } from '../returns/queries.js';
import { tellShopper } from './notify.js';
import * as q from './queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

/** The calendar day ('YYYY-MM-DD') an instant falls on in Nepal. */
const nepalDay = (iso: string) => new Date(Date.parse(iso) + NEPAL_OFFSET_MS).toISOString().slice(0, 10);

/** One unit of a line as a claim sees it: its serial ('' without one) and its warranty's window. */
interface Unit {
  line: q.ClaimLine;
  serial: string;
  /** The return window's end: a claim is for after it. */
  from: string;
  /** The warranty's last day in Nepal; null: no warranty counted. */
  ends: string | null;
}

/**
 * Warranty claims (ADR 0055). A claim is for one unit: its serial when the line shipped with
 * serials (the months kept at shipping count), else the line itself (the product's months count).
 * It can be opened after the unit's return window has closed (before it, the shopper returns the
 * unit instead) and until the last day of its warranty, counted from the delivery. The order's row
 * is locked while a claim is opened or moved, and a unique index over the open claims backs the
 * check, so a unit never has two open claims whatever runs in parallel. Each step is one
 * transaction: the claim moves only from the step it is at, the order's history and the audit log
 * record it, and the shopper's mail and text are queued with it (notify.ts).
 */
export class WarrantyService {
  constructor(private readonly ctx: AppContext) {}

  // -------------------------------------------------------------------------------------------
  // The shopper's side

  async ofOrder(userId: number, orderId: string): Promise<ClaimsOfOrder> {
    const order = await q.orderOf(this.ctx.db, orderId);
    if (!order || order.user_id !== userId) throw notFound(ORDER_MESSAGES.orderNotFound);
    const claims = await q.claimsOfOrder(this.ctx.db, orderId);
    const delivered = await deliveredAt(this.ctx.db, order);
    const units = delivered ? await this.unitsOf(this.ctx.db, orderId, delivered) : [];
    const now = isoNow(this.ctx.clock);
    const open = new Set(
      claims
        .filter((claim) => (OPEN_CLAIM_STATUSES as readonly string[]).includes(claim.status))
        .map((claim) => `${claim.order_item_id}\n${claim.serial}`),
    );
    return {
      claims: claims.map((row) => this.answer(row)),
      units: units.map((unit): ClaimableUnit => ({
        orderItemId: unit.line.id,
        name: unit.line.product_name,
        variantLabel: unit.line.variant_label,
        serial: unit.serial,
        from: unit.ends ? unit.from : null,
        warrantyEnds: unit.ends,
        claimable: this.windowProblem(unit, now) === null && !open.has(`${unit.line.id}\n${unit.serial}`),
      })),
    };
  }

  async open(userId: number, orderId: string, raw: ClaimRequest): Promise<Claim> {
    const input = claimRequestSchema.parse(raw);
    let id: number;
    try {
      id = await this.ctx.db.transaction().execute(async (trx) => {
        const order = await q.lockOrder(trx, orderId);
        if (!order || order.user_id !== userId) throw notFound(ORDER_MESSAGES.orderNotFound);
        const delivered = await deliveredAt(trx, order);
        if (!delivered) throw conflict(WARRANTY_MESSAGES.notDelivered);
        const units = (await this.unitsOf(trx, orderId, delivered)).filter((unit) => unit.line.id === input.orderItemId);
        if (units.length === 0) throw badRequest(WARRANTY_MESSAGES.notInOrder, { orderItemId: WARRANTY_MESSAGES.notInOrder });
        const unit = this.pickUnit(units, input.serial);
        const now = isoNow(this.ctx.clock);
        const problem = this.windowProblem(unit, now);
        if (problem) throw conflict(problem);
        if (await q.hasOpenClaim(trx, unit.line.id, unit.serial)) throw conflict(WARRANTY_MESSAGES.alreadyOpen);
        const claimId = await q.insertClaim(trx, {
          order_id: orderId,
          order_item_id: unit.line.id,
          user_id: userId,
          serial: unit.serial,
          issue: input.issue,
          warranty_ends: unit.ends!,
          created_at: now,
          updated_at: now,
        });
        await recordStatusChange(trx, {
          orderId,
          adminId: null,
          userId,
          from: '',
          to: 'opened',
          at: now,
          kind: 'warranty',
          note: `Warranty claim #${claimId}`,
        });
        await this.tell(trx, claimId);
        return claimId;
      });
    } catch (error) {
      // The open-claims index refused a second claim that raced past the check.
      if (uniqueViolation(error)) throw conflict(WARRANTY_MESSAGES.alreadyOpen);
      throw error;
    }
    this.ctx.jobs.wake();
    const row = await q.claimById(this.ctx.db, id);
    return this.answer(row!);
  }

  // -------------------------------------------------------------------------------------------
  // The admin's side

  async adminList(status: ClaimStatus | undefined, page: number): Promise<AdminClaimPage> {
    const { rows, total } = await q.claimPage(this.ctx.db, status, ADMIN_CLAIMS_PAGE_SIZE, (page - 1) * ADMIN_CLAIMS_PAGE_SIZE);
    return {
      claims: rows.map((row) => this.adminAnswer(row)),
      total,
      page,
      pageSize: ADMIN_CLAIMS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(total / ADMIN_CLAIMS_PAGE_SIZE)),
    };
  }

  /**
   * One step forward (CLAIM_NEXT), in one transaction: the order locked, the claim moved only from
   * the step it is at (a second click or a parallel one is 409), the order's history and the audit
   * log written, the shopper told. A rejection carries the shop's reason (the schema asks for it).
   */
  async move(adminId: number, id: number, to: ClaimStatus, note: string | undefined): Promise<AdminClaim> {
    const found = await q.claimById(this.ctx.db, id);
    if (!found) throw notFound(WARRANTY_MESSAGES.notFound);
    await this.ctx.db.transaction().execute(async (trx) => {
      await q.lockOrder(trx, found.order_id);
      const row = (await q.claimById(trx, id))!;
      if (!CLAIM_NEXT[row.status].includes(to)) throw conflict(WARRANTY_MESSAGES.wrongStep);
      const now = isoNow(this.ctx.clock);
      if (!(await q.moveClaim(trx, id, row.status, to, now, note))) throw conflict(WARRANTY_MESSAGES.wrongStep);
      await recordStatusChange(trx, {
        orderId: row.order_id,
        adminId,
        from: row.status,
        to,
        at: now,
        kind: 'warranty',
        note: note ? `Warranty claim #${id}: ${note}` : `Warranty claim #${id}`,
      });
      await recordAudit(trx, {
        adminId,
        action: 'warranty.step',
        entityType: 'warranty',
        entityId: id,
        summary: `${row.full_name} (${row.order_id}): ${soldName(row.product_name, row.variant_label)}`,
        changes: { status: [row.status, to] },
        note: note ?? null,
        at: now,
      });
      await this.tell(trx, id, note);
    });
    this.ctx.jobs.wake();
    return this.adminAnswer((await q.claimById(this.ctx.db, id))!);
  }

  // -------------------------------------------------------------------------------------------

  /** The order's units: one per serial where the line shipped with serials, else one for the line. */
  private async unitsOf(db: q.Db, orderId: string, delivered: string): Promise<Unit[]> {
    const [lines, serials] = await Promise.all([q.linesOf(db, orderId), q.serialsOf(db, orderId)]);
    const units: Unit[] = [];
    for (const line of lines) {
      const days = line.return_days ?? this.ctx.config.returnDays;
      const from = new Date(Date.parse(delivered) + days * DAY_MS).toISOString();
      const ends = (months: number | null) => (months && months > 0 ? warrantyEndDay(delivered, months) : null);
      const shipped = serials.get(line.id);
      if (shipped) for (const unit of shipped) units.push({ line, serial: unit.serial, from, ends: ends(unit.months) });
      else units.push({ line, serial: '', from, ends: ends(line.warranty_months) });
    }
    return units;
  }

  /** The unit a request names: by its serial (as printed: case does not matter) where the line has serials. */
  private pickUnit(units: Unit[], serial: string | undefined): Unit {
    const line = units[0]!.line;
    const name = soldName(line.product_name, line.variant_label);
    if (units.length === 1 && units[0]!.serial === '') {
      if (serial !== undefined)
        throw badRequest(WARRANTY_MESSAGES.serialNotRecorded, { serial: WARRANTY_MESSAGES.serialNotRecorded });
      return units[0]!;
    }
    if (serial === undefined)
      throw badRequest(WARRANTY_MESSAGES.serialRequired(name), { serial: WARRANTY_MESSAGES.serialRequired(name) });
    const unit = units.find((candidate) => candidate.serial.toUpperCase() === serial.toUpperCase());
    if (!unit) throw badRequest(WARRANTY_MESSAGES.serialUnknown(name), { serial: WARRANTY_MESSAGES.serialUnknown(name) });
    return unit;
  }

  /** Why a claim cannot be opened for the unit now, or null. */
  private windowProblem(unit: Unit, now: string): string | null {
    const name = soldName(unit.line.product_name, unit.line.variant_label);
    if (!unit.ends) return WARRANTY_MESSAGES.noWarranty(name);
    if (Date.parse(now) <= Date.parse(unit.from)) return WARRANTY_MESSAGES.stillReturnable(name);
    if (nepalDay(now) > unit.ends) return WARRANTY_MESSAGES.warrantyEnded(name);
    return null;
  }

  /** Queues the shopper's mail and text of the step the claim is at now, in its transaction. */
  private async tell(trx: q.Db, id: number, note?: string): Promise<void> {
    const row = (await q.claimById(trx, id))!;
    await tellShopper(this.ctx, trx, {
      to: row.email ?? '',
      storeName: this.ctx.config.store.name,
      locale: await mailLanguage(trx, row.user_id),
      fullName: row.full_name,
      orderId: row.order_id,
      claimId: id,
      status: row.status,
      name: soldName(row.product_name, row.variant_label),
      serial: row.serial,
      note: note ?? null,
      userId: row.user_id,
    });
  }

  private answer(row: q.ClaimRow): Claim {
    return {
      id: row.id,
      orderId: row.order_id,
      orderItemId: row.order_item_id,
      name: row.product_name,
      variantLabel: row.variant_label,
      serial: row.serial,
      issue: row.issue,
      status: row.status,
      note: row.note,
      warrantyEnds: row.warranty_ends,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private adminAnswer(row: q.ClaimRow): AdminClaim {
    return { ...this.answer(row), customerName: row.full_name, customerEmail: row.email ?? '' };
  }
}
