import { z } from 'zod';

/**
 * What an admin may do, by role (ADR 0048). THE ONE TABLE: a route asks for a permission
 * (`access({ admin: 'orders.write' })`, src/server/lib/access.ts), the server's guard looks the
 * admin's role up here, and the panel hides what the role's set lacks (it gets the set from
 * GET /api/admin/me). A new feature adds its permission name to ADMIN_PERMISSIONS and to the
 * roles that hold it below; nothing else changes and no migration is needed.
 */
export const ADMIN_PERMISSIONS = [
  'catalog.read', // admin views of the catalogue: archived products, the search dictionary, the products CSV, a product's history
  'catalog.write', // categories, products, brands, spec fields, the products CSV import
  'orders.read', // the order list, one order
  'orders.write', // an order's status, forward only
  'orders.reverse', // taking an order back a step or reopening a cancelled one (with a reason)
  'orders.export', // the orders CSV: names, phones and addresses of shoppers
  'refunds', // an order's payment marked refunded
  'dashboard',
  'audit',
  'jobs',
  'promotions', // coupons and campaigns
  'reviews', // review moderation: hide, show, reply
  'questions', // product questions: answer, hide, show
  'returns', // returns: the list, approve, reject, receive, settle (a refund marked made asks 'refunds')
  'warranty', // warranty claims: the list and each step to the service centre and back
  'sms', // the log of texts and a test text (which costs money)
  'staff', // admin accounts, their roles and two-factor sign-in
  'settings', // the shop's settings: delivery by district
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export const ADMIN_ROLES = ['owner', 'manager', 'staff'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const MANAGER: readonly AdminPermission[] = [
  'catalog.read',
  'catalog.write',
  'orders.read',
  'orders.write',
  'orders.reverse',
  'orders.export',
  'dashboard',
  'promotions',
  'reviews',
  'questions',
  'returns',
  'warranty',
];

const STAFF: readonly AdminPermission[] = ['catalog.read', 'orders.read', 'orders.write', 'returns', 'warranty'];

/** Role → permissions. The owner holds every permission there is, including ones added later. */
export const ROLE_PERMISSIONS: Record<AdminRole, readonly AdminPermission[]> = {
  owner: ADMIN_PERMISSIONS,
  manager: MANAGER,
  staff: STAFF,
};

export function isAdminRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}

/** A stored role not known to this code (a newer version wrote it) holds nothing. */
export function permissionsOf(role: string): readonly AdminPermission[] {
  return isAdminRole(role) ? ROLE_PERMISSIONS[role] : [];
}

export function roleHas(role: string, permission: AdminPermission): boolean {
  return permissionsOf(role).includes(permission);
}

export const STAFF_MESSAGES = {
  notPermitted: 'Your role does not allow this',
  finishSignInSetup: 'Please finish setting up your sign-in first',
  roleRequired: 'Role is required',
  roleInvalid: `Role must be one of ${ADMIN_ROLES.join(', ')}`,
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username may use letters, digits, dot, dash, underscore and @, and is at most a hundred characters',
  staffNotFound: 'No such admin',
  staffIdInvalid: 'Staff id must be a positive whole number',
  lastOwner: 'The shop must keep at least one owner',
  notYourself: 'You cannot remove your own account',
  usernameTaken: 'That username is already taken',
  totpRequired: 'Enter the code from your authenticator app',
  totpWrong: 'That code is not right',
  totpNotStarted: 'Start the two-factor setup first',
  totpAlreadyOn: 'Two-factor sign-in is already on',
  codeRequired: 'Code is required',
  codeInvalid: 'Code must be the six digits from the app or a recovery code',
  created: 'Staff account created',
  updated: 'Staff account updated',
  removed: 'Staff account removed',
  totpOn: 'Two-factor sign-in is on',
} as const;

const USERNAME = /^[A-Za-z0-9._@-]{1,100}$/;

export const staffRoleSchema = z.enum(ADMIN_ROLES, {
  error: (issue) => (issue.input === undefined ? STAFF_MESSAGES.roleRequired : STAFF_MESSAGES.roleInvalid),
});

export const createStaffSchema = z.object({
  username: z
    .string({ error: STAFF_MESSAGES.usernameRequired })
    .trim()
    .min(1, STAFF_MESSAGES.usernameRequired)
    .regex(USERNAME, STAFF_MESSAGES.usernameInvalid),
  role: staffRoleSchema,
  totpRequired: z.boolean().optional(),
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

export const updateStaffSchema = z
  .object({ role: staffRoleSchema.optional(), totpRequired: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.totpRequired !== undefined, { message: STAFF_MESSAGES.roleRequired });

export const totpCodeSchema = z.object({
  code: z
    .string({ error: STAFF_MESSAGES.codeRequired })
    .trim()
    .min(1, STAFF_MESSAGES.codeRequired)
    .regex(/^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{4})$/i, STAFF_MESSAGES.codeInvalid),
});

export const staffMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  totpRequired: z.boolean(),
  totpOn: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
/** The one-time password is in this answer only; it is never stored in the clear or shown again. */
export const staffCreatedSchema = z.object({ message: z.string(), staff: staffMemberSchema, password: z.string() });
export const staffUpdatedSchema = z.object({ message: z.string(), staff: staffMemberSchema });
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export const totpConfirmedSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** GET /api/admin/me: who is signed in, what the role may do, and what must be done first. */
export const adminMeSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
  mustChangePassword: z.boolean(),
  totpRequired: z.boolean(),
  totpOn: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;
