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
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { checkCurrentPassword } from '../../lib/login-guard.js';
import { hashNewShopperPassword } from '../../lib/passwords.js';
import type { LoginClient } from '../../lib/session-routes.js';
import { revokeAllSessions } from '../../lib/sessions.js';
import { signupLimits } from '../../lib/throttle.js';
import {
  hashOtp,
  newOtpCode,
  attemptsLeftAfterWrong,
  countGuess,
  guessesSpent,
  OTP_TTL_MS,
  type OtpClient,
  otpMatches,
  otpSource,
} from './otp.js';
import { accountChangedMail, type CodePurpose, otpMail } from './otp-mail.js';
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
type AccountCodePurpose = Exclude<CodePurpose, 'verify'>;

/** The code is bound to the purpose as well as the account, so a code of one kind never passes for another. */
const hashCode = (ctx: AppContext, userId: number, purpose: AccountCodePurpose, code: string) =>
  hashOtp(ctx.otpKey, userId, `${purpose}:${code}`);
const codeMailKey = (userId: number, purpose: AccountCodePurpose) => `${purpose}-mail:${userId}`;

function throttleLimits(ctx: AppContext) {
  return signupLimits(ctx.config.limits);
}

/** The source of a request about an account: its address, and the browser's device cookie for that account. */
const otpClientFor = (client: LoginClient, userId: number | undefined): OtpClient => ({
  ip: client.ip,
  device: userId === undefined ? undefined : client.device(deviceAccount.user(userId)),
});

/**
 * Mails a reset code when an account uses the address; answers the same either way, after the
 * same limits (counted per address, whether or not it is an account's), so it tells a stranger nothing.
 */
export async function forgotPassword(ctx: AppContext, log: Log, email: string, request: LoginClient): Promise<void> {
  const user = await q.findUserByEmail(ctx.db, email);
  const client = otpClientFor(request, user?.id);
  const source = otpSource(client);
  await ctx.throttle.limit(
    [
      { key: `reset:ip:${client.ip}`, ...throttleLimits(ctx).sendOtpPerIpHour },
      { key: `reset:address:${email}:${source}`, limit: RESET_CODES_PER_SOURCE_HOUR, windowMs: HOUR_MS },
      ...(client.device === undefined
        ? [{ key: `reset:address:${email}:strangers`, limit: RESET_CODES_PER_ADDRESS_HOUR, windowMs: HOUR_MS }]
        : []),
    ],
    RECOVERY_MESSAGES.tooManyResetRequests,
  );
  if (!user) return resetCodeToNobody(ctx, email);
  const code = newOtpCode();
  await ctx.db.transaction().execute(async (trx) => {
    await q.replaceAccountCode(trx, {
      userId: user.id,
      purpose: 'reset-password',
      codeHash: hashCode(ctx, user.id, 'reset-password', code),
      newEmail: null,
      expiresAt: isoIn(ctx.clock, OTP_TTL_MS),
      now: isoNow(ctx.clock),
    });
    const message = otpMail({
      to: user.email,
      storeName: ctx.config.store.name,
      code,
      validMinutes: OTP_TTL_MS / 60_000,
      purpose: 'reset-password',
      locale: user.language,
    });
    // Queued, not sent while the caller waits: the answer takes as long whether or not the account exists.
    await ctx.outbox.queue(trx, message, { secret: true, key: codeMailKey(user.id, 'reset-password') });
  });
  log.info({ userId: user.id }, 'password reset code queued');
}

type CodeCheck =
  { kind: 'ok'; newEmail: string | null } | { kind: 'none' | 'locked' | 'expired' } | { kind: 'wrong'; attemptsLeft: number };

/**
 * Checks an account code inside the caller's transaction; a right one is used up. `mine` is this
 * source's guesses at the code, counted before the transaction.
 */
async function checkCode(
  ctx: AppContext,
  trx: Parameters<typeof q.deleteAccountCode>[0],
  userId: number,
  purpose: AccountCodePurpose,
  code: string,
  guess: { mine: number; trusted: boolean },
): Promise<CodeCheck> {
  const row = await q.findAccountCode(trx, userId, purpose);
  if (!row) return { kind: 'none' };
  const counted = { ...guess, strangers: row.attempts };
  if (guessesSpent(counted)) return { kind: 'locked' };
  if (row.expires_at <= isoNow(ctx.clock)) return { kind: 'expired' };
  if (!otpMatches(ctx.otpKey, userId, `${purpose}:${code}`, row.code_hash)) {
    if (!guess.trusted) await q.countWrongAccountCode(trx, userId, purpose);
    return { kind: 'wrong', attemptsLeft: attemptsLeftAfterWrong(counted) };
  }
  await q.deleteAccountCode(trx, userId, purpose);
  await ctx.jobs.cancelQueued(trx, codeMailKey(userId, purpose));
  return { kind: 'ok', newEmail: row.new_email };
}

function codeRefusal(check: Exclude<CodeCheck, { kind: 'ok' }>): Error {
  switch (check.kind) {
    case 'none':
      return badRequest(ACCOUNT_MESSAGES.otpNone);
    case 'locked':
      return tooManyRequests(ACCOUNT_MESSAGES.otpLocked);
    case 'expired':
      return badRequest(ACCOUNT_MESSAGES.otpExpired);
    case 'wrong':
      return badRequest(ACCOUNT_MESSAGES.otpWrong(check.attemptsLeft));
  }
}

