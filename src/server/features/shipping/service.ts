import {
  bsDay,
  type Courier,
  type CourierInput,
  SHIPPING_MESSAGES,
  type Shipment,
  type ShippedUnit,
  type ShippingInput,
  trackingLink,
  warrantyEndDay,
} from '../../../shared/shipping.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import * as q from './queries.js';

const toCourier = (row: { id: number; name: string; tracking_url: string }): Courier => ({
  id: Number(row.id),
  name: row.name,
  trackingUrl: row.tracking_url,
});

/**
 * What shipping records (ADR 0053): the shipment's courier and tracking number and each unit's
 * serial, checked and written in the status change's own transaction, so a refused shipment
 * leaves the order as it was. A line whose category asks for serials cannot ship without one per
 * unit; other lines may carry them. Throws 400 with the first problem found.
 */
export async function recordShipping(trx: q.Db, orderId: string, input: ShippingInput, now: string): Promise<void> {
  const hasCourier = input.courier !== undefined;
  if (hasCourier !== (input.trackingNumber !== undefined)) throw badRequest(SHIPPING_MESSAGES.courierWithoutTracking);
  const courier = hasCourier ? await q.liveCourier(trx, input.courier!) : undefined;
  if (hasCourier && !courier) throw badRequest(SHIPPING_MESSAGES.courierUnknown);
  const lines = await q.shippingLines(trx, orderId);
  const given = new Map<number, string[]>();
  for (const entry of input.serials ?? []) {
    if (!lines.some((line) => line.id === entry.orderItemId)) throw badRequest(SHIPPING_MESSAGES.lineNotInOrder);
    if (given.has(entry.orderItemId)) throw badRequest(SHIPPING_MESSAGES.lineTwice);
    given.set(entry.orderItemId, entry.serials);
  }
  const seen = new Set<string>();
  const units: Parameters<typeof q.replaceShipment>[3] = [];
  for (const line of lines) {
    const serials = given.get(line.id);
    if (!serials || serials.length === 0) {
      if (line.serialRequired) throw badRequest(SHIPPING_MESSAGES.serialsRequired(line.name));
      continue;
    }
    if (serials.length !== line.quantity) throw badRequest(SHIPPING_MESSAGES.serialsCount(line.name, line.quantity));
    serials.forEach((serial, position) => {
      // Serials are compared as printed on the box: case does not make two units.
      const key = serial.toUpperCase();
      if (seen.has(key)) throw badRequest(SHIPPING_MESSAGES.serialTwice(serial));
      seen.add(key);
      units.push({ orderItemId: line.id, position, serial, warrantyMonths: line.warrantyMonths });
    });
  }
  const shipment = courier ? { courierId: Number(courier.id), trackingNumber: input.trackingNumber!, at: now } : undefined;
  await q.replaceShipment(trx, orderId, shipment, units);
}

/** True when the status body carries any shipping part. */
export function hasShipping(input: ShippingInput): boolean {
  return input.courier !== undefined || input.trackingNumber !== undefined || (input.serials?.length ?? 0) > 0;
}

/**
 * An order's shipment and its lines' units as the shopper sees them. A warranty counts from the
 * day the order was delivered, or from its shipping while it is on the way.
 */
export async function readShipping(
  db: q.Db,
  orderId: string,
  deliveredAt: string | null,
): Promise<{ shipment: Shipment | null; units: Map<number, ShippedUnit[]> }> {
  const [row, serials] = await Promise.all([q.shipmentOf(db, orderId), q.serialsOf(db, orderId)]);
  const shipment = row
    ? {
        courier: row.name,
        trackingNumber: row.tracking_number,
        trackingUrl: trackingLink(row.tracking_url, row.tracking_number),
        shippedAt: row.shipped_at,
      }
    : null;
  const from = deliveredAt ?? shipment?.shippedAt ?? null;
  const units = new Map<number, ShippedUnit[]>();
  for (const unit of serials) {
    const months = unit.warranty_months === null ? null : Number(unit.warranty_months);
    const list = units.get(Number(unit.order_item_id)) ?? [];
    const ends = months && from ? warrantyEndDay(from, months) : null;
    list.push({ serial: unit.serial, warrantyEnds: ends, warrantyEndsBs: ends ? bsDay(ends) : null });
    units.set(Number(unit.order_item_id), list);
  }
  return { shipment, units };
}

