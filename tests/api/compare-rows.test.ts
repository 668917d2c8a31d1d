import { describe, expect, it } from 'vitest';
import { readCompareIds } from '../../src/shared/compare.js';
import { differs, specRows } from '../../src/web/features/catalog/compare/compare-rows.js';

/** The compare page's rows (aligned by specification name, differences found) and its lenient reading of ids. */
describe('the compare table’s rows', () => {
  const laptop = (specs: Record<string, string>) => ({ specs: Object.entries(specs).map(([name, value]) => ({ name, value })) });

  it('align every specification by name, in the order first met, with a gap where a product has none', () => {
    const rows = specRows([
      laptop({ RAM: '16 GB', Processor: 'Ryzen 7' }),
      laptop({ ram: '16 GB', Display: '15.6"' }),
      laptop({}),
    ]);
    expect(rows).toEqual([
      { name: 'RAM', values: ['16 GB', '16 GB', undefined], differs: true },
      { name: 'Processor', values: ['Ryzen 7', undefined, undefined], differs: true },
      { name: 'Display', values: [undefined, '15.6"', undefined], differs: true },
    ]);
  });

  it('mark a row as differing only when two or more products show different things', () => {
    expect(specRows([laptop({ RAM: '16 GB' }), laptop({ RAM: ' 16 GB ' })])[0]!.differs).toBe(false);
    expect(specRows([laptop({ RAM: '16 GB' })])[0]!.differs).toBe(false);
    expect(differs(['Rs. 1,000', 'Rs. 1,200'])).toBe(true);
    expect(differs(['Asus', undefined])).toBe(true);
    expect(differs([undefined, null])).toBe(false);
  });
});

describe('the ids of a compare address', () => {
  it('keep the first four distinct product ids and leave out anything else', () => {
    expect(readCompareIds('3, 1,x,3,,0,-2,7,9,11')).toEqual([3, 1, 7, 9]);
    expect(readCompareIds('2147483648,5')).toEqual([5]);
    expect(readCompareIds(null)).toEqual([]);
  });
});
