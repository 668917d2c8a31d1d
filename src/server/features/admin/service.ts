import type { Kysely } from 'kysely';
import { RECOVERY_MESSAGES } from '../../../shared/account-recovery.js';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../shared/accounts.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { randomToken } from '../../lib/secrets.js';
import { deviceAccount } from '../../lib/device-cookie.js';
import { beginLogin, checkCurrentPassword } from '../../lib/login-guard.js';
import type { LoginClient } from '../../lib/session-routes.js';
import { revokeAllSessions } from '../../lib/sessions.js';
import { recordAudit } from '../audit/service.js';
import * as q from './queries.js';
import { type AdminMe, isAdminRole, permissionsOf } from '../../../shared/staff-roles.js';
import { checkSecondFactor } from './two-factor.js';

/** What admin account management needs; the CLI has these without a whole app context. */
export interface AdminStore {
  db: Kysely<Database>;
  clock: Clock;
}

export interface PublicAdmin {
  id: number;
  username: string;
}

/** The admin login form caps passwords at 200 characters, so a longer one could never be used. */
export const ADMIN_PASSWORD_MAX_LENGTH = 200;
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,100}$/;

/** 24 characters of base64url from 18 random bytes (144 bits). */
export function generateAdminPassword(): string {
  return randomToken(18);
}

export function adminPasswordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `the password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > ADMIN_PASSWORD_MAX_LENGTH)
    return `the password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters long`;
  return undefined;
}

export async function adminLogin(
  ctx: AppContext,
  input: { username: string; password: string; code?: string },
  client: LoginClient,
): Promise<{ token: string; subjectId: number }> {
  const admin = await q.findAdminForLogin(ctx.db, input.username);
  const account = admin ? deviceAccount.admin(admin.id) : `name:${input.username.toLowerCase()}`;
  const attempt = await beginLogin(ctx.backoff, { scope: 'admin-login', ip: client.ip, account, device: client.device(account) });
  const ok = admin ? await verifyPassword(admin.password_hash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!admin || !ok) throw unauthorized(ACCOUNT_MESSAGES.adminLoginFailed);
  await attempt.succeeded();
  // The password was right; an admin with two-factor sign-in also gives a code (its own delays).
  await checkSecondFactor(ctx, admin, input.code);
  return { token: await ctx.sessions.start('admin', admin.id), subjectId: admin.id };
}

export async function getAdmin(ctx: AppContext, id: number): Promise<AdminMe> {
  const admin = await q.findAdminById(ctx.db, id);
  // The session outlived its admin row: for the client that is a dead session, not a missing page.
  if (!admin) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
  const role = isAdminRole(admin.role) ? admin.role : 'staff';
  return {
    id: admin.id,
    username: admin.username,
    role,
    permissions: [...permissionsOf(admin.role)],
    mustChangePassword: admin.must_change_password === 1,
    totpRequired: admin.totp_required === 1,
    totpOn: admin.totp_secret !== null,
  };
}

/**
 * The admin's own password change: the current one asked, with the login's growing
 * delays; the admin's other sessions end, this one stays.
 */
export async function changeAdminPassword(
  ctx: AppContext,
  principal: { id: number; sessionId: string },
  input: { currentPassword: string; password: string },
  client: LoginClient,
): Promise<void> {
  const admin = await q.findAdminWithPassword(ctx.db, principal.id);
  if (!admin) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
  // The environment is the truth for that admin (bootstrap.ts): a change here would be undone at the next start.
  if (ctx.config.admin && admin.username === ctx.config.admin.username)
    throw conflict(RECOVERY_MESSAGES.adminPasswordFromEnvironment);
  const account = deviceAccount.admin(admin.id);
  await checkCurrentPassword(
    ctx.backoff,
    { ip: client.ip, account, device: client.device(account) },
    admin.password_hash,
    input.currentPassword,
  );
  if (input.password === input.currentPassword) throw badRequest(RECOVERY_MESSAGES.samePassword);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    const now = isoNow(ctx.clock);
    await q.updateAdminPassword(trx, admin.id, passwordHash, now);
    const sessionsEnded = await revokeAllSessions(trx, ctx.clock, 'admin', admin.id, principal.sessionId);
    // That it happened, and what it did; never a password or a hash.
    await recordAudit(trx, {
      adminId: admin.id,
      action: 'admin.password',
      entityType: 'admin',
      entityId: admin.id,
      summary: admin.username,
      changes: { otherSessionsEnded: [null, sessionsEnded] },
      at: now,
    });
  });
}

/** Creates an admin; 409 when the username is taken (also when another process won the race). */
export async function createAdmin(store: AdminStore, username: string, password: string): Promise<PublicAdmin> {
  const problem = adminPasswordProblem(password);
  if (problem) throw new AppError(400, 'BAD_PASSWORD', `Cannot create admin: ${problem}`);
  if (await q.findAdminByUsername(store.db, username)) throw adminExists(username);
  const passwordHash = await hashPassword(password);
  try {
    const id = await q.insertAdmin(store.db, { username, passwordHash, now: isoNow(store.clock) });
    return { id, username };
  } catch (error) {
    if (uniqueViolation(error)) throw adminExists(username);
    throw error;
  }
}

/** Sets a new password and ends every session of that admin. */
export async function resetAdminPassword(
  store: AdminStore,
  username: string,
  password: string,
): Promise<PublicAdmin & { sessionsEnded: number }> {
  const problem = adminPasswordProblem(password);
  if (problem) throw new AppError(400, 'BAD_PASSWORD', `Cannot reset the password: ${problem}`);
  const admin = await q.findAdminByUsername(store.db, username);
  if (!admin) throw notFound(`There is no admin named '${username}'`);
  const passwordHash = await hashPassword(password);
  const sessionsEnded = await store.db.transaction().execute(async (trx) => {
    const now = isoNow(store.clock);
    await q.updateAdminPassword(trx, admin.id, passwordHash, now);
    const ended = await revokeAllSessions(trx, store.clock, 'admin', admin.id);
    // From the command line: no admin signed in (adminId null).
    await recordAudit(trx, {
      adminId: null,
      action: 'admin.password',
      entityType: 'admin',
      entityId: admin.id,
      summary: admin.username,
      changes: { sessionsEnded: [null, ended] },
      at: now,
    });
    return ended;
  });
  return { id: admin.id, username: admin.username, sessionsEnded };
}

function adminExists(username: string) {
  return conflict(`An admin named '${username}' already exists`);
}
