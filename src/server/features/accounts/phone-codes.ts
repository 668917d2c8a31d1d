import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { ACCOUNT_MESSAGES, type PublicUser } from '../../../shared/accounts.js';
import { PHONE_CODE_MESSAGES } from '../../../shared/phone-codes.js';
import { maskPhone } from '../../../shared/sms.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isoIn, isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { conflict, tooManyRequests, unauthorized } from '../../lib/errors.js';
import type { LoginClient } from '../../lib/session-routes.js';
import { signupLimits } from '../../lib/throttle.js';
import {
  type AccountCodePurpose,
  checkCode,
  codeRefusal,
  codeToNobody,
  countCodeGuess,
  guessCodeOfNobody,
  hashCode,
  otpClientFor,
} from './account-codes.js';
import { newOtpCode, OTP_TTL_MS, type OtpClient, otpSource } from './otp.js';
import * as q from './queries.js';
import { toPublicUser } from './service.js';
import { textCode } from './sms-codes.js';
import { removalJobKey } from './unverified-removal.js';

/**
 * Codes by text message (ADR 0047): a shopper proves their number with a texted code, and a proved
 * number logs in with one. A number belongs to an account only once proved, so a stranger who
 * typed someone's number into a registration can neither keep it from its owner nor log in by it.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** Login codes one source may ask for, for one number: one a minute, three an hour; strangers together ten. */
export const LOGIN_CODES_PER_SOURCE_HOUR = 3;
export const LOGIN_CODES_PER_NUMBER_HOUR = 10;
/** Codes to prove the account's number: one a minute, five an hour. */
export const PHONE_CODES_PER_HOUR = 5;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Stores the account's live code of the purpose and texts it; answers whether the sender took it.
 * In the caller's transaction when given one.
 */
export async function issueTextedCode(
  ctx: AppContext,
  user: { id: number; phone_number: string; language: PublicUser['language'] },
  purpose: Extract<AccountCodePurpose, 'login' | 'verify-phone'>,
  within?: Transaction<Database>,
) {
  const code = newOtpCode();
  const run = <T>(work: (trx: Transaction<Database>) => Promise<T>) => (within ? work(within) : ctx.db.transaction().execute(work));
  return run(async (trx) => {
    await q.replaceAccountCode(trx, {
      userId: user.id,
      purpose,
      codeHash: hashCode(ctx, user.id, purpose, code),
      newEmail: null,
      // The code proves this number only: a number changed meanwhile is not proved by it.
      newPhone: user.phone_number,
      expiresAt: isoIn(ctx.clock, OTP_TTL_MS),
      now: isoNow(ctx.clock),
    });
    const sms = { to: user.phone_number, kind: purpose, code, locale: user.language, userId: user.id } as const;
    return textCode(ctx, trx, { ...sms, minutes: OTP_TTL_MS / 60_000 });
  });
}

/**
 * POST /login-code: texts a login code to the account that proved the number. Every number gets
 * the same limits and the same answer, an account's or not, so the call cannot tell a stranger
 * who is registered; the text is queued (never sent while the caller waits) for the same reason.
 */
export async function requestLoginCode(
  ctx: AppContext,
  log: Log,
  phoneNumber: string,
  request: LoginClient,
  /** What a number no account proved gets instead of nothing (a guest's checkout, guest-checkout.ts). */
  forNobody?: () => Promise<void>,
): Promise<void> {
  const user = await q.findUserByOwnedPhone(ctx.db, phoneNumber);
  const client = otpClientFor(request, user?.id);
  const source = otpSource(client);
  await ctx.throttle.limit(
    [
      { key: `login-code:ip:${client.ip}`, ...signupLimits(ctx.config.limits).sendOtpPerIpHour },
      { key: `login-code:wait:${phoneNumber}:${source}`, limit: 1, windowMs: MINUTE_MS },
      { key: `login-code:hour:${phoneNumber}:${source}`, limit: LOGIN_CODES_PER_SOURCE_HOUR, windowMs: HOUR_MS },
      ...(client.device === undefined
        ? [{ key: `login-code:strangers:${phoneNumber}`, limit: LOGIN_CODES_PER_NUMBER_HOUR, windowMs: HOUR_MS }]
        : []),
    ],
    PHONE_CODE_MESSAGES.tooManyLoginCodes,
  );
  if (!user) return forNobody ? forNobody() : codeToNobody(ctx, 'login', phoneNumber);
  const texted = await issueTextedCode(ctx, user, 'login');
  if (!texted.queued) log.warn({ userId: user.id, reason: texted.reason }, 'the login code was not texted');
}

