import type { Generated } from 'kysely';

/** The shopper's wishlist (migration 038): one row per shopper and product. */
export interface WishlistItemsTable {
  user_id: number;
  product_id: number;
  created_at: string;
}

/** "Notify me" on a sold-out product (variant_id 0) or variant (migration 038); removed once mailed. */
export interface StockAlertsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  variant_id: number;
  created_at: string;
}

/** The kinds of alert mail a shopper turned off (migration 038). */
export interface AlertOptOutsTable {
  user_id: number;
  kind: string;
  created_at: string;
}

/** Alert mails sent per shopper, kind and period (migration 038): the unique key caps them. */
export interface AlertSendsTable {
  user_id: number;
  kind: string;
  period: string;
  created_at: string;
}
