import { describe, expect, it } from 'vitest';
import { specsForVariant } from '../../src/web/features/catalog/product-specs.js';

/**
 * The product page's specification table follows the variant chosen: a specification named as an
 * option shows the variant's value of it (the demo iPhone's Storage), the others the product's.
 */
describe('the spec table of a product with variants', () => {
  const specs = [
    { name: 'Storage', value: '256 GB' },
    { name: 'Camera', value: '48 MP' },
    { name: 'colour', value: 'Black' },
  ];
  const options = [
    { name: 'Storage', values: ['128 GB', '256 GB', '512 GB'] },
    { name: 'Colour', values: ['Black', 'Blue'] },
  ];

  it('shows the chosen variant’s option values where a spec has the option’s name (in any case)', () => {
    expect(specsForVariant(specs, options, { options: { Storage: '128 GB', Colour: 'Blue' } })).toEqual([
      { name: 'Storage', value: '128 GB' },
      { name: 'Camera', value: '48 MP' },
      { name: 'colour', value: 'Blue' },
    ]);
  });

  it('lists the option’s values until a variant is chosen, and leaves a product without options as it is', () => {
    expect(specsForVariant(specs, options, undefined).map((spec) => spec.value)).toEqual([
      '128 GB, 256 GB, 512 GB',
      '48 MP',
      'Black, Blue',
    ]);
    expect(specsForVariant(specs, [], undefined)).toEqual(specs);
  });
});
