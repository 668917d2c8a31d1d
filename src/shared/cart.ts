import { z } from 'zod';
import { userIdSchema } from './accounts.js';

/**
 * The cart contract:
 *   GET    /api/cart/view-cart/:userId  → {cartItems: CartItem[]}            (oldest line first)
 *   POST   /api/cart/add-to-cart        {userId, productId, variantId?, quantity} → {message, cartItem}
 *          (a product already in the cart has its quantity raised; cartItem is the whole line).
 *          A product with variants needs the chosen variant's id, one without refuses one; each
 *          variant is its own line, priced and stocked as the variant.
 *   PUT    /api/cart/update-quantity    {userId?, itemId, quantity} → {message, cartItem}
 *          (sets one line's quantity: 1 up to the product's tracked stock)
 *   DELETE /api/cart/remove-item/:id    → {message}
 * All four need the shopper's bearer token; the user in the path or body must be its owner.
 * Prices are rupees; `images` is the catalogue's JSON-encoded list of addresses (parseImages()).
 * A line of a variant carries its id and label ("256 GB / Black"), and the variant's price, stock
 * and pictures (the product's when the variant names none).
 */

/** The server's ceiling for one line's quantity (the largest 32-bit integer). */
export const CART_QUANTITY_MAX = 2 ** 31 - 1;

export const CART_MESSAGES = {
  added: 'Product added to cart successfully',
  removed: 'Item removed from cart',
  quantityUpdated: 'Cart quantity updated',
  itemNotFound: 'Cart item not found',
  productNotFound: 'Product not found',
  quantityWhole: 'Quantity must be a whole number of 1 or more',
  quantityTooLarge: `Quantity must be at most ${CART_QUANTITY_MAX}`,
  productIdInvalid: 'productId must be a positive whole number',
  badItemId: 'Cart item id must be a positive whole number',
  ownCartOnly: 'You can only access your own cart',
  variantIdInvalid: 'variantId must be a positive whole number',
  variantNotFound: 'Variant not found',
  variantOfOtherProduct: 'This variant belongs to another product',
  noVariants: 'This product has no variants to choose from',
  // The product's options in order, as the shopper must choose them: "Choose a Storage and Colour".
  chooseVariant: (optionNames: readonly string[]) =>
    optionNames.length < 2
      ? `Choose a ${optionNames[0] ?? 'variant'}`
      : `Choose a ${optionNames.slice(0, -1).join(', ')} and ${optionNames[optionNames.length - 1]}`,
  outOfStock: (name: string) => `"${name}" is out of stock`,
  notEnoughStock: (name: string, stock: number, inCart: number) =>
    inCart > 0
      ? `Only ${stock} of "${name}" left in stock, and your cart already has ${inCart}`
      : `Only ${stock} of "${name}" left in stock`,
  // One order takes at most this many units of a product (its own limit, or the shop's
  // MAX_UNITS_PER_ORDER): the cart refuses more as checkout would (ORDER_MESSAGES.tooManyUnits).
  // A product with variants counts the units of all its variants together, and says so.
  tooManyUnits: (name: string, max: number, allVariants = false) =>
    allVariants
      ? `You can order at most ${max} of "${name}" at a time, counting all its variants together`
      : `You can order at most ${max} of "${name}" at a time`,
} as const;

/**
 * Quantity as a number or a numeric string. Empty, null or absent means 1; 0,
 * negatives, fractions, non-numbers and values over CART_QUANTITY_MAX are refused.
 */
export const quantitySchema = z
  .union([z.number(), z.string(), z.null()], { error: CART_MESSAGES.quantityWhole })
  .optional()
  .transform(toQuantity);

/** The quantity a number or a numeric string stands for; empty, null or absent is 1. */
function toQuantity(raw: number | string | null | undefined, ctx: z.RefinementCtx): number {
  if (raw === undefined || raw === null) return 1;
  let value: number;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return 1;
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: CART_MESSAGES.quantityWhole });
      return z.NEVER;
    }
    value = Number(text);
  } else {
    value = raw;
  }
  if (value > CART_QUANTITY_MAX) {
    ctx.addIssue({ code: 'custom', message: CART_MESSAGES.quantityTooLarge });
    return z.NEVER;
  }
  if (!Number.isInteger(value) || value < 1) {
    ctx.addIssue({ code: 'custom', message: CART_MESSAGES.quantityWhole });
    return z.NEVER;
  }
  return value;
}

