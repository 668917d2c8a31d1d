import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../src/shared/catalog.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, makeImage } from '../helpers/catalog.js';

type Facets = NonNullable<ProductPage['facets']>;

/**
 * The list's facet filters (brand, spec.<Field>) and its facets' counts: any value of one facet,
 * every facet; a facet's own selection does not shrink its own counts; the stored counts
 * (category alone) agree with counting, through archive, restore, and brand and value changes.
 */
describe('product list facets', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let catalog: CatalogService;
  const ids = new Map<string, number>();

  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: admin });
  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  const page = async (query: string): Promise<ProductPage> => {
    const res = await get(query);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json<ProductPage>();
  };
  const names = async (query: string) => (await page(query)).products.map((product) => product.name).sort();
  const facetsOf = async (query: string): Promise<Facets> => {
    const body = await page(`${query}&facets=1`);
    expect(body.facets).toBeDefined();
    return body.facets!;
  };
  const counts = (values: { value: string; count: number }[]) => Object.fromEntries(values.map((v) => [v.value, v.count]));
  const spec = (facets: Facets, name: string) => counts(facets.specs.find((s) => s.name === name)?.values ?? []);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = bearer(await adminToken(t));
    catalog = new CatalogService(t.app.ctx);
    const laptops = (await catalog.createCategory('Laptops')).category.id;
    const gaming = await catalog.createSubCategory(laptops, 'Gaming Laptops');
    const mobiles = (await catalog.createCategory('Mobiles')).category.id;
    for (const name of ['Asus', 'Dell', 'Lenovo', 'Samsung']) await catalog.specs.createBrand(name);
    await catalog.specs.createField(laptops, { name: 'RAM', kind: 'number', unit: 'GB', isFilter: true });
    await catalog.specs.createField(laptops, {
      name: 'GPU',
      kind: 'choice',
      choices: ['Integrated', 'RTX 4060'],
      isFilter: true,
    });
    await catalog.specs.createField(laptops, { name: 'Colour', kind: 'text' });
    await catalog.specs.createField(mobiles, { name: 'RAM', kind: 'number', unit: 'GB', isFilter: true });
    const image = await catalog.storeImage(await makeImage());
    const rows: [string, number, number | undefined, string, number, string, number][] = [
      // name, category, subcategory, brand, RAM, GPU, price (rupees)
      ['Asus TUF', laptops, gaming.id, 'Asus', 16, 'RTX 4060', 150_000],
      ['Asus Vivobook', laptops, undefined, 'Asus', 8, 'Integrated', 70_000],
      ['Asus Zenbook', laptops, undefined, 'Asus', 16, 'Integrated', 120_000],
      ['Dell G15', laptops, gaming.id, 'Dell', 16, 'RTX 4060', 160_000],
      ['Dell Inspiron', laptops, undefined, 'Dell', 8, 'Integrated', 65_000],
      ['Lenovo Legion', laptops, gaming.id, 'Lenovo', 32, 'RTX 4060', 250_000],
    ];
    const created = await catalog.insertProductsBulk(
      rows.map(([name, categoryId, subCategoryId, , , , price]) => ({
        name,
        description: 'A laptop',
        pricePaisa: price * 100,
        categoryId,
        ...(subCategoryId ? { subCategoryId } : {}),
        imageBaseNames: [image],
      })),
    );
    for (const [i, [name, , , brand, ram, gpu]] of rows.entries()) {
      ids.set(name, created[i]!);
      const res = await put(`/api/products/${created[i]}/specs`, { brand, specs: { RAM: ram, GPU: gpu, Colour: 'Black' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [phone] = await catalog.insertProductsBulk([
      { name: 'Galaxy A55', description: 'A phone', pricePaisa: 5_000_000, categoryId: mobiles, imageBaseNames: [image] },
    ]);
    ids.set('Galaxy A55', phone!);
    await put(`/api/products/${phone}/specs`, { brand: 'Samsung', specs: { RAM: 8 } });
  });
  afterAll(async () => t.close());

  it('filters by brands (any of them) and by spec values (any of one facet, every facet)', async () => {
    expect(await names('category=Laptops&brand=asus,Lenovo&page=1')).toEqual([
      'Asus TUF',
      'Asus Vivobook',
      'Asus Zenbook',
      'Lenovo Legion',
    ]);
    expect(await names('category=Laptops&spec.RAM=16%20GB,32%20GB&page=1')).toEqual([
      'Asus TUF',
      'Asus Zenbook',
      'Dell G15',
      'Lenovo Legion',
    ]);
    expect(await names('category=Laptops&spec.RAM=16%20GB&spec.RAM=32%20GB&page=1')).toEqual([
      'Asus TUF',
      'Asus Zenbook',
      'Dell G15',
      'Lenovo Legion',
    ]);
    expect(await names('category=Laptops&brand=Asus&spec.RAM=16%20GB&spec.GPU=Integrated&page=1')).toEqual(['Asus Zenbook']);
    expect((await page('category=Laptops&brand=Asus&spec.RAM=16%20GB&page=1')).total).toBe(2);
    // A spec name without a category: the fields of that name in every category.
    expect(await names('spec.RAM=8%20GB&page=1')).toEqual(['Asus Vivobook', 'Dell Inspiron', 'Galaxy A55']);
    // Names that match nothing list nothing.
    expect((await page('brand=Nokia&page=1')).total).toBe(0);
    expect((await page('category=Laptops&spec.Weight=2%20kg&page=1')).total).toBe(0);
    // The plain list filters too.
    const plain = await get('category=Laptops&brand=Dell');
    expect(
      plain
        .json<{ name: string }[]>()
        .map((product: { name: string }) => product.name)
        .sort(),
    ).toEqual(['Dell G15', 'Dell Inspiron']);
  });

  it("counts each facet without its own selection, and only the category's filter fields", async () => {
    const all = await facetsOf('category=Laptops');
    expect(counts(all.brands)).toEqual({ Asus: 3, Dell: 2, Lenovo: 1 });
    expect(all.specs.map((s) => s.name)).toEqual(['RAM', 'GPU']);
    expect(all.specs[0]!.values).toEqual([
      { value: '8 GB', count: 2 },
      { value: '16 GB', count: 3 },
      { value: '32 GB', count: 1 },
    ]);
    expect(spec(all, 'GPU')).toEqual({ Integrated: 3, 'RTX 4060': 3 });

    const chosen = await facetsOf('category=Laptops&brand=Asus&spec.RAM=16%20GB');
    // Brands: counted with RAM = 16 GB, not with the brand chosen.
    expect(counts(chosen.brands)).toEqual({ Asus: 2, Dell: 1 });
    // RAM: counted with Asus, not with the RAM chosen.
    expect(spec(chosen, 'RAM')).toEqual({ '8 GB': 1, '16 GB': 2 });
    // GPU: counted with both.
    expect(spec(chosen, 'GPU')).toEqual({ Integrated: 1, 'RTX 4060': 1 });

    const sub = await facetsOf('category=Laptops&subcategory=Gaming%20Laptops&maxPrice=200000');
    expect(counts(sub.brands)).toEqual({ Asus: 1, Dell: 1 });
    expect(spec(sub, 'RAM')).toEqual({ '16 GB': 2 });

    const searched = await facetsOf('category=Laptops&q=asus');
    expect(counts(searched.brands)).toEqual({ Asus: 3 });
    expect(spec(searched, 'GPU')).toEqual({ Integrated: 2, 'RTX 4060': 1 });

    // Without a category: brands of the whole catalogue, no spec facets.
    const everything = await facetsOf('page=1');
    expect(counts(everything.brands)).toEqual({ Asus: 3, Dell: 2, Lenovo: 1, Samsung: 1 });
    expect(everything.specs).toEqual([]);
  });

  it('answers the page with facets=1 alone, and without facets otherwise', async () => {
    const body = (await get('category=Laptops&facets=1')).json();
    expect(body).toMatchObject({ total: 6, page: 1 });
    expect(body.facets.brands.length).toBe(3);
    expect((await page('category=Laptops&page=1')).facets).toBeUndefined();
    expect(Array.isArray((await get('category=Laptops&facets=0')).json())).toBe(true);
  });

  it('keeps the stored counts true through archive, restore, a new brand and changed values', async () => {
    const stored = () => facetsOf('category=Laptops');
    const counted = () => facetsOf('category=Laptops&minPrice=1');
    const same = async () => {
      const [a, b] = await Promise.all([stored(), counted()]);
      expect(a).toEqual(b);
      return a;
    };
    await same();
    await catalog.deleteProduct(ids.get('Asus TUF')!);
    let now = await same();
    expect(counts(now.brands)).toEqual({ Asus: 2, Dell: 2, Lenovo: 1 });
    expect(spec(now, 'GPU')).toEqual({ Integrated: 3, 'RTX 4060': 2 });
    await catalog.restoreProduct(ids.get('Asus TUF')!);
    await put(`/api/products/${ids.get('Dell G15')}/specs`, { brand: 'Lenovo', specs: { RAM: '32', GPU: null } });
    now = await same();
    expect(counts(now.brands)).toEqual({ Asus: 3, Dell: 1, Lenovo: 2 });
    expect(spec(now, 'RAM')).toEqual({ '8 GB': 2, '16 GB': 2, '32 GB': 2 });
    expect(spec(now, 'GPU')).toEqual({ Integrated: 3, 'RTX 4060': 2 });
    await put(`/api/products/${ids.get('Dell G15')}/specs`, { brand: 'Dell', specs: { RAM: 16, GPU: 'RTX 4060' } });
    await same();
  });

  it('keeps the counts of a brand and a value chosen true through archive, a new brand and changed values', async () => {
    // Brands with one value chosen and values with brands chosen are read from stored counts; with a
    // price bound too they are counted over the products: both must agree after every write.
    const lists = ['brand=Asus', 'brand=Asus,Dell', 'spec.RAM=16%20GB', 'spec.GPU=RTX%204060', 'brand=Dell&spec.RAM=16%20GB'];
    const same = async () => {
      for (const list of lists) {
        const [stored, counted] = await Promise.all([
          facetsOf(`category=Laptops&${list}`),
          facetsOf(`category=Laptops&${list}&minPrice=1`),
        ]);
        expect(stored, list).toEqual(counted);
      }
      return facetsOf('category=Laptops&brand=Dell&spec.RAM=16%20GB');
    };
    let now = await same();
    expect(counts(now.brands)).toEqual({ Asus: 2, Dell: 1 });
    expect(spec(now, 'RAM')).toEqual({ '8 GB': 1, '16 GB': 1 });
    await catalog.deleteProduct(ids.get('Asus Zenbook')!);
    now = await same();
    expect(counts(now.brands)).toEqual({ Asus: 1, Dell: 1 });
    await put(`/api/products/${ids.get('Dell Inspiron')}/specs`, { brand: 'Dell', specs: { RAM: 16, GPU: 'Integrated' } });
    now = await same();
    expect(spec(now, 'RAM')).toEqual({ '16 GB': 2 });
    await put(`/api/products/${ids.get('Asus TUF')}/specs`, { brand: 'Dell', specs: { RAM: 16, GPU: 'RTX 4060' } });
    now = await same();
    expect(counts(now.brands)).toEqual({ Dell: 3 });
    await put(`/api/products/${ids.get('Asus TUF')}/specs`, { brand: 'Asus', specs: { RAM: 16, GPU: 'RTX 4060' } });
    await put(`/api/products/${ids.get('Dell Inspiron')}/specs`, { brand: 'Dell', specs: { RAM: 8, GPU: 'Integrated' } });
    await catalog.restoreProduct(ids.get('Asus Zenbook')!);
    now = await same();
    expect(counts(now.brands)).toEqual({ Asus: 2, Dell: 1 });
    expect(spec(now, 'GPU')).toEqual({ 'RTX 4060': 1 });
  });

  it.each([
    [
      `brand=${Array.from({ length: 51 }, (_, i) => `b${i}`).join(',')}`,
      'brand',
      'At most 50 values can be chosen in one filter',
    ],
    [`brand=${'x'.repeat(101)}`, 'brand', 'A filter value must be at most 100 characters'],
    [`spec.RAM=${'x'.repeat(101)}`, 'spec.RAM', 'A filter value must be at most 100 characters'],
    [
      `spec.RAM=${Array.from({ length: 51 }, (_, i) => i).join(',')}`,
      'spec.RAM',
      'At most 50 values can be chosen in one filter',
    ],
    [`brand=${'ab,'.repeat(700)}`, 'brand', 'A filter must be at most 2000 characters'],
    [
      Array.from({ length: 11 }, (_, i) => `spec.F${i}=1`).join('&'),
      'spec',
      'At most 10 specification filters can be used at once',
    ],
    ['facets=yes', 'facets', 'facets must be true or false'],
  ])('refuses %s with a field error', async (query, field, message) => {
    const res = await get(`category=Laptops&${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });
});
