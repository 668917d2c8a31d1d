import type { ColumnType, Generated } from 'kysely';
import type { Locale } from '../../shared/locale.js';
import type {
  CategoriesTable,
  SubCategoriesTable,
  ChildCategoriesTable,
  ProductsTable,
  ProductImagesTable,
  ProductOptionsTable,
  ProductVariantsTable,
  BrandsTable,
  SpecFieldsTable,
  ProductSpecsTable,
  BrandCountsTable,
  SpecValueCountsTable,
  SpecBrandCountsTable,
  CatalogStateTable,
} from './schema-catalog.js';
import type { CampaignItemsTable, CampaignsTable, PriceHistoryTable } from './schema-campaigns.js';
import type { ReviewPhotosTable, ReviewReportsTable, ReviewVotesTable, ReviewsTable } from './schema-reviews.js';
import type { ReturnItemsTable, ReturnPhotosTable, ReturnsTable } from './schema-returns.js';
import type { AlertOptOutsTable, AlertSendsTable, StockAlertsTable, WishlistItemsTable } from './schema-wishlist.js';
import type { DistrictDeliveryTable, QuestionsTable } from './schema-questions.js';
import type { ShippingTables } from './schema-shipping.js';
import type { WarrantyTables } from './schema-warranty.js';
import type { SmsDaysTable, SmsMessagesTable, SmsNumbersTable, SmsOptOutsTable } from './schema-sms.js';
import type { AdminRecoveryCodesTable, AdminStaffColumns } from './schema-staff.js';
import type {
  CartCouponsTable,
  CouponCategoriesTable,
  CouponProductsTable,
  CouponRedemptionsTable,
  CouponUsesTable,
  CouponsTable,
} from './schema-coupons.js';

export type * from './schema-catalog.js';
export type * from './schema-campaigns.js';
export type * from './schema-reviews.js';
export type * from './schema-wishlist.js';
export type * from './schema-questions.js';
export type * from './schema-returns.js';
export type * from './schema-sms.js';
export type * from './schema-staff.js';
export type * from './schema-coupons.js';
export type * from './schema-shipping.js';
export type * from './schema-warranty.js';

/**
 * Table types. Column names are snake_case; services map rows to the API's camelCase.
 * Timestamps are ISO-8601 UTC strings (sortable as text on both dialects),
 * booleans are 0/1 integers, money is integer paisa.
 */
export interface UsersTable {
  /** Random, not sequential: given by the application (accounts/user-ids.ts). */
  id: number;
  first_name: string;
  last_name: string;
  /** Null for an account made at checkout from a proved number alone (migration 048). */
  email: string | null;
  phone_number: string;
  password_hash: string;
  /** The account is verified: its email or its phone number was proved (the API's emailVerified). */
  email_verified: number;
  /** When the address / the number was proved by a code (migration 040); null until then. */
  email_verified_at: string | null;
  phone_verified_at: string | null;
  /** The language of the shop's mails to them (migration 014; 'en' unless chosen): a check allows only these. */
  language: Generated<Locale>;
  created_at: string;
  updated_at: string;
}

