import { CART_MESSAGES, CART_QUANTITY_MAX, type CartItem } from '../../../shared/cart.js';
import { ORDER_ERROR_CODES } from '../../../shared/orders.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { imageAddress } from '../../lib/images.js';
import * as q from './queries.js';

/**
 * The shopper's cart. Quantities are checked against tracked stock counting what the cart
 * already holds; checkout (features/orders) checks again, atomically, and is the real guard.
 */
export class CartService {
  constructor(private readonly ctx: AppContext) {}

  async view(userId: number): Promise<CartItem[]> {
    return this.toItems(await q.cartLines(this.ctx.db, userId));
  }

  /**
   * Adds `quantity` units of a live product (raising the line's quantity when it is already in the cart).
   * One small write (db/write-batch.ts): the shopper (locked), the product and the line (one
   * statement), the stock check, the write, and the product's pictures for the answer, which is
   * the line as written from the rows the transaction read.
   */
  async add(userId: number, productId: number, quantity: number): Promise<CartItem> {
    const now = isoNow(this.ctx.clock);
    return this.ctx.writeBatch.run(async (trx) => {
      const read = await q.shopperProductLine(trx, userId, productId);
      const { product, wanted } = lineToWrite(read, quantity, this.defaultLimit);
      const id = await q.upsertLine(trx, { userId, productId, quantity: wanted, now });
      return writtenItem(id, wanted, product, await q.imagesOfProduct(trx, product.id), this.ctx.config.imageBaseUrl);
    });
  }

  /**
   * Sets the quantity of one of the shopper's lines (the steppers of the cart drawer and the Cart
   * tab): 1 up to the product's tracked stock. Someone else's line, or none, is 404 and stays as
   * it was. One transaction, the shopper's row locked first as in add().
   */
  async setQuantity(userId: number, itemId: number, quantity: number): Promise<CartItem> {
    const now = isoNow(this.ctx.clock);
    const written = await this.ctx.db.transaction().execute(async (trx) => {
      const line = await q.shopperLine(trx, userId, itemId);
      if (!line) throw notFound(CART_MESSAGES.itemNotFound);
      checkQuantityToSet(line, quantity, this.defaultLimit);
      await q.setLineQuantity(trx, itemId, quantity, now);
      return { ...line, quantity };
    });
    return toItem(written, await q.imagesOfProduct(this.ctx.db, written.product_id), this.ctx.config.imageBaseUrl);
  }

  /** Removes one of the shopper's lines; someone else's line is 404 and stays. */
  async remove(userId: number, itemId: number): Promise<void> {
    if (!(await q.deleteLine(this.ctx.db, userId, itemId))) throw notFound(CART_MESSAGES.itemNotFound);
  }

  /** The units of a product one order may take when the product sets no limit of its own. */
  private get defaultLimit(): number {
    return this.ctx.config.orderLimits.maxUnitsPerOrder;
  }

  private async toItems(rows: q.CartLineRow[]): Promise<CartItem[]> {
    const images = await q.imagesOf(
      this.ctx.db,
      rows.map((row) => row.product_id),
    );
    return rows.map((row) => toItem(row, images.get(row.product_id) ?? [], this.ctx.config.imageBaseUrl));
  }
}

/**
 * The rules of adding `quantity` units to what the transaction read: the quantity the line becomes,
 * or the error (no such shopper, no such live product, over the line's maximum, not enough stock,
 * more than one order may take).
 */
function lineToWrite(read: q.ShopperProductLine | undefined, quantity: number, defaultLimit: number) {
  if (!read) throw notFound('User not found');
  const { product, inCart } = read;
  if (!product) throw notFound(CART_MESSAGES.productNotFound);
  const wanted = inCart + quantity;
  if (wanted > CART_QUANTITY_MAX) throw badRequest(CART_MESSAGES.quantityTooLarge, { quantity: CART_MESSAGES.quantityTooLarge });
  if (product.stock !== null) {
    if (product.stock <= 0) throw stockConflict(CART_MESSAGES.outOfStock(product.name), product.id, 0, inCart);
    if (wanted > product.stock) {
      throw stockConflict(CART_MESSAGES.notEnoughStock(product.name, product.stock, inCart), product.id, product.stock, inCart);
    }
  }
  checkUnits(product.name, product.id, wanted, product.max_per_order ?? defaultLimit, inCart);
  return { product, wanted };
}

/**
 * The rules of setting a line to `quantity` units: its product still sold, and the quantity within
 * the tracked stock (the same refusals as add(); the line's own units count as nothing here).
 */
function checkQuantityToSet(line: q.CartLineRow, quantity: number, defaultLimit: number): void {
  if (line.deleted_at !== null) throw notFound(CART_MESSAGES.productNotFound);
  checkUnits(line.name, line.product_id, quantity, line.max_per_order ?? defaultLimit, line.quantity);
  if (line.stock === null) return;
  if (line.stock <= 0) throw stockConflict(CART_MESSAGES.outOfStock(line.name), line.product_id, 0, line.quantity);
  if (quantity > line.stock) {
    throw stockConflict(CART_MESSAGES.notEnoughStock(line.name, line.stock, 0), line.product_id, line.stock, line.quantity);
  }
}

/** The line as add() wrote it. */
function writtenItem(
  id: number,
  quantity: number,
  product: q.LiveProductRow,
  imageBases: string[],
  imageBaseUrl: string | undefined,
): CartItem {
  return toItem(
    {
      id,
      quantity,
      product_id: product.id,
      name: product.name,
      price_paisa: product.price_paisa,
      stock: product.stock,
      deleted_at: null,
      max_per_order: product.max_per_order,
    },
    imageBases,
    imageBaseUrl,
  );
}

function toItem(row: q.CartLineRow, imageBases: string[], imageBaseUrl: string | undefined): CartItem {
  return {
    id: row.id,
    quantity: row.quantity,
    product: {
      id: row.product_id,
      name: row.name,
      price: row.price_paisa / 100,
      images: JSON.stringify(imageBases.map((base) => imageAddress(base, imageBaseUrl))),
      stock: row.stock,
      isAvailable: row.deleted_at === null && (row.stock === null || row.stock > 0),
    },
  };
}

/**
 * A line may hold at most the units one order may take (checkout refuses more): a 409 naming the
 * product and the limit, so the shopper learns it when adding, not at checkout.
 */
function checkUnits(name: string, productId: number, wanted: number, limit: number, inCart: number): void {
  if (wanted <= limit) return;
  throw new AppError(409, ORDER_ERROR_CODES.tooManyUnits, CART_MESSAGES.tooManyUnits(name, limit), undefined, {
    productId,
    limit,
    inCart,
  });
}

function stockConflict(message: string, productId: number, available: number, inCart: number) {
  return new AppError(409, 'OUT_OF_STOCK', message, undefined, { productId, available, inCart });
}
