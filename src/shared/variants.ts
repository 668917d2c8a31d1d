import { z } from 'zod';
import { saleSchema } from './campaigns.js';
import { priceSchema, productSkuSchema, stockSchema } from './catalog.js';
import { confirmationFlag } from './product-price.js';

/**
 * A product's options and variants as the API answers them (GET /api/products/:id). A product
 * sold as itself has both lists empty; one with variants is bought by choosing one of them (the
 * cart's `variantId`), and its own `price` is its lowest live variant's price and its `stock` the
 * sum over its variants (null when none is tracked).
 */

/** At most this many options per product (Storage, Colour, RAM). */
export const PRODUCT_OPTIONS_MAX = 3;
/** At most this many variants per product. */
export const PRODUCT_VARIANTS_MAX = 100;

/** An option and its values in the owner's order: {name: 'Storage', values: ['128 GB', '256 GB']}. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOptionSchema>;

/**
 * One sold combination. `options` maps each option's name to the chosen value; `label` is the
 * values joined in option order ("256 GB / Black"), as carts, orders and invoices show it;
 * `images` are addresses (DEFAULT_IMAGE_WIDTH) of the product's images shown for it, empty when
 * the product's own are shown. Price in rupees; stock null: not tracked.
 */
export const productVariantSchema = z.object({
  id: z.number(),
  sku: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  label: z.string(),
  price: z.number(),
  stock: z.number().nullable(),
  images: z.array(z.string()),
  /** Its sale now (campaigns.ts); null: none. */
  sale: saleSchema.nullable(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** The label of a combination: its values in option order, joined by " / ". */
export function variantLabel(values: readonly string[]): string {
  return values.filter((value) => value !== '').join(' / ');
}

// ---------------------------------------------------------------------------------------------
// The owner's write: PUT /api/products/:id/variants, and the `options`/`variants` form fields

/** An option's name and each of its values: at most this many characters. */
export const VARIANT_TEXT_MAX = 40;
/** At most this many values per option. */
export const PRODUCT_OPTION_VALUES_MAX = 30;
/** A variant shows at most this many of its product's images. */
export const VARIANT_IMAGES_MAX = 20;

/** Validation and answer texts of the variants' write. */
export const VARIANT_MESSAGES = {
  optionsList: 'options must be a JSON list',
  variantsList: 'variants must be a JSON list',
  optionsTooMany: `A product can have at most ${PRODUCT_OPTIONS_MAX} options`,
  optionNameRequired: 'Option name is required',
  optionNameTooLong: `Option name must be at most ${VARIANT_TEXT_MAX} characters`,
  optionNameTwice: 'Two options have this name',
  optionValuesRequired: 'An option needs at least one value',
  optionValuesTooMany: `An option can have at most ${PRODUCT_OPTION_VALUES_MAX} values`,
  optionValueRequired: 'Option value is required',
  optionValueTooLong: `Option value must be at most ${VARIANT_TEXT_MAX} characters`,
  optionValueTwice: 'This value is listed twice',
  controlCharacters: 'Text must not contain control characters',
  variantsTooMany: `A product can have at most ${PRODUCT_VARIANTS_MAX} variants`,
  variantsRequired: 'Add at least one variant for the options',
  optionsRequired: 'Add an option before adding variants',
  variantId: 'Variant id must be a positive whole number',
  variantTwice: 'This variant is listed twice',
  variantOptions: 'Choose one value of every option',
  variantValueUnknown: 'This value is not one of the option’s values',
  combinationTwice: 'This combination is listed twice',
  skuTwice: 'Two variants have this SKU',
  imagesTooMany: `A variant can show at most ${VARIANT_IMAGES_MAX} images`,
  // Answered by the server (it knows the product and the other products):
  skuTaken: 'Another product or variant already has this SKU',
  notThisProducts: 'This variant is not one of this product’s variants',
  imageUnknown: 'This image is not one of this product’s images',
  setVariantPrices: 'Set the price of each variant',
  setVariantStock: 'Set the stock of each variant',
} as const;

const CONTROL = /\p{Cc}/u;

const variantText = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(VARIANT_TEXT_MAX, tooLong)
    .refine((text) => !CONTROL.test(text), VARIANT_MESSAGES.controlCharacters);

/** An option as the owner sends it: a name and its values in order. */
export const productOptionInputSchema = z.object({
  name: variantText(VARIANT_MESSAGES.optionNameRequired, VARIANT_MESSAGES.optionNameTooLong),
  values: z
    .array(variantText(VARIANT_MESSAGES.optionValueRequired, VARIANT_MESSAGES.optionValueTooLong), {
      error: VARIANT_MESSAGES.optionValuesRequired,
    })
    .min(1, VARIANT_MESSAGES.optionValuesRequired)
    .max(PRODUCT_OPTION_VALUES_MAX, VARIANT_MESSAGES.optionValuesTooMany),
});

/**
 * A variant as the owner sends it. `id`: an existing variant of the product (absent: matched by
 * its combination, else new). `options`: {optionName: value}. `price` in rupees as the product's
 * (priceSchema); `stock` absent/null/'': not tracked; `sku` absent/null/'': none; `images`: addresses
 * of the product's images (absent/empty: the product's own).
 */
export const productVariantInputSchema = z.object({
  id: z
    .number({ error: VARIANT_MESSAGES.variantId })
    .int(VARIANT_MESSAGES.variantId)
    .positive(VARIANT_MESSAGES.variantId)
    .max(2 ** 31 - 1, VARIANT_MESSAGES.variantId)
    .optional(),
  sku: productSkuSchema
    .nullable()
    .optional()
    .transform((sku) => sku || null),
  options: z.record(z.string(), z.string({ error: VARIANT_MESSAGES.variantOptions }), { error: VARIANT_MESSAGES.variantOptions }),
  price: priceSchema,
  stock: stockSchema.transform((stock) => stock ?? null),
  images: z
    .array(z.string().max(300), { error: VARIANT_MESSAGES.imageUnknown })
    .max(VARIANT_IMAGES_MAX, VARIANT_MESSAGES.imagesTooMany)
    .optional()
    .transform((images) => images ?? []),
});

/** A variant checked against its options: `values` holds its values in option order, spelt as the option does. */
export interface VariantInput {
  id?: number;
  sku: string | null;
  values: string[];
  price: number;
  stock: number | null;
  images: string[];
}
export interface VariantsInput {
  options: ProductOption[];
  variants: VariantInput[];
  /**
   * The owner means the variants' prices even where one moves under half or over one and a half
   * times its old price (else 409 PRICE_CHANGE_UNCONFIRMED, as a product's own price edit).
   */
  confirmPriceChange?: boolean;
}

const keyOf = (text: string) => text.trim().toLowerCase();

/**
 * Body of PUT /api/products/:id/variants: the product's whole set of options and variants (an
 * empty pair: the product is sold as itself again). Names and values are compared without case;
 * every variant names one value of each option, no combination or SKU twice.
 */
export const productVariantsInputSchema = z
  .object({
    options: z
      .array(productOptionInputSchema, { error: VARIANT_MESSAGES.optionsList })
      .max(PRODUCT_OPTIONS_MAX, VARIANT_MESSAGES.optionsTooMany),
    variants: z
      .array(productVariantInputSchema, { error: VARIANT_MESSAGES.variantsList })
      .max(PRODUCT_VARIANTS_MAX, VARIANT_MESSAGES.variantsTooMany),
    confirmPriceChange: confirmationFlag,
  })
  .transform((input, ctx): VariantsInput => {
    const names = new Set<string>();
    input.options.forEach((option, index) => {
      if (names.has(keyOf(option.name)))
        ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.optionNameTwice, path: ['options', index, 'name'] });
      names.add(keyOf(option.name));
      const values = new Set<string>();
      option.values.forEach((value, at) => {
        if (values.has(keyOf(value)))
          ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.optionValueTwice, path: ['options', index, 'values', at] });
        values.add(keyOf(value));
      });
    });
    if (input.options.length > 0 && input.variants.length === 0)
      ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.variantsRequired, path: ['variants'] });
    if (input.options.length === 0 && input.variants.length > 0)
      ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.optionsRequired, path: ['options'] });

    const ids = new Set<number>();
    const skus = new Set<string>();
    const combinations = new Set<string>();
    const variants = input.variants.map((variant, index): VariantInput => {
      const at = (field: string) => ['variants', index, field];
      if (variant.id !== undefined) {
        if (ids.has(variant.id)) ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.variantTwice, path: at('id') });
        ids.add(variant.id);
      }
      if (variant.sku !== null) {
        if (skus.has(keyOf(variant.sku))) ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.skuTwice, path: at('sku') });
        skus.add(keyOf(variant.sku));
      }
      const chosen = new Map(Object.entries(variant.options).map(([name, value]) => [keyOf(name), value.trim()]));
      const values = input.options.map((option) => {
        const value = chosen.get(keyOf(option.name));
        return option.values.find((known) => value !== undefined && keyOf(known) === keyOf(value));
      });
      if (chosen.size !== input.options.length || input.options.some((option) => !chosen.has(keyOf(option.name)))) {
        ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.variantOptions, path: at('options') });
      } else if (values.some((value) => value === undefined)) {
        ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.variantValueUnknown, path: at('options') });
      } else {
        const combination = JSON.stringify(values);
        if (combinations.has(combination))
          ctx.addIssue({ code: 'custom', message: VARIANT_MESSAGES.combinationTwice, path: at('options') });
        combinations.add(combination);
      }
      return {
        ...(variant.id !== undefined ? { id: variant.id } : {}),
        sku: variant.sku,
        values: values.map((value) => value ?? ''),
        price: variant.price,
        stock: variant.stock,
        images: variant.images,
      };
    });
    return { options: input.options, variants, ...(input.confirmPriceChange ? { confirmPriceChange: true } : {}) };
  });
export type ProductVariantsInput = z.input<typeof productVariantsInputSchema>;

/** A JSON list sent as a form's text field (or as a list in a JSON body); '' or absent: not sent. */
const jsonList = (message: string) =>
  z
    .union([z.string(), z.array(z.unknown())], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || Array.isArray(value)) return value;
      if (value.trim() === '') return undefined;
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed)) return parsed as unknown[];
      } catch {
        // refused below
      }
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/**
 * The `options` and `variants` fields of the product form (POST /api/products, PUT
 * /api/products/:id): JSON texts in a multipart form, lists in a JSON body. Both absent: the
 * variants are left as they are (undefined); one of them sent: the other is an empty list.
 */
export const productVariantsFieldsSchema = z
  .object({ options: jsonList(VARIANT_MESSAGES.optionsList), variants: jsonList(VARIANT_MESSAGES.variantsList) })
  .transform(({ options, variants }) =>
    options === undefined && variants === undefined ? undefined : { options: options ?? [], variants: variants ?? [] },
  )
  .pipe(productVariantsInputSchema.optional());
