import type { Generated } from 'kysely';

/**
 * Table types. Column names are snake_case; services map rows to the API's camelCase.
 * Timestamps are ISO-8601 UTC strings (sortable as text on both dialects),
 * booleans are 0/1 integers, money is integer paisa.
 */
export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password_hash: string;
  email_verified: number;
  created_at: string;
  updated_at: string;
}

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

/** One row per login; refresh rotates `current_jti`, logout or token reuse sets `revoked_at`. */
export interface SessionsTable {
  id: string;
  kind: 'user' | 'admin';
  subject_id: number;
  current_jti: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** At most one live code per user; a new send replaces it. */
export interface OtpCodesTable {
  user_id: number;
  code_hash: string;
  expires_at: string;
  attempts: number;
  created_at: string;
}

export interface OtpSendsTable {
  id: Generated<number>;
  user_id: number;
  sent_at: string;
}

/** Fixed-window counters for throttling (failed logins per account and per IP). */
export interface ThrottleTable {
  key: string;
  window_start: string;
  count: number;
}

export interface Database {
  users: UsersTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  otp_sends: OtpSendsTable;
  throttle: ThrottleTable;
}
