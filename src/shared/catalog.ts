import { z } from 'zod';
import { nepaliNameSchema } from './category-names.js';
import * as facets from './specs.js';
import { searchSuggestionsSchema } from './search-words.js';
import { saleSchema } from './campaigns.js';
import { PRICE_MESSAGES, confirmationFlag, priceSchema } from './product-price.js';
import { ratingSchema } from './reviews.js';

/**
 * The catalogue contract: categories, products, the list query and the product upload form. The
 * web client and the server validate with these same schemas, so every message lives here once.
 *
 * Image addresses: every product image is stored as WebP in the widths of IMAGE_WIDTHS under
 *   /uploads/products/<base>-<width>.webp      (<base> = 32 lowercase hex characters)
 * A product's `images` field lists the DEFAULT_IMAGE_WIDTH (640) address of each image, in
 * order. Use imageSrcSet()/imageVariant() to build `srcset` and other widths from it. Every
 * width file always exists (small originals are not enlarged, so a "1024" file may be narrower).
 */

// ---------------------------------------------------------------------------------------------
// Limits and fixed texts

export const CATEGORY_NAME_MAX = 60;
export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
// The price (its text, its limit, the guard on a likely typo) is product-price.ts's.
export { PRODUCT_PRICE_MAX, priceChangeNeedsConfirmation, priceSchema, readAmount } from './product-price.js';
export const PRODUCT_STOCK_MAX = 1_000_000;
/** A warranty is one short line under the price ("1 year official warranty"). */
export const PRODUCT_WARRANTY_MAX = 100;
/** A SKU: 1–64 of A–Z a–z 0–9 - _ . / (ASCII only, so both databases' lower() agree; migration 020). */
export const PRODUCT_SKU_MAX = 64;
export const PRODUCT_SKU_PATTERN = /^[A-Za-z0-9._/-]+$/;
export const MAX_IMAGES_PER_UPLOAD = 8;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoded pixels (width x height) an uploaded image may have: 50 megapixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
/** For <input type="file" accept=…>. The server sniffs the bytes and does not trust this. */
export const IMAGE_ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');
// Image widths and addresses live in a module without zod (pages that only show products import
// it without the schemas); they are part of this contract too.
export { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, imageSrcSet, imageVariant, parseImages } from './catalog-media.js';
export const PRODUCT_PAGE_SIZE_DEFAULT = 24;
export const PRODUCT_PAGE_SIZE_MAX = 100;

export const FEATURED_MESSAGE = 'Product featured successfully!';
export const UNFEATURED_MESSAGE = 'Product unfeatured successfully!';

/** Validation and answer texts of the catalogue calls. */
export const CATALOG_MESSAGES = {
  categoryNameRequired: 'Category name is required',
  subCategoryNameRequired: 'Subcategory name is required',
  childCategoryNameRequired: 'Child category name is required',
  nameTooLong: `Name must be at most ${CATEGORY_NAME_MAX} characters`,
  nameComma: 'Name must not contain a comma',

  productNameRequired: 'Name is required',
  productNameTooLong: `Name must be at most ${PRODUCT_NAME_MAX} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  ...PRICE_MESSAGES,
  categoryRequired: 'Category is required',
  stockWhole: 'Stock must be a whole number of 0 or more',
  warrantyTooLong: `Warranty must be at most ${PRODUCT_WARRANTY_MAX} characters`,
  lowStockThresholdWhole: 'Low stock alert must be a whole number of 0 or more',
  maxPerOrderWhole: 'Limit per order must be a whole number of 1 or more',
  skuTooLong: `SKU must be at most ${PRODUCT_SKU_MAX} characters`,
  skuCharacters: 'SKU may only use letters, digits and - _ . /',
  skuTaken: 'Another product already has this SKU',
  imageRequired: 'At least one image is required',
  tooManyImages: `At most ${MAX_IMAGES_PER_UPLOAD} images can be uploaded at once`,
  imageTooLarge: `Each image must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`,
  imageTooManyPixels: `Images can have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
  imageType: 'Only JPEG, PNG, WebP, AVIF and GIF images are accepted',
  imageUnreadable: 'The image could not be read',

  categoryDeleted: 'Category deleted successfully',
  subCategoryDeleted: 'Subcategory deleted successfully',
  childCategoryDeleted: 'Child category deleted successfully',
  productDeleted: 'Product deleted successfully',
  productNotFound: 'Product not found',
} as const;

// ---------------------------------------------------------------------------------------------
// Names and how they are compared

/**
 * The key two category names are compared by: case-insensitive, hyphens read as
 * spaces, runs of spaces collapsed, trimmed. "Gaming-Consoles", " gaming consoles " and
 * "GAMING CONSOLES" share one key. Sibling names must have distinct keys.
 */
