import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, type PublicUser, type registerSchema } from '../../../shared/accounts.js';
import type { Locale } from '../../../shared/locale.js';
import type { AppContext } from '../../context.js';
import type { ClaimedJob } from '../../jobs/queue.js';
import { isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { deviceAccount } from '../../lib/device-cookie.js';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { beginLogin } from '../../lib/login-guard.js';
import { burnPasswordCheck, hashNewShopperPassword, verifyPassword } from '../../lib/passwords.js';
import type { LoginClient } from '../../lib/session-routes.js';
import { signupLimits } from '../../lib/throttle.js';
import { issueVerificationCode, type OtpClient, otpSource } from './otp.js';
import * as q from './queries.js';
import { scheduleRemoval } from './unverified-removal.js';

const HOUR_MS = 60 * 60 * 1000;
/** Registrations naming one address, an hour: each takes the address over and mails it a code. */
export const REGISTER_PER_EMAIL_HOUR = 5;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
export type RegisterData = z.output<typeof registerSchema>;

export function toPublicUser(row: {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string;
  email_verified: number;
  phone_verified_at: string | null;
  language: Locale;
}): PublicUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    // An account made from a phone number alone has no address yet: the contract's string is empty.
    email: row.email ?? '',
    phoneNumber: row.phone_number,
    emailVerified: Number(row.email_verified) === 1,
    phoneVerified: row.phone_verified_at !== null,
    language: row.language,
  };
}

function registrationConflict(column: 'email' | 'phoneNumber') {
  return conflict(column === 'email' ? ACCOUNT_MESSAGES.emailTaken : ACCOUNT_MESSAGES.phoneTaken);
}

/**
 * Creates the shopper and their first code in one transaction, with the mail of the code and the
 * job that removes the account if it is not verified within 48 hours. An email held only by an
 * unverified account is taken over: that account goes, and the code goes to the address, so only
 * its owner can finish. The code goes out at once when the mail server takes it; otherwise it
 * waits in the outbox and `otpQueued` tells the shopper it is on its way. `language` is the
 * page's (the request's Accept-Language): the account keeps it, so the code mail is in it.
 */
export async function register(
  ctx: AppContext,
  log: Log,
  input: RegisterData,
  client: OtpClient,
  language: Locale = 'en',
): Promise<{ userId: number; otpQueued: boolean }> {
  // Counted before anything is looked up: probing which addresses are registered is slowed too.
  const limits = signupLimits(ctx.config.limits);
  await ctx.throttle.limit(
    [
      { key: `register:ip-minute:${client.ip}`, ...limits.registerPerIpMinute },
      { key: `register:ip-hour:${client.ip}`, ...limits.registerPerIpHour },
      { key: `register:email-hour:${input.email}`, limit: REGISTER_PER_EMAIL_HOUR, windowMs: HOUR_MS },
    ],
    ACCOUNT_MESSAGES.tooManyRegistrations,
  );
  const conflicts = await q.findRegistrationConflicts(ctx.db, input.email, input.phoneNumber);
  if (conflicts.email) throw registrationConflict('email');
  if (conflicts.phoneNumber) throw registrationConflict('phoneNumber');

  const passwordHash = await hashNewShopperPassword(input.password);
  if (passwordHash === undefined) throw new AppError(503, 'BUSY', ACCOUNT_MESSAGES.signupBusy);
  let created: { userId: number; mail: ClaimedJob };
  try {
    created =
      (await ctx.db.transaction().execute(async (trx) => {
        const holder = (await q.findRegistrationConflicts(trx, input.email, input.phoneNumber)).unverifiedHolder;
        if (holder !== undefined && !(await q.removeUnverifiedUser(trx, holder))) return undefined;
        const now = isoNow(ctx.clock);
        const userId = await q.insertUser(trx, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phoneNumber: input.phoneNumber,
          passwordHash,
          language,
          now,
        });
        await scheduleRemoval(ctx, trx, userId);
        const mail = await issueVerificationCode(
          ctx,
          trx,
          { id: userId, email: input.email, phone_number: input.phoneNumber, language },
          otpSource(client),
        );
        return { userId, mail };
      })) ?? raise(registrationConflict('email'));
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

function raise(error: Error): never {
  throw error;
}

/**
 * Email (any case) or phone number plus password. Unknown accounts and wrong passwords answer
 * the same 401 after the same argon2 work; attempts wait longer and longer per device, or per
 * account and address (lib/login-guard.ts).
 */
export async function login(
  ctx: AppContext,
  input: { emailOrPhone: string; password: string },
  client: LoginClient,
): Promise<{ token: string; subjectId: number }> {
  const identifier = input.emailOrPhone.trim().toLowerCase();
  const user = await q.findUserForLogin(ctx.db, identifier);
  const account = user ? deviceAccount.user(user.id) : `name:${identifier}`;
  const attempt = await beginLogin(ctx.backoff, { scope: 'user-login', ip: client.ip, account, device: client.device(account) });
  const ok = user ? await verifyPassword(user.password_hash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) throw unauthorized(ACCOUNT_MESSAGES.loginFailed);
  await attempt.succeeded();
  return { token: await ctx.sessions.start('user', user.id), subjectId: user.id };
}

export async function getUser(ctx: AppContext, id: number): Promise<PublicUser> {
  const row = await q.findUserById(ctx.db, id);
  if (!row) throw notFound(ACCOUNT_MESSAGES.userNotFound);
  return toPublicUser(row);
}

/**
 * The shopper's language (the web's language switch): the mails written from now on are in it.
 * Mails already in the outbox stay as they were written (mail-language.ts says why).
 */
export async function setLanguage(ctx: AppContext, userId: number, language: Locale): Promise<PublicUser> {
  if (!(await q.setLanguage(ctx.db, userId, language, isoNow(ctx.clock)))) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
  return getUser(ctx, userId);
}
