import type { Generated } from 'kysely';
import type { ReturnReason, ReturnStatus } from '../../shared/returns.js';

/** Returns of delivered goods (migration 042, ADR 0049). */
export interface ReturnsTable {
  id: Generated<number>;
  order_id: string;
  user_id: number;
  status: Generated<ReturnStatus>;
  reason: ReturnReason;
  note: Generated<string>;
  refund_paisa: number;
  decision_note: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnItemsTable {
  return_id: number;
  order_item_id: number;
  quantity: number;
}

export interface ReturnPhotosTable {
  return_id: number;
  position: number;
  base_name: string;
}
