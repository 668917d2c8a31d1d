import { saleOf } from '../../../shared/campaigns.js';
import { CATALOG_MESSAGES, RELATED_PRODUCTS_MAX, type RelatedProduct } from '../../../shared/catalog.js';
import { averageOf } from '../../../shared/reviews.js';
import { notFound } from '../../lib/errors.js';
import { imageAddress } from '../../lib/images.js';
import * as q from './queries.js';

/** How many of each category level's newest products are looked at, so that those in stock can come first. */
const LEVEL_POOL = RELATED_PRODUCTS_MAX * 2;

/**
 * The products shown under a product (GET /api/products/:id/related): other live
 * products of its child category, then of its subcategory, then of its category, until
 * RELATED_PRODUCTS_MAX are found. Those in stock come first (an empty one is still shown, after
 * them, saying so), each level's newest first. At most three small reads of an index, each
 * stopping at its LIMIT. A product that is not live is not found. (The kept answer is rebuilt when the
 * catalogue changes or the stock of one it lists moves; one left out that an order's cancellation
 * brings back into stock waits for the next catalogue change, which is no harm to a suggestion.)
 */
export async function relatedProducts(db: q.Db, id: number, imageBaseUrl: string | undefined): Promise<RelatedProduct[]> {
  const product = await q.liveProductRow(db, id);
  if (!product) throw notFound(CATALOG_MESSAGES.productNotFound);
  const levels: [q.CategoryLevel, number | null][] = [
    ['child_category_id', product.child_category_id],
    ['sub_category_id', product.sub_category_id],
    ['category_id', product.category_id],
  ];
  const found: { id: number; stock: number | null }[] = [];
  for (const [level, levelId] of levels) {
    if (levelId === null) continue;
    if (found.filter((candidate) => candidate.stock !== 0).length >= RELATED_PRODUCTS_MAX) break;
    const exclude = [id, ...found.map((candidate) => candidate.id)];
    found.push(...(await q.relatedCandidates(db, level, levelId, exclude, LEVEL_POOL)));
  }
  const ids = [...found.filter((c) => c.stock !== 0), ...found.filter((c) => c.stock === 0)]
    .slice(0, RELATED_PRODUCTS_MAX)
    .map((candidate) => candidate.id);
  const [rows, images] = await Promise.all([q.productRows(db, ids), q.imagesOf(db, ids)]);
  return rows.map((row) => {
    const first = images.get(row.id)?.[0];
    return {
      id: row.id,
      name: row.name,
      price: row.price_paisa / 100,
      image: first === undefined ? null : imageAddress(first, imageBaseUrl),
      stock: row.stock,
      sale: saleOf(row),
      rating: { average: averageOf(Number(row.rating_sum), Number(row.rating_count)), count: Number(row.rating_count) },
    };
  });
}
