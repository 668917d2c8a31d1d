import { ACCOUNT_MESSAGES } from '../../shared/accounts.js';
import { RECOVERY_MESSAGES } from '../../shared/account-recovery.js';
import type { Backoff, BackoffPolicy } from './backoff.js';
import { badRequest, tooManyRequests } from './errors.js';
import { verifyPassword } from './passwords.js';

const MINUTE = 60 * 1000;

/**
 * Login limits (OWASP's device-cookie pattern, ADR 0017):
 * - a browser that has logged in to the account before (its device cookie) has its own allowance;
 * - every other attempt on the account shares the account's allowance;
 * - and every attempt without the cookie also counts against its source address, generously
 *   (Nepali carriers put many shoppers behind one address).
 * Over the free attempts each further one waits longer (1 s, 2 s, 4 s … up to 15 minutes).
 */
export const LOGIN_POLICY: Record<'device' | 'account' | 'source', BackoffPolicy> = {
  device: { free: 10, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  account: { free: 5, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  source: { free: 50, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
};

export const loginBackoffKeys = (scope: string, ip: string, account: string, device?: string) => ({
  device: `${scope}:device:${account}:${device ?? ''}`,
  account: `${scope}:account:${account}`,
  source: `${scope}:ip:${ip}`,
});

export interface LoginAttempt {
  /** The password was right: this attempt was no failure. */
  succeeded(): Promise<void>;
}

/**
 * Reserves one login attempt before the password is checked, against the device's own allowance
 * when the browser holds the account's device cookie, otherwise against the account's and the
 * source's. Throws 429 with Retry-After when the attempt must wait.
 */
export async function beginLogin(
  backoff: Backoff,
  attempt: { scope: string; ip: string; account: string; device: string | undefined },
): Promise<LoginAttempt> {
  const keys = loginBackoffKeys(attempt.scope, attempt.ip, attempt.account, attempt.device);
  const counted =
    attempt.device !== undefined
      ? [{ key: keys.device, policy: LOGIN_POLICY.device }]
      : [
          { key: keys.account, policy: LOGIN_POLICY.account },
          { key: keys.source, policy: LOGIN_POLICY.source },
        ];
  const wait = await backoff.attempt(counted);
  if (wait > 0) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyLogins(Math.max(1, Math.ceil(wait / 60))), wait);
  return {
    succeeded: async () => {
      // The owner is in: their account's and their device's slate is clean; the address only gets this attempt back.
      if (attempt.device !== undefined) await backoff.clear(keys.device);
      else {
        await backoff.clear(keys.account);
        await backoff.forgiveOne(keys.source);
      }
    },
  };
}

/**
 * The current password, asked before a shopper or admin changes their details: with the login's
 * growing delays (scope 'password-check'), so a stolen session cannot try passwords quickly. A wrong
 * one is 400, not 401: the session itself is fine.
 */
export async function checkCurrentPassword(
  backoff: Backoff,
  client: { ip: string; account: string; device: string | undefined },
  passwordHash: string,
  password: string,
): Promise<void> {
  const attempt = await beginLogin(backoff, { scope: 'password-check', ...client });
  if (!(await verifyPassword(passwordHash, password))) throw badRequest(RECOVERY_MESSAGES.currentPasswordWrong);
  await attempt.succeeded();
}
