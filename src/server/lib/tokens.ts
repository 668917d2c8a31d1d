import { SignJWT, compactVerify, errors as joseErrors, jwtVerify } from 'jose';

export type SessionKind = 'user' | 'admin';

const ISSUER = 'pasal';
const ALGORITHM = 'HS256';
export const AUDIENCE: Record<SessionKind, string> = { user: 'pasal:shopper', admin: 'pasal:admin' };

/** Access-token lifetimes; the server-side session (and so refresh) lives 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS: Record<SessionKind, number> = { user: 60 * 60, admin: 60 * 60 };
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenClaims {
  /** The shopper's or admin's id (SPEC §3: the token carries an id and an exp in seconds). */
  id: number;
  sid: string;
  jti: string;
  exp: number;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
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

  /** Full verification: signature (HS256 only), issuer, audience and expiry. Returns undefined when invalid. */
  async verify(kind: SessionKind, token: string, nowMs: number): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE[kind],
        currentDate: new Date(nowMs),
      });
      return toClaims(payload);
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }

  /**
   * Signature, issuer and audience, but not expiry: refresh accepts the token the client holds,
   * expired or not, and the server-side session decides whether it still lives.
   */
  async verifyIgnoringExpiry(kind: SessionKind, token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload: bytes } = await compactVerify(token, this.key, { algorithms: [ALGORITHM] });
      const payload = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
      const audience = payload.aud;
      const audienceOk = Array.isArray(audience) ? audience.includes(AUDIENCE[kind]) : audience === AUDIENCE[kind];
      if (payload.iss !== ISSUER || !audienceOk) return undefined;
      return toClaims(payload);
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof SyntaxError) return undefined;
      throw error;
    }
  }
}

function toClaims(payload: Record<string, unknown>): TokenClaims | undefined {
  const { id, sid, jti, exp } = payload;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
  if (typeof sid !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return undefined;
  return { id, sid, jti, exp };
}
