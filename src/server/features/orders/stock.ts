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
