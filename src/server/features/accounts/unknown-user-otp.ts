import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import type { AppContext } from '../../context.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';

/**
 * send-otp and verify-otp for a user id that does not exist answer as they would for an
 * unverified shopper (ADR 0016): "sent", then the same resend wait and hourly limit,
 * and afterwards wrong-code answers counting down to the lock, so the two calls cannot be used to
 * count the shop's users. Nothing is mailed and nothing is stored but throttle counters.
 */

const HOUR_MS = 60 * 60 * 1000;

// Per source, as for a shopper (otp.ts); the "code" is one per id, whoever asked for it.
const keys = (userId: number, source: string) => ({
  resend: `otp-unknown:resend:${userId}:${source}`,
  hourly: `otp-unknown:hourly:${userId}:${source}`,
  code: `otp-unknown:code:${userId}`,
  guesses: `otp-unknown:guesses:${userId}:${source}`,
});

export async function sendOtpToNobody(
  ctx: AppContext,
  userId: number,
  source: string,
  limits: { resendMs: number; perHour: number; codeTtlMs: number },
): Promise<void> {
  const key = keys(userId, source);
  const hourly = await ctx.throttle.retryAfter(key.hourly, limits.perHour, HOUR_MS);
  const resend = await ctx.throttle.retryAfter(key.resend, 1, limits.resendMs);
  if (hourly > 0 && hourly >= resend) {
    throw tooManyRequests(ACCOUNT_MESSAGES.otpHourlyLimit(Math.max(1, Math.ceil(hourly / 60))), hourly);
  }
  if (resend > 0) throw tooManyRequests(ACCOUNT_MESSAGES.otpResendWait(resend), resend);
  await ctx.throttle.record(key.hourly, HOUR_MS);
  await ctx.throttle.reset(key.resend);
  await ctx.throttle.record(key.resend, limits.resendMs);
  // A "code" now exists for ten minutes, with its own wrong guesses.
  await ctx.throttle.reset(key.code);
  await ctx.throttle.record(key.code, limits.codeTtlMs);
  await ctx.throttle.reset(key.guesses);
}

export async function verifyOtpOfNobody(
  ctx: AppContext,
  userId: number,
  source: string,
  limits: { codeTtlMs: number; maxWrong: number },
): Promise<never> {
  const key = keys(userId, source);
  if ((await ctx.throttle.retryAfter(key.code, 1, limits.codeTtlMs)) === 0) throw badRequest(ACCOUNT_MESSAGES.otpNone);
  const guesses = await ctx.throttle.count(key.guesses, limits.codeTtlMs);
  if (guesses > limits.maxWrong) throw tooManyRequests(ACCOUNT_MESSAGES.otpLocked);
  throw badRequest(ACCOUNT_MESSAGES.otpWrong(limits.maxWrong - guesses));
}
