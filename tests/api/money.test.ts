import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaisa, formatPrice, groupDigits } from '../../src/shared/money.js';

// The written-out en-IN grouping (src/shared/money.ts) against the engine's own Intl formatting.
const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const rupeesAndPaisa = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intlPrice = (paisa: number) => `Rs. ${(paisa % 100 === 0 ? wholeRupees : rupeesAndPaisa).format(paisa / 100)}`;

describe('money formatting', () => {
  it('groups digits the Nepali way', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(123456)).toBe('1,23,456');
    expect(groupDigits(12345678)).toBe('1,23,45,678');
    expect(groupDigits(-1234567)).toBe('-12,34,567');
  });

  it('writes prices as the shop shows them: Rs., Indian digit grouping, two decimals when not whole', () => {
    expect(formatPrice(164900)).toBe('Rs. 1,64,900');
    expect(formatPrice(1234.5)).toBe('Rs. 1,234.50');
    expect(formatPrice(0.1 + 0.2)).toBe('Rs. 0.30');
    expect(formatPrice(7.05)).toBe('Rs. 7.05');
    expect(formatPaisa(12345605)).toBe('Rs. 1,23,456.05');
  });

  it('writes amounts that are not numbers as Intl did', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(formatPrice(bad)).toBe(`Rs. ${wholeRupees.format(bad)}`);
    }
  });

  it('agrees with Intl en-IN for any amount in paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (paisa) => {
        expect(formatPaisa(paisa)).toBe(intlPrice(paisa));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with Intl en-IN for any whole count', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString('en-IN'));
      }),
      { numRuns: 2000 },
    );
  });
});
