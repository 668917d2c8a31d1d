/**
 * Variants of a few demo products (seed-demo.ts calls this once the demo products exist): phones
 * by storage and colour, laptops by memory and SSD. Each product's cheapest variant costs what
 * the product did and its variants' stock adds up to the product's, so the demo's price ranges
 * and stock stay as DEMO_PRODUCTS says. A colour shows one of the product's pictures. Written
 * through the variants service like the owner's own.
 */
import { parseImages } from '../../../../shared/catalog.js';
import { type ProductVariantsInput, productVariantsInputSchema } from '../../../../shared/variants.js';
import type { AppContext } from '../../../context.js';
import type { CatalogService } from '../service.js';
import { liveProductIdsByName } from './queries.js';

interface DemoVariant {
  /** A value of each option, in option order. */
  values: string[];
  /** Rupees. */
  price: number;
  /** Absent: not tracked. */
  stock?: number;
  sku: string;
}

interface DemoVariants {
  product: string;
  options: { name: string; values: string[] }[];
  /** The option whose values each show one of the product's pictures (a colour). */
  pictured?: string;
  variants: DemoVariant[];
}

export const DEMO_VARIANTS: DemoVariants[] = [
  {
    product: 'Apple iPhone 16 Pro Max (256 GB)',
    options: [
      { name: 'Storage', values: ['256 GB', '512 GB', '1 TB'] },
      { name: 'Colour', values: ['Desert Titanium', 'Black Titanium'] },
    ],
    pictured: 'Colour',
    variants: [
      { values: ['256 GB', 'Desert Titanium'], price: 224_900, stock: 1, sku: 'IP16PM-256-DES' },
      { values: ['256 GB', 'Black Titanium'], price: 224_900, stock: 1, sku: 'IP16PM-256-BLK' },
      { values: ['512 GB', 'Desert Titanium'], price: 259_900, stock: 1, sku: 'IP16PM-512-DES' },
      { values: ['512 GB', 'Black Titanium'], price: 259_900, stock: 0, sku: 'IP16PM-512-BLK' },
      { values: ['1 TB', 'Black Titanium'], price: 294_900, stock: 0, sku: 'IP16PM-1TB-BLK' },
    ],
  },
  {
    product: 'Samsung Galaxy S24 Ultra (12/256 GB)',
    options: [
      { name: 'Storage', values: ['12/256 GB', '12/512 GB'] },
      { name: 'Colour', values: ['Titanium Black', 'Titanium Gray', 'Titanium Violet'] },
    ],
    pictured: 'Colour',
    variants: [
      { values: ['12/256 GB', 'Titanium Black'], price: 189_999, sku: 'S24U-256-BLK' },
      { values: ['12/256 GB', 'Titanium Gray'], price: 189_999, sku: 'S24U-256-GRY' },
      { values: ['12/256 GB', 'Titanium Violet'], price: 189_999, sku: 'S24U-256-VIO' },
      { values: ['12/512 GB', 'Titanium Black'], price: 209_999, sku: 'S24U-512-BLK' },
      { values: ['12/512 GB', 'Titanium Gray'], price: 209_999, sku: 'S24U-512-GRY' },
    ],
  },
  {
    product: 'Xiaomi Redmi Note 13 Pro (8/256 GB)',
    options: [
      { name: 'Storage', values: ['8/256 GB', '12/512 GB'] },
      { name: 'Colour', values: ['Midnight Black', 'Aurora Purple', 'Ocean Teal'] },
    ],
    pictured: 'Colour',
    variants: [
      { values: ['8/256 GB', 'Midnight Black'], price: 39_999, sku: 'RN13P-256-BLK' },
      { values: ['8/256 GB', 'Aurora Purple'], price: 39_999, sku: 'RN13P-256-PUR' },
      { values: ['8/256 GB', 'Ocean Teal'], price: 39_999, sku: 'RN13P-256-TEA' },
      { values: ['12/512 GB', 'Midnight Black'], price: 46_999, sku: 'RN13P-512-BLK' },
    ],
  },
  {
    product: 'Apple MacBook Air 13" M3 (8 GB / 256 GB)',
    options: [
      { name: 'Memory', values: ['8 GB', '16 GB'] },
      { name: 'SSD', values: ['256 GB', '512 GB'] },
    ],
    variants: [
      { values: ['8 GB', '256 GB'], price: 164_900, stock: 4, sku: 'MBA13M3-8-256' },
      { values: ['8 GB', '512 GB'], price: 194_900, stock: 2, sku: 'MBA13M3-8-512' },
      { values: ['16 GB', '256 GB'], price: 194_900, stock: 1, sku: 'MBA13M3-16-256' },
      { values: ['16 GB', '512 GB'], price: 224_900, stock: 1, sku: 'MBA13M3-16-512' },
    ],
  },
  {
    product: 'Lenovo Legion 5i Gen 9 (RTX 4060)',
    options: [
      { name: 'RAM', values: ['16 GB', '32 GB'] },
      { name: 'SSD', values: ['1 TB', '2 TB'] },
    ],
    variants: [
      { values: ['16 GB', '1 TB'], price: 214_999, stock: 3, sku: 'LEG5I-16-1TB' },
      { values: ['16 GB', '2 TB'], price: 229_999, stock: 1, sku: 'LEG5I-16-2TB' },
      { values: ['32 GB', '1 TB'], price: 234_999, stock: 2, sku: 'LEG5I-32-1TB' },
      { values: ['32 GB', '2 TB'], price: 249_999, stock: 0, sku: 'LEG5I-32-2TB' },
    ],
  },
];

/** Gives the demo products of DEMO_VARIANTS their options and variants; returns how many variants. */
export async function seedDemoVariants(ctx: AppContext, catalog: CatalogService): Promise<number> {
  const ids = await liveProductIdsByName(
    ctx.db,
    DEMO_VARIANTS.map((entry) => entry.product),
  );
  let count = 0;
  for (const entry of DEMO_VARIANTS) {
    const id = ids.get(entry.product);
    if (id === undefined) throw new Error(`Demo variants name a product that is not in the demo: "${entry.product}"`);
    const pictures = parseImages((await catalog.getProduct(id)).images);
    const pictured = entry.options.find((option) => option.name === entry.pictured);
    const body: ProductVariantsInput = {
      options: entry.options,
      variants: entry.variants.map((variant) => {
        const at = pictured ? pictured.values.indexOf(variant.values[entry.options.indexOf(pictured)]!) : -1;
        return {
          sku: variant.sku,
          options: Object.fromEntries(entry.options.map((option, index) => [option.name, variant.values[index]!])),
          price: variant.price,
          stock: variant.stock ?? null,
          images: at >= 0 && pictures.length > 0 ? [pictures[at % pictures.length]!] : [],
        };
      }),
    };
    await catalog.variants.replace(id, productVariantsInputSchema.parse(body));
    count += entry.variants.length;
  }
  return count;
}