export interface AdminsTable extends AdminStaffColumns {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

/** One row per login; refresh rotates `current_jti`, logout or token reuse sets `revoked_at`. */
export interface SessionsTable {
  id: string;
  kind: 'user' | 'admin';
  subject_id: number;
  current_jti: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** At most one live code per user; a new send replaces it. */
export interface OtpCodesTable {
  user_id: number;
  code_hash: string;
  /** The texted registration code (migration 040); null when none was texted. */
  sms_code_hash: string | null;
  expires_at: string;
  attempts: number;
  created_at: string;
}

export interface OtpSendsTable {
  id: Generated<number>;
  user_id: number;
  sent_at: string;
  /** `device:<nonce>` or `ip:<address>`; '' before migration 012. */
  source: string;
}

/** Fixed-window counters for throttling (failed logins per account and per IP). */
export interface ThrottleTable {
  key: string;
  window_start: string;
  count: number;
}

/** A password reset's or an email change's one live code (migration 012). */
export interface AccountCodesTable {
  user_id: number;
  purpose: 'reset-password' | 'change-email' | 'login' | 'verify-phone';
  code_hash: string;
  new_email: string | null;
  /** The number a 'verify-phone' code was texted to (migration 040). */
  new_phone: string | null;
  expires_at: string;
  attempts: number;
  created_at: string;
}

/** Failures per key and when the last one was, for growing delays (lib/backoff.ts). */
export interface BackoffTable {
  key: string;
  failures: number;
  last_at: string;
}

/** One line per (shopper, product, variant); see migrations 003 and 026. */
export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  /** The variant chosen; 0 for a product without variants (so the three columns are one unique key). */
  variant_id: Generated<number>;
  quantity: number;
  created_at: string;
  updated_at: string;
}

/** id: 'ORD-' + 16 random base-32 characters. Delivery fields as the checkout form sent them. */
export interface OrdersTable {
  id: string;
  user_id: number;
  status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
  total_paisa: number;
  payment_method: string;
  payment_status: string;
  payment_ref: string | null;
  full_name: string;
  phone: string;
  province: string;
  district: string;
  city: string;
  address: string;
  landmark: string | null;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 011: total_paisa = subtotal_paisa + delivery_fee_paisa; vat_paisa is inside the total. */
  subtotal_paisa: Generated<number>;
  delivery_fee_paisa: Generated<number>;
  vat_paisa: Generated<number>;
  invoice_no: number | null;
  /** Migration 025: 1 when its online payment was taken by the payment sandbox (no money moved). */
  test_payment: Generated<number>;
  /** Migration 024: the invoice's issue (at the sale), its voiding with a credit note, extra money to give back. */
  invoice_at: string | null;
  invoice_void_at: string | null;
  credit_note_no: number | null;
  credit_note_at: string | null;
  extra_refund_paisa: Generated<number>;
  /** Migration 033: the coupon's discount taken off the items (total = subtotal − discount + delivery) and its code. */
  discount_paisa: Generated<number>;
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 041: the short number said over the phone (#1042); null only for rows written outside checkout. */
  number: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Snapshot of the product at checkout; stock_reserved = units taken from tracked stock. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: string;
  product_id: number;
  product_name: string;
  category_name: string;
  unit_price_paisa: number;
  quantity: number;
  stock_reserved: number;
  /** The VAT inside unit price × quantity (migration 011). */
  vat_paisa: Generated<number>;
  /** The variant sold and its label at the sale ("256 GB / Black"), migration 026; null: no variants. */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
  variant_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 033: this line's share of the order's coupon discount (its VAT is of what is left). */
  discount_paisa: Generated<number>;
  /** Migration 042: units held by returns that were not rejected (never more than quantity). */
  returned_quantity: Generated<number>;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: string;
  admin_id: number | null;
  from_status: string;
  to_status: string;
  changed_at: string;
  /** 'status' (order status) or 'payment' (payment status); migration 011; 'return', 'warranty' (a claim's step). */
  kind: Generated<'status' | 'payment' | 'return' | 'warranty'>;
  note: string | null;
  /** The shopper who made the change (cancelling, paying on delivery); null with admin_id null: the shop itself. Migration 017. */
  user_id: Generated<number | null>;
}

/** One try at a gateway (migration 011): eSewa's transaction_uuid or Khalti's pidx as reference. */
export interface PaymentAttemptsTable {
  id: Generated<number>;
  order_id: string;
  method: 'esewa' | 'khalti';
  reference: string;
  amount_paisa: number;
  /** refund_due: paid, but the order had been paid already by another attempt (the money goes back). */
  status: 'started' | 'paid' | 'failed' | 'refund_due' | 'refunded';
  gateway_ref: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The Dashboard's figures, kept by triggers (migration 019, ADR 0021): per Nepal day ('YYYY-MM-DD')
 * the orders placed by their status and payment now; per day and per month ('YYYY-MM') the units
 * and line revenue of each product in the orders that count as revenue.
 */
export interface OrderDayTotalsTable {
  day: string;
  status: string;
  payment_method: string;
  payment_status: string;
  order_count: number;
  amount_paisa: number;
  /** Migration 025: the part of the row made of test-payment orders. */
  test_count: Generated<number>;
  test_amount_paisa: Generated<number>;
}

/** Migration 035: per Nepal day and coupon code, the orders with the code that count as revenue. */
export interface CouponDayTotalsTable {
  day: string;
  code: string;
  order_count: number;
  revenue_paisa: number;
  discount_paisa: number;
}

export interface ProductDaySalesTable {
  day: string;
  product_id: number;
  units: number;
  revenue_paisa: number;
}

export interface ProductMonthSalesTable {
  month: string;
  product_id: number;
  units: number;
  revenue_paisa: number;
}

/** Named gap-free numbers (invoice). */
export interface CountersTable {
  name: string;
  value: number;
}

/** The durable queue (migration 009, ADR 0014). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string | null;
  payload: string;
  summary: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  run_at: string;
  attempts: Generated<number>;
  max_attempts: number;
  claim: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The payment sandbox's payments (migration 010; features/payments/sandbox). */
export interface SandboxPaymentsTable {
  id: Generated<number>;
  gateway: 'esewa' | 'khalti';
  reference: string;
  amount_paisa: number;
  status: string;
  return_url: string;
  failure_url: string | null;
  details: string;
  created_at: string;
  updated_at: string;
}

/** The admin's audit log (migration 018, features/audit): one row per admin write, kept. */
export interface AuditLogTable {
  id: Generated<number>;
  /** null: the command line or the shop itself. */
  admin_id: number | null;
  /** '<entity>.<verb>', one of AUDIT_ACTIONS in shared/audit.ts. */
  action: string;
  entity_type: string;
  entity_id: string;
  /** The entity's name when it happened. */
  summary: string;
  /** JSON text {field: [before, after]}; money in rupees. */
  changes: string;
  note: string | null;
  created_at: string;
}

/**
 * PostgreSQL only (migration 021, ADR 0024): each word (a lexeme of name_search) of each live
 * product's name, with its stock part; kept by triggers, read by search.
 */
export interface ProductNameWordsTable {
  word: string;
  sold_out: number;
  product_id: number;
}

/** PostgreSQL only (migration 022, ADR 0024): every word products' names and descriptions have had. */
export interface SearchWordsTable {
  word: string;
}

/** Words the catalogue's names, specification words and category names have had (migration 031): typo correction. */
export interface CatalogWordsTable {
  word: string;
}

/** A word or phrase shoppers type and the catalogue's term for it (migration 031), e.g. "ल्यापटप" → "laptop". */
export interface SearchDictionaryTable {
  id: Generated<number>;
  word: string;
  term: string;
  created_at: string;
  updated_at: string;
}

export interface Database extends ShippingTables, WarrantyTables {
  coupons: CouponsTable;
  coupon_categories: CouponCategoriesTable;
  coupon_products: CouponProductsTable;
  coupon_uses: CouponUsesTable;
  coupon_redemptions: CouponRedemptionsTable;
  cart_coupons: CartCouponsTable;
  campaigns: CampaignsTable;
  campaign_items: CampaignItemsTable;
  price_history: PriceHistoryTable;
  wishlist_items: WishlistItemsTable;
  stock_alerts: StockAlertsTable;
  alert_opt_outs: AlertOptOutsTable;
  alert_sends: AlertSendsTable;
  sms_messages: SmsMessagesTable;
  sms_numbers: SmsNumbersTable;
  sms_days: SmsDaysTable;
  sms_opt_outs: SmsOptOutsTable;
  users: UsersTable;
  admins: AdminsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  otp_sends: OtpSendsTable;
  throttle: ThrottleTable;
  account_codes: AccountCodesTable;
  backoff: BackoffTable;
  categories: CategoriesTable;
  sub_categories: SubCategoriesTable;
  child_categories: ChildCategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_options: ProductOptionsTable;
  product_variants: ProductVariantsTable;
  brands: BrandsTable;
  spec_fields: SpecFieldsTable;
  product_specs: ProductSpecsTable;
  brand_counts: BrandCountsTable;
  spec_value_counts: SpecValueCountsTable;
  spec_brand_counts: SpecBrandCountsTable;
  catalog_state: CatalogStateTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  jobs: JobsTable;
  payment_attempts: PaymentAttemptsTable;
  counters: CountersTable;
  order_day_totals: OrderDayTotalsTable;
  product_day_sales: ProductDaySalesTable;
  coupon_day_totals: CouponDayTotalsTable;
  product_month_sales: ProductMonthSalesTable;
  sandbox_payments: SandboxPaymentsTable;
  audit_log: AuditLogTable;
  product_name_words: ProductNameWordsTable;
  search_words: SearchWordsTable;
  catalog_words: CatalogWordsTable;
  search_dictionary: SearchDictionaryTable;
  reviews: ReviewsTable;
  review_votes: ReviewVotesTable;
  review_reports: ReviewReportsTable;
  review_photos: ReviewPhotosTable;
  questions: QuestionsTable;
  district_delivery: DistrictDeliveryTable;
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
  return_photos: ReturnPhotosTable;
}
