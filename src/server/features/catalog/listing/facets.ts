import { type RawBuilder, sql } from 'kysely';
import type { ProductFacets } from '../../../../shared/specs.js';
import type { Dialect } from '../../../db/client.js';
import type { Db } from '../queries.js';
import { type ProductFilter, type SpecFacetFilter, facetFrom } from './filter.js';

/**
 * A list's facets (GET /api/products?facets=1): for the brand and each filter field of the
 * list's category, its values and how many products of the list have each. A facet is counted
 * with every part of the filter but its own selection, so choosing "Asus" still shows how many
 * Dell products the list would have.
 *
 * Where that leaves the category alone (a category page with no other filter, or with only this
 * facet chosen), the counts are read from brand_counts and spec_value_counts (migration 027),
 * kept by triggers: a few rows, at any catalogue size. So are a category's brands with one spec
 * facet chosen, and a field's values with brands chosen, from spec_brand_counts (migration 052,
 * ADR 0058). Otherwise the products the rest of the
 * filter matches are counted: the planner starts from the most selective part (a chosen value's
 * entries in the (field, value, product) index, a brand's in products_brand, the category's or
 * the price's indexes), and each of those products' value of the field is one primary-key probe.
 * See ADR 0036.
 */

/** A filter field of the list's category. */
export interface FacetField {
  id: number;
  name: string;
  kind: 'text' | 'number' | 'choice';
  choices: string[] | null;
}

type Counted = { value: string; n: number | string };

/** Names compared as a reader sorts them (one collator: localeCompare with options builds one per call). */
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Keys of a filter that only say how to read it (sizes from the stored counts, a search's words), not what matches. */
const HINTS = new Set(['nameWords', 'tsQuery', 'brandSize']);

/** True when the filter is a category (or the whole catalogue) and nothing else: the stored counts answer it. */
function categoryAlone(filter: ProductFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) =>
      value === undefined ||
      key === 'categoryIds' ||
      HINTS.has(key) ||
      (key === 'specs' && (value as unknown[]).length === 0),
  );
}

/** The one spec facet of a filter that is a category (or none) and that facet alone: spec_brand_counts answers its brands. */
function oneSpecAlone(filter: ProductFilter): SpecFacetFilter | undefined {
  const specs = filter.specs ?? [];
  return specs.length === 1 && categoryAlone({ ...filter, specs: [] }) ? specs[0] : undefined;
}

/** The brands of a filter that is a category (or none) and brands alone: spec_brand_counts answers a field's values. */
function brandsAlone(filter: ProductFilter): number[] | undefined {
  const { brandIds, ...rest } = filter;
  return brandIds && categoryAlone(rest) ? brandIds : undefined;
}

function brandCounts(db: Db, dialect: Dialect, filter: ProductFilter): Promise<{ rows: Counted[] }> {
  const { brandIds: _own, ...rest } = filter;
  if (categoryAlone(rest)) {
    const within = rest.categoryIds ? sql` and c.category_id in (${sql.join(rest.categoryIds)})` : sql``;
    return sql<Counted>`select b.name as value, sum(c.n) as n from brand_counts c join brands b on b.id = c.brand_id
      where c.n > 0 and b.deleted_at is null${within} group by b.name`.execute(db);
  }
  const facet = oneSpecAlone(rest);
  if (facet) {
    // The products with one of the chosen values are in the category of their field (a product
    // keeps only its own category's values), so the value's rows are the whole answer.
    return sql<Counted>`select b.name as value, sum(c.n) as n from spec_brand_counts c join brands b on b.id = c.brand_id
      where c.field_id in (${sql.join(facet.fieldIds)}) and c.value in (${sql.join(facet.values)}) and c.n > 0
      and b.deleted_at is null group by b.name`.execute(db);
  }
  const { from, where } = facetFrom(dialect, rest);
  return sql<Counted>`select b.name as value, count(*) as n from ${from} cross join brands b
    where b.id = p.brand_id and ${where} group by b.name`.execute(db);
}

/** The filter a field's facet is counted with: all of it but the field's own selection. */
const withoutField = (filter: ProductFilter, field: FacetField): ProductFilter => ({
  ...filter,
  specs: (filter.specs ?? []).filter((facet) => !facet.fieldIds.includes(field.id)),
});

