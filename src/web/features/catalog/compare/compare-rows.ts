import type { ProductDetail } from '../../../../shared/product-detail';

/**
 * The compare table's specification rows: every specification any of the products has, once,
 * aligned by name (compared without case or outer spaces, as the shop writes the same field the
 * same way in different categories), in the order first met (each product's specifications come in
 * its category's order). A product without a specification has `undefined` in its place.
 */
export interface SpecRow {
  name: string;
  values: (string | undefined)[];
  /** Two or more products are compared and not all show the same thing (a missing value counts). */
  differs: boolean;
}

const nameKey = (name: string) => name.trim().toLowerCase();

export function specRows(products: readonly Pick<ProductDetail, 'specs'>[]): SpecRow[] {
  const names = new Map<string, string>();
  for (const product of products) {
    for (const spec of product.specs) if (!names.has(nameKey(spec.name))) names.set(nameKey(spec.name), spec.name);
  }
  return [...names].map(([key, name]) => {
    const values = products.map((product) => product.specs.find((spec) => nameKey(spec.name) === key)?.value);
    return { name, values, differs: differs(values) };
  });
}

/** True when at least two values are given and they are not all the same (after trimming). */
export function differs(values: readonly (string | null | undefined)[]): boolean {
  if (values.length < 2) return false;
  const shown = values.map((value) => value?.trim() ?? '');
  return shown.some((value) => value !== shown[0]);
}
