import type { ColumnType, Generated } from 'kysely';

/**
 * The catalogue's table types (schema.ts joins them into the Database): the category tree,
 * products and their images, options and variants, brands and specifications, the facet counts
 * and the catalogue's version.
 */
/**
 * The three-level category tree. `name_key` is categoryKey(name) from src/shared/catalog.ts
 * (case-insensitive, hyphens as spaces, trimmed); it is unique among live siblings.
 * Nodes are soft-deleted (deleted_at) so deleted products and old order lines keep their names.
 */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  /** Its Nepali name (migration 030); null: the English name is shown. */
  name_ne: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  deleted_at: string | null;
  /** Migration 042: days its goods may be returned; null the shop's RETURN_DAYS, 0 none. */
  return_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 047: 1 when its goods ship only with each unit's serial. */
  serial_required: ColumnType<number, number | undefined, number>;
}

export interface SubCategoriesTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  name_key: string;
  /** Its Nepali name (migration 030); null: the English name is shown. */
  name_ne: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  deleted_at: string | null;
}

export interface ChildCategoriesTable {
  id: Generated<number>;
  sub_category_id: number;
  name: string;
  name_key: string;
  /** Its Nepali name (migration 030); null: the English name is shown. */
  name_ne: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  deleted_at: string | null;
}

/**
 * Products are never removed: delete sets deleted_at, so orders keep their lines.
 * `name_sort` is the lower-cased name (sorting by name on both dialects); `stock` null = not tracked;
 * `sold_out` lists a product after those in stock.
 * PostgreSQL adds a generated `search` tsvector column; SQLite has the products_fts FTS5 table.
 */
export interface ProductsTable {
  id: Generated<number>;
  name: string;
  name_sort: string;
  description: string;
  price_paisa: number;
  category_id: number;
  sub_category_id: number | null;
  child_category_id: number | null;
  is_featured: number;
  stock: number | null;
  /** "1 year official warranty" and the like (migration 015); NULL: none said. Optional on insert. */
  warranty: ColumnType<string | null, string | null | undefined, string | null>;
  /** The warranty's length in months (migration 047); null: none counted. */
  warranty_months: ColumnType<number | null, number | null | undefined, number | null>;
  /** Low on stock at or under this (migration 019); null: the shop's default, DEFAULT_LOW_STOCK_THRESHOLD. */
  low_stock_threshold: Generated<number | null>;
  /** At most this many units in one order (migration 023); null: the shop's default, MAX_UNITS_PER_ORDER. */
  max_per_order: Generated<number | null>;
  /** The shop's own code (migration 020): unique among live products, case-insensitively; null: none. */
  sku: string | null;
  /** 1 when the stock is tracked and 0, else 0; kept by the database, never written (migration 016). */
  sold_out: ColumnType<number, never, never>;
  /** Live variants (migration 026); 0: the product is sold as itself. Kept by the variants' writes. */
  variant_count: Generated<number>;
  /** Its brand (migration 026); null: none. */
  brand_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its brand's name and specification values, searched with the name (migration 027); written by the specs service. */
  spec_words: Generated<string>;
  /** Its category path's English names, searched with it (migration 031); kept by the database. */
  category_words: Generated<string>;
  /** The sale as it is now (migration 036), written by the campaign jobs; null: none. Never written on insert. */
  sale_price_paisa: ColumnType<number | null, never, number | null>;
  /** The lowest regular price of the 30 days before that sale began (its honest "was" price). */
  sale_reference_paisa: ColumnType<number | null, never, number | null>;
  sale_ends_at: ColumnType<string | null, never, string | null>;
  sale_campaign_id: ColumnType<number | null, never, number | null>;
  /** What it sells at now: the sale price below the regular one, else the regular (migration 045). Kept by the database, never written. */
  selling_price_paisa: ColumnType<number, never, never>;
  /** Its visible reviews' figures (migration 037): kept by the database, never written by the app. */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  /** floor(average × 1000), 0 without reviews: the order of sort=rating. */
  rating_key: Generated<number>;
  rating_1: Generated<number>;
  rating_2: Generated<number>;
  rating_3: Generated<number>;
  rating_4: Generated<number>;
  rating_5: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** One row per image of a product; `base_name` names the files /uploads/products/<base_name>-<width>.webp. */
export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  base_name: string;
}

/** A product's option (migration 026): position 1–3, `values` a JSON array of texts in the owner's order. */
export interface ProductOptionsTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  name: string;
  values: string;
}

/**
 * One sold combination of a product's options (migration 026). option1–3: the chosen values, ''
 * past the product's last option. `images`: JSON array of the product's image base names shown
 * for it ('[]': the product's own). Archived, never removed, when it leaves the product.
 */
export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  option1: Generated<string>;
  option2: Generated<string>;
  option3: Generated<string>;
  label: string;
  sku: string | null;
  price_paisa: number;
  stock: number | null;
  images: Generated<string>;
  /** The sale as it is now (migration 036), written by the campaign jobs; null: none. Never written on insert. */
  sale_price_paisa: ColumnType<number | null, never, number | null>;
  /** The lowest regular price of the 30 days before that sale began (its honest "was" price). */
  sale_reference_paisa: ColumnType<number | null, never, number | null>;
  sale_ends_at: ColumnType<string | null, never, string | null>;
  sale_campaign_id: ColumnType<number | null, never, number | null>;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

/** The managed list of brands (migration 026); live names unique by categoryKey(). */
export interface BrandsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  created_at: string;
  deleted_at: string | null;
}

/**
 * A category's specification field (migration 026). kind: 'text', 'number' (with `unit`) or
 * 'choice' (`choices` a JSON array); is_filter 1: the list offers it as a facet.
 */
export interface SpecFieldsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  name_key: string;
  kind: 'text' | 'number' | 'choice';
  unit: string | null;
  choices: string | null;
  is_filter: number;
  position: number;
  created_at: string;
  deleted_at: string | null;
}

/** A product's value of a spec field as the shopper reads it; value_number for number fields (migration 026). */
export interface ProductSpecsTable {
  product_id: number;
  field_id: number;
  value: string;
  value_number: number | null;
}

/** Live products per (category, brand), kept by triggers (migration 027): a category's brand facet. */
export interface BrandCountsTable {
  category_id: number;
  brand_id: number;
  n: number;
}

/** Live products per (spec field, value), kept by triggers (migration 027): a category's spec facets. */
export interface SpecValueCountsTable {
  field_id: number;
  value: string;
  n: number;
}

/** Live products per (spec field, value, brand), kept by triggers (migration 052): facets of a brand and a value chosen. */
export interface SpecBrandCountsTable {
  field_id: number;
  value: string;
  brand_id: number;
  n: number;
}

/** One row (id 1): bumped with every catalogue write; list caches are keyed by it (migration 004). */
export interface CatalogStateTable {
  id: number;
  version: number;
}
