import type { z } from 'zod';
import {
  CATALOG_MESSAGES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  PRODUCT_WARRANTY_MAX,
  priceChangeNeedsConfirmation,
} from '../../../shared/catalog.js';
import type { VariantsInput } from '../../../shared/variants.js';
import { AppError } from '../../lib/errors.js';
import { baseNameOf } from '../../lib/images.js';
import type { NewProduct } from './queries.js';

/** What the service API's product writes are given (service.ts), and the checks of it. */

export interface CreateProductInput {
  name: string;
  description: string;
  pricePaisa: number;
  categoryId: number;
  subCategoryId?: number | null;
  childCategoryId?: number | null;
  isFeatured?: boolean;
  stock?: number | null;
  /** "1 year official warranty"; absent, null or blank: none. */
  warranty?: string | null;
  /** The Dashboard's low-stock alert; null or absent: the shop's default. */
  lowStockThreshold?: number | null;
  /** The units one order may take; null or absent: the shop's default (MAX_UNITS_PER_ORDER). */
  maxPerOrder?: number | null;
  /** Checked by productSkuSchema (src/shared/catalog.ts) before it gets here; null/absent: none. */
  sku?: string | null;
  images: Buffer[];
  /** Its options and variants, written in the product's transaction (variants/service.ts); absent: none. */
  variants?: VariantsInput;
}

export interface BulkProductInput extends Omit<CreateProductInput, 'images' | 'variants'> {
  /** Base names returned by storeImage(); the same ones may be shared by many products. */
  imageBaseNames: string[];
  /** ISO timestamp; defaults to now. */
  createdAt?: string;
}

export const validationFailed = (fields: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid request', fields);

/** A zod error's issues as field errors ('variants.2.price'), the first one of each field. */
export function issuesToFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/** 409 on the SKU field: a live product already has it (compared case-insensitively, migration 020). */
export const skuTaken = () => new AppError(409, 'SKU_TAKEN', CATALOG_MESSAGES.skuTaken, { sku: CATALOG_MESSAGES.skuTaken });

/** A price a write changes: the field that sets it, and for a variant its label ("256 GB / Black"). */
export interface PriceMove {
  field: string;
  oldPaisa: number;
  newPaisa: number;
  label?: string;
}

/**
 * 409 on each price field whose new price is under half or over one and a half times its old one
 * (a likely typo, priceChangeNeedsConfirmation) when the request did not say it is meant
 * (confirmPriceChange). The answer carries the first such change (oldPrice, newPrice in rupees,
 * and the variant's label when it is a variant's) for the owner's confirmation.
 */
export function assertPriceMoves(moves: readonly PriceMove[], confirmed: boolean | undefined): void {
  if (confirmed) return;
  const far = moves.filter((move) => priceChangeNeedsConfirmation(move.oldPaisa, move.newPaisa));
  const first = far[0];
  if (!first) return;
  const message = CATALOG_MESSAGES.priceChangeUnconfirmed;
  throw new AppError(409, 'PRICE_CHANGE_UNCONFIRMED', message, Object.fromEntries(far.map((move) => [move.field, message])), {
    oldPrice: first.oldPaisa / 100,
    newPrice: first.newPaisa / 100,
    ...(first.label === undefined ? {} : { variantLabel: first.label }),
  });
}

/** assertPriceMoves for a product's own price (the `price` field); undefined: the price is not changed. */
export function assertPriceChange(oldPaisa: number, newPaisa: number | undefined, confirmed: boolean | undefined): void {
  if (newPaisa !== undefined) assertPriceMoves([{ field: 'price', oldPaisa, newPaisa }], confirmed);
}

export const toPaisa = (rupees: number) => Math.round(rupees * 100);

/** The rules of productFieldsSchema for callers of the service API that skip the form (seeders). */
export function assertProductBasics(input: Omit<CreateProductInput, 'images'>): void {
  const fields: Record<string, string> = {};
  const name = input.name.trim();
  const description = input.description.trim();
  if (!name) fields.name = CATALOG_MESSAGES.productNameRequired;
  else if (name.length > PRODUCT_NAME_MAX) fields.name = CATALOG_MESSAGES.productNameTooLong;
  if (!description) fields.description = CATALOG_MESSAGES.descriptionRequired;
  else if (description.length > PRODUCT_DESCRIPTION_MAX) fields.description = CATALOG_MESSAGES.descriptionTooLong;
  if (!Number.isSafeInteger(input.pricePaisa) || input.pricePaisa <= 0) fields.price = CATALOG_MESSAGES.pricePositive;
  else if (input.pricePaisa > PRODUCT_PRICE_MAX * 100) fields.price = CATALOG_MESSAGES.priceTooHigh;
  const stock = input.stock ?? null;
  if (stock !== null && (!Number.isSafeInteger(stock) || stock < 0 || stock > PRODUCT_STOCK_MAX)) {
    fields.stock = CATALOG_MESSAGES.stockWhole;
  }
  if ((input.warranty?.trim().length ?? 0) > PRODUCT_WARRANTY_MAX) fields.warranty = CATALOG_MESSAGES.warrantyTooLong;
  const threshold = input.lowStockThreshold ?? null;
  if (threshold !== null && (!Number.isSafeInteger(threshold) || threshold < 0 || threshold > PRODUCT_STOCK_MAX)) {
    fields.lowStockThreshold = CATALOG_MESSAGES.lowStockThresholdWhole;
  }
  const maxPerOrder = input.maxPerOrder ?? null;
  if (maxPerOrder !== null && (!Number.isSafeInteger(maxPerOrder) || maxPerOrder < 1 || maxPerOrder > PRODUCT_STOCK_MAX)) {
    fields.maxPerOrder = CATALOG_MESSAGES.maxPerOrderWhole;
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
}

/** A new product's row as stored: texts trimmed, absent choices null, created and updated at `at`. */
export function newProductRow(product: Omit<CreateProductInput, 'images'>, at: string): NewProduct {
  return {
    name: product.name.trim(),
    description: product.description.trim(),
    price_paisa: product.pricePaisa,
    category_id: product.categoryId,
    sub_category_id: product.subCategoryId ?? null,
    child_category_id: product.childCategoryId ?? null,
    is_featured: product.isFeatured ? 1 : 0,
    stock: product.stock ?? null,
    warranty: storedWarranty(product.warranty),
    low_stock_threshold: product.lowStockThreshold ?? null,
    max_per_order: product.maxPerOrder ?? null,
    sku: product.sku ?? null,
    created_at: at,
    updated_at: at,
  };
}

/** The stored form of a warranty: trimmed, null when there is none. */
export function storedWarranty(warranty: string | null | undefined): string | null {
  return warranty?.trim() || null;
}

/** The stored images an edit keeps, in the order its `imageOrder` gives (each one of the product's own, once). */
export function keptImages(existing: string[], imageOrder: string[]): string[] {
  const kept: string[] = [];
  for (const address of imageOrder) {
    const base = baseNameOf(address);
    if (!base || !existing.includes(base)) {
      throw validationFailed({
        imageOrder: `imageOrder lists an image that is not one of this product's images: ${address}`,
      });
    }
    if (kept.includes(base)) throw validationFailed({ imageOrder: 'imageOrder lists an image twice' });
    kept.push(base);
  }
  return kept;
}
