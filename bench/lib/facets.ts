import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';

/**
 * Brands and Laptops' specifications for the catalogue benchmark (bench/catalog.ts): the demo
 * catalogue brings the brands and the fields, and its own products' values; every other product
 * gets a brand (spread over the brands by id), and every laptop a value of each Laptops field,
 * each field spread by id with its own stride so that the fields do not move together. Written as
 * plain set-based SQL (the same on both databases); the triggers of migration 027 keep the counts.
 */

/** The RAM values laptops get, and the brands the benchmark's URLs choose from. */
export const BENCH_RAM = ['4 GB', '8 GB', '16 GB', '32 GB', '64 GB'];

const LAPTOP_VALUES: Record<string, { values: string[]; numbers?: number[]; stride: number }> = {
  Processor: { values: ['Intel Core i5', 'Intel Core i7', 'Intel Core i9', 'AMD Ryzen 5', 'AMD Ryzen 7', 'Apple M3'], stride: 1 },
  RAM: { values: BENCH_RAM, numbers: [4, 8, 16, 32, 64], stride: 7 },
  Storage: { values: ['256 GB', '512 GB', '1024 GB', '2048 GB'], numbers: [256, 512, 1024, 2048], stride: 3 },
  Screen: { values: ['13.3 inches', '14 inches', '15.6 inches', '16 inches'], numbers: [13.3, 14, 15.6, 16], stride: 11 },
  GPU: { values: ['Integrated', 'NVIDIA RTX 3050', 'NVIDIA RTX 4050', 'NVIDIA RTX 4060', 'NVIDIA RTX 4070'], stride: 13 },
};

export async function addFacetData(db: Kysely<Database>): Promise<void> {
  const brands = (await db.selectFrom('brands').select('id').where('deleted_at', 'is', null).orderBy('id').execute()).map((row) =>
    Number(row.id),
  );
  if (brands.length > 0) {
    const pick = sql.join(
      brands.map((id, i) => sql`when ${sql.lit(i)} then ${sql.lit(id)}`),
      sql` `,
    );
    await sql`update products set brand_id = case (id * 17) % ${brands.length} ${pick} end where brand_id is null`.execute(db);
  }
  const laptops = await db.selectFrom('categories').select('id').where('name', '=', 'Laptops').executeTakeFirst();
  if (!laptops) return;
  const fields = await db
    .selectFrom('spec_fields')
    .select(['id', 'name'])
    .where('category_id', '=', laptops.id)
    .where('deleted_at', 'is', null)
    .execute();
  for (const field of fields) {
    const spread = LAPTOP_VALUES[field.name];
    if (!spread) continue;
    const n = spread.values.length;
    const value = sql.join(
      spread.values.map((text, i) => sql`when ${sql.lit(i)} then ${sql.lit(text)}`),
      sql` `,
    );
    const number = spread.numbers
      ? sql.join(
          spread.numbers.map((x, i) => sql`when ${sql.lit(i)} then ${sql.lit(x)}`),
          sql` `,
        )
      : undefined;
    await sql`insert into product_specs (product_id, field_id, value, value_number)
      select p.id, ${field.id}, case (p.id * ${spread.stride}) % ${n} ${value} end,
        ${number ? sql`case (p.id * ${spread.stride}) % ${n} ${number} end` : sql`null`}
      from products p where p.category_id = ${laptops.id}
      and not exists (select 1 from product_specs s where s.product_id = p.id and s.field_id = ${field.id})`.execute(db);
  }
}
