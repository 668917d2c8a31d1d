import type { ColumnType } from 'kysely';

/** An admin's role, first-login and two-factor state (migration 041, ADR 0048). */
export interface AdminStaffColumns {
  role: ColumnType<string, string | undefined, string>;
  must_change_password: ColumnType<number, number | undefined, number>;
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_pending: ColumnType<string | null, string | null | undefined, string | null>;
  totp_required: ColumnType<number, number | undefined, number>;
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One-time recovery codes of an admin's two-factor sign-in, as SHA-256 hashes (migration 041). */
export interface AdminRecoveryCodesTable {
  admin_id: number;
  code_hash: string;
  created_at: string;
}
