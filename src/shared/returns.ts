import { z } from 'zod';
import { pageNumberSchema } from './page-number.js';

/**
 * Returns of delivered goods (ADR 0049). The shopper asks, the shop decides, takes the goods back
 * and settles:
 *   GET  /api/orders/user/:userId/order/:orderId/returns (shopper) → ReturnsOfOrder: the order's
 *        returns, what each line may still return and until when
 *   POST /api/orders/user/:userId/order/:orderId/returns {items: [{orderItemId, quantity}], reason, note}
 *        (shopper) → 201 {return}; 409 before delivery or after the window; 400 for more than bought
 *        (units already in an earlier return that was not rejected count as gone)
 *   PUT  /api/orders/user/:userId/order/:orderId/returns/:returnId/photos multipart `photos` (0–3) → {return}
 *   GET  /api/admin/returns?status=&page= (permission 'returns') → AdminReturnPage
 *   GET  /api/admin/returns/:id → {return}
 *   POST /api/admin/returns/:id/approve · /reject {reason} · /receive · /settle {settlement}
 *        (permission 'returns') → {return}
 *   POST /api/admin/returns/:id/refunded (permission 'refunds') → {return}
 *   PUT  /api/admin/returns/categories/:categoryId {returnDays: n | 0 | null} (permission 'catalog.write')
 *        → {categoryId, returnDays}: a category's own window, none, or the shop's
 *   GET  /api/admin/returns/categories/:categoryId (permission 'catalog.read')
 *        → {categoryId, returnDays, shopReturnDays}
 * A return moves requested → approved | rejected; approved → received (its units back in stock);
 * received → refund_due (money was taken: it goes back when the admin marks it refunded) |
 * refunded (nothing was taken) | replaced (a new unit leaves stock).
 */

export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refund_due', 'refunded', 'replaced'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_SETTLEMENTS = ['refund', 'replacement'] as const;
export type ReturnSettlement = (typeof RETURN_SETTLEMENTS)[number];

/** The shop's window when neither the setting nor the category says otherwise (RETURN_DAYS). */
export const RETURN_DAYS_DEFAULT = 7;
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_NOTE_MAX = 1000;
export const RETURN_REASON_MIN = 3;
export const RETURN_REASON_MAX = 500;
export const ADMIN_RETURNS_PAGE_SIZE = 20;

export const RETURN_MESSAGES = {
  itemsRequired: 'Choose at least one item to return',
  itemsDuplicate: 'Each item may be listed once',
  quantityInvalid: 'Quantity must be a whole number of 1 or more',
  orderItemInvalid: 'orderItemId must be a positive whole number',
  reasonInvalid: 'Reason must be one of damaged, wrong_item, not_as_described, other',
  noteLength: 'Note must be at most 1,000 characters',
  rejectReasonLength: 'Reason must be 3 to 500 characters',
  settlementInvalid: 'Settlement must be one of refund, replacement',
  statusInvalid: 'status must be one of requested, approved, rejected, received, refund_due, refunded, replaced',
  returnIdInvalid: 'Return id must be a positive whole number',
  returnDaysInvalid: 'returnDays must be a whole number from 0 to 365, or null',
  categoryIdInvalid: 'Category id must be a positive whole number',
  categoryNotFound: 'Category not found',
  notFound: 'Return not found',
  notDelivered: 'A return can be asked for once the order has been delivered',
  windowClosed: 'The time to return this order has passed',
  notReturnable: (name: string) => `${name} cannot be returned`,
  notInOrder: 'That item is not in this order',
  tooMany: (name: string, left: number) => `Only ${left} of ${name} can still be returned`,
  wrongStep: 'This return is not at that step',
  replacementOutOfStock: (name: string) => `${name} is out of stock: settle this return by refund instead`,
  tooManyPhotos: 'A return can have at most 3 photos',
  photosMultipart: 'Send the photos as multipart/form-data',
  photosField: 'Photos must be sent in the photos field',
  photosAfterRequest: 'Photos can be added only while the return is waiting for the shop',
} as const;

const positiveInt = (message: string) => z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

