import type { ProductOption, ProductVariant } from '../../../../shared/variants';

/**
 * The shopper's choice of a variant on the product page: a value per option, some options perhaps
 * not chosen yet. Pure rules, so the page, its phone bar and the tests read them the same way.
 */
export type Picked = Readonly<Record<string, string>>;

/** A variant can be bought now: its stock is not tracked or some is left. */
export const inStock = (variant: ProductVariant) => variant.stock === null || variant.stock > 0;

/** The first option without a value yet, or undefined when every option has one. */
export function firstUnpicked(options: readonly ProductOption[], picked: Picked): ProductOption | undefined {
  return options.find((option) => !picked[option.name]);
}

/** The variant of a complete choice, or undefined while an option is open or no variant has those values. */
export function variantOf(variants: readonly ProductVariant[], options: readonly ProductOption[], picked: Picked) {
  if (firstUnpicked(options, picked)) return undefined;
  return variants.find((variant) => options.every((option) => variant.options[option.name] === picked[option.name]));
}

/**
 * Whether `value` of `option` can be chosen with the other options' current values: some variant
 * in stock has it and agrees with every other value already chosen. One that cannot reads as sold out.
 */
export function canChoose(
  variants: readonly ProductVariant[],
  options: readonly ProductOption[],
  picked: Picked,
  option: string,
  value: string,
): boolean {
  return variants.some(
    (variant) =>
      inStock(variant) &&
      variant.options[option] === value &&
      options.every((other) => other.name === option || !picked[other.name] || variant.options[other.name] === picked[other.name]),
  );
}

/** The lowest and highest price of the variants (rupees); undefined without variants. */
export function priceRange(variants: readonly ProductVariant[]): { low: number; high: number } | undefined {
  if (variants.length === 0) return undefined;
  const prices = variants.map((variant) => variant.price);
  return { low: Math.min(...prices), high: Math.max(...prices) };
}

/** What a variant's page address names: `?variant=<id>`, digits only. */
export function variantIdFrom(raw: string | null): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}