/** True when a field's facet is read from the stored counts (spec_value_counts or spec_brand_counts). */
const storedField = (filter: ProductFilter, field: FacetField): boolean => {
  const rest = withoutField(filter, field);
  return categoryAlone(rest) || brandsAlone(rest) !== undefined;
};

function fieldCounts(db: Db, dialect: Dialect, filter: ProductFilter, field: FacetField): Promise<{ rows: Counted[] }> {
  const rest = withoutField(filter, field);
  if (categoryAlone(rest)) {
    return sql<Counted>`select value, n from spec_value_counts where field_id = ${field.id} and n > 0`.execute(db);
  }
  const brands = brandsAlone(rest);
  if (brands) {
    return sql<Counted>`select value, sum(n) as n from spec_brand_counts
      where field_id = ${field.id} and brand_id in (${sql.join(brands)}) and n > 0 group by value`.execute(db);
  }
  const { from, where } = facetFrom(dialect, rest);
  // CROSS JOIN: the field's values are probed per product (primary key); SQLite otherwise walked
  // every value of the field, the whole category, as the outer loop.
  const query: RawBuilder<Counted> = sql`select s.value, count(*) as n from ${from} cross join product_specs s
    where s.product_id = p.id and s.field_id = ${field.id} and ${where} group by s.value`;
  return query.execute(db);
}

/** A facet's values in the order a shopper reads them: choices as the field lists them, numbers by size, else by name. */
function ordered(rows: Counted[], field?: FacetField): { value: string; count: number }[] {
  const values = rows.map((row) => ({ value: row.value, count: Number(row.n) })).filter((row) => row.count > 0);
  if (field?.kind === 'choice' && field.choices) {
    const at = new Map(field.choices.map((choice, i) => [choice, i]));
    return values.sort((a, b) => (at.get(a.value) ?? 1e9) - (at.get(b.value) ?? 1e9) || byName.compare(a.value, b.value));
  }
  if (field?.kind === 'number') return values.sort((a, b) => parseFloat(a.value) - parseFloat(b.value));
  return values.sort((a, b) => byName.compare(a.value, b.value));
}

/**
 * The counts of the fields nobody chose a value of: the rest of the filter is the whole filter for
 * each of them, so one pass over its products counts them all (each product's values of those
 * fields are probed from the primary key together) instead of one pass per field.
 */
async function unchosenFieldCounts(
  db: Db,
  dialect: Dialect,
  filter: ProductFilter,
  fields: FacetField[],
): Promise<Map<number, Counted[]>> {
  const byField = new Map<number, Counted[]>(fields.map((field) => [field.id, []]));
  if (fields.length === 0) return byField;
  const { from, where } = facetFrom(dialect, filter);
  const { rows } = await sql<Counted & { field_id: number | string }>`select s.field_id, s.value, count(*) as n
    from ${from} cross join product_specs s
    where s.product_id = p.id and s.field_id in (${sql.join(fields.map((field) => field.id))}) and ${where}
    group by s.field_id, s.value`.execute(db);
  for (const row of rows) byField.get(Number(row.field_id))?.push(row);
  return byField;
}

/** The facets of a resolved filter, for the filter fields of its category (none without one). */
export async function facetCounts(db: Db, dialect: Dialect, filter: ProductFilter, fields: FacetField[]): Promise<ProductFacets> {
  const chosen = (field: FacetField) => (filter.specs ?? []).some((facet) => facet.fieldIds.includes(field.id));
  // Fields read from the stored counts read them; the unchosen others share one count.
  const shared = fields.filter((field) => !chosen(field) && !storedField(filter, field));
  const [brands, together, ...own] = await Promise.all([
    brandCounts(db, dialect, filter),
    unchosenFieldCounts(db, dialect, filter, shared),
    ...fields.map((field) => (shared.includes(field) ? undefined : fieldCounts(db, dialect, filter, field))),
  ]);
  return {
    brands: ordered(brands.rows),
    specs: fields.map((field, i) => ({
      name: field.name,
      values: ordered(together.get(field.id) ?? own[i]?.rows ?? [], field),
    })),
  };
}
