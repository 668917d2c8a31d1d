import { ORDER_ERROR_CODES, ORDER_MESSAGES, soldName } from '../../../shared/orders.js';
import { AppError } from '../../lib/errors.js';

/** A 409 with a stable code and the details a client acts on. */
export const conflictWith = (code: string, message: string, extra: Record<string, unknown>) =>
  new AppError(409, code, message, undefined, extra);

/** A line a conflict is about: its product and, when it names one, its variant (named after the product). */
export interface ConflictLine {
  product_id: number;
  name: string;
  variant_id?: number | null;
  variant_label?: string | null;
}

/** The details naming the line: the product (with the variant's label) and the variant's id when there is one. */
function lineDetails(line: ConflictLine) {
  const productName = soldName(line.name, line.variant_label);
  return {
    productId: line.product_id,
    productName,
    ...(line.variant_id === null || line.variant_id === undefined ? {} : { variantId: line.variant_id }),
  };
}

/** 409: the product (or variant) has fewer units than the line asks for (the answer says how many are left). */
export function stockConflict(line: ConflictLine, available: number) {
  const details = lineDetails(line);
  return conflictWith(
    ORDER_ERROR_CODES.outOfStock,
    available <= 0 ? ORDER_MESSAGES.outOfStock(details.productName) : ORDER_MESSAGES.notEnoughStock(details.productName, available),
    { ...details, available: Math.max(0, available) },
  );
}

/** 409: the product was deleted, or the line's variant is no longer sold (or must now be chosen). */
export function unavailableConflict(line: ConflictLine) {
  const details = lineDetails(line);
  return conflictWith(ORDER_ERROR_CODES.productUnavailable, ORDER_MESSAGES.productUnavailable(details.productName), details);
}
