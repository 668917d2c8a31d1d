import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  type PublicUser,
  type registerSchema,
} from '../../../shared/accounts.js';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { ClaimedJob } from '../../jobs/queue.js';
import type { z } from 'zod';
import { isoIn, isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { burnPasswordCheck, hashNewShopperPassword, verifyPassword } from '../../lib/passwords.js';
import { signupLimits } from '../../lib/throttle.js';
import * as q from './queries.js';
import { sendOtpToNobody, verifyOtpOfNobody } from './unknown-user-otp.js';
import { otpMail } from './otp-mail.js';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_WRONG_ATTEMPTS = 5;
export const OTP_RESEND_MS = OTP_RESEND_SECONDS * 1000;
export const OTP_SENDS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
export type RegisterData = z.output<typeof registerSchema>;

/** HMAC-SHA256 of the code, bound to the user, keyed with a server secret: a leaked table reveals no codes. */
export function hashOtp(otpKey: string, userId: number, code: string): string {
  return crypto.createHmac('sha256', otpKey).update(`${userId}:${code}`).digest('hex');
}

function otpMatches(otpKey: string, userId: number, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashOtp(otpKey, userId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

function newOtpCode(): string {
  return crypto
    .randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

export function toPublicUser(row: {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  email_verified: number;
}): PublicUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    emailVerified: Number(row.email_verified) === 1,
  };
}

function registrationConflict(column: 'email' | 'phoneNumber') {
  return conflict(column === 'email' ? ACCOUNT_MESSAGES.emailTaken : ACCOUNT_MESSAGES.phoneTaken);
}

/**
 * Creates the shopper and their first code in one transaction, then mails the code.
 * Registration counts as the first send. A failed mail is logged (without the code) and does
 * not undo the account: the shopper can ask for a new code at once.
 */
/**
 * The code goes out at once when the mail server takes it; otherwise it waits in the outbox and
 * `otpQueued` tells the shopper it is on its way.
 */
export async function register(
  ctx: AppContext,
  log: Log,
  input: RegisterData,
  ip: string,
): Promise<{ userId: number; otpQueued: boolean }> {
  // Counted before anything is looked up: probing which addresses are registered is slowed too.
  const limits = signupLimits(ctx.config.limits);
  await ctx.throttle.limit(
    [
      { key: `register:ip-minute:${ip}`, ...limits.registerPerIpMinute },
      { key: `register:ip-hour:${ip}`, ...limits.registerPerIpHour },
    ],
    ACCOUNT_MESSAGES.tooManyRegistrations,
  );
  const conflicts = await q.findRegistrationConflicts(ctx.db, input.email, input.phoneNumber);
  if (conflicts.email) throw registrationConflict('email');
  if (conflicts.phoneNumber) throw registrationConflict('phoneNumber');

  const passwordHash = await hashNewShopperPassword(input.password);
  if (passwordHash === undefined) throw new AppError(503, 'BUSY', ACCOUNT_MESSAGES.signupBusy);
  const code = newOtpCode();
  let created: { userId: number; mail: ClaimedJob };
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      const now = isoNow(ctx.clock);
      const userId = await q.insertUser(trx, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phoneNumber: input.phoneNumber,
        passwordHash,
        now,
      });
      await q.replaceOtp(trx, {
        userId,
        codeHash: hashOtp(ctx.otpKey, userId, code),
        expiresAt: isoIn(ctx.clock, OTP_TTL_MS),
        now,
      });
      await q.recordOtpSend(trx, userId, now);
      const mail = await queueOtpMail(ctx, trx, userId, input.email, code);
      return { userId, mail };
    });
  } catch (error) {
    // Lost a race with a concurrent registration of the same email or phone.
    const violation = uniqueViolation(error);
    if (violation) throw registrationConflict(violation.column === 'phone_number' ? 'phoneNumber' : 'email');
    throw error;
  }
  log.info({ userId: created.userId }, 'shopper registered');
  const sent = await ctx.outbox.sendNow(created.mail);
  if (!sent) log.warn({ userId: created.userId }, 'the registration code mail is queued: the mail server did not take it');
  return { userId: created.userId, otpQueued: !sent };
}

/**
 * The code's mail, written with the code (so a crash cannot lose it) and taken by this process
 * to send while the shopper waits. Its body is sealed: the jobs table shows no codes. It replaces
 * a queued mail of an older code.
 */
function queueOtpMail(ctx: AppContext, trx: Transaction<Database>, userId: number, to: string, code: string) {
  const message = otpMail({ to, storeName: ctx.config.store.name, code, validMinutes: OTP_TTL_MS / 60_000 });
  return ctx.outbox.queueClaimed(trx, message, { secret: true, key: otpMailKey(userId) });
}

const otpMailKey = (userId: number) => `otp-mail:${userId}`;

