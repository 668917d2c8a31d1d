import { CART_MESSAGES, CART_QUANTITY_MAX, type CartItem } from '../../../shared/cart.js';
import { ORDER_ERROR_CODES, soldName } from '../../../shared/orders.js';
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
   * Adds `quantity` units of a live product, or of the variant of it the shopper chose (raising the
   * line's quantity when it is already in the cart). One small write (db/write-batch.ts): the
   * shopper (locked), then the product with its pictures, the variant and the line (one
   * statement), the checks, the write; the answer is the line as written from the rows read.
   */
  async add(userId: number, productId: number, quantity: number, variantId?: number): Promise<CartItem> {
    const now = isoNow(this.ctx.clock);
    return this.ctx.writeBatch.run(async (trx) => {
      const read = await q.shopperProductLine(trx, userId, productId, variantId ?? 0);
      const { line, inCart } = await chosenLine(trx, read, variantId);
      const wanted = quantityToWrite(line, inCart, quantity);
      // The limit of units per order is the product's, over all its variants' lines together.
      const productInCart = read?.productInCart ?? 0;
      checkUnits(line, productInCart - inCart + wanted, line.max_per_order ?? this.defaultLimit, productInCart);
      const id = await q.upsertLine(trx, { userId, productId, variantId: line.variant_id ?? 0, quantity: wanted, now });
      const images = line.variant_images.length > 0 ? line.variant_images : (read?.productImages ?? []);
      return toItem({ ...line, id, quantity: wanted }, images, this.ctx.config.imageBaseUrl);
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
      checkQuantityToSet(line, quantity);
      const others = await q.otherUnitsOfProduct(trx, userId, line.product_id, itemId);
      checkUnits(line, others + quantity, line.max_per_order ?? this.defaultLimit, others + line.quantity);
      await q.setLineQuantity(trx, itemId, quantity, now);
      return { ...line, quantity };
    });
    const images =
      written.variant_images.length > 0 ? written.variant_images : await q.imagesOfProduct(this.ctx.db, written.product_id);
    return toItem(written, images, this.ctx.config.imageBaseUrl);
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
    return rows.map((row) =>
      toItem(
        row,
        row.variant_images.length > 0 ? row.variant_images : (images.get(row.product_id) ?? []),
        this.ctx.config.imageBaseUrl,
      ),
    );
  }
}

/**
 * What add-to-cart puts in the cart, from what its transaction read: the live product, or the
 * variant of it the shopper chose, as a line (0 units yet). Refused: no such shopper or product;
 * a product with variants and none chosen (400 naming its options); a variant chosen for a product
 * without any, or one of another product (400); a variant archived or unknown (404).
 */
async function chosenLine(
  db: q.Db,
  read: q.ShopperProductLine | undefined,
  variantId: number | undefined,
): Promise<{ line: q.CartLineRow; inCart: number }> {
  if (!read) throw notFound('User not found');
  const { product, variant, inCart } = read;
  if (!product) throw notFound(CART_MESSAGES.productNotFound);
  const line: q.CartLineRow = {
    id: 0,
    quantity: 0,
    product_id: product.id,
    name: product.name,
    price_paisa: product.price_paisa,
    stock: product.stock,
    deleted_at: null,
    max_per_order: product.max_per_order,
    variant_id: null,
    variant_label: null,
    variant_images: [],
    variant_live: true,
  };
  if (variantId === undefined) {
    if (product.variant_count === 0) return { line, inCart };
    const message = CART_MESSAGES.chooseVariant(await q.optionNames(db, product.id));
    throw badRequest(message, { variantId: message });
  }
  if (product.variant_count === 0) throw badRequest(CART_MESSAGES.noVariants, { variantId: CART_MESSAGES.noVariants });
  if (!variant) throw notFound(CART_MESSAGES.variantNotFound);
  if (variant.product_id !== product.id) {
    throw badRequest(CART_MESSAGES.variantOfOtherProduct, { variantId: CART_MESSAGES.variantOfOtherProduct });
  }
  if (variant.archived) throw notFound(CART_MESSAGES.variantNotFound);
  const chosen = {
    ...line,
    price_paisa: variant.price_paisa,
    stock: variant.stock,
    variant_id: variant.id,
    variant_label: variant.label,
    variant_images: variant.images,
  };
  return { line: chosen, inCart };
}

