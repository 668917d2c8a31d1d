import type { ProductSpec } from '../../../shared/specs';

/**
 * A product's brand and specifications as its page and the comparison show them, read as optional:
 * a product shown from a list or an older answer while its own loads may lack them (and a product
 * without a brand has none).
 */
export function brandOf(product: object): string | undefined {
  const brand = (product as { brand?: unknown }).brand;
  return typeof brand === 'string' && brand.trim() !== '' ? brand : undefined;
}

export function specsOf(product: object): readonly ProductSpec[] {
  const specs = (product as { specs?: unknown }).specs;
  return Array.isArray(specs) ? (specs as ProductSpec[]) : [];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The specifications as the product page shows them for the variant chosen: a specification named
 * as one of the product's options (Storage, Colour) is the variant's value of that option, not the
 * one value the product stores for all its variants; until a variant is chosen, the option's
 * values ("128 GB, 256 GB"). The others are the product's.
 */
export function specsForVariant(
  specs: readonly ProductSpec[],
  options: readonly { name: string; values: readonly string[] }[],
  chosen: { options: Readonly<Record<string, string>> } | undefined,
): ProductSpec[] {
  return specs.map((spec) => {
    const option = options.find((item) => sameName(item.name, spec.name));
    if (!option) return spec;
    const value = chosen?.options[option.name];
    return { ...spec, value: value ?? option.values.join(', ') };
  });
}
