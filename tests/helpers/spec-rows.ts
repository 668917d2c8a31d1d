import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import { bumpCatalogVersion } from '../../src/server/features/catalog/queries.js';
import { categoryKey } from '../../src/shared/catalog.js';

/**
 * Test setup only: writes specification rows (migration 026) straight into the database, for tests
 * of what reads them (the product page, the comparison) without the specs API that writes them.
 * A field is made once per (category, name); the catalogue version is bumped, as the API's writes do,
 * so no kept answer outlives the rows.
 */
export async function insertSpecRows(
  db: Kysely<Database>,
  categoryId: number,
  specs: { productId: number; values: Record<string, string> }[],
): Promise<void> {
  const now = new Date().toISOString();
  const fieldIds = new Map<string, number>();
  const fieldOf = async (name: string): Promise<number> => {
    const known = fieldIds.get(name);
    if (known !== undefined) return known;
    const existing = await db
      .selectFrom('spec_fields')
      .select('id')
      .where('category_id', '=', categoryId)
      .where('name_key', '=', categoryKey(name))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const position = fieldIds.size + 1;
    const id =
      existing?.id ??
      (
        await db
          .insertInto('spec_fields')
          .values({ category_id: categoryId, name, name_key: categoryKey(name), kind: 'text', is_filter: 0, position, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    fieldIds.set(name, id);
    return id;
  };
  for (const { productId, values } of specs) {
    for (const [name, value] of Object.entries(values)) {
      await db
        .insertInto('product_specs')
        .values({ product_id: productId, field_id: await fieldOf(name), value, value_number: null })
        .execute();
    }
  }
  await bumpCatalogVersion(db);
}
