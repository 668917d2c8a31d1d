import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m001 from './migrations/001_accounts.js';
import * as m002 from './migrations/002_catalog.js';
import * as m003 from './migrations/003_orders.js';
import * as m004catalog from './migrations/004_catalog_version.js';
import * as m005catalog from './migrations/005_catalog_filter_indexes.js';
import * as m006catalog from './migrations/006_catalog_counts.js';
import * as m007catalog from './migrations/007_catalog_level_price_newest.js';
import * as m008search from './migrations/008_search_prefix_index.js';
import * as m009jobs from './migrations/009_jobs.js';
import * as m010sandbox from './migrations/010_payment_sandbox.js';
import * as m011payments from './migrations/011_order_payments.js';
import * as m012accounts from './migrations/012_account_safety.js';
import * as m013names from './migrations/013_name_search.js';
import * as m014language from './migrations/014_user_language.js';
import * as m015warranty from './migrations/015_product_warranty.js';
import * as m016soldOut from './migrations/016_sold_out_last.js';
import * as m017history from './migrations/017_history_by_shopper.js';
import * as m018audit from './migrations/018_audit_log.js';
import * as m019dashboard from './migrations/019_dashboard.js';
import * as m020sku from './migrations/020_product_sku.js';
import * as m021nameWords from './migrations/021_name_words.js';
import * as m022searchWords from './migrations/022_search_words.js';
import * as m023orderLimits from './migrations/023_order_limits.js';
import * as m024invoiceAtSale from './migrations/024_invoice_at_sale.js';
import * as m025testPayments from './migrations/025_test_payments.js';
import * as m026variants from './migrations/026_variants_and_specs.js';
import * as m027facets from './migrations/027_facet_counts_and_spec_words.js';
import * as m030categoryNames from './migrations/030_category_nepali_names.js';
import * as m031searchWords from './migrations/031_search_words.js';
import * as m033coupons from './migrations/033_coupons.js';
import * as m035couponDays from './migrations/035_coupon_day_totals.js';
import * as m036campaigns from './migrations/036_campaigns.js';
import * as m037reviews from './migrations/037_reviews.js';
import * as m038wishlist from './migrations/038_wishlist.js';
import * as m041staff from './migrations/041_staff_roles.js';
import * as m039sms from './migrations/039_sms.js';
import * as m040phone from './migrations/040_phone_verification.js';
import * as m042returns from './migrations/042_returns.js';
import * as m043questions from './migrations/043_questions.js';
import * as m044districts from './migrations/044_district_delivery.js';
import * as m045sellingPrice from './migrations/045_selling_price.js';
import * as m046ratingIndex from './migrations/046_rating_index_parts.js';
import * as m047serials from './migrations/047_serials_couriers.js';
import * as m048phoneOnly from './migrations/048_phone_only_accounts.js';
import * as m049warranty from './migrations/049_warranty_claims.js';
import * as m052specBrandCounts from './migrations/052_spec_brand_counts.js';
import * as m053versionNotify from './migrations/053_catalog_version_notify.js';

/**
 * Migrations are listed here rather than discovered on disk, so the same list runs
 * from TypeScript sources (tests, dev) and from the compiled build.
 * Add new ones at the end; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_catalog': m002,
  '003_orders': m003,
  '004_catalog_version': m004catalog,
  '005_catalog_filter_indexes': m005catalog,
  '006_catalog_counts': m006catalog,
  '007_catalog_level_price_newest': m007catalog,
  '008_search_prefix_index': m008search,
  '009_jobs': m009jobs,
  '010_payment_sandbox': m010sandbox,
  '011_order_payments': m011payments,
  '012_account_safety': m012accounts,
  '013_name_search': m013names,
  '014_user_language': m014language,
  '015_product_warranty': m015warranty,
  '016_sold_out_last': m016soldOut,
  '017_history_by_shopper': m017history,
  '018_audit_log': m018audit,
  '019_dashboard': m019dashboard,
  '020_product_sku': m020sku,
  '021_name_words': m021nameWords,
  '022_search_words': m022searchWords,
  '023_order_limits': m023orderLimits,
  '024_invoice_at_sale': m024invoiceAtSale,
  '025_test_payments': m025testPayments,
  '026_variants_and_specs': m026variants,
  '027_facet_counts_and_spec_words': m027facets,
  '030_category_nepali_names': m030categoryNames,
  '031_search_words': m031searchWords,
  '033_coupons': m033coupons,
  '035_coupon_day_totals': m035couponDays,
  '036_campaigns': m036campaigns,
  '037_reviews': m037reviews,
  '038_wishlist': m038wishlist,
  '039_sms': m039sms,
  '040_phone_verification': m040phone,
  '041_staff_roles': m041staff,
  '042_returns': m042returns,
  '043_questions': m043questions,
  '044_district_delivery': m044districts,
  '045_selling_price': m045sellingPrice,
  '046_rating_index_parts': m046ratingIndex,
  '047_serials_couriers': m047serials,
  '048_phone_only_accounts': m048phoneOnly,
  '049_warranty_claims': m049warranty,
  '052_spec_brand_counts': m052specBrandCounts,
  '053_catalog_version_notify': m053versionNotify,
};

/** The newest migration's name: a database that has run it is up to date (/api/ready). */
export const LATEST_MIGRATION = Object.keys(migrations).at(-1)!;

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : 'unknown error';
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
}

/** The schema as it stood after migration `name`: for tests of the migrations after it. */
export async function migrateTo(db: Kysely<unknown>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(`migration to ${name} failed`);
}
