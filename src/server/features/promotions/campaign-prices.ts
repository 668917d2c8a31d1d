import { REFERENCE_DAYS, percentOffPaisa } from '../../../shared/campaigns.js';
import { bumpCatalogVersion } from '../catalog/queries.js';
import * as cq from './campaign-queries.js';
import type { Db } from './queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Candidate {
  kind: 'p' | 'v';
  id: number;
  productId: number;
  /** 0 for a product itself (price_history's variant_id). */
  variantId: number;
  salePaisa: number;
  campaign: cq.CampaignRow;
}

/**
 * Writes the sales of the campaigns running at `now` onto the product and variant rows, and takes
 * them off the rows whose campaigns are over, in the caller's transaction; bumps the catalogue
 * version first (which on PostgreSQL also queues any other writer of sales behind this one).
 * The whole state is worked out again each time from the campaigns and the price history, so a
 * second run, or a run after a restart, changes nothing.
 *
 * - A product item covers the product and each of its variants; a category item each live product
 *   of that top-level category and their variants; a variant item that variant alone.
 * - A percent is taken off each row's own regular price; a sale price applies to the rows it is
 *   below. A sale that is not below the regular price is no sale.
 * - Where running campaigns overlap on a row, the lowest price wins (on a tie, the campaign that
 *   started first).
 * - The reference ("was") price is the lowest regular price the row had in the 30 days before its
 *   winning campaign began: the price in force 30 days before the start and every later one up to
 *   the start, from price_history.
 */
export async function materialiseSales(trx: Db, now: string): Promise<{ changed: number }> {
  await bumpCatalogVersion(trx);
  const campaigns = await cq.runningCampaigns(trx, now);
  const items = await cq.itemsOf(
    trx,
    campaigns.map((campaign) => campaign.id),
  );
  const best = new Map<string, Candidate>();
  const offer = (candidate: Candidate) => {
    const key = `${candidate.kind}:${candidate.id}`;
    const held = best.get(key);
    if (!held || candidate.salePaisa < held.salePaisa) best.set(key, candidate);
  };
  for (const campaign of campaigns) {
    const own = items.get(campaign.id) ?? [];
    const saleOf = (item: cq.CampaignItemRow, regular: number) =>
      item.percent_off !== null ? percentOffPaisa(regular, item.percent_off) : (item.sale_price_paisa ?? regular);
    const productItems = own.filter((item) => item.target_type === 'product');
    const categoryItems = own.filter((item) => item.target_type === 'category');
    const variantItems = own.filter((item) => item.target_type === 'variant');

    // Products named, and the products of the categories named, each with the item that covers it.
    const covered: { product: cq.PricedRow; item: cq.CampaignItemRow }[] = [];
    const named = await cq.liveProducts(
      trx,
      productItems.map((item) => item.target_id),
    );
    for (const item of productItems) {
      const product = named.get(item.target_id);
      if (product) covered.push({ product, item });
    }
    for (const item of categoryItems) {
      for (const product of await cq.productsInCategories(trx, [item.target_id])) covered.push({ product, item });
    }
    const byProduct = new Map(covered.map((entry) => [entry.product.id, entry.item]));
    for (const { product, item } of covered) {
      const salePaisa = saleOf(item, product.price_paisa);
      if (salePaisa < product.price_paisa)
        offer({ kind: 'p', id: product.id, productId: product.id, variantId: 0, salePaisa, campaign });
    }
    for (const variant of await cq.variantsOfProducts(trx, [...byProduct.keys()])) {
      const salePaisa = saleOf(byProduct.get(variant.product_id)!, variant.price_paisa);
      if (salePaisa < variant.price_paisa) {
        offer({ kind: 'v', id: variant.id, productId: variant.product_id, variantId: variant.id, salePaisa, campaign });
      }
    }
    const variants = await cq.liveVariants(
      trx,
      variantItems.map((item) => item.target_id),
    );
    for (const item of variantItems) {
      const variant = variants.get(item.target_id);
      if (!variant) continue;
      const salePaisa = saleOf(item, variant.price_paisa);
      if (salePaisa < variant.price_paisa) {
        offer({ kind: 'v', id: variant.id, productId: variant.product_id, variantId: variant.id, salePaisa, campaign });
      }
    }
  }

  // The reference price of each row on sale, from its history up to its campaign's start.
  const productIds = [...new Set([...best.values()].map((candidate) => candidate.productId))];
  const history = new Map<string, { price_paisa: number; recorded_at: string }[]>();
  for (const row of await cq.priceHistory(trx, productIds, now)) {
    const key = `${row.product_id}:${row.variant_id}`;
    if (!history.has(key)) history.set(key, []);
    history.get(key)!.push(row);
  }
  const wanted = new Map<string, cq.SaleState>();
  for (const [key, candidate] of best) {
    const reference = lowestBefore(
      history.get(`${candidate.productId}:${candidate.variantId}`) ?? [],
      candidate.campaign.starts_at,
    );
    wanted.set(key, {
      sale_price_paisa: candidate.salePaisa,
      sale_reference_paisa: reference ?? candidate.salePaisa,
      sale_ends_at: candidate.campaign.ends_at,
      sale_campaign_id: candidate.campaign.id,
    });
  }

  // Only the rows whose sale changes are written.
  const current = await cq.currentSales(trx);
  let changed = 0;
  for (const key of current.keys()) {
    if (wanted.has(key)) continue;
    await cq.writeSale(trx, key[0] as 'p' | 'v', Number(key.slice(2)), null);
    changed += 1;
  }
  for (const [key, state] of wanted) {
    const held = current.get(key);
    if (
      held &&
      held.sale_price_paisa === state.sale_price_paisa &&
      held.sale_reference_paisa === state.sale_reference_paisa &&
      held.sale_ends_at === state.sale_ends_at &&
      held.sale_campaign_id === state.sale_campaign_id
    ) {
      continue;
    }
    await cq.writeSale(trx, key[0] as 'p' | 'v', Number(key.slice(2)), state);
    changed += 1;
  }
  return { changed };
}

/**
 * The lowest price of the 30 days before `start`: the price in force when that window opened (the
 * last one recorded at or before it) and every one recorded after, up to the start. Undefined when
 * the history holds nothing up to the start (a row made since): no lower price was ever asked.
 */
export function lowestBefore(
  history: readonly { price_paisa: number; recorded_at: string }[],
  start: string,
): number | undefined {
  const opened = new Date(Date.parse(start) - REFERENCE_DAYS * DAY_MS).toISOString();
  let lowest: number | undefined;
  let inForce: number | undefined;
  for (const entry of history) {
    if (entry.recorded_at > start) break;
    if (entry.recorded_at <= opened) inForce = entry.price_paisa;
    else lowest = lowest === undefined ? entry.price_paisa : Math.min(lowest, entry.price_paisa);
  }
  if (inForce !== undefined) lowest = lowest === undefined ? inForce : Math.min(lowest, inForce);
  return lowest;
}