/**
 * The rules of adding `quantity` units to a line holding `inCart`: the quantity the line becomes,
 * or the error (over the line's maximum, not enough stock of the product or its variant). The
 * units one order may take are checked by the caller, over the product's lines (checkUnits).
 */
function quantityToWrite(line: q.CartLineRow, inCart: number, quantity: number): number {
  const wanted = inCart + quantity;
  if (wanted > CART_QUANTITY_MAX) throw badRequest(CART_MESSAGES.quantityTooLarge, { quantity: CART_MESSAGES.quantityTooLarge });
  const name = soldName(line.name, line.variant_label);
  if (line.stock !== null) {
    if (line.stock <= 0) throw stockConflict(CART_MESSAGES.outOfStock(name), line, 0, inCart);
    if (wanted > line.stock) {
      throw stockConflict(CART_MESSAGES.notEnoughStock(name, line.stock, inCart), line, line.stock, inCart);
    }
  }
  return wanted;
}

/**
 * The rules of setting a line to `quantity` units: its product (and variant) still sold, and the
 * quantity within the tracked stock (the same refusals as add(); the line's own units count as
 * nothing here). The units one order may take are checked by the caller (checkUnits).
 */
function checkQuantityToSet(line: q.CartLineRow, quantity: number): void {
  if (line.deleted_at !== null) throw notFound(CART_MESSAGES.productNotFound);
  if (!line.variant_live) throw notFound(CART_MESSAGES.variantNotFound);
  const name = soldName(line.name, line.variant_label);
  if (line.stock === null) return;
  if (line.stock <= 0) throw stockConflict(CART_MESSAGES.outOfStock(name), line, 0, line.quantity);
  if (quantity > line.stock) {
    throw stockConflict(CART_MESSAGES.notEnoughStock(name, line.stock, 0), line, line.stock, line.quantity);
  }
}

function toItem(row: q.CartLineRow, imageBases: string[], imageBaseUrl: string | undefined): CartItem {
  return {
    id: row.id,
    quantity: row.quantity,
    variantId: row.variant_id,
    variantLabel: row.variant_label,
    product: {
      id: row.product_id,
      name: row.name,
      price: row.price_paisa / 100,
      images: JSON.stringify(imageBases.map((base) => imageAddress(base, imageBaseUrl))),
      stock: row.stock,
      isAvailable: row.deleted_at === null && row.variant_live && (row.stock === null || row.stock > 0),
    },
  };
}

/**
 * The cart may hold at most the units of a product one order may take (checkout refuses more),
 * counting the lines of all its variants together: `units` is that sum once the change is made.
 * Else a 409 naming the product and the limit (and, for a product with variants, saying that its
 * variants count together), so the shopper learns it when adding, not at checkout. `inCart` is
 * the product's units in the cart before the change.
 */
function checkUnits(line: q.CartLineRow, units: number, limit: number, inCart: number): void {
  if (units <= limit) return;
  const message = CART_MESSAGES.tooManyUnits(line.name, limit, line.variant_id !== null);
  throw new AppError(409, ORDER_ERROR_CODES.tooManyUnits, message, undefined, {
    productId: line.product_id,
    ...variantField(line),
    limit,
    inCart,
  });
}

function stockConflict(message: string, line: q.CartLineRow, available: number, inCart: number) {
  return new AppError(409, 'OUT_OF_STOCK', message, undefined, {
    productId: line.product_id,
    ...variantField(line),
    available,
    inCart,
  });
}

/** A refusal about a variant's line names the variant too (a product's answers stay as they were). */
const variantField = (line: q.CartLineRow) => (line.variant_id === null ? {} : { variantId: line.variant_id });
