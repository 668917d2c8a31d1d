import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** Couriers, shipments and serials as plain queries (ADR 0053). */

export function liveCouriers(db: Db) {
  return db
    .selectFrom('couriers')
    .select(['id', 'name', 'tracking_url'])
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function liveCourier(db: Db, id: number) {
  return db
    .selectFrom('couriers')
    .select(['id', 'name', 'tracking_url'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertCourier(db: Db, name: string, trackingUrl: string, now: string): Promise<number> {
  const row = await db
    .insertInto('couriers')
    .values({ name, tracking_url: trackingUrl, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCourier(db: Db, id: number, name: string, trackingUrl: string): Promise<void> {
  await db.updateTable('couriers').set({ name, tracking_url: trackingUrl }).where('id', '=', id).execute();
}

export async function removeCourier(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('couriers').set({ deleted_at: now }).where('id', '=', id).execute();
}

/** A live category's serial flag; undefined when there is no such category. */
export async function categorySerials(db: Db, categoryId: number): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('categories')
    .select('serial_required')
    .where('id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? Number(row.serial_required) === 1 : undefined;
}

/** A live product's warranty months (null: none counted); undefined when there is no such product. */
export async function warrantyMonths(db: Db, productId: number): Promise<{ months: number | null } | undefined> {
  const row = await db
    .selectFrom('products')
    .select('warranty_months')
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { months: row.warranty_months === null ? null : Number(row.warranty_months) } : undefined;
}

/** Sets a live category's flag; its name and the flag it had, undefined when there is no such category. */
export async function setCategorySerials(trx: Db, categoryId: number, required: boolean) {
  const before = await trx
    .selectFrom('categories')
    .select(['name', 'serial_required'])
    .where('id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await trx
    .updateTable('categories')
    .set({ serial_required: required ? 1 : 0 })
    .where('id', '=', categoryId)
    .execute();
  return { name: before.name, before: Number(before.serial_required) === 1 };
}

/** Sets a live product's warranty months; its name and the months it had, undefined when there is no such product. */
export async function setWarrantyMonths(trx: Db, productId: number, months: number | null) {
  const before = await trx
    .selectFrom('products')
    .select(['name', 'warranty_months'])
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await trx.updateTable('products').set({ warranty_months: months }).where('id', '=', productId).execute();
  return { name: before.name, before: before.warranty_months === null ? null : Number(before.warranty_months) };
}

/** An order's lines with what shipping needs: whether their category asks for serials, the product's warranty months. */
export async function shippingLines(db: Db, orderId: string) {
  const rows = await db
    .selectFrom('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'order_items.id',
      'order_items.product_name',
      'order_items.variant_label',
      'order_items.quantity',
      'categories.serial_required',
      'products.warranty_months',
    ])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.variant_label ? `${row.product_name} (${row.variant_label})` : row.product_name,
    quantity: Number(row.quantity),
    serialRequired: Number(row.serial_required ?? 0) === 1,
    warrantyMonths: row.warranty_months === null ? null : Number(row.warranty_months),
  }));
}
export type ShippingLine = Awaited<ReturnType<typeof shippingLines>>[number];

/** Replaces an order's shipment and serials (shipping again after being moved back writes them anew). */
export async function replaceShipment(
  trx: Db,
  orderId: string,
  shipment: { courierId: number; trackingNumber: string; at: string } | undefined,
  serials: Array<{ orderItemId: number; position: number; serial: string; warrantyMonths: number | null }>,
): Promise<void> {
  await trx.deleteFrom('order_item_serials').where('order_id', '=', orderId).execute();
  await trx.deleteFrom('order_shipments').where('order_id', '=', orderId).execute();
  if (shipment) {
    await trx
      .insertInto('order_shipments')
      .values({
        order_id: orderId,
        courier_id: shipment.courierId,
        tracking_number: shipment.trackingNumber,
        shipped_at: shipment.at,
      })
      .execute();
  }
  if (serials.length > 0) {
    await trx
      .insertInto('order_item_serials')
      .values(
        serials.map((unit) => ({
          order_item_id: unit.orderItemId,
          position: unit.position,
          order_id: orderId,
          serial: unit.serial,
          warranty_months: unit.warrantyMonths,
        })),
      )
      .execute();
  }
}

/** An order's shipment with its courier's name and address (a removed courier's too). */
export function shipmentOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_shipments')
    .innerJoin('couriers', 'couriers.id', 'order_shipments.courier_id')
    .select(['couriers.name', 'couriers.tracking_url', 'order_shipments.tracking_number', 'order_shipments.shipped_at'])
    .where('order_shipments.order_id', '=', orderId)
    .executeTakeFirst();
}

export function serialsOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_item_serials')
    .select(['order_item_id', 'position', 'serial', 'warranty_months'])
    .where('order_id', '=', orderId)
    .orderBy('order_item_id')
    .orderBy('position')
    .execute();
}
