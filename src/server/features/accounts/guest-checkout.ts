import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import { splitName } from '../../../shared/guest-checkout.js';
import type { Locale } from '../../../shared/locale.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { conflict } from '../../lib/errors.js';
import type { LoginClient } from '../../lib/session-routes.js';
import { checkCode, codeRefusal, countCodeGuess, guessCodeOfNobody, otpClientFor } from './account-codes.js';
import { issueTextedCode, requestLoginCode, verifyLoginCode } from './phone-codes.js';
import * as q from './queries.js';
import { removalJobKey, scheduleRemoval } from './unverified-removal.js';

/**
 * A guest's checkout by phone (ADR 0054). The code goes to the number either way, with the login
 * code's limits and the same answer, so the call tells nobody whether the number has an account:
 *
 * - a number an account proved gets that account's login code, and the code logs into it (no second
 *   account, the name typed is not used);
 * - any other number gets an account of its own at once, without an address or a password and with
 *   the number not yet proved, holding the code ('verify-phone', as the Profile tab's proof). The
 *   right code proves the number, verifies the account with the name given, and logs in. An
 *   account whose number is never proved is removed after 48 hours, as any unverified one.
 */

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
/** No password: no hash matches it, so only a code (or a reset by text) opens the account. */
export const NO_PASSWORD = '!';

export async function requestGuestCode(
  ctx: AppContext,
  log: Log,
  input: { name: string; phoneNumber: string },
  request: LoginClient,
  language: Locale,
): Promise<void> {
  await requestLoginCode(ctx, log, input.phoneNumber, request, async () => {
    const texted = await issuePendingCode(ctx, input, language);
    if (!texted.queued) log.warn({ userId: texted.userId, reason: texted.reason }, 'the checkout code was not texted');
  });
}

/** The number's waiting account (made now when there is none) and its new code, texted. */
async function issuePendingCode(ctx: AppContext, input: { name: string; phoneNumber: string }, language: Locale, again = true) {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      let user = await q.findPendingPhoneAccount(trx, input.phoneNumber);
      if (!user) {
        const now = isoNow(ctx.clock);
        const id = await q.insertUser(trx, {
          ...splitName(input.name),
          email: null,
          phoneNumber: input.phoneNumber,
          passwordHash: NO_PASSWORD,
          language,
          now,
        });
        await scheduleRemoval(ctx, trx, id);
        user = { id, email: null, phone_number: input.phoneNumber, email_verified: 0, language };
      }
      const texted = await issueTextedCode(ctx, user, 'verify-phone', trx);
      return { ...texted, userId: user.id };
    });
  } catch (error) {
    // A checkout beside this one made the number's account first: its code is replaced by this one.
    if (again && uniqueViolation(error)) return issuePendingCode(ctx, input, language, false);
    throw error;
  }
}

/** The code opens a session: the proved number's account, or the guest's account, proved now. */
export async function verifyGuestCode(
  ctx: AppContext,
  input: { name: string; phoneNumber: string; code: string },
  request: LoginClient,
): Promise<{ token: string; subjectId: number }> {
  if (await q.findUserByOwnedPhone(ctx.db, input.phoneNumber)) return verifyLoginCode(ctx, input, request);
  const pending = await q.findPendingPhoneAccount(ctx.db, input.phoneNumber);
  if (!pending) return guessCodeOfNobody(ctx, 'login', input.phoneNumber, otpClientFor(request, undefined));
  const who = otpClientFor(request, pending.id);
  const mine = await countCodeGuess(ctx, pending.id, 'verify-phone', who);
  let outcome;
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      const user = await q.lockUserForChange(trx, pending.id);
      if (!user) return { kind: 'none' } as const;
      const check = await checkCode(ctx, trx, user.id, 'verify-phone', input.code, { mine, trusted: who.device !== undefined });
      if (check.kind !== 'ok') return check;
      if (check.newPhone !== input.phoneNumber || user.phone_number !== input.phoneNumber) return { kind: 'none' } as const;
      await q.provePendingPhoneAccount(trx, user.id, { ...splitName(input.name), now: isoNow(ctx.clock) });
      await ctx.jobs.cancelQueued(trx, removalJobKey(user.id));
      return { kind: 'proved' } as const;
    });
  } catch (error) {
    // Another account proved the number meanwhile: it is theirs.
    if (uniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.phoneTaken);
    throw error;
  }
  if (outcome.kind !== 'proved') throw codeRefusal(outcome);
  return { token: await ctx.sessions.start('user', pending.id), subjectId: pending.id };
}