/** The owner's couriers and the catalogue's two shipping settings, each write audited in its transaction. */
export class ShippingService {
  constructor(private readonly ctx: AppContext) {}

  async couriers(): Promise<Courier[]> {
    return (await q.liveCouriers(this.ctx.db)).map(toCourier);
  }

  async create(adminId: number, input: CourierInput): Promise<Courier> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const id = await q.insertCourier(trx, input.name, input.trackingUrl, isoNow(this.ctx.clock));
      await this.audit(trx, adminId, 'courier.create', id, input.name, {
        name: [null, input.name],
        trackingUrl: [null, input.trackingUrl],
      });
      return { id, ...input };
    });
  }

  async update(adminId: number, id: number, input: CourierInput): Promise<Courier> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const before = await q.liveCourier(trx, id);
      if (!before) throw notFound(SHIPPING_MESSAGES.courierNotFound);
      await q.updateCourier(trx, id, input.name, input.trackingUrl);
      await this.audit(trx, adminId, 'courier.update', id, input.name, {
        name: [before.name, input.name],
        trackingUrl: [before.tracking_url, input.trackingUrl],
      });
      return { id, ...input };
    });
  }

  async remove(adminId: number, id: number): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await q.liveCourier(trx, id);
      if (!before) throw notFound(SHIPPING_MESSAGES.courierNotFound);
      await q.removeCourier(trx, id, isoNow(this.ctx.clock));
      await this.audit(trx, adminId, 'courier.delete', id, before.name, { name: [before.name, null] });
    });
  }

  /** Whether a category's goods ship only with each unit's serial (the admin's category form). */
  async categorySerials(categoryId: number): Promise<boolean> {
    const required = await q.categorySerials(this.ctx.db, categoryId);
    if (required === undefined) throw notFound(SHIPPING_MESSAGES.categoryNotFound);
    return required;
  }

  /** A product's warranty months, null when none is counted (the admin's product form). */
  async warrantyMonths(productId: number): Promise<number | null> {
    const found = await q.warrantyMonths(this.ctx.db, productId);
    if (!found) throw notFound(SHIPPING_MESSAGES.productNotFound);
    return found.months;
  }

  async setCategorySerials(adminId: number, categoryId: number, required: boolean): Promise<boolean> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const changed = await q.setCategorySerials(trx, categoryId, required);
      if (!changed) throw notFound(SHIPPING_MESSAGES.categoryNotFound);
      if (changed.before === required) return;
      await recordAudit(trx, {
        adminId,
        action: 'category.serials',
        entityType: 'category',
        entityId: categoryId,
        summary: changed.name,
        changes: { serialRequired: [changed.before, required] },
        at: isoNow(this.ctx.clock),
      });
    });
    return required;
  }

  async setWarrantyMonths(adminId: number, productId: number, months: number | null): Promise<number | null> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const changed = await q.setWarrantyMonths(trx, productId, months);
      if (!changed) throw notFound(SHIPPING_MESSAGES.productNotFound);
      if (changed.before === months) return;
      await recordAudit(trx, {
        adminId,
        action: 'product.warrantyMonths',
        entityType: 'product',
        entityId: productId,
        summary: changed.name,
        changes: { warrantyMonths: [changed.before, months] },
        at: isoNow(this.ctx.clock),
      });
    });
    return months;
  }

  private audit(
    trx: q.Db,
    adminId: number,
    action: 'courier.create' | 'courier.update' | 'courier.delete',
    id: number,
    summary: string,
    changes: Record<string, [string | null, string | null]>,
  ): Promise<void> {
    return recordAudit(trx, {
      adminId,
      action,
      entityType: 'courier',
      entityId: id,
      summary,
      changes,
      at: isoNow(this.ctx.clock),
    });
  }
}
