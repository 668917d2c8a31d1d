import type { ColumnType, Generated } from 'kysely';
import type { ClaimStatus } from '../../shared/warranty.js';

/** Warranty claims (migration 049, ADR 0055). */
export interface WarrantyTables {
  warranty_claims: WarrantyClaimsTable;
}

export interface WarrantyClaimsTable {
  id: Generated<number>;
  order_id: string;
  order_item_id: number;
  user_id: number;
  /** The unit's serial as recorded at shipping; '' for goods shipped without serials. */
  serial: string;
  issue: string;
  status: ColumnType<ClaimStatus, ClaimStatus | undefined, ClaimStatus>;
  /** The shop's last note (a rejection's reason). */
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'YYYY-MM-DD' (Nepal): the unit's warranty end when the claim was opened. */
  warranty_ends: string;
  created_at: string;
  updated_at: string;
}
