import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from './secrets.js';

/**
 * OWASP's "device cookie" (ADR 0017): a browser that has logged in to an account (or
 * registered it) keeps a signed cookie naming that account. Its login and code attempts are
 * counted apart from everyone else's, so a stranger's failures slow the stranger, not the owner.
 *
 * One cookie holds up to five accounts (a family's shared phone), newest first; each entry is
 * `account.nonce.mac`, the mac an HMAC of account and nonce under a key derived from the JWT
 * secret. HttpOnly, SameSite=Strict, only sent to /api, kept a year.
 */
export const DEVICE_COOKIE = 'pasal_device';
const MAX_ENTRIES = 5;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('pasal device cookie').digest();
  }

  /** The nonce of this browser's genuine device cookie for the account, if it has one. */
  read(request: FastifyRequest, account: string): string | undefined {
    return this.entries(request).find((entry) => entry.account === account)?.nonce;
  }

  /** Remembers in this browser that it has proved itself for the account. */
  remember(request: FastifyRequest, reply: FastifyReply, account: string): void {
    const nonce = this.read(request, account) ?? randomToken(12);
    const kept = this.entries(request).filter((entry) => entry.account !== account);
    const value = [{ account, nonce }, ...kept]
      .slice(0, MAX_ENTRIES)
      .map((entry) => `${entry.account}.${entry.nonce}.${this.mac(entry.account, entry.nonce)}`)
      .join('~');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${value}; Path=/api; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
    );
  }

  private entries(request: FastifyRequest): Array<{ account: string; nonce: string }> {
    const value = cookieValue(request.headers.cookie, DEVICE_COOKIE);
    if (!value) return [];
    return value.split('~').flatMap((entry) => {
      const [account, nonce, mac, extra] = entry.split('.');
      if (!account || !nonce || !mac || extra !== undefined) return [];
      const expected = Buffer.from(this.mac(account, nonce));
      const given = Buffer.from(mac);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? [{ account, nonce }] : [];
    });
  }

  private mac(account: string, nonce: string): string {
    return crypto.createHmac('sha256', this.key).update(`${account}.${nonce}`).digest('base64url').slice(0, 32);
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** The account names the device cookie uses: shoppers and admins never share one. */
export const deviceAccount = {
  user: (id: number) => `u${id}`,
  admin: (id: number) => `a${id}`,
};
