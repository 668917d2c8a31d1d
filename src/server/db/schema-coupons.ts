import type { Generated } from 'kysely';

/** The coupons' table types (schema.ts joins them into the Database). */
/** Coupon codes (migration 033); code in upper case; value: whole percent, or paisa when fixed. */
export interface CouponsTable {
  id: Generated<number>;
  code: string;
  type: 'percent' | 'fixed';
  value: number;
  min_subtotal_paisa: number | null;
  max_discount_paisa: number | null;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  active: Generated<number>;
  used_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CouponCategoriesTable {
  coupon_id: number;
  category_id: number;
}

export interface CouponProductsTable {
  coupon_id: number;
  product_id: number;
}

export interface CouponUsesTable {
  coupon_id: number;
  user_id: number;
  uses: Generated<number>;
}

export interface CouponRedemptionsTable {
  order_id: string;
  coupon_id: number;
  user_id: number;
  code: string;
  discount_paisa: number;
  created_at: string;
  released_at: string | null;
}

export interface CartCouponsTable {
  user_id: number;
  coupon_id: number;
  applied_at: string;
}
