import type { ProductSpec } from '../../../shared/specs';

/**
 * A product's brand and specifications as its page and the comparison show them, read as optional:
 * a product taken from a list while its own answer loads has neither, and the product answer gains
 * `brand` with the brands' API (none until then, or for a product without one).
 */
export function brandOf(product: object): string | undefined {
  const brand = (product as { brand?: unknown }).brand;
  return typeof brand === 'string' && brand.trim() !== '' ? brand : undefined;
}

export function specsOf(product: object): readonly ProductSpec[] {
  const specs = (product as { specs?: unknown }).specs;
  return Array.isArray(specs) ? (specs as ProductSpec[]) : [];
}
