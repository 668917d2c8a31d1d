/** Reads (never verifies) the payload of a JWT: the server verifies, the client only needs id and exp. */
export interface TokenPayload {
  id?: number;
  /** Expiry in seconds since the epoch. */
  exp?: number;
}

export function decodeToken(token: string): TokenPayload | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { id, exp } = payload as Record<string, unknown>;
    return {
      id: typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined,
      exp: typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Expiry in milliseconds, or undefined when the token has none or cannot be read. */
export function tokenExpiresAt(token: string): number | undefined {
  const exp = decodeToken(token)?.exp;
  return exp === undefined ? undefined : exp * 1000;
}

/** A token without a readable expiry counts as expired. A few seconds of margin cover clock skew and latency. */
export function isTokenExpired(token: string, marginMs = 5_000, now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === undefined || expiresAt - marginMs <= now;
}

export function tokenUserId(token: string | null): number | undefined {
  return token ? decodeToken(token)?.id : undefined;
}
