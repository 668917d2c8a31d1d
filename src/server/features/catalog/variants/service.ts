import type { AuditValue } from '../../../../shared/audit.js';
import { CATALOG_MESSAGES, type ProductUpdate } from '../../../../shared/catalog.js';
import { VARIANT_MESSAGES, type VariantsInput } from '../../../../shared/variants.js';
import type { AppContext } from '../../../context.js';
import { isoNow } from '../../../lib/clock.js';
import { uniqueViolation } from '../../../lib/db-errors.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { type Actor, changedFields, recordAudit } from '../../audit/service.js';
import { assertPriceMoves, skuTaken as productSkuTaken, toPaisa, validationFailed } from '../product-input.js';
import * as catalog from '../queries.js';
import { planVariants, priceMoves } from './plan.js';
import * as q from './queries.js';

/**
 * The owner's write of a product's options and variants (ADR 0035).
 *
 *   const variants = new VariantService(ctx);
 *   await variants.replace(productId, input, actor);    // PUT /api/products/:id/variants
 *   await variants.writeIn(trx, productId, input, actor, now);  // inside a product write's transaction
 *
 * `input` is productVariantsInputSchema's output (src/shared/variants.ts): the whole set. Variants
 * matched by id or combination are rewritten in place, new ones inserted, unlisted ones archived
 * (never removed: order lines name them). In the same transaction the product row gets its sums
 * (lowest live price, stock summed over tracked variants or NULL, the live count), the catalogue
 * version moves on (catalogWrite) and the audit log records the change with the actor.
 * An empty pair archives every variant: the product is sold as itself again, at its last price.
 */
export class VariantService {
  constructor(private readonly ctx: AppContext) {}

  /** PUT /api/products/:id/variants: 404 for a product that is not live, 400/409 per field. */
  async replace(productId: number, input: VariantsInput, actor?: Actor): Promise<void> {
    try {
      await catalog.catalogWrite(this.ctx.db, (trx) => this.writeIn(trx, productId, input, actor, isoNow(this.ctx.clock)));
    } catch (error) {
      throw await this.conflictOf(error, productId, input);
    }
  }

