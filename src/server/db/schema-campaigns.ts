import type { Generated } from 'kysely';

/** Campaigns (migration 036): a window of sale prices; active 0 once ended early (ended_at). */
export interface CampaignsTable {
  id: Generated<number>;
  name: string;
  starts_at: string;
  ends_at: string;
  active: Generated<number>;
  ended_at: string | null;
  /** Grows with every write: a job scheduled for an older revision does nothing. */
  revision: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** What a campaign puts on sale: one of percent_off (1–99) or sale_price_paisa is set. */
export interface CampaignItemsTable {
  id: Generated<number>;
  campaign_id: number;
  position: number;
  target_type: 'product' | 'variant' | 'category';
  target_id: number;
  percent_off: number | null;
  sale_price_paisa: number | null;
}

/** Every regular price a product (variant_id 0) or variant has had, from recorded_at; kept by triggers. */
export interface PriceHistoryTable {
  id: Generated<number>;
  product_id: number;
  variant_id: number;
  price_paisa: number;
  recorded_at: string;
}
