import { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from './catalog.js';

/**
 * Products to CSV and back: the file's columns, the import's limits and texts, and the
 * answer of POST /api/admin/products/import.
 *
 * The file (what GET /api/admin/products/export.csv writes, and the import reads):
 *   id           the product's number, its identity in the file (its handle); empty for a new product.
 *                With an id the row updates that product (and may give it a new SKU, or take it off);
 *                without one it updates the live product with the row's SKU, or creates one when none
 *                has it (or the row has no SKU).
 *   sku          optional: the shop's own code (unique, case-insensitively); empty = none.
 *   name, description, price (rupees), category ("Laptops > Gaming Laptops > RTX 4060": the path,
 *                one to three levels; a level that does not exist yet is created by the import)
 *                — required columns, checked by the product form's own rules.
 *   stock        optional column: a whole number, empty = not tracked.
 *   low_stock_threshold  optional column: the Dashboard's low-stock alert for the product, a whole
 *                number (0 or more); empty = the shop's default (5).
 *   featured     optional column: yes/no (true/false, 1/0); empty = no.
 *   warranty     optional column: one line shown under the price ("1 year official warranty"), at
 *                most 100 characters; empty = none.
 *   images       optional column, required for a new product: up to 8 images separated by "|",
 *                each a file name in the ZIP sent beside the CSV or the address of an image this
 *                shop already has (what the export writes). Other sites' images are not fetched.
 *                Empty for an existing product: its images stay as they are.
 *   max_per_order  optional column: the most units of the product one order may take, a whole
 *                number (1 or more); empty = the shop's default (MAX_UNITS_PER_ORDER).
 * An update sets every column the file has; a column the file lacks stays as it is. A row that would
 * change nothing is "unchanged" and is not written: an export imported as it is writes nothing.
 * A price moved to under half or over one and a half times the old one (a likely typo) is listed in
 * priceChanges, and the file is applied only with confirmPriceChanges=1.
 *   brand        optional column: a brand of the shop's list (by name, without case); empty = none.
 *   option1_name, option1_value … option3_name, option3_value, variant_sku   optional columns: a
 *                product sold in variants has one row per variant, its product columns repeated under
 *                the same id (a new product's rows grouped by its SKU, else by its name), each row
 *                naming the variant's options ("Storage" / "256 GB") in the product's option order,
 *                its own SKU, and its own price and stock in the price and stock columns. A product
 *                without variants is one row with these cells empty. A variant the file does not list
 *                stays on sale as it is (the file adds and changes variants; the product form
 *                archives them).
 *   spec:<Name>  optional columns, one per specification field ("spec:RAM"): the product's value for
 *                its category's field of that name, checked by the field's kind; empty = none (a cell
 *                of a field the product's category lacks must stay empty).
 * The rows of one product must agree on its product columns (name, category, images, brand, specs…).
 * Header names are compared case-insensitively; UTF-8 (with or without a BOM); comma, semicolon or
 * tab separated; the first row is the header and counts as row 1 (as a spreadsheet numbers them).
 */

export const PRODUCT_CSV_COLUMNS = [
  'id',
  'sku',
  'name',
  'description',
  'category',
  'price',
  'stock',
  'low_stock_threshold',
  'featured',
  'warranty',
  'images',
  'max_per_order',
  'brand',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_sku',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export const PRODUCT_CSV_REQUIRED: readonly ProductCsvColumn[] = ['name', 'description', 'category', 'price'];

/** A specification's column: the prefix and the field's name ("spec:RAM"). */
export const SPEC_COLUMN_PREFIX = 'spec:';
export type SpecColumn = `spec:${string}`;
/** The option columns of one of the three options (1-based). */
export const optionColumns = (n: 1 | 2 | 3) =>
  [`option${n}_name`, `option${n}_value`] as const satisfies readonly ProductCsvColumn[];

/**
 * The template (GET /api/admin/products/template.csv): the columns and two example products, one
 * sold in two variants with a brand and a specification, one sold as itself. Its brand and
 * specification must exist in the shop (or their cells be emptied) for it to import.
 */
export const PRODUCT_CSV_TEMPLATE: readonly (readonly string[])[] = [
  [...PRODUCT_CSV_COLUMNS, `${SPEC_COLUMN_PREFIX}RAM`],
  [
    '',
    'SAM-A55',
    'Galaxy A55',
    'Samsung phone with a 6.6 inch screen',
    'Mobiles > Android',
    '52,999',
    '10',
    '',
    'no',
    '1 year official warranty',
    'galaxy-a55.jpg',
    '',
    'Samsung',
    'Storage',
    '128 GB',
    'Colour',
    'Black',
    '',
    '',
    'SAM-A55-128-BK',
    '8 GB',
  ],
  [
    '',
    'SAM-A55',
    'Galaxy A55',
    'Samsung phone with a 6.6 inch screen',
    'Mobiles > Android',
    '59,999',
    '4',
    '',
    'no',
    '1 year official warranty',
    'galaxy-a55.jpg',
    '',
    'Samsung',
    'Storage',
    '256 GB',
    'Colour',
    'Black',
    '',
    '',
    'SAM-A55-256-BK',
    '8 GB',
  ],
  [
    '',
    '',
    'USB-C cable 1 m',
    'Braided charging cable',
    'Accessories > Cables',
    '499',
    '25',
    '',
    'no',
    '',
    'usb-c-cable.jpg',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
];

export const CATEGORY_PATH_SEPARATOR = ' > ';
export const IMAGE_LIST_SEPARATOR = '|';

export const IMPORT_CSV_MAX_MB = 20;
export const IMPORT_CSV_MAX_BYTES = IMPORT_CSV_MAX_MB * 1024 * 1024;
export const IMPORT_ZIP_MAX_MB = 100;
export const IMPORT_ZIP_MAX_BYTES = IMPORT_ZIP_MAX_MB * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_ZIP_MAX_IMAGES = 500;
/** What the ZIP's files may come to once inflated, all together, as its directory declares them. */
export const IMPORT_ZIP_MAX_UNPACKED_MB = 1024;
/** Rows the preview lists (every row's errors are listed apart). */
export const IMPORT_PREVIEW_ROWS = 50;

/** The import's texts (the server's answers; Nepali in src/server/i18n/errors-ne.ts). */
export const IMPORT_MESSAGES = {
  notMultipart: 'Send the import as multipart/form-data with the CSV in "file" and an optional ZIP of images in "images"',
  unexpectedFile: (field: string) => `Unexpected file field "${field}": send the CSV as "file" and the ZIP as "images"`,
  csvMissing: 'Choose a CSV file to import',
  csvTooLarge: `The CSV file must be at most ${IMPORT_CSV_MAX_MB} MB`,
  zipTooLarge: `The ZIP file must be at most ${IMPORT_ZIP_MAX_MB} MB`,
  notUtf8: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)" and try again.',
  dryRunInvalid: 'dryRun must be true or false',
  confirmInvalid: 'confirmPriceChanges must be true or false',
  malformed: (line: number) => `The CSV file could not be read near line ${line}: check its quotes`,
  empty: 'The CSV file is empty',
  noRows: 'The CSV file has no product rows',
  tooManyRows: `The CSV file has more than ${IMPORT_MAX_ROWS} product rows: split it into smaller files`,
  missingColumns: (columns: string) => `The CSV file lacks these columns: ${columns}`,
  unknownColumns: (columns: string) =>
    `The CSV file has columns this shop does not know: ${columns}. Its columns are ${PRODUCT_CSV_COLUMNS.join(', ')}, ${SPEC_COLUMN_PREFIX}<Name>.`,
  duplicateColumn: (column: string) => `The column "${column}" appears twice`,
  zipUnreadable: 'The ZIP file could not be read',
  zipTooManyImages: `The ZIP file may hold at most ${IMPORT_ZIP_MAX_IMAGES} images`,
  zipUnpackedTooLarge: `The ZIP file's images come to more than ${IMPORT_ZIP_MAX_UNPACKED_MB} MB once unpacked`,
  zipDamaged: (name: string) => `The ZIP file is damaged: "${name}" holds more than its size in the ZIP says`,

  cellCount: (cells: number, columns: number) => `The row has ${cells} cells but the header has ${columns}`,
  skuRepeated: (row: number) => `This SKU is already used in row ${row}`,
  idInvalid: 'The id must be a product number (or empty for a new product)',
  idRepeated: (row: number) => `This id is already used in row ${row}`,
  idUnknown: (id: string) => `There is no product with id ${id}`,
  featuredInvalid: 'Featured must be yes or no',
  pathTooDeep: 'A category path has at most three levels: Category > Subcategory > Child category',
  tooManyImages: `A product can have at most ${MAX_IMAGES_PER_UPLOAD} images`,
  imageNotInZip: (name: string) => `The image "${name}" is not in the ZIP file`,
  imageAmbiguous: (name: string) => `The ZIP file has more than one image named "${name}": write its folder too`,
  imageTooLarge: (name: string) => `The image "${name}" is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`,
  imageNotImage: (name: string) => `"${name}" is not a JPEG, PNG, WebP, AVIF or GIF image`,
  imageUnreadable: (name: string) => `The image "${name}" could not be read`,
  imageNotStored: (address: string) => `"${address}" is not an image of this shop`,
  imageUrl: (address: string) =>
    `Images are not fetched from other sites: put "${address}" in the ZIP file and write its file name here`,
  priceChange: (before: string, after: string) =>
    `The price changes from Rs. ${before} to Rs. ${after}, less than half or more than one and a half times the old one`,
  priceChangesUnconfirmed:
    'Some prices change to less than half or more than one and a half times the old ones: check them, then confirm the import',
  variantSums: 'This product is sold in variants: change its price and stock in its variants',
  groupDiffers: (column: string, row: number) =>
    `The rows of one product must agree: this ${column} differs from the one in row ${row}`,
  optionHalf: 'Write both the option’s name and its value',
  optionsDiffer: (names: string) => `This product’s options are ${names}: name them in this order on each of its rows`,
  variantSkuAlone: 'A variant SKU needs the variant’s options on the row',
  rowFailed: (row: number) => `Row ${row} could not be saved, so nothing was imported`,
  invalid: 'The file has errors, so nothing was imported',
} as const;

// ---------------------------------------------------------------------------------------------
// The answer

export const importRowErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number(),
  /** The column the error is in, or null for the whole row. */
  column: z.string().nullable(),
  /** In the request's language. */
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importPriceChangeSchema = z.object({
  row: z.number(),
  productId: z.number(),
  name: z.string(),
  /** Rupees. */
  oldPrice: z.number(),
  newPrice: z.number(),
  /** In the request's language. */
  message: z.string(),
});
export type ImportPriceChange = z.infer<typeof importPriceChangeSchema>;

export const importPreviewRowSchema = z.object({
  row: z.number(),
  /** unchanged: an update row that changes nothing (not written). */
  action: z.enum(['create', 'update', 'unchanged']),
  /** The product an update changes. */
  productId: z.number().nullable(),
  /** '' when the row has none. */
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  /** Rupees; null when the cell is not a price. */
  price: z.number().nullable(),
  /** undefined: the file has no stock column; null: not tracked. */
  stock: z.number().nullable().optional(),
  featured: z.boolean().optional(),
  /** Images named in the row (0: an update keeps the product's). */
  images: z.number(),
  errors: z.array(importRowErrorSchema),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importReportSchema = z.object({
  /** true: checked only, nothing written. */
  dryRun: z.boolean(),
  /** true: every row was written, in one transaction. */
  applied: z.boolean(),
  /** Product rows in the file (a product in variants has one per variant). */
  rows: z.number(),
  /** Rows of new products. */
  creates: z.number(),
  /** Rows of products the file changes (each row of a product in variants counts with its product). */
  updates: z.number(),
  /** Update rows whose product the file leaves as it is. */
  unchanged: z.number(),
  /** Rows with at least one error. */
  errorRows: z.number(),
  /** Category paths the import creates ("Laptops > Gaming Laptops"). */
  newCategories: z.array(z.string()),
  /** Every error of every row, in row order. */
  errors: z.array(importRowErrorSchema),
  /** Price changes to under half or over one and a half times the old price, to confirm (confirmPriceChanges=1). */
  priceChanges: z.array(importPriceChangeSchema),
  /** The first IMPORT_PREVIEW_ROWS rows, for the preview table. */
  preview: z.array(importPreviewRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
