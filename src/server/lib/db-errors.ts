/**
 * Recognises a unique-constraint violation on either dialect, so a lost race between a
 * "does it exist?" check and the insert becomes a 409 rather than a 500.
 *
 * SQLite (better-sqlite3): code SQLITE_CONSTRAINT_UNIQUE, message "UNIQUE constraint failed: users.email".
 * PostgreSQL (pg): code 23505, detail "Key (email)=(…) already exists.", constraint "users_email_key".
 */
export interface UniqueViolation {
  /** The first column of the violated constraint, when the driver tells it. */
  column: string | undefined;
}

export function uniqueViolation(error: unknown): UniqueViolation | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, detail, constraint } = error as {
    code?: unknown;
    message?: unknown;
    detail?: unknown;
    constraint?: unknown;
  };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const match = typeof message === 'string' ? /constraint failed: \w+\.(\w+)/.exec(message) : null;
    return { column: match?.[1] };
  }
  if (code === '23505') {
    const fromDetail = typeof detail === 'string' ? /Key \(([^,)]+)/.exec(detail)?.[1] : undefined;
    const fromConstraint = typeof constraint === 'string' ? /^[a-z0-9]+_(.+)_key$/.exec(constraint)?.[1] : undefined;
    return { column: (fromDetail ?? fromConstraint)?.replace(/"/g, '').trim() };
  }
  return undefined;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended unexpectedly/i;

/**
 * The database is away for a moment rather than the request being wrong: PostgreSQL restarting
 * or unreachable (connection errors, class 08, 57P01–03 shutting down, 53300 too many
 * connections), or SQLite still locked after its busy timeout. Such a request answers 503 with
 * Retry-After, and the next one may well succeed.
 */
export function databaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
  }
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  // AggregateError (a host with several addresses) carries the real causes.
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner));
}
