import type { Kysely, Transaction } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../shared/accounts.js';
import { PreparedQuery } from '../db/client.js';
import type { Database } from '../db/schema.js';
import { type Clock, isoIn, isoNow } from './clock.js';
import { unauthorized } from './errors.js';
import { randomToken } from './secrets.js';
import { SESSION_TTL_MS, type SessionKind, type TokenService } from './tokens.js';

export interface Principal {
  kind: SessionKind;
  id: number;
  sessionId: string;
  /** An admin's role, set by the access guard (lib/access.ts) from the admin's row. */
  role?: string;
}

/**
 * Server-side sessions behind the JWTs: one row per login. Refresh rotates the token id;
 * presenting an already-rotated token is treated as theft and revokes the whole session.
 */
export class SessionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  async start(kind: SessionKind, subjectId: number): Promise<string> {
    const sid = randomToken(18);
    const jti = randomToken(12);
    await this.db
      .insertInto('sessions')
      .values({
        id: sid,
        kind,
        subject_id: subjectId,
        current_jti: jti,
        created_at: isoNow(this.clock),
        expires_at: isoIn(this.clock, SESSION_TTL_MS),
        revoked_at: null,
      })
      .execute();
    return this.tokens.sign(kind, { id: subjectId, sid, jti }, this.clock.now().getTime());
  }

  /** Verifies an access token and that its session is still alive. */
  async authenticate(kind: SessionKind, token: string): Promise<Principal> {
    const now = this.clock.now();
    const claims = this.tokens.verify(kind, token, now.getTime());
    if (!claims) throw unauthorized(ACCOUNT_MESSAGES.tokenInvalidOrExpired);
    // Every request: no cache, so a logout or a replay revocation ends the session at once.
    const session = await liveSession.first(this.db, claims.sid, kind, now.toISOString());
    if (!session || session.subject_id !== claims.id) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
    return { kind, id: claims.id, sessionId: claims.sid };
  }

  async refresh(kind: SessionKind, token: string): Promise<string> {
    const claims = this.tokens.verifyIgnoringExpiry(kind, token);
    if (!claims) throw unauthorized(ACCOUNT_MESSAGES.tokenInvalid);
    const newJti = randomToken(12);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const session = await trx
        .selectFrom('sessions')
        .select(['subject_id', 'current_jti', 'expires_at', 'revoked_at'])
        .where('id', '=', claims.sid)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (!session || session.revoked_at !== null || session.subject_id !== claims.id) return 'dead' as const;
      if (session.expires_at <= isoNow(this.clock)) return 'dead' as const;
      if (session.current_jti !== claims.jti) {
        await trx
          .updateTable('sessions')
          .set({ revoked_at: isoNow(this.clock) })
          .where('id', '=', claims.sid)
          .execute();
        return 'reused' as const;
      }
      // The compare-and-set on current_jti makes two concurrent refreshes of one token rotate only once.
      const result = await trx
        .updateTable('sessions')
        .set({ current_jti: newJti, expires_at: isoIn(this.clock, SESSION_TTL_MS) })
        .where('id', '=', claims.sid)
        .where('current_jti', '=', claims.jti)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return 'rotated' as const;
      // Lost the race to another refresh of the same token: the same token was presented twice,
      // which is what a replay looks like. Revoke, as SQLite's serialised path does.
      await trx
        .updateTable('sessions')
        .set({ revoked_at: isoNow(this.clock) })
        .where('id', '=', claims.sid)
        .execute();
      return 'reused' as const;
    });
    if (outcome === 'reused') throw unauthorized(ACCOUNT_MESSAGES.tokenReused);
    if (outcome === 'dead') throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
    return this.tokens.sign(kind, { id: claims.id, sid: claims.sid, jti: newJti }, this.clock.now().getTime());
  }

  /** Logout: accepts an expired token too, so a shopper can always end their session. */
  async revoke(kind: SessionKind, token: string): Promise<void> {
    const claims = this.tokens.verifyIgnoringExpiry(kind, token);
    if (!claims) throw unauthorized(ACCOUNT_MESSAGES.tokenInvalid);
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: isoNow(this.clock) })
      .where('id', '=', claims.sid)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllFor(kind: SessionKind, subjectId: number): Promise<void> {
    await revokeAllSessions(this.db, this.clock, kind, subjectId);
  }
}

/** The session of a token, when it is neither revoked nor expired (one primary-key lookup). */
const liveSession = new PreparedQuery<{ subject_id: number }, [sid: string, kind: SessionKind, nowIso: string]>(
  'live-session',
  (db, $) =>
    db
      .selectFrom('sessions')
      .select(['subject_id'])
      .where('id', '=', $(0))
      .where('kind', '=', $(1))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', $(2)),
);

/**
 * Ends every live session of one shopper or admin (password reset), or every one but `exceptSessionId`
 * (a password change keeps the session it was made in). Usable without a token service, e.g. from the CLI.
 */
export async function revokeAllSessions(
  db: Kysely<Database> | Transaction<Database>,
  clock: Clock,
  kind: SessionKind,
  subjectId: number,
  exceptSessionId?: string,
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: isoNow(clock) })
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .$if(exceptSessionId !== undefined, (qb) => qb.where('id', '!=', exceptSessionId!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
