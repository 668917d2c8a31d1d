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
