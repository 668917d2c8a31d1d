import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

export type SessionKind = 'user' | 'admin';

const ISSUER = 'pasal';
const ALGORITHM = 'HS256';
export const AUDIENCE: Record<SessionKind, string> = { user: 'pasal:shopper', admin: 'pasal:admin' };

/** Access-token lifetimes; the server-side session (and so refresh) lives 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS: Record<SessionKind, number> = { user: 60 * 60, admin: 60 * 60 };
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenClaims {
  /** The shopper's or admin's id (the token carries an id and an exp in seconds). */
  id: number;
  sid: string;
  jti: string;
  exp: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  private readonly hmacKey: KeyObject;
  /** Tokens that passed decode(), by kind, oldest first. */
  private readonly verified: Record<SessionKind, Map<string, Decoded>> = { user: new Map(), admin: new Map() };

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
    this.hmacKey = createSecretKey(this.key);
  }

  async sign(kind: SessionKind, claims: { id: number; sid: string; jti: string }, nowMs: number): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT({ id: claims.id, sid: claims.sid })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[kind])
      .setJti(claims.jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS[kind])
      .sign(this.key);
  }

  /**
   * Full verification: signature (HS256 only), issuer, audience and expiry. Returns undefined when invalid.
   * Synchronous (node:crypto HMAC with the key imported once): jose's jwtVerify imports the key into
   * WebCrypto and verifies on the thread pool for every call, a large share of a cached answer's CPU.
   */
  verify(kind: SessionKind, token: string, nowMs: number): TokenClaims | undefined {
    // A token verified before is the same string with the same signature: only the time checks can
    // answer differently now. Only tokens that pass decode() (ours, whole) are kept, so garbage
    // cannot fill the map; one that has expired stays until it is pushed out.
    const kept = this.verified[kind];
    let decoded = kept.get(token);
    if (!decoded) {
      decoded = this.decode(kind, token);
      if (!decoded) return undefined;
      if (kept.size >= VERIFIED_KEPT) kept.delete(kept.keys().next().value!);
      // A copy: the token may be a slice of its Authorization header, which it would keep alive.
      kept.set(Buffer.from(token, 'latin1').toString('latin1'), decoded);
    }
    return timely(decoded, nowMs) ? decoded.claims : undefined;
  }

  /**
   * Signature, issuer and audience, but not expiry: refresh accepts the token the client holds,
   * expired or not, and the server-side session decides whether it still lives.
   */
  verifyIgnoringExpiry(kind: SessionKind, token: string): TokenClaims | undefined {
    return this.decode(kind, token)?.claims;
  }

  /**
   * The checks of jose's jwtVerify with `algorithms: ['HS256']`, issuer, audience and currentDate
   * (no clock tolerance), made stricter where only our own tokens need to pass: the protected
   * header may hold `alg` (HS256) and `typ` (JWT) and nothing else (so no `crit`, `b64` or key
   * hints), and the signature must be the canonical base64url of the HMAC. The signature is
   * checked (constant time) before the payload is decoded. The time checks (`exp`, `nbf`) are
   * timely()'s, made on every use.
   */
  private decode(kind: SessionKind, token: string): Decoded | undefined {
    if (token.length > MAX_TOKEN_LENGTH) return undefined;
    const firstDot = token.indexOf('.');
    const lastDot = token.lastIndexOf('.');
    if (firstDot <= 0 || lastDot === firstDot || token.indexOf('.', firstDot + 1) !== lastDot) return undefined;
    const signature = token.slice(lastDot + 1);
    if (signature.length !== SIGNATURE_LENGTH) return undefined;
    const expected = createHmac('sha256', this.hmacKey).update(token.slice(0, lastDot)).digest('base64url');
    if (!timingSafeEqual(Buffer.from(signature, 'latin1'), Buffer.from(expected, 'latin1'))) return undefined;
    const header = decodeJson(token.slice(0, firstDot));
    if (!header || header.alg !== ALGORITHM || !Object.keys(header).every((key) => key === 'alg' || key === 'typ'))
      return undefined;
    if (header.typ !== undefined && header.typ !== 'JWT') return undefined;
    const payload = decodeJson(token.slice(firstDot + 1, lastDot));
    if (!payload) return undefined;
    if (payload.iss !== ISSUER) return undefined;
    const audience = payload.aud;
    const audienceOk = Array.isArray(audience) ? audience.includes(AUDIENCE[kind]) : audience === AUDIENCE[kind];
    if (!audienceOk) return undefined;
    if (payload.iat !== undefined && typeof payload.iat !== 'number') return undefined;
    if (payload.nbf !== undefined && typeof payload.nbf !== 'number') return undefined;
    if (payload.exp !== undefined && typeof payload.exp !== 'number') return undefined;
    const claims = toClaims(payload);
    return claims && { claims, notBefore: payload.nbf };
  }
}

/** A token whose signature, header, issuer, audience and claims passed. */
interface Decoded {
  claims: TokenClaims;
  notBefore: number | undefined;
}

/** Within the token's `nbf` and `exp` (seconds), as jose's currentDate check without tolerance. */
function timely({ claims, notBefore }: Decoded, nowMs: number): boolean {
  const now = Math.floor(nowMs / 1000);
  return (notBefore === undefined || notBefore <= now) && claims.exp > now;
}

/** Verified tokens kept per kind (~0.5 KB each): well above the shoppers active at once on one server. */
const VERIFIED_KEPT = 2_000;

/** Longer than any token we sign by far; a bound on the work a garbage header can cause. */
const MAX_TOKEN_LENGTH = 4096;
/** base64url of a 32-byte HMAC-SHA256, without padding. */
const SIGNATURE_LENGTH = 43;

/** A base64url JSON object, or undefined (bad base64url, bad JSON, or not a plain object). */
function decodeJson(segment: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function toClaims(payload: Record<string, unknown>): TokenClaims | undefined {
  const { id, sid, jti, exp } = payload;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
  if (typeof sid !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return undefined;
  return { id, sid, jti, exp };
}
