import type { SpecFieldCreate, SpecValues } from '../../../../shared/specs.js';
import type { CatalogService } from '../service.js';
import { liveProductsNamed } from '../specs/queries.js';
import { DEMO_PRODUCTS } from './demo-data.js';

/**
 * The demo catalogue's brands and specifications: the brands of its products (a product's brand
 * is the brand its name begins with), the specification fields of Laptops and Smartphones, and
 * those products' values, so the list's brand and spec filters have something to show.
 */

export const DEMO_BRANDS = [
  'Acer', 'Anker', 'Apple', 'ASUS', 'Baseus', 'Belkin', 'boAt', 'Corsair', 'Dell', 'Fantech', 'Gigabyte', 'HP', 'HyperX',
  'Intel', 'JBL', 'Keychron', 'Kingston', 'Lenovo', 'Logitech', 'Marshall', 'Microsoft', 'MSI', 'Nintendo', 'NVIDIA',
  'OnePlus', 'Redragon', 'Samsung', 'Sony', 'Ugreen', 'WD', 'Xiaomi', 'AMD',
]; // prettier-ignore

const LAPTOP_FIELDS: SpecFieldCreate[] = [
  { name: 'Processor', kind: 'text', isFilter: true },
  { name: 'RAM', kind: 'number', unit: 'GB', isFilter: true },
  { name: 'Storage', kind: 'number', unit: 'GB', isFilter: true },
  { name: 'Screen', kind: 'number', unit: 'inches', isFilter: true },
  { name: 'GPU', kind: 'text', isFilter: true },
];

const PHONE_FIELDS: SpecFieldCreate[] = [
  { name: 'RAM', kind: 'number', unit: 'GB', isFilter: true },
  { name: 'Storage', kind: 'number', unit: 'GB', isFilter: true },
  { name: 'Battery', kind: 'number', unit: 'mAh', isFilter: false },
  { name: 'Camera', kind: 'number', unit: 'MP', isFilter: false },
];

/** Laptops: Processor, RAM, Storage, Screen, GPU. */
const laptop = (Processor: string, RAM: number, Storage: number, Screen: number, GPU: string): SpecValues => ({
  Processor,
  RAM,
  Storage,
  Screen,
  GPU,
});
/** Smartphones: RAM, Storage, Battery, Camera. */
const phone = (RAM: number, Storage: number, Battery: number, Camera: number): SpecValues => ({ RAM, Storage, Battery, Camera });

export const DEMO_SPECS: Record<string, SpecValues> = {
  'ASUS ROG Strix G16 (RTX 4070, i9-14900HX)': laptop('Intel Core i9-14900HX', 16, 1024, 16, 'NVIDIA RTX 4070'),
  'Lenovo Legion 5i Gen 9 (RTX 4060)': laptop('Intel Core i7-14650HX', 16, 1024, 16, 'NVIDIA RTX 4060'),
  'Acer Nitro V 15 (RTX 3050, i5-13420H)': laptop('Intel Core i5-13420H', 8, 512, 15.6, 'NVIDIA RTX 3050'),
  'HP Victus 15 (Ryzen 5 7535HS, RTX 2050)': laptop('AMD Ryzen 5 7535HS', 8, 512, 15.6, 'NVIDIA RTX 2050'),
  'Apple MacBook Air 13" M3 (8 GB / 256 GB)': laptop('Apple M3', 8, 256, 13.6, 'Integrated'),
  'Dell XPS 13 9340 (Core Ultra 7)': laptop('Intel Core Ultra 7 155H', 16, 512, 13.4, 'Integrated'),
  'Acer Swift Go 14 OLED (Core i5-13500H)': laptop('Intel Core i5-13500H', 16, 512, 14, 'Integrated'),
  'Lenovo IdeaPad Slim 3 (Core i3-1215U)': laptop('Intel Core i3-1215U', 8, 512, 15.6, 'Integrated'),
  'Acer Aspire 3 (Ryzen 3 7320U)': laptop('AMD Ryzen 3 7320U', 8, 256, 15.6, 'Integrated'),
  'ASUS Vivobook Go 15 (Celeron N4500)': laptop('Intel Celeron N4500', 4, 256, 15.6, 'Integrated'),
  'Apple iPhone 16 Pro Max (256 GB)': phone(8, 256, 4685, 48),
  'Apple iPhone 15 (128 GB)': phone(6, 128, 3349, 48),
  'Apple iPhone 13 (128 GB)': phone(4, 128, 3240, 12),
  'Samsung Galaxy S24 Ultra (12/256 GB)': phone(12, 256, 5000, 200),
  'Samsung Galaxy S24 FE (8/256 GB)': phone(8, 256, 4700, 50),
  'Samsung Galaxy A35 5G (8/128 GB)': phone(8, 128, 5000, 50),
  'Samsung Galaxy A15 (6/128 GB)': phone(6, 128, 5000, 50),
  'Xiaomi Redmi Note 13 Pro (8/256 GB)': phone(8, 256, 5100, 200),
  'Xiaomi Redmi 13C (4/128 GB)': phone(4, 128, 5000, 50),
  'Xiaomi Redmi A3 (3/64 GB)': phone(3, 64, 5000, 8),
  'OnePlus 12R (16/256 GB)': phone(16, 256, 5500, 50),
  'OnePlus Nord CE4 Lite 5G (8/256 GB)': phone(8, 256, 5110, 50),
};

/** The brand a demo product's name begins with (compared without case), if any. */
export function demoBrandOf(name: string): string | undefined {
  const first = name.split(/\s/)[0]!.toLowerCase();
  return DEMO_BRANDS.find((brand) => brand.toLowerCase() === first);
}

/** Adds the demo brands, the two categories' fields and the demo products' brands and values. */
export async function seedDemoSpecs(catalog: CatalogService): Promise<void> {
  for (const brand of DEMO_BRANDS) await catalog.specs.createBrand(brand);
  const tree = await catalog.tree();
  for (const [category, fields] of [
    ['Laptops', LAPTOP_FIELDS],
    ['Smartphones', PHONE_FIELDS],
  ] as const) {
    const categoryId = tree.find((node) => node.name === category)?.id;
    if (categoryId === undefined) continue;
    for (const field of fields) await catalog.specs.createField(categoryId, field);
  }
  const products = await liveProductsNamed(
    catalog.specs.db,
    DEMO_PRODUCTS.map((product) => product.name),
  );
  for (const product of products) {
    const brand = demoBrandOf(product.name);
    const specs = DEMO_SPECS[product.name];
    if (brand || specs) await catalog.specs.updateProductSpecs(Number(product.id), { brand: brand ?? null, specs: specs ?? {} });
  }
}