export function categoryKey(name: string): string {
  return name.replace(/-/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The query-string form of a name in the shop's URLs (spaces as hyphens): "PC Components" → "PC-Components". */
export function categoryParam(name: string): string {
  return name.trim().replace(/\s+/g, '-');
}

// ---------------------------------------------------------------------------------------------
// Categories

const nameField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(CATEGORY_NAME_MAX, CATALOG_MESSAGES.nameTooLong)
    .refine((name) => !/\p{Cc}/u.test(name), 'Name must not contain control characters')
    // The products filter lists checked category names separated by commas (productListQuerySchema).
    .refine((name) => !name.includes(','), CATALOG_MESSAGES.nameComma);

/** A new node: its English name and, optionally, its Nepali name (category-names.ts). */
const newNode = (requiredMessage: string) => ({ name: nameField(requiredMessage), nameNe: nepaliNameSchema });
export const createCategorySchema = z.object(newNode(CATALOG_MESSAGES.categoryNameRequired));
export const createSubCategorySchema = z.object(newNode(CATALOG_MESSAGES.subCategoryNameRequired));
export const createChildCategorySchema = z.object(newNode(CATALOG_MESSAGES.childCategoryNameRequired));
/** A node of the tree; `nameNe` is there only when it has a Nepali name. */
const node = { id: z.number(), name: z.string(), nameNe: z.string().optional() };
export const childCategorySchema = z.object(node);
export const subCategorySchema = z.object({ ...node, childCategories: z.array(childCategorySchema) });
export const categorySchema = z.object({ ...node, subCategories: z.array(subCategorySchema) });
export const categoryTreeSchema = z.array(categorySchema);
export type ChildCategory = z.infer<typeof childCategorySchema>;
export type SubCategory = z.infer<typeof subCategorySchema>;
export type Category = z.infer<typeof categorySchema>;

/** Answers of the create calls: POST /api/category → {category}, …/subcategory → {subCategory}, … → {childCategory}. */
export const createCategoryResponseSchema = z.object({ category: categorySchema });
export const createSubCategoryResponseSchema = z.object({ subCategory: subCategorySchema });
export const createChildCategoryResponseSchema = z.object({ childCategory: childCategorySchema });

// ---------------------------------------------------------------------------------------------
// Products

/** A product as the API answers it. `price` is in rupees; `images` is a JSON-encoded list of addresses. */
export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  images: z.string(),
  category: z.string(),
  subCategory: z.string().nullable(),
  childCategory: z.string().nullable(),
  isFeatured: z.boolean(),
  /** null: stock is not tracked for this product. */
  stock: z.number().nullable(),
  /** "1 year official warranty" and the like; null: the product says none. */
  warranty: z.string().nullable(),
  /** The Dashboard lists it as low on stock at or under this; absent: the shop's default (5). */
  lowStockThreshold: z.number().optional(),
  /** At most this many units in one order; absent: the shop's default (MAX_UNITS_PER_ORDER). */
  maxPerOrder: z.number().optional(),
  /** The shop's own code (unique among live products, case-insensitively); null: none. */
  sku: z.string().nullable(),
  /** Its brand's name (shared/specs.ts); null: none. */
  brand: z.string().nullable(),
  categoryId: z.number(),
  subCategoryId: z.number().nullable(),
  childCategoryId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its sale now: the price it sells at, the honest "was" price and when it ends (campaigns.ts); null: none. */
  sale: saleSchema.nullable(),
  /** Its visible reviews: the average to one decimal (0 without any) and how many (shared/reviews.ts). */
  rating: ratingSchema,
});
export type Product = z.infer<typeof productSchema>;

// Related products (GET /api/products/:id/related) live in their own module; part of this contract.
export * from './related-products.js';

