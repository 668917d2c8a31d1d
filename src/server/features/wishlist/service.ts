import { saleOf } from '../../../shared/campaigns.js';
import { WISHLIST_MAX, WISHLIST_MESSAGES, type WishlistItem } from '../../../shared/wishlist.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { conflict, notFound, unauthorized } from '../../lib/errors.js';
import { imageAddress } from '../../lib/images.js';
import * as q from './queries.js';

/**
 * The shopper's wishlist. Adding is idempotent (the same product twice is one row) and capped at
 * WISHLIST_MAX products: the count and the write happen with the shopper's row locked, so
 * parallel adds cannot pass the cap together.
 */
export class WishlistService {
  constructor(private readonly ctx: AppContext) {}

  async list(userId: number): Promise<WishlistItem[]> {
    const found = await q.wishlistRows(this.ctx.db, userId);
    const images = await q.firstImages(
      this.ctx.db,
      found.map((row) => row.product_id),
    );
    return found.map((row) => this.toItem(row, images.get(row.product_id)));
  }

  async add(userId: number, productId: number): Promise<WishlistItem> {
    const now = isoNow(this.ctx.clock);
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      // A token whose account was removed meanwhile: the account is gone.
      if (!(await q.lockShopper(trx, userId))) throw unauthorized();
      if (!(await q.hasItem(trx, userId, productId))) {
        if (!(await q.liveProductExists(trx, productId))) throw notFound(WISHLIST_MESSAGES.productNotFound);
        if ((await q.countItems(trx, userId)) >= WISHLIST_MAX) {
          throw conflict(WISHLIST_MESSAGES.full, { max: WISHLIST_MAX });
        }
        await q.insertItem(trx, userId, productId, now);
      }
      return q.wishlistRow(trx, userId, productId);
    });
    if (!row) throw notFound(WISHLIST_MESSAGES.productNotFound);
    const images = await q.firstImages(this.ctx.db, [productId]);
    return this.toItem(row, images.get(productId));
  }

  async remove(userId: number, productId: number): Promise<void> {
    if (!(await q.deleteItem(this.ctx.db, userId, productId))) throw notFound(WISHLIST_MESSAGES.notInWishlist);
  }

  private toItem(row: q.WishlistRow, image: string | undefined): WishlistItem {
    return {
      productId: Number(row.product_id),
      name: row.name,
      price: Number(row.price_paisa) / 100,
      sale: saleOf(row),
      stock: row.stock === null ? null : Number(row.stock),
      variantCount: Number(row.variant_count),
      image: image === undefined ? null : imageAddress(image, this.ctx.config.imageBaseUrl),
      available: row.deleted_at === null,
      addedAt: row.created_at,
    };
  }
}
