import { z } from 'zod';
import { daysInOrder, queryDay, queryTzOffset, queryWholeNumber } from './query-params.js';

/**
 * The admin's audit log (ADR 0023): every admin write, who made it, when, and what changed.
 *
 *   GET /api/admin/audit?entityType=&entityId=&adminId=&action=&from=&to=&tzOffset=&page=&pageSize=
 *       → AuditPage, newest first (admin token). A product's history: entityType=product&entityId=42.
 *   GET /api/admin/audit/admins → { admins: [{ id, username }] } (the admin filter's choices)
 *   POST /api/admin/audit/:id/undo → { productId, changes }: puts a product's price
 *       and stock back as they were before entry :id (a 'product.update'); 409 when either has
 *       changed since (UNDOABLE_FIELDS, AUDIT_MESSAGES).
 *
 * Writers call recordAudit(trx, entry) of src/server/features/audit/service.ts in the transaction of
 * their write. A new kind of write adds its action here (and its label in the web's
 * features/admin/audit/labels.ts); an action is '<entityType>.<verb>'.
 */

export const AUDIT_ENTITY_TYPES = [
  'category',
  'subcategory',
  'childCategory',
  'product',
  'order',
  'admin',
  'searchWord',
  'brand',
  'specField',
  'coupon',
  'campaign',
  'review',
  'question',
  'district',
  'return',
  'courier',
  'warranty',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  'category.create',
  'category.delete',
  'subcategory.create',
  'subcategory.delete',
  'childCategory.create',
  'childCategory.delete',
  /** A category node's Nepali name set, changed or cleared (changes: nameNe). */
  'category.rename',
  /** A category's own return window set (changes: returnDays; null: the shop's RETURN_DAYS, 0: none). */
  'category.returnDays',
  'subcategory.rename',
  'childCategory.rename',
  'product.create',
  'product.update',
  'product.feature',
  'product.archive',
  'product.restore',
  /** A products CSV applied: one entry per file (entityId 'import'), its counts as changes. */
  'product.import',
  /** A product's brand or specifications set alone (PUT /api/products/:id/specs; changes: brand, specs). */
  'product.specs',
  /** The managed list of brands (changes: name). */
  'brand.create',
  'brand.rename',
  'brand.delete',
  /** A category's specification fields (summary: "Laptops › RAM"; changes: name, kind, unit, choices, isFilter). */
  'specField.create',
  'specField.update',
  'specField.delete',
  /** A product.update's price or stock put back (POST /api/admin/audit/:id/undo); note: the entry undone. */
  'product.undo',
  'order.status',
  'order.refund',
  'admin.password',
  /** Staff accounts (changes: role, totpRequired), removed (sessions ended), two-factor sign-in turned on by its admin. */
  'admin.create',
  'admin.update',
  'admin.remove',
  'admin.totp',
  /** An order taken back a step or reopened (note: the reason; changes: status). */
  'order.reverse',
  /** A search dictionary word's term set or changed (changes: term), or the word removed. */
  'searchWord.set',
  'searchWord.delete',
  /** A coupon made, changed (its fields as changes) or deactivated. */
  'coupon.create',
  'coupon.update',
  'coupon.deactivate',
  /** A campaign made, changed or ended early (its fields as changes). */
  'campaign.create',
  'campaign.update',
  'campaign.end',
  /** A review hidden (note: the reason), shown again, or replied to by the shop (changes: status, reply). */
  'review.hide',
  'review.show',
  'review.reply',
  /** A product question answered (changes: answer), hidden or shown again (changes: status). */
  'question.answer',
  'question.hide',
  'question.show',
  /** A district's delivery terms changed by the owner (changes: fee, days, cod). */
  'district.update',
  /** A return's steps (changes: status; refund in rupees when it is settled by refund; note: a rejection's reason). */
  'return.approve',
  'return.reject',
  'return.receive',
  'return.settle',
  'return.refunded',
  /** The owner's couriers (changes: name, trackingUrl). */
  'courier.create',
  'courier.update',
  'courier.delete',
  /** A category's goods ship only with each unit's serial, or no longer (changes: serialRequired). */
  'category.serials',
  /** A product's warranty length in months (changes: warrantyMonths). */
  'product.warrantyMonths',
  /** A warranty claim moved a step (changes: status; note: the shop's note, a rejection's reason). */
  'warranty.step',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A value before or after a change: text, a number (money in rupees), a flag, or nothing. */
export const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof auditValueSchema>;

/** {field: [before, after]}: only the fields that changed. */
export const auditChangesSchema = z.record(z.string(), z.tuple([auditValueSchema, auditValueSchema]));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  /** null: the command line or the shop itself. */
  adminId: z.number().nullable(),
  /** The admin's username now (null when the admin row is gone or there was none). */
  adminName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** The entity's name when it happened. */
  summary: z.string(),
  changes: auditChangesSchema,
  /** A reason given with the write (an order's history note). */
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE_DEFAULT = 25;
export const AUDIT_PAGE_SIZE_MAX = 100;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The fields of a 'product.update' entry that Undo puts back. */
export const UNDOABLE_FIELDS = ['price', 'stock'] as const;

/** Whether an entry has a change Undo can put back. */
export function canUndo(entry: Pick<AuditEntry, 'action' | 'changes'>): boolean {
  return entry.action === 'product.update' && UNDOABLE_FIELDS.some((field) => entry.changes[field] !== undefined);
}

export const AUDIT_MESSAGES = {
  entryNotFound: 'Audit entry not found',
  notUndoable: 'Only a price or stock change of a product can be undone',
  changedSince:
    'The product has changed since this entry: its price or stock is no longer what the entry set, so nothing was undone',
} as const;

/** The note of a 'product.undo' entry: the entry it undid ("Undo of entry 42"), which the panel shows in its language. */
export const undoNote = (entryId: number) => `Undo of entry ${entryId}`;
export const undoneEntryId = (note: string | null) => Number(/^Undo of entry (\d+)$/.exec(note ?? '')?.[1] ?? Number.NaN);

/** The product put back and what changed in it ({price: [now, back to]}), as its new 'product.undo' entry records. */
export const auditUndoResponseSchema = z.object({ productId: z.number(), changes: auditChangesSchema });
export type AuditUndoResponse = z.infer<typeof auditUndoResponseSchema>;

export const auditAdminsSchema = z.object({ admins: z.array(z.object({ id: z.number(), username: z.string() })) });

/**
 * Query of GET /api/admin/audit; every filter optional.
 * - entityType, entityId: one kind of thing, or one thing (entityId alone matches any kind);
 * - adminId, action: whose writes, which kind of write;
 * - from / to: inclusive days (YYYY-MM-DD), local to tzOffset (minutes east of UTC; 345 in Nepal);
 * - page (from 1), pageSize (default 25, at most 100).
 */
export const auditQuerySchema = z
  .object({
    entityType: z.enum(AUDIT_ENTITY_TYPES, { error: `entityType must be one of ${AUDIT_ENTITY_TYPES.join(', ')}` }).optional(),
    entityId: z
      .string()
      .trim()
      .max(100, 'entityId is too long')
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    adminId: queryWholeNumber('adminId', 2 ** 31 - 1, 10),
    action: z.enum(AUDIT_ACTIONS, { error: 'action is not one the audit log knows' }).optional(),
    from: queryDay('from'),
    to: queryDay('to'),
    tzOffset: queryTzOffset(),
    page: queryWholeNumber('page', 999_999, 10),
    pageSize: queryWholeNumber('pageSize', AUDIT_PAGE_SIZE_MAX, 10),
  })
  .refine(...daysInOrder);
export type AuditQueryInput = z.input<typeof auditQuerySchema>;
export type AuditQuery = z.output<typeof auditQuerySchema>;
