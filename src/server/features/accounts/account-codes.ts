import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { deviceAccount } from '../../lib/device-cookie.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';
import type { LoginClient } from '../../lib/session-routes.js';
import { attemptsLeftAfterWrong, countGuess, guessesSpent, hashOtp, OTP_TTL_MS, type OtpClient, otpMatches } from './otp.js';
import * as q from './queries.js';

/**
 * An account's codes other than the registration's (password reset, email change, login by phone,
 * a number's proof): one live code per account and purpose, ten minutes, single use, guesses
 * limited per code and per source as the verification code's are (otp.ts, ADR 0017).
 */

const HOUR_MS = 60 * 60 * 1000;

export type AccountCodePurpose = q.CodePurpose;

/** The code is bound to the purpose as well as the account, so a code of one kind never passes for another. */
export const hashCode = (ctx: AppContext, userId: number, purpose: AccountCodePurpose, code: string) =>
  hashOtp(ctx.otpKey, userId, `${purpose}:${code}`);
export const codeMailKey = (userId: number, purpose: AccountCodePurpose) => `${purpose}-mail:${userId}`;

/** The source of a request about an account: its address, and the browser's device cookie for that account. */
export const otpClientFor = (client: LoginClient, userId: number | undefined): OtpClient => ({
  ip: client.ip,
  device: userId === undefined ? undefined : client.device(deviceAccount.user(userId)),
});

export type CodeCheck =
  | { kind: 'ok'; newEmail: string | null; newPhone: string | null }
  | { kind: 'none' | 'locked' | 'expired' }
  | { kind: 'wrong'; attemptsLeft: number };

/**
 * Checks an account code inside the caller's transaction; a right one is used up. `mine` is this
 * source's guesses at the code, counted before the transaction.
 */
export async function checkCode(
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
  return { kind: 'ok', newEmail: row.new_email, newPhone: row.new_phone };
}

export function codeRefusal(check: Exclude<CodeCheck, { kind: 'ok' }>): Error {
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
export async function countCodeGuess(
  ctx: AppContext,
  userId: number,
  purpose: AccountCodePurpose,
  client: OtpClient,
): Promise<number> {
  const stamp = (await q.findAccountCode(ctx.db, userId, purpose))?.created_at;
  return countGuess(ctx, stamp === undefined ? undefined : `${purpose}-guess:${userId}:${stamp}`, client);
}

/**
 * An address or number with no account answers a code's check as an account's does, so asking for
 * a code and then guessing cannot tell a stranger who is registered (as send-otp and verify-otp do
 * for an unknown id, ADR 0016): 'No OTP has been requested' before a code was asked for, then
 * wrong-code answers counting down from the same five tries per source (and twenty for all
 * strangers) to the same lock, and 'OTP has expired' once the ten minutes are over. Nothing is
 * sent; the only state is throttle counters standing in for the code's row. `kind` keeps the
 * counters of a reset apart from a login code's.
 */
const nobodyKeys = (kind: string, identifier: string) => ({
  /** A "code" is live: counted for the code's ten minutes. */
  live: `${kind}-unknown:live:${identifier}`,
  /** A "code" was asked for (and when): an account's expired code stays in its row, answering 'expired'. */
  issued: `${kind}-unknown:issued:${identifier}`,
  /** Wrong guesses from all strangers together (an account's row counts them in `attempts`). */
  strangers: `${kind}-unknown:strangers:${identifier}`,
});
/** How long an unknown identifier's asked-for "code" answers 'expired' rather than 'none'. */
const NOBODY_ISSUED_MS = 7 * 24 * HOUR_MS;

export async function codeToNobody(ctx: AppContext, kind: string, identifier: string): Promise<void> {
  const key = nobodyKeys(kind, identifier);
  // A new "code" starts every count afresh, as replacing an account's code row does: the guesses
  // per source are named by the time it was asked for, the strangers' count starts again.
  for (const name of [key.live, key.issued, key.strangers]) await ctx.throttle.reset(name);
  await ctx.throttle.record(key.live, OTP_TTL_MS);
  await ctx.throttle.record(key.issued, NOBODY_ISSUED_MS);
}

export async function guessCodeOfNobody(ctx: AppContext, kind: string, identifier: string, client: OtpClient): Promise<never> {
  const key = nobodyKeys(kind, identifier);
  const issued = await ctx.throttle.peek(key.issued, NOBODY_ISSUED_MS);
  const mine = await countGuess(ctx, issued && `${kind}-unknown:guess:${identifier}:${issued.since}`, client);
  if (!issued) throw codeRefusal({ kind: 'none' });
  // In checkCode's order: locked, then expired, then a wrong guess (the only one strangers' count keeps).
  const counted = { mine, trusted: false, strangers: (await ctx.throttle.peek(key.strangers, NOBODY_ISSUED_MS))?.count ?? 0 };
  if (guessesSpent(counted)) throw codeRefusal({ kind: 'locked' });
  if (!(await ctx.throttle.peek(key.live, OTP_TTL_MS))) throw codeRefusal({ kind: 'expired' });
  await ctx.throttle.record(key.strangers, NOBODY_ISSUED_MS);
  throw codeRefusal({ kind: 'wrong', attemptsLeft: attemptsLeftAfterWrong(counted) });
}
