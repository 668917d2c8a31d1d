import { ORDER_ERROR_CODES, ORDER_MESSAGES } from '../../../shared/orders.js';
import { AppError } from '../../lib/errors.js';

/** A 409 with a stable code and the details a client acts on. */
export const conflictWith = (code: string, message: string, extra: Record<string, unknown>) =>
  new AppError(409, code, message, undefined, extra);

/** 409: the product has fewer units than the line asks for (the answer says how many are left). */
export function stockConflict(line: { product_id: number; name: string }, available: number) {
  return conflictWith(
    ORDER_ERROR_CODES.outOfStock,
    available <= 0 ? ORDER_MESSAGES.outOfStock(line.name) : ORDER_MESSAGES.notEnoughStock(line.name, available),
    { productId: line.product_id, productName: line.name, available: Math.max(0, available) },
  );
}
