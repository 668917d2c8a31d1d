import type { Transaction } from 'kysely';
import { ORDER_ERROR_CODES, ORDER_MESSAGES, soldName } from '../../../shared/orders.js';
import type { Database } from '../../db/schema.js';
import { type CheckoutLine, lineKey } from './checkout-queries.js';
import { conflictWith, stockConflict, unavailableConflict } from './conflicts.js';
import * as q from './queries.js';
import * as vq from './variant-stock-queries.js';

/**
 * An order's stock bookkeeping: checkout takes tracked units, a cancel gives them back and a
 * reopen takes them again. A line of a variant takes the variant's units and the same off its
 * product's sum (variant-stock-queries.ts), so for every product and every variant:
 * stock at the start = stock now + the units the orders' lines hold (order_items.stock_reserved).
 * Products are taken in id order, and a product's row before its variants', as every writer does.
 */

/** Takes the lines' tracked stock in checkout's transaction; the units each line took, by lineKey. */
export async function reserveStock(trx: Transaction<Database>, lines: CheckoutLine[]): Promise<Map<string, number>> {
  const reserved = new Map<string, number>();
  const inLockOrder = [...lines].sort((a, b) => a.product_id - b.product_id || (a.variant_id ?? 0) - (b.variant_id ?? 0));
  for (const line of inLockOrder) {
    if (line.stock === null) continue;
    if (line.variant_id === null) {
      if (!(await q.takeStock(trx, line.product_id, line.quantity))) {
        throw stockConflict(line, (await q.productStock(trx, line.product_id)) ?? 0);
      }
    } else {
      await vq.lockProduct(trx, line.product_id);
      if (!(await vq.takeVariantStock(trx, line.product_id, line.variant_id, line.quantity))) {
        const left = await vq.liveVariantStock(trx, line.variant_id);
        // Archived since the cart was read: as a deleted product's line.
        if (left === undefined) throw unavailableConflict(line);
        throw stockConflict(line, left ?? 0);
      }
    }
    reserved.set(lineKey(line.product_id, line.variant_id), line.quantity);
  }
  return reserved;
}

/** Gives the units an order holds back to tracked stock (cancelling). */
export async function releaseStock(trx: q.Db, orderId: string): Promise<void> {
  for (const line of await q.stockLines(trx, orderId)) {
    if (line.stock_reserved <= 0) continue;
    if (line.variant_id === null) {
      await q.returnStock(trx, line.product_id, line.stock_reserved);
    } else {
      await vq.lockProduct(trx, line.product_id);
      await vq.returnVariantStock(trx, line.product_id, line.variant_id, line.stock_reserved);
    }
    await q.setReserved(trx, line.id, 0);
  }
}

/** Takes a reopened order's units again (409 naming the product, or variant, when they are gone). */
export async function retakeStock(trx: q.Db, order: q.LockedOrder): Promise<void> {
  // A voided invoice stays void (its credit note names it): the sale cannot come back to life
  // under that number, and a second number for one order would break the series' one-to-one.
  if (order.credit_note_no !== null) throw conflictWith(ORDER_ERROR_CODES.reopenVoided, ORDER_MESSAGES.reopenVoided, {});
  for (const line of await q.stockLines(trx, order.id)) {
    const taken =
      line.variant_id === null
        ? await q.takeStock(trx, line.product_id, line.quantity)
        : await takeVariantAgain(trx, line.product_id, line.variant_id, line.quantity);
    if (taken) {
      await q.setReserved(trx, line.id, line.quantity);
      continue;
    }
    const stock =
      line.variant_id === null ? await q.productStock(trx, line.product_id) : await vq.liveVariantStock(trx, line.variant_id);
    if (stock !== null && stock !== undefined) {
      const name = soldName(line.product_name, line.variant_label);
      throw conflictWith(ORDER_ERROR_CODES.outOfStock, ORDER_MESSAGES.reopenOutOfStock(name, stock), {
        productId: line.product_id,
        productName: name,
        ...(line.variant_id === null ? {} : { variantId: line.variant_id }),
        available: stock,
      });
    }
    // Stock no longer tracked for this product (or the variant is no longer sold): nothing to take.
  }
}

async function takeVariantAgain(trx: q.Db, productId: number, variantId: number, quantity: number) {
  await vq.lockProduct(trx, productId);
  return vq.takeVariantStock(trx, productId, variantId, quantity);
}

/**
 * Units a return brought back (their lines' products or variants, as they were sold) go into
 * tracked stock again, and no longer count as held by the order (order_items.stock_reserved), so
 * the sum above stays true. Only units the line took from tracked stock come back: a line sold
 * while stock was not tracked gives nothing.
 */
export async function restockReturned(
  trx: q.Db,
  lines: { orderItemId: number; productId: number; variantId: number | null; quantity: number; reserved: number }[],
): Promise<void> {
  const inLockOrder = [...lines].sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0));
  for (const line of inLockOrder) {
    const units = Math.min(line.quantity, line.reserved);
    if (units <= 0) continue;
    if (line.variantId === null) {
      await q.returnStock(trx, line.productId, units);
    } else {
      await vq.lockProduct(trx, line.productId);
      await vq.returnVariantStock(trx, line.productId, line.variantId, units);
    }
    await trx
      .updateTable('order_items')
      .set((eb) => ({ stock_reserved: eb('stock_reserved', '-', units) }))
      .where('id', '=', line.orderItemId)
      .execute();
  }
}

/**
 * A replacement's units leave tracked stock (and count as held by the order again); false when
 * they are not there. Untracked stock always has them.
 */
export async function takeReplacement(
  trx: q.Db,
  line: { orderItemId: number; productId: number; variantId: number | null; quantity: number },
): Promise<boolean> {
  if (line.variantId === null) {
    const stock = await q.productStock(trx, line.productId);
    if (stock === null) return true;
    if (stock === undefined || !(await q.takeStock(trx, line.productId, line.quantity))) return false;
  } else {
    await vq.lockProduct(trx, line.productId);
    const stock = await vq.liveVariantStock(trx, line.variantId);
    if (stock === null) return true;
    if (stock === undefined || !(await vq.takeVariantStock(trx, line.productId, line.variantId, line.quantity))) return false;
  }
  await trx
    .updateTable('order_items')
    .set((eb) => ({ stock_reserved: eb('stock_reserved', '+', line.quantity) }))
    .where('id', '=', line.orderItemId)
    .execute();
  return true;
}