/** POST /login-code/verify: a right code opens a session, as a password does. */
export async function verifyLoginCode(
  ctx: AppContext,
  input: { phoneNumber: string; code: string },
  request: LoginClient,
): Promise<{ token: string; subjectId: number }> {
  const user = await q.findUserByOwnedPhone(ctx.db, input.phoneNumber);
  if (!user) return guessCodeOfNobody(ctx, 'login', input.phoneNumber, otpClientFor(request, undefined));
  const who = otpClientFor(request, user.id);
  const mine = await countCodeGuess(ctx, user.id, 'login', who);
  const check = await ctx.db.transaction().execute(async (trx) => {
    const outcome = await checkCode(ctx, trx, user.id, 'login', input.code, { mine, trusted: who.device !== undefined });
    // The number left the account after the code went out: the code no longer logs in by it.
    return outcome.kind === 'ok' && outcome.newPhone !== input.phoneNumber ? ({ kind: 'none' } as const) : outcome;
  });
  if (check.kind !== 'ok') throw codeRefusal(check);
  return { token: await ctx.sessions.start('user', user.id), subjectId: user.id };
}

/** POST /phone-code: a code texted to the account's own number, to prove it (the Profile tab). */
export async function sendPhoneCode(ctx: AppContext, log: Log, userId: number, client: OtpClient): Promise<string> {
  const user = await q.findUserById(ctx.db, userId);
  if (!user) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
  if (user.phone_verified_at !== null) throw conflict(PHONE_CODE_MESSAGES.phoneAlreadyVerified);
  await ctx.throttle.limit(
    [
      { key: `phone-code:wait:${userId}`, limit: 1, windowMs: MINUTE_MS },
      { key: `phone-code:hour:${userId}`, limit: PHONE_CODES_PER_HOUR, windowMs: HOUR_MS },
      { key: `phone-code:ip:${client.ip}`, ...signupLimits(ctx.config.limits).sendOtpPerIpHour },
    ],
    ACCOUNT_MESSAGES.tooManyOtpRequests,
  );
  const texted = await issueTextedCode(ctx, user, 'verify-phone');
  if (!texted.queued) {
    log.warn({ userId, reason: texted.reason }, 'the phone code was not texted');
    throw tooManyRequests(PHONE_CODE_MESSAGES.smsUnavailable);
  }
  return maskPhone(user.phone_number);
}

/**
 * POST /verify-phone: the texted code proves the number, which verifies the account as well. The
 * first account to prove a number keeps it (a unique index among proved numbers).
 */
export async function verifyPhone(ctx: AppContext, userId: number, otp: string, client: OtpClient): Promise<PublicUser> {
  const mine = await countCodeGuess(ctx, userId, 'verify-phone', client);
  try {
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const user = await q.lockUserForChange(trx, userId);
      if (!user) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
      const check = await checkCode(ctx, trx, userId, 'verify-phone', otp, { mine, trusted: client.device !== undefined });
      if (check.kind !== 'ok') return check;
      if (check.newPhone !== user.phone_number) return { kind: 'none' } as const;
      const now = isoNow(ctx.clock);
      await q.markVerified(trx, userId, 'phone', now);
      await ctx.jobs.cancelQueued(trx, removalJobKey(userId));
      return { kind: 'proved', user: toPublicUser({ ...user, email_verified: 1, phone_verified_at: now }) } as const;
    });
    if (outcome.kind !== 'proved') throw codeRefusal(outcome);
    return outcome.user;
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.phoneTaken);
    throw error;
  }
}
