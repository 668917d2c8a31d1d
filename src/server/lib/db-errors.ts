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
