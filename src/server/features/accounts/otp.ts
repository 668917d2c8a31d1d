import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { ACCOUNT_MESSAGES, OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/accounts.js';
import type { Locale } from '../../../shared/locale.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isoIn, isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { deviceAccount } from '../../lib/device-cookie.js';
import { badRequest, conflict, tooManyRequests } from '../../lib/errors.js';
import { signupLimits } from '../../lib/throttle.js';
import { otpMail } from './otp-mail.js';
import { isNepaliMobile, textCode } from './sms-codes.js';
import * as q from './queries.js';
import { removalJobKey } from './unverified-removal.js';
import { sendOtpToNobody, verifyOtpOfNobody } from './unknown-user-otp.js';

export const OTP_TTL_MS = 10 * 60 * 1000;
/** Wrong guesses at one code from one source (a browser with the account's device cookie, else an address). */
export const OTP_MAX_WRONG_PER_SOURCE = 5;
/** Wrong guesses at one code from everywhere but the owner's browser: then only a new code helps. */
export const OTP_MAX_WRONG_UNTRUSTED = 20;
export const OTP_RESEND_MS = OTP_RESEND_SECONDS * 1000;
/** Codes one source may ask for, for one account, an hour. */
export const OTP_SENDS_PER_HOUR = 5;
/** Codes all sources but the owner's browser may ask for, for one account, an hour (the inbox's protection). */
export const OTP_UNTRUSTED_SENDS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Who asks for or checks a code (ADR 0017): the browser that registered or logged in to the
 * account (its device cookie), or else the address. Limits are per source, so a stranger's sends
 * and guesses never use up the owner's.
 */
export interface OtpClient {
  ip: string;
  /** The nonce of the browser's device cookie for this account, if it has one. */
  device: string | undefined;
}

/** The client of a request about a user id: its address and the browser's device cookie for that account. */
export const otpClientOf = (ctx: AppContext, request: FastifyRequest, userId: number): OtpClient => ({
  ip: request.ip,
  device: ctx.devices.read(request, deviceAccount.user(userId)),
});

export const otpSource = (client: OtpClient) => (client.device !== undefined ? `device:${client.device}` : `ip:${client.ip}`);

/**
 * This source's guesses at one code, this one included: checks the address's hourly allowance of
 * code checks, then counts the guess before the code is judged (so a parallel burst cannot slip
 * past). `codeKey` names the code (its kind, account and creation time); undefined when there is none.
 */
export async function countGuess(ctx: AppContext, codeKey: string | undefined, client: OtpClient): Promise<number> {
  await ctx.throttle.limit(
    [{ key: `verify-otp:ip:${client.ip}`, ...signupLimits(ctx.config.limits).verifyOtpPerIpHour }],
    ACCOUNT_MESSAGES.tooManyOtpRequests,
  );
  return codeKey === undefined ? 0 : ctx.throttle.count(`${codeKey}:${otpSource(client)}`, OTP_TTL_MS);
}

/** A guess at a code: `mine` from countGuess, `strangers` the code's wrong guesses from untrusted sources. */
export interface Guess {
  mine: number;
  trusted: boolean;
  strangers: number;
}

/** The code takes no more guesses from this source: its own five are spent, or strangers' twenty are. */
export const guessesSpent = (guess: Guess) =>
  guess.mine > OTP_MAX_WRONG_PER_SOURCE || (!guess.trusted && guess.strangers >= OTP_MAX_WRONG_UNTRUSTED);

/** Tries left to this source after a wrong guess (the smaller of its own and, for a stranger, all strangers'). */
export function attemptsLeftAfterWrong(guess: Guess): number {
  const left = OTP_MAX_WRONG_PER_SOURCE - guess.mine;
  const strangersLeft = guess.trusted ? left : OTP_MAX_WRONG_UNTRUSTED - guess.strangers - 1;
  return Math.max(0, Math.min(left, strangersLeft));
}

/** HMAC-SHA256 of the code, bound to the user, keyed with a server secret: a leaked table reveals no codes. */
export function hashOtp(otpKey: string, userId: number, code: string): string {
  return crypto.createHmac('sha256', otpKey).update(`${userId}:${code}`).digest('hex');
}

export function otpMatches(otpKey: string, userId: number, code: string, storedHash: string): boolean {
  return hashMatches(hashOtp(otpKey, userId, code), storedHash);
}

/** Two hex hashes compared in constant time. */
export function hashMatches(givenHash: string, storedHash: string): boolean {
  const given = Buffer.from(givenHash, 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

export function newOtpCode(): string {
  return crypto
    .randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** The texted code's hash is apart from the mailed one's: a match says which of the two was proved. */
const smsOtpHash = (otpKey: string, userId: number, code: string) => hashOtp(otpKey, userId, `sms:${code}`);

/**
 * Stores a new verification code (voiding the last, its wrong guesses with it) and writes its mail,
 * in the account's language as it is in this transaction (mail-language.ts says why then). A
 * second code is texted to the phone number (sms-codes.ts): either one verifies the account, and
 * the texted one proves the number too. The sender's limits may refuse the text; the mail goes all
 * the same.
 */
export async function issueVerificationCode(
  ctx: AppContext,
  trx: Transaction<Database>,
  user: { id: number; email: string; phone_number: string; language: Locale },
  source: string,
) {
  const code = newOtpCode();
  const smsCode = isNepaliMobile(user.phone_number) ? newOtpCode() : undefined;
  const now = isoNow(ctx.clock);
  await q.replaceOtp(trx, {
    userId: user.id,
    codeHash: hashOtp(ctx.otpKey, user.id, code),
    smsCodeHash: smsCode === undefined ? null : smsOtpHash(ctx.otpKey, user.id, smsCode),
    expiresAt: isoIn(ctx.clock, OTP_TTL_MS),
    now,
  });
  await q.recordOtpSend(trx, user.id, now, source);
  if (smsCode !== undefined) {
    await textCode(ctx, trx, {
      to: user.phone_number,
      kind: 'verify',
      code: smsCode,
      locale: user.language,
      userId: user.id,
      minutes: OTP_TTL_MS / 60_000,
    });
  }
  // The mail is written with the code (a crash cannot lose it) and sealed: the jobs table shows no codes.
  const message = otpMail({
    to: user.email,
    storeName: ctx.config.store.name,
    code,
    validMinutes: OTP_TTL_MS / 60_000,
    locale: user.language,
  });
  return ctx.outbox.queueClaimed(trx, message, { secret: true, key: otpMailKey(user.id) });
}

const otpMailKey = (userId: number) => `otp-mail:${userId}`;

/** How long this source must wait before another code: per source, and for strangers all together. */
function sendWaitMs(sends: Array<{ sent_at: string; source: string }>, source: string, nowMs: number) {
  const mine = sends.filter((send) => send.source === source);
  const last = mine.at(-1);
  const resend = last === undefined ? 0 : Date.parse(last.sent_at) + OTP_RESEND_MS - nowMs;
  const hourlyOf = (list: typeof sends, limit: number) =>
    list.length >= limit ? Date.parse(list[list.length - limit]!.sent_at) + HOUR_MS - nowMs : 0;
  let hourly = hourlyOf(mine, OTP_SENDS_PER_HOUR);
  if (!source.startsWith('device:')) {
    const strangers = sends.filter((send) => !send.source.startsWith('device:'));
    hourly = Math.max(hourly, hourlyOf(strangers, OTP_UNTRUSTED_SENDS_PER_HOUR));
  }
  return { resend, hourly };
}

/**
 * A new code for an unverified shopper: voids the previous one (and its wrong guesses), at most
 * one a minute and five an hour per source. Answers whether it is queued rather than sent.
 */
export async function sendOtp(ctx: AppContext, log: Log, userId: number, client: OtpClient): Promise<{ queued: boolean }> {
  await ctx.throttle.limit(
    [{ key: `send-otp:ip:${client.ip}`, ...signupLimits(ctx.config.limits).sendOtpPerIpHour }],
    ACCOUNT_MESSAGES.tooManyOtpRequests,
  );
  const source = otpSource(client);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const user = await q.lockUserForOtp(trx, userId);
    if (!user) return { kind: 'no-user' } as const;
    if (Number(user.email_verified) === 1) return { kind: 'verified' } as const;
    const nowMs = ctx.clock.now().getTime();
    const sends = await q.otpSendsSince(trx, userId, new Date(nowMs - HOUR_MS).toISOString());
    const wait = sendWaitMs(sends, source, nowMs);
    if (wait.hourly > 0 && wait.hourly >= wait.resend) return { kind: 'hourly', seconds: Math.ceil(wait.hourly / 1000) } as const;
    if (wait.resend > 0) return { kind: 'resend-wait', seconds: Math.ceil(wait.resend / 1000) } as const;
    return { kind: 'ok', mail: await issueVerificationCode(ctx, trx, { ...user, email: user.email ?? '' }, source) } as const;
  });

  switch (outcome.kind) {
    case 'no-user':
      // Answered as for a shopper (unknown-user-otp.ts): "sent", and the same limits after.
      await sendOtpToNobody(ctx, userId, source, { resendMs: OTP_RESEND_MS, perHour: OTP_SENDS_PER_HOUR, codeTtlMs: OTP_TTL_MS });
      return { queued: false };
    case 'verified':
      throw conflict(ACCOUNT_MESSAGES.alreadyVerified);
    case 'hourly':
      throw tooManyRequests(ACCOUNT_MESSAGES.otpHourlyLimit(Math.max(1, Math.ceil(outcome.seconds / 60))), outcome.seconds);
    case 'resend-wait':
      throw tooManyRequests(ACCOUNT_MESSAGES.otpResendWait(outcome.seconds), outcome.seconds);
    case 'ok':
      break;
  }
  const sent = await ctx.outbox.sendNow(outcome.mail);
  if (!sent) log.warn({ userId }, 'the code mail is queued: the mail server did not take it');
  return { queued: !sent };
}

/**
 * Checks a code: single use, valid 10 minutes. Wrong guesses are limited per code and per source
 * (five each), and for all strangers together (twenty, counted in the code's row), so guesses from
 * elsewhere never lock out the browser that registered. A new code starts every count afresh.
 *
 * `startSession` (the registration screen): a right code logs the shopper in at once, answering a
 * session token as login does. Only to the browser that registered (or logged in with the password):
 * a code read from the mail and typed anywhere else verifies the account but opens no session there.
 */
export async function verifyOtp(
  ctx: AppContext,
  userId: number,
  code: string,
  client: OtpClient,
  { startSession = false }: { startSession?: boolean } = {},
): Promise<string | undefined> {
  const source = otpSource(client);
  const trusted = client.device !== undefined;
  const stamp = (await q.findOtp(ctx.db, userId))?.created_at;
  const mine = await countGuess(ctx, stamp === undefined ? undefined : `otp-guess:${userId}:${stamp}`, client);

  let outcome;
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      const user = await q.lockUserForOtp(trx, userId);
      if (!user) return { kind: 'no-user' } as const;
      if (Number(user.email_verified) === 1) return { kind: 'verified' } as const;
      const otp = await q.findOtp(trx, userId);
      if (!otp) return { kind: 'none' } as const;
      const guess = { mine, trusted, strangers: otp.attempts };
      if (guessesSpent(guess)) return { kind: 'locked' } as const;
      if (otp.expires_at <= isoNow(ctx.clock)) return { kind: 'expired' } as const;
      const proof = otpMatches(ctx.otpKey, userId, code, otp.code_hash)
        ? 'email'
        : otp.sms_code_hash !== null && hashMatches(smsOtpHash(ctx.otpKey, userId, code), otp.sms_code_hash)
          ? 'phone'
          : undefined;
      if (proof === undefined) {
        if (!trusted) await q.countWrongOtpAttempt(trx, userId);
        return { kind: 'wrong', attemptsLeft: attemptsLeftAfterWrong(guess) } as const;
      }
      await q.deleteOtp(trx, userId);
      await ctx.jobs.cancelQueued(trx, otpMailKey(userId));
      await ctx.jobs.cancelQueued(trx, removalJobKey(userId));
      await q.markVerified(trx, userId, proof, isoNow(ctx.clock));
      return { kind: 'ok' } as const;
    });
  } catch (error) {
    // Another account verified with this phone number first (numbers are unique among verified accounts).
    if (uniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.phoneTaken);
    throw error;
  }

  switch (outcome.kind) {
    case 'no-user':
      return verifyOtpOfNobody(ctx, userId, source, { codeTtlMs: OTP_TTL_MS, maxWrong: OTP_MAX_WRONG_PER_SOURCE });
    case 'verified':
      throw conflict(ACCOUNT_MESSAGES.alreadyVerified);
    case 'none':
      throw badRequest(ACCOUNT_MESSAGES.otpNone);
    case 'locked':
      throw tooManyRequests(ACCOUNT_MESSAGES.otpLocked);
    case 'expired':
      throw badRequest(ACCOUNT_MESSAGES.otpExpired);
    case 'wrong':
      throw badRequest(ACCOUNT_MESSAGES.otpWrong(outcome.attemptsLeft));
    case 'ok':
      return startSession && trusted ? ctx.sessions.start('user', userId) : undefined;
  }
}