/** This source's guesses at the account's live code of the purpose, this one counted (otp.ts countGuess). */
async function countCodeGuess(ctx: AppContext, userId: number, purpose: AccountCodePurpose, client: OtpClient): Promise<number> {
  const stamp = (await q.findAccountCode(ctx.db, userId, purpose))?.created_at;
  return countGuess(ctx, stamp === undefined ? undefined : `${purpose}-guess:${userId}:${stamp}`, client);
}

/**
 * Sets a new password with a reset code: every session of the account ends, and the address is
 * proved (an unverified account is verified by it). An unknown address answers as a missing code.
 */
export async function resetPassword(
  ctx: AppContext,
  log: Log,
  input: z.output<typeof resetPasswordSchema>,
  request: LoginClient,
) {
  const user = await q.findUserByEmail(ctx.db, input.email);
  if (!user) return resetWithCodeOfNobody(ctx, input.email, otpClientFor(request, undefined));
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
    await q.updateUser(trx, user.id, { password_hash: passwordHash, email_verified: 1 }, isoNow(ctx.clock));
    await ctx.jobs.cancelQueued(trx, removalJobKey(user.id));
    await revokeAllSessions(trx, ctx.clock, 'user', user.id);
    await ctx.outbox.queue(
      trx,
      accountChangedMail({ to: user.email, storeName: ctx.config.store.name, change: 'password', locale: user.language }),
    );
  });
  log.info({ userId: user.id }, 'password reset with a code; every session ended');
}

/**
 * An address with no account answers reset-password as an account's does, so the pair of calls
 * cannot tell a stranger who is registered (as send-otp and verify-otp do for an unknown id,
 * ADR 0016): 'No OTP has been requested' before forgot-password, then wrong-code answers counting
 * down from the same five tries per source (and twenty for all strangers) to the same lock, and
 * 'OTP has expired' once the ten minutes are over. Nothing is mailed; the only state is throttle
 * counters standing in for the code's row.
 */
const nobodyKeys = (email: string) => ({
  /** A "code" is live: counted for the code's ten minutes. */
  live: `reset-unknown:live:${email}`,
  /** A "code" was asked for (and when): an account's expired code stays in its row, answering 'expired'. */
  issued: `reset-unknown:issued:${email}`,
  /** Wrong guesses from all strangers together (an account's row counts them in `attempts`). */
  strangers: `reset-unknown:strangers:${email}`,
});
/** How long an unknown address's asked-for "code" answers 'expired' rather than 'none'. */
const NOBODY_ISSUED_MS = 7 * 24 * HOUR_MS;

async function resetCodeToNobody(ctx: AppContext, email: string): Promise<void> {
  const key = nobodyKeys(email);
  // A new "code" starts every count afresh, as replacing an account's code row does: the guesses
  // per source are named by the time it was asked for, the strangers' count starts again.
  for (const name of [key.live, key.issued, key.strangers]) await ctx.throttle.reset(name);
  await ctx.throttle.record(key.live, OTP_TTL_MS);
  await ctx.throttle.record(key.issued, NOBODY_ISSUED_MS);
}

async function resetWithCodeOfNobody(ctx: AppContext, email: string, client: OtpClient): Promise<never> {
  const key = nobodyKeys(email);
  const issued = await ctx.throttle.peek(key.issued, NOBODY_ISSUED_MS);
  const mine = await countGuess(ctx, issued && `reset-unknown:guess:${email}:${issued.since}`, client);
  if (!issued) throw codeRefusal({ kind: 'none' });
  // In checkCode's order: locked, then expired, then a wrong guess (the only one strangers' count keeps).
  const counted = { mine, trusted: false, strangers: (await ctx.throttle.peek(key.strangers, NOBODY_ISSUED_MS))?.count ?? 0 };
  if (guessesSpent(counted)) throw codeRefusal({ kind: 'locked' });
  if (!(await ctx.throttle.peek(key.live, OTP_TTL_MS))) throw codeRefusal({ kind: 'expired' });
  await ctx.throttle.record(key.strangers, NOBODY_ISSUED_MS);
  throw codeRefusal({ kind: 'wrong', attemptsLeft: attemptsLeftAfterWrong(counted) });
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
      accountChangedMail({ to: user.email, storeName: ctx.config.store.name, change: 'password', locale: user.language }),
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
          to: user.email,
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

/** A new phone number, the password asked: unique among verified accounts. */
export async function changePhone(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof changePhoneSchema>,
  client: OtpClient,
): Promise<PublicUser> {
  const user = await userWithPassword(ctx, userId);
  await checkShoppersPassword(ctx, user, input.currentPassword, client);
  if (input.phoneNumber === user.phone_number) throw badRequest(RECOVERY_MESSAGES.samePhone);
  try {
    await q.updateUser(ctx.db, userId, { phone_number: input.phoneNumber }, isoNow(ctx.clock));
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.phoneTaken);
    throw error;
  }
  return toPublicUser({ ...user, phone_number: input.phoneNumber });
}
