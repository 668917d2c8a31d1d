import type { Generated } from 'kysely';

/** Questions and answers on product pages (migration 043, ADR 0050). */
export interface QuestionsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  body: string;
  /** The shop's answer; null while unanswered. */
  answer: Generated<string | null>;
  answered_at: Generated<string | null>;
  status: Generated<'visible' | 'hidden'>;
  created_at: string;
}

/** The owner's delivery terms for a district (migration 044, ADR 0051); a district without a row takes the defaults. */
export interface DistrictDeliveryTable {
  /** The district's English name, as orders store it. */
  district: string;
  fee_paisa: number;
  days_min: number;
  days_max: number;
  /** 1: cash on delivery is offered there. */
  cod: number;
  updated_at: string;
}
