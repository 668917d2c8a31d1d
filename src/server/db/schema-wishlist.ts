/** The shopper's wishlist (migration 038): one row per shopper and product. */
export interface WishlistItemsTable {
  user_id: number;
  product_id: number;
  created_at: string;
}
