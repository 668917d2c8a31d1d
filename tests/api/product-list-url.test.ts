import { describe, expect, it } from 'vitest';
import { apiQuery, readFilters, writeFilters } from '../../src/shared/product-list.js';
import { readPriceInput } from '../../src/web/features/catalog/filters.js';

/**
 * The /products URL's own price bounds: minPrice/maxPrice in whole rupees, read, written
 * and sent to GET /api/products, replacing the filter's fixed price range; and the drawer's reading of a typed price.
 */

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('own price bounds in the URL', () => {
  it('are read, written back and sent to the API as they are, above Rs. 1,00,000 too', () => {
    const filters = read('minPrice=150000&maxPrice=250000');
    expect(filters).toMatchObject({ minPrice: 150000, maxPrice: 250000, price: { id: 'all' } });
    expect(writeFilters(filters).toString()).toBe('minPrice=150000&maxPrice=250000');
    const api = new URLSearchParams(apiQuery(filters));
    expect([api.get('minPrice'), api.get('maxPrice')]).toEqual(['150000', '250000']);
  });

  it('may be one bound alone', () => {
    const filters = read('minPrice=100000');
    expect(filters.maxPrice).toBeUndefined();
    const api = new URLSearchParams(apiQuery(filters));
    expect([api.get('minPrice'), api.get('maxPrice')]).toEqual(['100000', null]);
  });

  it('replace a range given with them', () => {
    const filters = read('price=0-5000&maxPrice=300000');
    expect(filters.price.id).toBe('all');
    expect(writeFilters(filters).toString()).toBe('maxPrice=300000');
    expect(new URLSearchParams(apiQuery(filters)).get('minPrice')).toBeNull();
  });

  it('are ignored when not whole numbers, or when min is above max (a link never fails the list)', () => {
    expect(read('minPrice=abc&maxPrice=5000')).toMatchObject({ minPrice: undefined, maxPrice: 5000 });
    expect(read('minPrice=-5&maxPrice=1.5')).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    const swapped = read('minPrice=9000&maxPrice=100&price=0-5000');
    expect(swapped).toMatchObject({ minPrice: undefined, maxPrice: undefined, price: { id: '0-5000' } });
  });

  it('leave a range alone when absent', () => {
    const api = new URLSearchParams(apiQuery(read('price=50000-100000')));
    expect([api.get('minPrice'), api.get('maxPrice')]).toEqual(['50000', '100000']);
  });
});

describe('a price typed in the drawer', () => {
  it('reads digits, lakh commas, spaces and Nepali digits as whole rupees', () => {
    expect(readPriceInput('150000')).toBe(150000);
    expect(readPriceInput(' 1,50,000 ')).toBe(150000);
    expect(readPriceInput('१,५०,०००')).toBe(150000);
    expect(readPriceInput('')).toBeUndefined();
    expect(readPriceInput('  ')).toBeUndefined();
  });

  it('refuses anything else', () => {
    for (const text of ['abc', '-5', '1.5', '1e6', 'Rs. 500', '1234567890123']) {
      expect(readPriceInput(text), text).toBe('invalid');
    }
  });
});

describe('brand and specification filters in the URL', () => {
  it('are read, written back and sent to the API under the same names', () => {
    const filters = read('brand=Asus,%20Dell&spec.RAM=16+GB,8+GB&spec.Processor=Ryzen+7');
    expect(filters.brands).toEqual(['Asus', 'Dell']);
    expect(filters.specs).toEqual([
      { name: 'RAM', values: ['16 GB', '8 GB'] },
      { name: 'Processor', values: ['Ryzen 7'] },
    ]);
    expect(writeFilters(filters).toString()).toBe('brand=Asus%2CDell&spec.RAM=16+GB%2C8+GB&spec.Processor=Ryzen+7');
    const api = new URLSearchParams(apiQuery(filters));
    expect([api.get('brand'), api.get('spec.RAM'), api.get('spec.Processor'), api.get('facets')]).toEqual([
      'Asus,Dell',
      '16 GB,8 GB',
      'Ryzen 7',
      null,
    ]);
    expect(new URLSearchParams(apiQuery(filters, { facets: true })).get('facets')).toBe('1');
  });

  it('leave out empty and repeated values, and a specification without a name or values', () => {
    const filters = read('brand=,Asus,,Asus&spec.=8+GB&spec.RAM=,&spec.Storage=512+GB');
    expect(filters.brands).toEqual(['Asus']);
    expect(filters.specs).toEqual([{ name: 'Storage', values: ['512 GB'] }]);
    expect(read('brand=&q=').brands).toEqual([]);
  });
});
