import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  RECOVERY_MESSAGES,
  type changeEmailSchema,
  type changePasswordSchema,
  type changePhoneSchema,
  type resetPasswordSchema,
} from '../../../shared/account-recovery.js';
import { ACCOUNT_MESSAGES, type PublicUser } from '../../../shared/accounts.js';
import type { AppContext } from '../../context.js';
import { isoIn, isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { deviceAccount } from '../../lib/device-cookie.js';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { checkCurrentPassword } from '../../lib/login-guard.js';
import { hashNewShopperPassword } from '../../lib/passwords.js';
import type { LoginClient } from '../../lib/session-routes.js';
import { revokeAllSessions } from '../../lib/sessions.js';
import { signupLimits } from '../../lib/throttle.js';
import {
  checkCode,
  codeMailKey,
  codeRefusal,
  codeToNobody,
  countCodeGuess,
  guessCodeOfNobody,
  hashCode,
  otpClientFor,
} from './account-codes.js';
import { newOtpCode, OTP_TTL_MS, type OtpClient, otpSource } from './otp.js';
import { accountChangedMail, otpMail } from './otp-mail.js';
import { textCode } from './sms-codes.js';
import * as q from './queries.js';
import { toPublicUser } from './service.js';
import { removalJobKey } from './unverified-removal.js';

/**
 * A way back in: a forgotten password reset by a code mailed to the account's address,
 * and the shopper's own changes of password, email and phone. Codes follow the verification
 * code's rules (otp.ts): ten minutes, single use, guesses limited per code and per source, and a
 * stranger's requests and guesses never use up the owner's browser's.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Reset codes one source may ask for, for one address, an hour; and all strangers together. */
export const RESET_CODES_PER_SOURCE_HOUR = 3;
export const RESET_CODES_PER_ADDRESS_HOUR = 10;
/** Email changes one account may start an hour (each mails a code to a new address). */
export const EMAIL_CHANGES_PER_HOUR = 5;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Whose password: the account with the address, or the one that proved the number (a stranger's typed number finds nobody). */
type Whose = { email?: string | undefined; phoneNumber?: string | undefined };
const identifierOf = (whose: Whose) => whose.phoneNumber ?? whose.email ?? '';
const findAccountOf = (ctx: AppContext, whose: Whose) =>
  whose.phoneNumber !== undefined
    ? q.findUserByOwnedPhone(ctx.db, whose.phoneNumber)
    : q.findUserByEmail(ctx.db, whose.email ?? '');

/**
 * Sends a reset code when an account uses the address (by mail) or proved the number (by text);
 * answers the same either way, after the same limits (counted per address or number, whether or not
 * it is an account's), so it tells a stranger nothing.
 */
export async function forgotPassword(ctx: AppContext, log: Log, whose: Whose, request: LoginClient): Promise<void> {
  const identifier = identifierOf(whose);
  const user = await findAccountOf(ctx, whose);
  const client = otpClientFor(request, user?.id);
  const source = otpSource(client);
  await ctx.throttle.limit(
    [
      { key: `reset:ip:${client.ip}`, ...signupLimits(ctx.config.limits).sendOtpPerIpHour },
      { key: `reset:address:${identifier}:${source}`, limit: RESET_CODES_PER_SOURCE_HOUR, windowMs: HOUR_MS },
      ...(client.device === undefined
        ? [{ key: `reset:address:${identifier}:strangers`, limit: RESET_CODES_PER_ADDRESS_HOUR, windowMs: HOUR_MS }]
        : []),
    ],
    RECOVERY_MESSAGES.tooManyResetRequests,
  );
  if (!user) return codeToNobody(ctx, 'reset', identifier);
  const code = newOtpCode();
  const texted = await ctx.db.transaction().execute(async (trx) => {
    await q.replaceAccountCode(trx, {
      userId: user.id,
      purpose: 'reset-password',
      codeHash: hashCode(ctx, user.id, 'reset-password', code),
      newEmail: null,
      expiresAt: isoIn(ctx.clock, OTP_TTL_MS),
      now: isoNow(ctx.clock),
    });
    if (whose.phoneNumber !== undefined) {
      const sms = { to: user.phone_number, kind: 'reset-password', code, locale: user.language, userId: user.id } as const;
      return textCode(ctx, trx, { ...sms, minutes: OTP_TTL_MS / 60_000 });
    }
    const message = otpMail({
      to: user.email ?? '',
      storeName: ctx.config.store.name,
      code,
      validMinutes: OTP_TTL_MS / 60_000,
      purpose: 'reset-password',
      locale: user.language,
    });
    // Queued, not sent while the caller waits: the answer takes as long whether or not the account exists.
    await ctx.outbox.queue(trx, message, { secret: true, key: codeMailKey(user.id, 'reset-password') });
    return undefined;
  });
  // A refused text is not told to the asker: the answer would say the number is an account's.
  if (texted && !texted.queued) log.warn({ userId: user.id, reason: texted.reason }, 'the reset code was not texted');
  else log.info({ userId: user.id }, 'password reset code queued');
}

/**
 * Sets a new password with a reset code: every session of the account ends, and the address (or
 * the number) is proved: an unverified account is verified by it. An unknown address answers as a
 * missing code.
 */
export async function resetPassword(
  ctx: AppContext,
  log: Log,
  input: z.output<typeof resetPasswordSchema>,
  request: LoginClient,
) {
  const user = await findAccountOf(ctx, input);
  if (!user) return guessCodeOfNobody(ctx, 'reset', identifierOf(input), otpClientFor(request, undefined));
  const who = otpClientFor(request, user.id);
  const mine = await countCodeGuess(ctx, user.id, 'reset-password', who);
  const check = await ctx.db
    .transaction()
    .execute((trx) => checkCode(ctx, trx, user.id, 'reset-password', input.otp, { mine, trusted: who.device !== undefined }));
  if (check.kind !== 'ok') throw codeRefusal(check);

  // Hashed only once the code is right, so wrong guesses cost no argon2 work.
  const passwordHash = await hashNewShopperPassword(input.password);
  if (passwordHash === undefined) throw new AppError(503, 'BUSY', ACCOUNT_MESSAGES.signupBusy);
  await ctx.db.transaction().execute(async (trx) => {
    const now = isoNow(ctx.clock);
    const proved = input.phoneNumber === undefined ? { email_verified_at: now } : {};
    await q.updateUser(trx, user.id, { password_hash: passwordHash, email_verified: 1, ...proved }, now);
    await ctx.jobs.cancelQueued(trx, removalJobKey(user.id));
    await revokeAllSessions(trx, ctx.clock, 'user', user.id);
    await ctx.outbox.queue(
      trx,
      accountChangedMail({ to: user.email ?? '', storeName: ctx.config.store.name, change: 'password', locale: user.language }),
    );
  });
  log.info({ userId: user.id }, 'password reset with a code; every session ended');
}

/** The shopper's current password (lib/login-guard.ts checkCurrentPassword), this browser's device cookie counted. */
const checkShoppersPassword = (
  ctx: AppContext,
  user: { id: number; password_hash: string },
  password: string,
  client: OtpClient,
) =>
  checkCurrentPassword(
    ctx.backoff,
    { ip: client.ip, account: deviceAccount.user(user.id), device: client.device },
    user.password_hash,
    password,
  );

async function userWithPassword(ctx: AppContext, userId: number) {
  const user = await q.findUserWithPassword(ctx.db, userId);
  if (!user) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
  return user;
}

/** A new password, the old one asked: the shopper's other sessions end, this one stays. */
export async function changePassword(
  ctx: AppContext,
  principal: { id: number; sessionId: string },
  input: z.output<typeof changePasswordSchema>,
  client: OtpClient,
): Promise<void> {
  const user = await userWithPassword(ctx, principal.id);
  await checkShoppersPassword(ctx, user, input.currentPassword, client);
  if (input.password === input.currentPassword) throw badRequest(RECOVERY_MESSAGES.samePassword);
  const passwordHash = await hashNewShopperPassword(input.password);
  if (passwordHash === undefined) throw new AppError(503, 'BUSY', ACCOUNT_MESSAGES.signupBusy);
  await ctx.db.transaction().execute(async (trx) => {
    await q.updateUser(trx, user.id, { password_hash: passwordHash }, isoNow(ctx.clock));
    await revokeAllSessions(trx, ctx.clock, 'user', user.id, principal.sessionId);
    await ctx.outbox.queue(
      trx,
      accountChangedMail({ to: user.email ?? '', storeName: ctx.config.store.name, change: 'password', locale: user.language }),
    );
  });
}

/** Starts an email change: a code to the new address, which confirmEmail takes. Answers whether the mail is queued. */
export async function changeEmail(
  ctx: AppContext,
  log: Log,
  userId: number,
  input: z.output<typeof changeEmailSchema>,
  client: OtpClient,
): Promise<{ queued: boolean }> {
  const user = await userWithPassword(ctx, userId);
  await checkShoppersPassword(ctx, user, input.currentPassword, client);
  if (input.email === user.email) throw badRequest(RECOVERY_MESSAGES.sameEmail);
  await ctx.throttle.limit(
    [
      { key: `change-email:${userId}`, limit: EMAIL_CHANGES_PER_HOUR, windowMs: HOUR_MS },
      { key: `register:email-hour:${input.email}`, limit: EMAIL_CHANGES_PER_HOUR, windowMs: HOUR_MS },
    ],
    ACCOUNT_MESSAGES.tooManyOtpRequests,
  );
  const holder = await q.findUserByEmail(ctx.db, input.email);
  if (holder && Number(holder.email_verified) === 1) throw conflict(ACCOUNT_MESSAGES.emailTaken);
  const code = newOtpCode();
  const mail = await ctx.db.transaction().execute(async (trx) => {
    await q.replaceAccountCode(trx, {
      userId,
      purpose: 'change-email',
      codeHash: hashCode(ctx, userId, 'change-email', code),
      newEmail: input.email,
      expiresAt: isoIn(ctx.clock, OTP_TTL_MS),
      now: isoNow(ctx.clock),
    });
    const message = otpMail({
      to: input.email,
      storeName: ctx.config.store.name,
      code,
      validMinutes: OTP_TTL_MS / 60_000,
      purpose: 'change-email',
      // The shopper's own request, to their new address: their account's language.
      locale: user.language,
    });
    return ctx.outbox.queueClaimed(trx, message, { secret: true, key: codeMailKey(userId, 'change-email') });
  });
  const sent = await ctx.outbox.sendNow(mail);
  if (!sent) log.warn({ userId }, 'the email-change code mail is queued: the mail server did not take it');
  return { queued: !sent };
}

/**
 * Confirms an email change with the code sent to the new address: the address is the account's
 * (and verified), an unverified account holding it is removed, and the old address is told.
 */
export async function confirmEmail(
  ctx: AppContext,
  log: Log,
  userId: number,
  otp: string,
  client: OtpClient,
): Promise<PublicUser> {
  const mine = await countCodeGuess(ctx, userId, 'change-email', client);
  try {
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const user = await q.lockUserForChange(trx, userId);
      if (!user) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
      const check = await checkCode(ctx, trx, userId, 'change-email', otp, { mine, trusted: client.device !== undefined });
      if (check.kind !== 'ok') return check;
      const newEmail = check.newEmail!;
      const holder = await q.findUserByEmail(trx, newEmail);
      if (holder && holder.id !== userId && !(await q.removeUnverifiedUser(trx, holder.id))) return { kind: 'taken' } as const;
      await q.updateUser(trx, userId, { email: newEmail, email_verified: 1 }, isoNow(ctx.clock));
      await ctx.jobs.cancelQueued(trx, removalJobKey(userId));
      await ctx.outbox.queue(
        trx,
        accountChangedMail({
          to: user.email ?? '',
          storeName: ctx.config.store.name,
          change: 'email',
          newEmail,
          locale: user.language,
        }),
      );
      return { kind: 'changed', user: toPublicUser({ ...user, email: newEmail, email_verified: 1 }) } as const;
    });
    if (outcome.kind === 'taken') throw conflict(ACCOUNT_MESSAGES.emailTaken);
    if (outcome.kind !== 'changed') throw codeRefusal(outcome);
    log.info({ userId }, 'email changed; the old address was told');
    return outcome.user;
  } catch (error) {
    // Another account took the address (or verified with this phone) in the meantime.
    const violation = uniqueViolation(error);
    if (violation)
      throw conflict(violation.column === 'phone_number' ? ACCOUNT_MESSAGES.phoneTaken : ACCOUNT_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * A new phone number, the password asked. The number is the account's but not proved: until a
 * texted code proves it (the Profile tab's "Text me a code", phone-codes.ts) it neither logs in nor
 * is refused to another registration. A number another account proved is refused.
 */
export async function changePhone(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof changePhoneSchema>,
  client: OtpClient,
): Promise<PublicUser> {
  const user = await userWithPassword(ctx, userId);
  await checkShoppersPassword(ctx, user, input.currentPassword, client);
  if (input.phoneNumber === user.phone_number) throw badRequest(RECOVERY_MESSAGES.samePhone);
  if (await q.findUserByOwnedPhone(ctx.db, input.phoneNumber)) throw conflict(ACCOUNT_MESSAGES.phoneTaken);
  await q.updateUser(ctx.db, userId, { phone_number: input.phoneNumber, phone_verified_at: null }, isoNow(ctx.clock));
  return toPublicUser({ ...user, phone_number: input.phoneNumber, phone_verified_at: null });
}
