import type { Generated } from 'kysely';

/** Verified reviews (migration 037, ADR 0042). */
export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  /** The delivered order line that makes it a verified purchase. */
  order_item_id: number;
  /** The variant that line sold and its label then; null: the product had none. */
  variant_id: number | null;
  variant_label: string | null;
  rating: number;
  title: string;
  body: string;
  status: Generated<'visible' | 'hidden'>;
  hidden_reason: Generated<string | null>;
  /** The shop's public reply. */
  reply: Generated<string | null>;
  replied_at: Generated<string | null>;
  helpful_count: Generated<number>;
  /** Reports not yet dealt with by the admin. */
  open_reports: Generated<number>;
  /** When the admin last acted on it; null: new to the admin. */
  moderated_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** One "helpful" per shopper and review. */
export interface ReviewVotesTable {
  review_id: number;
  user_id: number;
  created_at: string;
}

/** One abuse report per shopper and review. */
export interface ReviewReportsTable {
  review_id: number;
  user_id: number;
  reason: string;
  created_at: string;
}

/** A review's photos (position 0–2), files named by base_name as the products' images are. */
export interface ReviewPhotosTable {
  review_id: number;
  position: number;
  base_name: string;
}
