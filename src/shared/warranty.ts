import { z } from 'zod';
import { pageNumberSchema } from './page-number.js';

/**
 * Warranty claims (ADR 0055): after a unit's return window has closed and until its warranty
 * ends, the shopper opens a claim for it; the shop carries it to the service centre and back.
 *   GET  /api/orders/user/:userId/order/:orderId/warranty-claims (shopper) → ClaimsOfOrder: the
 *        order's claims and, per unit, whether and until when a claim can be opened
 *   POST /api/orders/user/:userId/order/:orderId/warranty-claims {orderItemId, serial?, issue}
 *        (shopper) → 201 {claim}; 409 while the unit can still be returned, after its warranty
 *        ended, for goods without a warranty, and while the unit already has an open claim
 *   GET  /api/admin/warranty-claims?status=&page= (permission 'warranty') → AdminClaimPage
 *   POST /api/admin/warranty-claims/:id/status {status, note?} (permission 'warranty') → {claim}
 * A claim moves opened → received → at_service_centre → repaired | replaced →
 * returned_to_shopper, one step at a time and only forward; or opened → rejected with the shop's
 * reason. Rejected and returned_to_shopper are closed: the unit may be claimed for again.
 */

export const CLAIM_STATUSES = [
  'opened',
  'received',
  'at_service_centre',
  'repaired',
  'replaced',
  'returned_to_shopper',
  'rejected',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Where a claim may go from each step (forward only); closed claims go nowhere. */
export const CLAIM_NEXT: Record<ClaimStatus, readonly ClaimStatus[]> = {
  opened: ['received', 'rejected'],
  received: ['at_service_centre'],
  at_service_centre: ['repaired', 'replaced'],
  repaired: ['returned_to_shopper'],
  replaced: ['returned_to_shopper'],
  returned_to_shopper: [],
  rejected: [],
};

/** Claims still with the shop or the service centre: a unit has at most one of these. */
export const OPEN_CLAIM_STATUSES = ['opened', 'received', 'at_service_centre', 'repaired', 'replaced'] as const;

export const CLAIM_ISSUE_MIN = 10;
export const CLAIM_ISSUE_MAX = 2000;
export const CLAIM_NOTE_MAX = 500;
export const CLAIM_REJECT_MIN = 3;
export const CLAIM_SERIAL_MAX = 40;
export const ADMIN_CLAIMS_PAGE_SIZE = 20;

export const WARRANTY_MESSAGES = {
  orderItemInvalid: 'orderItemId must be a positive whole number',
  issueLength: 'Describe the problem in 10 to 2,000 characters',
  serialInvalid: 'Serial must be at most 40 characters',
  statusInvalid: 'status must be one of opened, received, at_service_centre, repaired, replaced, returned_to_shopper, rejected',
  noteLength: 'Note must be at most 500 characters',
  rejectReason: 'Give the reason for rejecting the claim (3 to 500 characters)',
  claimIdInvalid: 'Claim id must be a positive whole number',
  notFound: 'Warranty claim not found',
  notInOrder: 'That item is not in this order',
  notDelivered: 'A warranty claim can be opened once the order has been delivered',
  noWarranty: (name: string) => `${name} has no warranty counted by the shop`,
  stillReturnable: (name: string) => `${name} can still be returned: use a return instead`,
  warrantyEnded: (name: string) => `The warranty of ${name} has ended`,
  serialRequired: (name: string) => `Give the serial of the unit of ${name} that needs repair`,
  serialUnknown: (name: string) => `That serial is not one of the units of ${name} in this order`,
  serialNotRecorded: 'This item was shipped without serials: leave the serial out',
  alreadyOpen: 'This unit already has an open warranty claim',
  wrongStep: 'This claim cannot move to that step',
} as const;

const positiveInt = (message: string) => z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

export const claimRequestSchema = z.object({
  orderItemId: positiveInt(WARRANTY_MESSAGES.orderItemInvalid),
  serial: z
    .string({ error: WARRANTY_MESSAGES.serialInvalid })
    .trim()
    .max(CLAIM_SERIAL_MAX, WARRANTY_MESSAGES.serialInvalid)
    .optional()
    .transform((value) => (value ? value : undefined)),
  issue: z
    .string({ error: WARRANTY_MESSAGES.issueLength })
    .trim()
    .min(CLAIM_ISSUE_MIN, WARRANTY_MESSAGES.issueLength)
    .max(CLAIM_ISSUE_MAX, WARRANTY_MESSAGES.issueLength),
});
export type ClaimRequest = z.input<typeof claimRequestSchema>;

/** The admin's step: where the claim goes, with a note (a rejection's reason is required). */
export const claimStepSchema = z
  .object({
    status: z.enum(CLAIM_STATUSES, { error: WARRANTY_MESSAGES.statusInvalid }),
    note: z
      .string({ error: WARRANTY_MESSAGES.noteLength })
      .trim()
      .max(CLAIM_NOTE_MAX, WARRANTY_MESSAGES.noteLength)
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((step) => step.status !== 'rejected' || (step.note?.length ?? 0) >= CLAIM_REJECT_MIN, {
    message: WARRANTY_MESSAGES.rejectReason,
    path: ['note'],
  });
export type ClaimStep = z.input<typeof claimStepSchema>;

export const claimSchema = z.object({
  id: z.number(),
  orderId: z.string(),
  orderItemId: z.number(),
  name: z.string(),
  variantLabel: z.string().nullable(),
  /** The unit's serial as recorded at shipping; '' for goods shipped without serials. */
  serial: z.string(),
  issue: z.string(),
  status: z.enum(CLAIM_STATUSES),
  /** The shop's last note (a rejection's reason, what the service centre said). */
  note: z.string().nullable(),
  /** The day ('YYYY-MM-DD', Nepal) the unit's warranty ends. */
  warrantyEnds: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;
export const claimResponseSchema = z.object({ claim: claimSchema });

/** A unit of the order and whether a claim can be opened for it now. */
export const claimableUnitSchema = z.object({
  orderItemId: z.number(),
  name: z.string(),
  variantLabel: z.string().nullable(),
  serial: z.string(),
  /** The first instant a claim can be opened (the return window's end); null without a warranty. */
  from: z.string().nullable(),
  /** The day the warranty ends; null without a warranty. */
  warrantyEnds: z.string().nullable(),
  /** True now: past the return window, within the warranty and without an open claim. */
  claimable: z.boolean(),
});
export type ClaimableUnit = z.infer<typeof claimableUnitSchema>;

export const claimsOfOrderSchema = z.object({
  claims: z.array(claimSchema),
  units: z.array(claimableUnitSchema),
});
export type ClaimsOfOrder = z.infer<typeof claimsOfOrderSchema>;

export const adminClaimSchema = claimSchema.extend({ customerName: z.string(), customerEmail: z.string() });
export type AdminClaim = z.infer<typeof adminClaimSchema>;
export const adminClaimResponseSchema = z.object({ claim: adminClaimSchema });

export const adminClaimQuerySchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: WARRANTY_MESSAGES.statusInvalid }).optional(),
  page: pageNumberSchema,
});

export const adminClaimPageSchema = z.object({
  claims: z.array(adminClaimSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type AdminClaimPage = z.infer<typeof adminClaimPageSchema>;
