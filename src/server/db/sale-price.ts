import { type RawBuilder, sql } from 'kysely';

/**
 * What a product or variant row (table alias `alias`) sells at now, in paisa: its sale price
 * (migration 036, written by the campaign jobs) when it has one below its regular price, else its
 * regular price. The cart, the coupon's worth and checkout read prices through this one
 * expression, so the server alone decides what a line costs.
 */
export function effectivePricePaisa(alias: 'p' | 'v'): RawBuilder<number | string> {
  const price = sql.ref(`${alias}.price_paisa`);
  const sale = sql.ref(`${alias}.sale_price_paisa`);
  return sql<number | string>`case when ${sale} < ${price} then ${sale} else ${price} end`;
}