/** A category's own window: days (1–365), 0 for goods not returned, or null for the shop's RETURN_DAYS. */
export const categoryReturnDaysSchema = z.object({
  returnDays: z
    .number({ error: RETURN_MESSAGES.returnDaysInvalid })
    .int(RETURN_MESSAGES.returnDaysInvalid)
    .min(0, RETURN_MESSAGES.returnDaysInvalid)
    .max(365, RETURN_MESSAGES.returnDaysInvalid)
    .nullable(),
});
export const categoryReturnDaysResponseSchema = z.object({ categoryId: z.number(), returnDays: z.number().nullable() });
/** GET of the same address: the category's own window and the shop's RETURN_DAYS it falls back to. */
export const categoryReturnDaysReadSchema = categoryReturnDaysResponseSchema.extend({ shopReturnDays: z.number() });

export const returnRequestSchema = z.object({
  items: z
    .array(
      z.object({
        orderItemId: positiveInt(RETURN_MESSAGES.orderItemInvalid),
        quantity: positiveInt(RETURN_MESSAGES.quantityInvalid),
      }),
      {
        error: RETURN_MESSAGES.itemsRequired,
      },
    )
    .min(1, RETURN_MESSAGES.itemsRequired)
    .max(100, RETURN_MESSAGES.itemsRequired)
    .refine((items) => new Set(items.map((item) => item.orderItemId)).size === items.length, RETURN_MESSAGES.itemsDuplicate),
  reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reasonInvalid }),
  note: z
    .string({ error: RETURN_MESSAGES.noteLength })
    .trim()
    .max(RETURN_NOTE_MAX, RETURN_MESSAGES.noteLength)
    .optional()
    .default(''),
});
export type ReturnRequest = z.input<typeof returnRequestSchema>;

export const rejectReturnSchema = z.object({
  reason: z
    .string({ error: RETURN_MESSAGES.rejectReasonLength })
    .trim()
    .min(RETURN_REASON_MIN, RETURN_MESSAGES.rejectReasonLength)
    .max(RETURN_REASON_MAX, RETURN_MESSAGES.rejectReasonLength),
});

export const settleReturnSchema = z.object({
  settlement: z.enum(RETURN_SETTLEMENTS, { error: RETURN_MESSAGES.settlementInvalid }),
});

export const returnItemSchema = z.object({
  orderItemId: z.number(),
  productId: z.number(),
  name: z.string(),
  variantLabel: z.string().nullable(),
  quantity: z.number(),
  price: z.number(),
});

export const returnSchema = z.object({
  id: z.number(),
  orderId: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  items: z.array(returnItemSchema),
  photos: z.array(z.string()),
  /** What goes back in rupees when settled by refund (the lines' prices less their share of a coupon). */
  refundAmount: z.number(),
  /** The shop's reason for a rejection. */
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Return = z.infer<typeof returnSchema>;
export const returnResponseSchema = z.object({ return: returnSchema });

/** What a line of the order may still return. */
export const returnableLineSchema = z.object({
  orderItemId: z.number(),
  name: z.string(),
  variantLabel: z.string().nullable(),
  bought: z.number(),
  /** Units not in any return that was not rejected. */
  left: z.number(),
  /** The last moment (ISO) a return may be asked for; null: this line cannot be returned. */
  until: z.string().nullable(),
});
export type ReturnableLine = z.infer<typeof returnableLineSchema>;

export const returnsOfOrderSchema = z.object({
  returns: z.array(returnSchema),
  /** Empty before delivery. */
  lines: z.array(returnableLineSchema),
  deliveredAt: z.string().nullable(),
});
export type ReturnsOfOrder = z.infer<typeof returnsOfOrderSchema>;

export const adminReturnSchema = returnSchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  paymentMethod: z.string(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;
export const adminReturnResponseSchema = z.object({ return: adminReturnSchema });

export const adminReturnQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: RETURN_MESSAGES.statusInvalid }).optional(),
  page: pageNumberSchema,
});

export const adminReturnPageSchema = z.object({
  returns: z.array(adminReturnSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type AdminReturnPage = z.infer<typeof adminReturnPageSchema>;
