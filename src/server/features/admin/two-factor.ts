import { STAFF_MESSAGES } from '../../../shared/staff-roles.js';
import type { AppContext } from '../../context.js';
import type { BackoffPolicy } from '../../lib/backoff.js';
import { isoNow } from '../../lib/clock.js';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri } from '../../lib/totp.js';
import { recordAudit } from '../audit/service.js';

/**
 * Two-factor sign-in for admins (RFC 6238 codes from an authenticator app, or a one-time recovery
 * code). Whoever gets this far knows the password, so wrong codes are counted against the account
 * alone: ten are free, then each further try waits 1 s, 2 s, 4 s … up to 15 minutes (ADR 0017's
 * growing delays, never a lock).
 */
export const TOTP_POLICY: BackoffPolicy = { free: 10, maxDelayMs: 15 * 60 * 1000, forgetAfterMs: 60 * 60 * 1000 };

const totpKey = (adminId: number) => `admin-totp:account:${adminId}`;

/** The login's answer when the password was right and the code is missing: the form asks for it. */
export const TOTP_REQUIRED_CODE = 'TOTP_REQUIRED';

interface TwoFactorRow {
  id: number;
  totp_secret: string | null;
  totp_last_step: number | null;
}

/** The second step of an admin's login, once the password was right. */
export async function checkSecondFactor(ctx: AppContext, admin: TwoFactorRow, code: string | undefined): Promise<void> {
  if (admin.totp_secret === null) return;
  if (!code) throw new AppError(401, TOTP_REQUIRED_CODE, STAFF_MESSAGES.totpRequired);
  const wait = await ctx.backoff.attempt([{ key: totpKey(admin.id), policy: TOTP_POLICY }]);
  if (wait > 0) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyLogins(Math.max(1, Math.ceil(wait / 60))), wait);
  if (!(await acceptCode(ctx, admin, code))) throw unauthorized(STAFF_MESSAGES.totpWrong);
  await ctx.backoff.clear(totpKey(admin.id));
}

/** A right code of a step after the last one used (the compare-and-set makes a code count once), or an unused recovery code. */
async function acceptCode(ctx: AppContext, admin: TwoFactorRow, code: string): Promise<boolean> {
  const clean = code.trim();
  if (/^\d{6}$/.test(clean)) {
    const step = matchTotp(admin.totp_secret!, clean, ctx.clock.now().getTime(), admin.totp_last_step);
    if (step === undefined) return false;
    const result = await ctx.db
      .updateTable('admins')
      .set({ totp_last_step: step })
      .where('id', '=', admin.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  const result = await ctx.db
    .deleteFrom('admin_recovery_codes')
    .where('admin_id', '=', admin.id)
    .where('code_hash', '=', hashRecoveryCode(clean))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Offers a new secret to the signed-in admin; it counts only once a code from it is confirmed. */
export async function startTotpSetup(ctx: AppContext, adminId: number): Promise<{ secret: string; uri: string }> {
  const admin = await ctx.db
    .selectFrom('admins')
    .select(['username', 'totp_secret'])
    .where('id', '=', adminId)
    .executeTakeFirst();
  if (!admin) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
  if (admin.totp_secret !== null) throw conflict(STAFF_MESSAGES.totpAlreadyOn);
  const secret = newTotpSecret();
  await ctx.db.updateTable('admins').set({ totp_pending: secret }).where('id', '=', adminId).execute();
  return { secret, uri: otpauthUri(ctx.config.store.name, admin.username, secret) };
}

/**
 * A code from the offered secret turns two-factor sign-in on and answers ten recovery codes,
 * shown this once (only their hashes are kept). Wrong codes count as at login.
 */
export async function confirmTotpSetup(ctx: AppContext, adminId: number, code: string): Promise<string[]> {
  const admin = await ctx.db
    .selectFrom('admins')
    .select(['username', 'totp_secret', 'totp_pending'])
    .where('id', '=', adminId)
    .executeTakeFirst();
  if (!admin) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
  if (admin.totp_secret !== null) throw conflict(STAFF_MESSAGES.totpAlreadyOn);
  if (admin.totp_pending === null) throw conflict(STAFF_MESSAGES.totpNotStarted);
  const wait = await ctx.backoff.attempt([{ key: totpKey(adminId), policy: TOTP_POLICY }]);
  if (wait > 0) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyLogins(Math.max(1, Math.ceil(wait / 60))), wait);
  const step = /^\d{6}$/.test(code) ? matchTotp(admin.totp_pending, code, ctx.clock.now().getTime(), null) : undefined;
  if (step === undefined) throw badRequest(STAFF_MESSAGES.totpWrong);
  await ctx.backoff.clear(totpKey(adminId));
  const codes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    const now = isoNow(ctx.clock);
    const result = await trx
      .updateTable('admins')
      .set({ totp_secret: admin.totp_pending, totp_pending: null, totp_last_step: step, updated_at: now })
      .where('id', '=', adminId)
      .where('totp_secret', 'is', null)
      .where('totp_pending', '=', admin.totp_pending)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict(STAFF_MESSAGES.totpAlreadyOn);
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    await trx
      .insertInto('admin_recovery_codes')
      .values(codes.map((c) => ({ admin_id: adminId, code_hash: hashRecoveryCode(c), created_at: now })))
      .execute();
    await recordAudit(trx, {
      adminId,
      action: 'admin.totp',
      entityType: 'admin',
      entityId: adminId,
      summary: admin.username,
      changes: { totpOn: [false, true] },
      at: now,
    });
  });
  return codes;
}
