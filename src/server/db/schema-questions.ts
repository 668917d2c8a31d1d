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