/**
 * A new code for an unverified shopper: voids the previous one, at most one a minute and five an
 * hour. Answers whether it is queued (the mail server did not take it at once) rather than sent.
 */
export async function sendOtp(ctx: AppContext, log: Log, userId: number, ip: string): Promise<{ queued: boolean }> {
  await ctx.throttle.limit(
    [{ key: `send-otp:ip:${ip}`, ...signupLimits(ctx.config.limits).sendOtpPerIpHour }],
    ACCOUNT_MESSAGES.tooManyOtpRequests,
  );
  const code = newOtpCode();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const user = await q.lockUserForOtp(trx, ctx.dialect, userId);
    if (!user) return { kind: 'no-user' } as const;
    if (Number(user.email_verified) === 1) return { kind: 'verified' } as const;

    const nowMs = ctx.clock.now().getTime();
    const sends = await q.otpSendsSince(trx, userId, new Date(nowMs - HOUR_MS).toISOString());
    const hourlyWait = sends.length >= OTP_SENDS_PER_HOUR ? Date.parse(sends[0]!) + HOUR_MS - nowMs : 0;
    const last = sends.at(-1);
    const resendWait = last === undefined ? 0 : Date.parse(last) + OTP_RESEND_MS - nowMs;
    if (hourlyWait > 0 && hourlyWait >= resendWait) return { kind: 'hourly', seconds: Math.ceil(hourlyWait / 1000) } as const;
    if (resendWait > 0) return { kind: 'resend-wait', seconds: Math.ceil(resendWait / 1000) } as const;

    const now = isoNow(ctx.clock);
    await q.replaceOtp(trx, {
      userId,
      codeHash: hashOtp(ctx.otpKey, userId, code),
      expiresAt: isoIn(ctx.clock, OTP_TTL_MS),
      now,
    });
    await q.recordOtpSend(trx, userId, now);
    const mail = await queueOtpMail(ctx, trx, userId, user.email, code);
    return { kind: 'ok', mail } as const;
  });

  switch (outcome.kind) {
    case 'no-user':
      // Answered as for a shopper (unknown-user-otp.ts): "sent", and the same limits after.
      await sendOtpToNobody(ctx, userId, { resendMs: OTP_RESEND_MS, perHour: OTP_SENDS_PER_HOUR, codeTtlMs: OTP_TTL_MS });
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
 * Checks a code: single use, valid 10 minutes, dead after five wrong tries (then 429 until
 * a new code is sent). Wrong tries are counted inside the transaction that reads them.
 */
export async function verifyOtp(ctx: AppContext, userId: number, code: string): Promise<void> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const user = await q.lockUserForOtp(trx, ctx.dialect, userId);
    if (!user) return { kind: 'no-user' } as const;
    if (Number(user.email_verified) === 1) return { kind: 'verified' } as const;
    const otp = await q.findOtp(trx, userId);
    if (!otp) return { kind: 'none' } as const;
    if (otp.attempts >= OTP_MAX_WRONG_ATTEMPTS) return { kind: 'locked' } as const;
    if (otp.expires_at <= isoNow(ctx.clock)) return { kind: 'expired' } as const;
    if (!otpMatches(ctx.otpKey, userId, code, otp.code_hash)) {
      await q.countWrongOtpAttempt(trx, userId);
      return { kind: 'wrong', attemptsLeft: OTP_MAX_WRONG_ATTEMPTS - otp.attempts - 1 } as const;
    }
    await q.deleteOtp(trx, userId);
    await ctx.jobs.cancelQueued(trx, otpMailKey(userId));
    await q.markEmailVerified(trx, userId, isoNow(ctx.clock));
    return { kind: 'ok' } as const;
  });

  switch (outcome.kind) {
    case 'no-user':
      return verifyOtpOfNobody(ctx, userId, { codeTtlMs: OTP_TTL_MS, maxWrong: OTP_MAX_WRONG_ATTEMPTS });
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
      return;
  }
}

/**
 * Email (any case) or phone number plus password. Unknown accounts and wrong passwords answer
 * the same 401 after the same argon2 work; attempts are throttled per account and per IP.
 */
export async function login(ctx: AppContext, input: { emailOrPhone: string; password: string }, ip: string): Promise<string> {
  const identifier = input.emailOrPhone.trim().toLowerCase();
  const user = await q.findUserForLogin(ctx.db, identifier);
  const attempt = await ctx.throttle.beginLogin('user-login', ip, user ? `id:${user.id}` : `name:${identifier}`);
  const ok = user ? await verifyPassword(user.password_hash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) throw unauthorized(ACCOUNT_MESSAGES.loginFailed);
  await attempt.succeeded();
  return ctx.sessions.start('user', user.id);
}

export async function getUser(ctx: AppContext, id: number): Promise<PublicUser> {
  const row = await q.findUserById(ctx.db, id);
  if (!row) throw notFound(ACCOUNT_MESSAGES.userNotFound);
  return toPublicUser(row);
}
