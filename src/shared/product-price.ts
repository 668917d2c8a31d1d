import { z } from 'zod';

/**
 * A product's price as the owner writes it (the product form, the CSV import) and the guard on a
 * price change that is likely a typo. Re-exported by src/shared/catalog.ts, which holds the rest of
 * the product contract.
 */

/** Rs. 10,000,000: the top of the price filter's "All" range. */
export const PRODUCT_PRICE_MAX = 10_000_000;

export const PRICE_MESSAGES = {
  priceRequired: 'Price is required',
  priceNumeric: 'Price must be a number',
  pricePositive: 'Price must be greater than 0',
  priceTooHigh: `Price must be at most ${PRODUCT_PRICE_MAX}`,
  pricePaisa: 'Price can have at most 2 decimal places',
  priceChangeUnconfirmed: 'The new price is less than half or more than one and a half times the old one: confirm the change',
} as const;

/**
 * Digits as people in Nepal write an amount: plain ("139999"), grouped in thousands ("139,999") or
 * in lakhs ("1,39,999": the last three digits, then pairs), with an optional "Rs." in front and
 * paisa after a point. Commas anywhere else ("1,3,9", "13,99") are not a grouping: not a number.
 */
const AMOUNT = /^(\d+|\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(\.\d*)?$|^\.\d+$/;
const RUPEE_PREFIX = /^(n?rs\.?|रु\.?|रू\.?)\s*/i;

/** The number an amount's text stands for, or undefined when it is not one (see AMOUNT). */
export function readAmount(text: string): number | undefined {
  const bare = text.trim().replace(RUPEE_PREFIX, '').replace(/^\+/, '');
  if (!AMOUNT.test(bare)) return undefined;
  const value = Number(bare.replace(/,/g, ''));
  return Number.isFinite(value) ? value : undefined;
}

/** Price in rupees, as a number or its text (commas and "Rs." allowed, see readAmount); at most 2 decimal places. */
export const priceSchema = z.union([z.string(), z.number()], { error: PRICE_MESSAGES.priceRequired }).transform((raw, ctx) => {
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: PRICE_MESSAGES.priceRequired });
    return z.NEVER;
  }
  const value = readAmount(text);
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: PRICE_MESSAGES.priceNumeric });
    return z.NEVER;
  }
  if (value <= 0) ctx.addIssue({ code: 'custom', message: PRICE_MESSAGES.pricePositive });
  else if (value > PRODUCT_PRICE_MAX) ctx.addIssue({ code: 'custom', message: PRICE_MESSAGES.priceTooHigh });
  else if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6)
    ctx.addIssue({ code: 'custom', message: PRICE_MESSAGES.pricePaisa });
  return value;
});

/**
 * A price change the owner must confirm: the new price is under half or over one and a half times
 * the old one (Rs. 1,39,999 typed as 13,999). In paisa; a product without a price yet has nothing to compare.
 */
export function priceChangeNeedsConfirmation(oldPaisa: number, newPaisa: number): boolean {
  if (oldPaisa <= 0 || newPaisa === oldPaisa) return false;
  return newPaisa * 2 < oldPaisa || newPaisa * 2 > oldPaisa * 3;
}

/** A yes/no sent as JSON or as a multipart text field ("true"/"false", "1"/"0"); absent: no. */
export const confirmationFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'confirmPriceChange must be true or false' })
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1')
  // An optional key in the parsed update too: callers of the service that build one need not name it.
  .optional();
