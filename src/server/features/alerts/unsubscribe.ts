import crypto from 'node:crypto';
import { ALERT_KINDS, type AlertKind } from '../../../shared/alerts.js';

/**
 * The one-click unsubscribe link of an alert mail (RFC 8058): who and which kind, signed with a key
 * derived from the server secret, so it works without logging in and cannot be guessed or turned
 * to another shopper or kind. It stays valid: a shopper may press it weeks later.
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly base: string,
  ) {
    this.key = crypto.createHash('sha256').update(`alerts-unsubscribe:${secret}`).digest();
  }

  private sign(userId: number, kind: AlertKind): string {
    return crypto.createHmac('sha256', this.key).update(`${userId}:${kind}`).digest('base64url');
  }

  /** The https address of the link (the shop's PUBLIC_URL). */
  url(userId: number, kind: AlertKind): string {
    const query = new URLSearchParams({ u: String(userId), k: kind, t: this.sign(userId, kind) });
    return `${this.base}/api/alerts/unsubscribe?${query.toString()}`;
  }

  /** Who and which kind, when the signature is the shop's; undefined otherwise. */
  verify(u: string, k: string, t: string): { userId: number; kind: AlertKind } | undefined {
    if (!/^\d{1,16}$/.test(u) || !(ALERT_KINDS as readonly string[]).includes(k)) return undefined;
    const userId = Number(u);
    const kind = k as AlertKind;
    const expected = Buffer.from(this.sign(userId, kind));
    const given = Buffer.from(t);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    return { userId, kind };
  }
}