export const productPageSchema = z.object({
  products: z.array(productSchema),
  total: z.number(),
  /** A search lists its best 240 results (SEARCH_RESULTS_MAX): true when it matched more than `total`. */
  totalAtLeast: z.boolean().optional(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  facets: facets.productFacetsSchema.optional(),
  /** A search that found nothing as typed: what was searched for instead (a typo corrected, a Nepali word translated). */
  searchedFor: z.string().optional(),
  /** A search that found nothing at all: the nearest known words and categories (ADR 0037). */
  suggestions: searchSuggestionsSchema.optional(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const featureResponseSchema = z.object({ message: z.string(), isFeatured: z.boolean() });

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'name', 'rating', 'relevance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const optionalText = z
  .string()
  .max(200, 'Value is too long')
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

const rupees = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${label} must be a number of 0 or more`)
    .transform(Number)
    .pipe(z.number().max(1e12, `${label} is too large`))
    .optional();

/**
 * Query of GET /api/products. Without any of page, pageSize, q or sort the answer is the plain
 * array of the contract (filtered by the other parameters); with one of them it is a ProductPage.
 * - category / subcategory / childcategory: names compared by categoryKey();
 *   a requested subcategory or child category excludes products without one.
 * - categories: the checkbox filter, names separated by commas (or the parameter repeated);
 *   a product matches when its category or its child category is any of them.
 * - minPrice / maxPrice: rupees, both bounds inclusive. featured=true: featured only.
 * - q: words searched in name and description (each word as a prefix, all words required).
 * - sort: newest (default), price_asc, price_desc, name, rating (best average first, ties by more
 *   reviews), relevance (default when q is given).
 * - brand, spec.<Field>: facet values, comma separated; facets=1: a page with counts (shared/specs.ts).
 */
const productListFieldsSchema = z
  .object({
    category: optionalText,
    subcategory: optionalText,
    childcategory: optionalText,
    categories: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) =>
        value === undefined
          ? undefined
          : (Array.isArray(value) ? value : [value])
              .flatMap((item) => item.split(','))
              .map((item) => item.trim())
              .filter(Boolean),
      )
      .refine((value) => value === undefined || value.length <= 50, 'At most 50 categories can be checked'),
    minPrice: rupees('minPrice'),
    maxPrice: rupees('maxPrice'),
    featured: z
      .enum(['true', 'false', '1', '0'], { error: 'featured must be true or false' })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
    q: z
      .string()
      .max(200, 'Search text is too long')
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim())),
    sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
    page: z
      .string()
      .regex(/^\d{1,6}$/, 'page must be a whole number of 1 or more')
      .transform(Number)
      .pipe(z.number().min(1, 'page must be a whole number of 1 or more'))
      .optional(),
    pageSize: z
      .string()
      .regex(/^\d{1,4}$/, `pageSize must be a whole number from 1 to ${PRODUCT_PAGE_SIZE_MAX}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, `pageSize must be a whole number from 1 to ${PRODUCT_PAGE_SIZE_MAX}`)
          .max(PRODUCT_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${PRODUCT_PAGE_SIZE_MAX}`),
      )
      .optional(),
    ...facets.listFacetParams,
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'minPrice must not be greater than maxPrice',
    path: ['minPrice'],
  });
export const productListQuerySchema = z.preprocess(facets.gatherSpecParams, productListFieldsSchema);
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** True when a list query asks for the paged answer ({products, total, page, pageSize, totalPages}). */
export function wantsProductPage(query: Pick<ProductListQuery, 'page' | 'pageSize' | 'q' | 'sort' | 'facets'>): boolean {
  const { page, pageSize, q, sort } = query;
  return page !== undefined || pageSize !== undefined || q !== undefined || sort !== undefined || query.facets === true;
}

// ---------------------------------------------------------------------------------------------
// The upload / edit form (multipart text fields; images are the repeated `images` file field)

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** An optional text field where an empty string means "none". */
const optionalRef = z
  .string()
  .trim()
  .max(CATEGORY_NAME_MAX + 20, CATALOG_MESSAGES.nameTooLong)
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value));

/**
 * A count such as stock: a whole number >= 0. Absent means "not set" on upload and "unchanged" on
 * edit; on edit an empty string (or null) clears it.
 */
const optionalCountSchema = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((raw, ctx): number | null | undefined => {
      if (raw === undefined || raw === null) return raw;
      const text = typeof raw === 'number' ? String(raw) : raw.trim();
      if (text === '') return null;
      if (!/^\d{1,7}$/.test(text) || Number(text) > PRODUCT_STOCK_MAX) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    });

/** Stock; absent on upload, or cleared on edit: not tracked. */
export const stockSchema = optionalCountSchema(CATALOG_MESSAGES.stockWhole);
/** The Dashboard's low-stock alert; absent on upload, or cleared on edit: the shop's default. */
// (An optional key in the parsed form too: callers of the service that build an update need not name it.)
export const lowStockThresholdSchema = optionalCountSchema(CATALOG_MESSAGES.lowStockThresholdWhole).optional();
/** The units of the product one order may take (1 or more); absent on upload, or cleared on edit: the shop's default. */
export const maxPerOrderSchema = optionalCountSchema(CATALOG_MESSAGES.maxPerOrderWhole)
  .refine((value) => value !== 0, CATALOG_MESSAGES.maxPerOrderWhole)
  .optional();

/**
 * Warranty: one line of text, its spaces (and any line breaks or control characters) collapsed and
 * trimmed, at most PRODUCT_WARRANTY_MAX characters. Empty means none: absent on upload, and on edit
 * an empty string takes the warranty off (null); absent on edit leaves it as it is.
 */
export const warrantySchema = z
  .string()
  .transform((value) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim())
  .pipe(z.string().max(PRODUCT_WARRANTY_MAX, CATALOG_MESSAGES.warrantyTooLong));

/**
 * A SKU as typed: trimmed; '' (or absent) means none — on edit, '' removes it. Case is kept, but
 * two SKUs that differ only in case are the same one (migration 020).
 */
export const productSkuSchema = z
  .string()
  .trim()
  .max(PRODUCT_SKU_MAX, CATALOG_MESSAGES.skuTooLong)
  .refine((sku) => sku === '' || PRODUCT_SKU_PATTERN.test(sku), CATALOG_MESSAGES.skuCharacters);

/** Text fields of POST /api/products/ (multipart). `category` etc. take a name (as the original upload form sends) or an id. */
export const productFieldsSchema = z.object({
  name: requiredText(CATALOG_MESSAGES.productNameRequired, PRODUCT_NAME_MAX, CATALOG_MESSAGES.productNameTooLong),
  description: requiredText(CATALOG_MESSAGES.descriptionRequired, PRODUCT_DESCRIPTION_MAX, CATALOG_MESSAGES.descriptionTooLong),
  price: priceSchema,
  category: z.string({ error: CATALOG_MESSAGES.categoryRequired }).trim().min(1, CATALOG_MESSAGES.categoryRequired).max(80),
  subCategory: optionalRef,
  childCategory: optionalRef,
  stock: stockSchema,
  warranty: warrantySchema.transform((value) => value || undefined).optional(),
  lowStockThreshold: lowStockThresholdSchema,
  maxPerOrder: maxPerOrderSchema,
  sku: productSkuSchema.optional().transform((sku) => (sku === '' ? undefined : sku)),
  ...facets.productSpecsFormFields,
});
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;
export type ProductFields = z.output<typeof productFieldsSchema>;

/** The whole upload form as the web validates it before sending (images: the chosen files). */
export const productUploadFormSchema = productFieldsSchema.extend({
  images: z.array(z.unknown()).min(1, CATALOG_MESSAGES.imageRequired).max(MAX_IMAGES_PER_UPLOAD, CATALOG_MESSAGES.tooManyImages),
});

/**
 * Fields of PUT /api/products/:id (multipart or JSON); every one optional.
 * - category given: the category path is replaced by category/subCategory/childCategory as sent
 *   (absent sub/child → none). Without category, subCategory is looked up in the product's
 *   category ('' clears sub and child) and childCategory in its subcategory ('' clears it).
 * - imageOrder: JSON list of the product's existing image addresses to keep, in the new order;
 *   absent keeps them all. New `images` files are appended after them. At least one image must remain.
 * - isFeatured: optional boolean.
 */
export const productUpdateSchema = z.object({
  name: requiredText(CATALOG_MESSAGES.productNameRequired, PRODUCT_NAME_MAX, CATALOG_MESSAGES.productNameTooLong).optional(),
  description: requiredText(
    CATALOG_MESSAGES.descriptionRequired,
    PRODUCT_DESCRIPTION_MAX,
    CATALOG_MESSAGES.descriptionTooLong,
  ).optional(),
  price: priceSchema.optional(),
  category: z.string().trim().min(1, CATALOG_MESSAGES.categoryRequired).max(80).optional(),
  subCategory: z.string().trim().max(80).optional(),
  childCategory: z.string().trim().max(80).optional(),
  stock: stockSchema,
  /** '' (or only spaces, or null in JSON) takes the warranty off. */
  warranty: z
    .preprocess(
      (value) => (value === null ? '' : value),
      warrantySchema.transform((value) => value || null),
    )
    .optional(),
  lowStockThreshold: lowStockThresholdSchema,
  maxPerOrder: maxPerOrderSchema,
  /** '' removes the SKU. */
  sku: productSkuSchema.optional(),
  isFeatured: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === true || value === 'true')),
  /** true: a price change of more than half (priceChangeNeedsConfirmation) is meant; without it such a change is refused (409). */
  confirmPriceChange: confirmationFlag,
  imageOrder: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || Array.isArray(value)) return value;
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
      } catch {
        // fall through
      }
      ctx.addIssue({ code: 'custom', message: 'imageOrder must be a JSON list of image addresses' });
      return z.NEVER;
    })
    .pipe(z.array(z.string().max(300)).max(50, 'imageOrder is too long').optional()),
  ...facets.productSpecsFormFields,
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.output<typeof productUpdateSchema>;

export const deleteResponseSchema = z.object({ message: z.string() });
