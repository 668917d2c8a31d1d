import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';
import { dialectOf } from './dialect.js';

/**
 * A product's image base names in position order, as the text of a JSON array ('[]' when it has
 * none), in a subquery of the statement that reads the product: one round trip instead of a
 * second statement. `productId` names the product's id column in the outer query ("p.id").
 */
export function productImagesJson(db: QueryExecutorProvider, productId: string): RawBuilder<string> {
  const id = sql.ref(productId);
  return dialectOf(db) === 'postgres'
    ? sql<string>`(select coalesce(json_agg(pi.base_name order by pi.position), '[]')::text from product_images pi where pi.product_id = ${id})`
    : sql<string>`(select json_group_array(base_name) from (select base_name from product_images where product_id = ${id} order by position))`;
}