  /** The write of replace() inside the caller's transaction (a product's create or edit). */
  async writeIn(trx: catalog.Db, productId: number, input: VariantsInput, actor: Actor | undefined, now: string): Promise<void> {
    const product = await q.lockLiveProduct(trx, productId);
    if (!product) throw notFound(CATALOG_MESSAGES.productNotFound);
    const current = await q.liveVariantsOf(trx, productId, { lock: true });
    const images = (await catalog.imagesOf(trx, [productId])).get(productId) ?? [];
    const plan = planVariants(current, input, images);
    // A price far from the old one is confirmed, as a product's own price edit (on the rows locked here).
    assertPriceMoves(priceMoves(current, plan), input.confirmPriceChange);
    await this.assertSkusFree(trx, productId, input);
    const beforeOptions = actor ? await q.optionsOf(trx, productId) : [];

    await q.replaceOptions(trx, productId, input.options);
    // Unlisted ones out first, the kept ones parked: combinations and SKUs may move between variants.
    const kept = plan.updates.map((update) => update.id);
    await q.archiveVariants(trx, plan.archive, now);
    await q.parkVariants(trx, kept);
    for (const update of plan.updates) await q.updateVariant(trx, update.id, update.fields, now);
    await q.insertVariants(trx, productId, plan.inserts, now);

    const live = [...plan.updates.map((update) => update.fields), ...plan.inserts];
    const sums =
      live.length === 0
        ? { price_paisa: Number(product.price_paisa), stock: product.stock, variant_count: 0 }
        : {
            price_paisa: Math.min(...live.map((variant) => variant.price_paisa)),
            stock: live.some((variant) => variant.stock !== null)
              ? live.reduce((sum, variant) => sum + (variant.stock ?? 0), 0)
              : null,
            variant_count: live.length,
          };
    await q.writeProductSums(trx, productId, sums, now);

    if (actor) {
      const before = snapshot(
        beforeOptions.map((row) => ({ name: row.name, values: JSON.parse(row.values) as string[] })),
        current,
        product,
      );
      const changes = changedFields(before, snapshot(input.options, live, sums));
      if (Object.keys(changes).length > 0) {
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'product.update',
          entityType: 'product',
          entityId: productId,
          summary: product.name,
          changes,
          at: now,
        });
      }
    }
  }

  /**
   * The check of writeIn() on the prices as they are now, for a caller with work to do before its
   * transaction (a product edit refuses a likely typo before processing its images).
   */
  async assertPrices(productId: number, input: VariantsInput): Promise<void> {
    if (input.confirmPriceChange) return;
    const current = await q.liveVariantsOf(this.ctx.db, productId);
    if (current.length === 0) return;
    const images = (await catalog.imagesOf(this.ctx.db, [productId])).get(productId) ?? [];
    assertPriceMoves(priceMoves(current, planVariants(current, input, images)), false);
  }

  /**
   * A plain edit of a product (PUT /api/products/:id) that has variants, or gets them in the same
   * request: its price and stock are its variants' sums, so the edit's own are left out. Without
   * variants in the request a changed price or stock is refused (400): each variant has its own;
   * the unchanged values a whole form sends back are accepted and ignored.
   */
  async productEdit(
    productId: number,
    current: { price_paisa: number; stock: number | null },
    update: ProductUpdate,
    variants: VariantsInput | undefined,
  ): Promise<ProductUpdate> {
    if (variants) return variants.variants.length > 0 ? { ...update, price: undefined, stock: undefined } : update;
    if ((await q.variantCountOf(this.ctx.db, productId)) === 0) return update;
    const errors: Record<string, string> = {};
    if (update.price !== undefined && toPaisa(update.price) !== Number(current.price_paisa)) {
      errors.price = VARIANT_MESSAGES.setVariantPrices;
    }
    if (update.stock !== undefined && update.stock !== current.stock) errors.stock = VARIANT_MESSAGES.setVariantStock;
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return { ...update, price: undefined, stock: undefined };
  }

  /** After a product's images changed: its variants show only images it still has. */
  async keepImages(trx: catalog.Db, productId: number, images: readonly string[]): Promise<void> {
    for (const row of await q.liveVariantsOf(trx, productId)) {
      const shown = JSON.parse(row.images) as string[];
      const kept = shown.filter((base) => images.includes(base));
      if (kept.length !== shown.length) await q.setVariantImages(trx, row.id, JSON.stringify(kept));
    }
  }

  /**
   * A failed write as its answer: a SKU another writer took between the check and the write (a
   * unique index refused it) is the same 409 as the check's, on the variant or product that has it.
   */
  async conflictOf(error: unknown, productId: number | undefined, input: VariantsInput | undefined): Promise<unknown> {
    if (!input || !uniqueViolation(error)) return error;
    const taken = await this.takenSkus(this.ctx.db, productId ?? 0, input);
    // None of them: the product's own SKU was the one taken.
    return taken.length > 0 ? skuTaken(taken) : productSkuTaken();
  }

  private async assertSkusFree(trx: catalog.Db, productId: number, input: VariantsInput): Promise<void> {
    const taken = await this.takenSkus(trx, productId, input);
    if (taken.length > 0) throw skuTaken(taken);
  }

  /** The fields (variants.N.sku) whose SKU another live product or variant has. */
  private async takenSkus(db: catalog.Db, productId: number, input: VariantsInput): Promise<string[]> {
    const lowered = input.variants.map((variant) => variant.sku?.toLowerCase() ?? null);
    const held = await q.skusHeldElsewhere(
      db,
      productId,
      lowered.filter((sku): sku is string => sku !== null),
    );
    return lowered.flatMap((sku, index) => (sku !== null && held.has(sku) ? [`variants.${index}.sku`] : []));
  }
}

/** 409 on each variant's SKU field that another product or variant has. */
function skuTaken(fields: string[]): AppError {
  return new AppError(
    409,
    'SKU_TAKEN',
    VARIANT_MESSAGES.skuTaken,
    Object.fromEntries(fields.map((field) => [field, VARIANT_MESSAGES.skuTaken])),
  );
}

interface VariantSummary {
  label: string;
  sku: string | null;
  price_paisa: number | string;
  stock: number | null;
}

/** What the audit log records of a product's options and variants: readable lines, money in rupees. */
function snapshot(
  options: readonly { name: string; values: readonly string[] }[],
  variants: readonly VariantSummary[],
  sums: { price_paisa: number | string; stock: number | null },
): Record<string, AuditValue> {
  return {
    options: options.map((option) => `${option.name}: ${option.values.join(', ')}`).join('; ') || null,
    variants:
      variants
        .map((variant) => {
          const stock = variant.stock === null ? 'not tracked' : `stock ${variant.stock}`;
          return `${variant.label}: Rs. ${Number(variant.price_paisa) / 100}, ${stock}${variant.sku ? `, SKU ${variant.sku}` : ''}`;
        })
        .join('; ') || null,
    price: Number(sums.price_paisa) / 100,
    stock: sums.stock,
  };
}
