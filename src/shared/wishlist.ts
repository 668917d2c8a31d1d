import { z } from 'zod';
import { saleSchema } from './campaigns.js';

/**
 * The wishlist contract (the hearts on the cards, saved to the shopper's account):
 *   GET    /api/users/:userId/wishlist             → {items: WishlistItem[]}   (newest first)
 *   POST   /api/users/:userId/wishlist             {productId} → {message, item}
 *          (adding a product already there changes nothing and answers it again)
 *   DELETE /api/users/:userId/wishlist/:productId  → {message}
 * All three need the shopper's bearer token, whose user must be :userId. A shopper keeps at most
 * WISHLIST_MAX products. Prices are rupees; `sale` is the product's sale now (null: none);
 * `available` is false once the product was deleted (it stays listed until removed).
 * A guest's hearts live on the device and are added one by one after login.
 */

export const WISHLIST_MAX = 500;

export const WISHLIST_MESSAGES = {
  added: 'Added to your wishlist',
  removed: 'Removed from your wishlist',
  ownWishlistOnly: 'You can only access your own wishlist',
  productIdInvalid: 'productId must be a positive whole number',
  productNotFound: 'Product not found',
  notInWishlist: 'This product is not in your wishlist',
  full: `Your wishlist is full: it holds at most ${WISHLIST_MAX} products. Remove one to add another.`,
} as const;

const positiveId = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(2 ** 31 - 1, message);

export const addToWishlistSchema = z.object({ productId: positiveId(WISHLIST_MESSAGES.productIdInvalid) });
export type AddToWishlistInput = z.infer<typeof addToWishlistSchema>;

export const wishlistItemSchema = z.object({
  productId: z.number(),
  name: z.string(),
  price: z.number(),
  sale: saleSchema.nullable(),
  /** Units in stock; null: not tracked (always available). */
  stock: z.number().nullable(),
  /** Its variants to choose from on the product page; 0: sold as itself. */
  variantCount: z.number(),
  image: z.string().nullable(),
  available: z.boolean(),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistResponseSchema = z.object({ items: z.array(wishlistItemSchema) });
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
export const addToWishlistResponseSchema = z.object({ message: z.string(), item: wishlistItemSchema });
export const removeFromWishlistResponseSchema = z.object({ message: z.string() });

/** A guest's hearts as the device keeps them (ids comma separated): valid ids once each, at most WISHLIST_MAX. */
export function readWishlistIds(text: string | null | undefined): number[] {
  const ids: number[] = [];
  for (const part of (text ?? '').split(',')) {
    const trimmed = part.trim();
    if (!/^\d{1,10}$/.test(trimmed)) continue;
    const id = Number(trimmed);
    if (id >= 1 && id <= 2 ** 31 - 1 && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, WISHLIST_MAX);
}