/** A product id as a number or a string of digits. */
export const productIdSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, CART_MESSAGES.productIdInvalid)
        .transform(Number),
    ],
    {
      error: CART_MESSAGES.productIdInvalid,
    },
  )
  .pipe(
    z
      .number()
      .int(CART_MESSAGES.productIdInvalid)
      .positive(CART_MESSAGES.productIdInvalid)
      .max(2 ** 31 - 1, CART_MESSAGES.productIdInvalid),
  );

/** A variant id as a number or a string of digits; absent, null or empty: none chosen. */
export const variantIdSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{0,10}$/, CART_MESSAGES.variantIdInvalid)
        .transform((text) => (text === '' ? undefined : Number(text))),
      z.null().transform(() => undefined),
    ],
    { error: CART_MESSAGES.variantIdInvalid },
  )
  .pipe(
    z
      .number()
      .int(CART_MESSAGES.variantIdInvalid)
      .positive(CART_MESSAGES.variantIdInvalid)
      .max(2 ** 31 - 1, CART_MESSAGES.variantIdInvalid)
      .optional(),
  )
  .optional();

export const addToCartSchema = z.object({
  userId: userIdSchema,
  productId: productIdSchema,
  variantId: variantIdSchema,
  quantity: quantitySchema,
});
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** A cart line's id in a body: a number or a string of digits, within the id columns' 32 bits. */
export const cartItemIdSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, CART_MESSAGES.badItemId)
        .transform(Number),
    ],
    {
      error: CART_MESSAGES.badItemId,
    },
  )
  .pipe(
    z
      .number()
      .int(CART_MESSAGES.badItemId)
      .min(1, CART_MESSAGES.badItemId)
      .max(2 ** 31 - 1, CART_MESSAGES.badItemId),
  );

/**
 * Setting a line's quantity: the quantity is required (no default of 1 as when adding), the
 * user is optional (the token says who it is; when sent it must be the token's owner).
 */
export const updateQuantitySchema = z.object({
  userId: userIdSchema.optional(),
  itemId: cartItemIdSchema,
  quantity: z
    .union([z.number(), z.string().trim().min(1, CART_MESSAGES.quantityWhole)], { error: CART_MESSAGES.quantityWhole })
    .transform(toQuantity),
});
export type UpdateQuantityInput = z.input<typeof updateQuantitySchema>;

export const cartProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Current unit price in rupees. */
  price: z.number(),
  /** JSON-encoded list of image addresses, as the catalogue answers it. */
  images: z.string(),
  /** Units in stock; null when the shop does not track this product's stock. */
  stock: z.number().nullable(),
  /**
   * False when the product was deleted or is out of stock, or the line's variant was removed (or
   * the product now has variants and the line names none): checkout would refuse this line.
   */
  isAvailable: z.boolean(),
});

export const cartItemSchema = z.object({
  id: z.number(),
  quantity: z.number(),
  /** The chosen variant (its price, stock and pictures are the product's here); null: the product itself. */
  variantId: z.number().nullable(),
  /** The variant's label ("256 GB / Black"); null without a variant. */
  variantLabel: z.string().nullable(),
  product: cartProductSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const viewCartResponseSchema = z.object({ cartItems: z.array(cartItemSchema) });
export type ViewCartResponse = z.infer<typeof viewCartResponseSchema>;
export const addToCartResponseSchema = z.object({ message: z.string(), cartItem: cartItemSchema });
export type AddToCartResponse = z.infer<typeof addToCartResponseSchema>;
export const updateQuantityResponseSchema = z.object({ message: z.string(), cartItem: cartItemSchema });
export type UpdateQuantityResponse = z.infer<typeof updateQuantityResponseSchema>;
export const removeCartItemResponseSchema = z.object({ message: z.string() });

/** Sum of price × quantity of the lines, in rupees, computed in paisa so it never drifts. */
export function cartTotal(items: Pick<CartItem, 'quantity' | 'product'>[]): number {
  let paisa = 0;
  for (const item of items) paisa += Math.round(item.product.price * 100) * item.quantity;
  return paisa / 100;
}
