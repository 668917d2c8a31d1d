import { describe, expect, it } from 'vitest';
import { formatBikramSambat, toBikramSambat } from '../../src/shared/bikram-sambat.js';
import { chooseLocale, localeFromAcceptLanguage, toNepaliDigits } from '../../src/shared/locale.js';
import { formatDeliveryFee, formatPaisa, formatPrice } from '../../src/shared/money.js';

describe('the language of a visit', () => {
  it('follows Accept-Language by q-value, the first named breaking ties', () => {
    expect(localeFromAcceptLanguage('ne-NP,ne;q=0.9,en;q=0.8')).toBe('ne');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,ne;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('hi-IN,hi;q=0.9,ne;q=0.5,en;q=0.4')).toBe('ne');
    expect(localeFromAcceptLanguage('en;q=0.5, NE')).toBe('ne');
    expect(localeFromAcceptLanguage('ne;q=0, en')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR,de')).toBeUndefined();
    expect(localeFromAcceptLanguage('')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('takes the address first, then the remembered choice, then the browser', () => {
    expect(chooseLocale({ query: 'ne', cookie: 'en', acceptLanguage: 'en' })).toBe('ne');
    expect(chooseLocale({ query: 'xx', cookie: 'ne', acceptLanguage: 'en' })).toBe('ne');
    expect(chooseLocale({ cookie: 'fr', acceptLanguage: 'ne-NP' })).toBe('ne');
    expect(chooseLocale({})).toBe('en');
  });
});

describe('money and numbers in Nepali', () => {
  it('writes rupees with रू, lakh grouping and Devanagari digits', () => {
    expect(formatPrice(100000, 'ne')).toBe('रू १,००,०००');
    expect(formatPrice(1234.5, 'ne')).toBe('रू १,२३४.५०');
    expect(formatPrice(-1234567, 'ne')).toBe('रू -१२,३४,५६७');
    expect(formatPaisa(99, 'ne')).toBe('रू ०.९९');
    expect(formatDeliveryFee(0, 'ne')).toBe('निःशुल्क');
    expect(formatDeliveryFee(150, 'ne')).toBe('रू १५०');
  });

  it('keeps English as SPEC writes it', () => {
    expect(formatPrice(100000)).toBe('Rs. 1,00,000');
    expect(formatPrice(100000, 'en')).toBe('Rs. 1,00,000');
    expect(formatDeliveryFee(0)).toBe('Free');
  });

  it('matches Intl for Nepali digits', () => {
    expect(toNepaliDigits('1,23,456.78')).toBe(new Intl.NumberFormat('ne-NP', { minimumFractionDigits: 2 }).format(123456.78));
  });
});

describe('Bikram Sambat dates', () => {
  // Known dates: Nepali new years 2081 (13 April 2024) and 2083 (14 April 2026), and 1 January 2000
  // (Poush 17, 2056), from Nepal's official calendar.
  it('converts known dates', () => {
    expect(toBikramSambat(new Date('2024-04-13T06:00:00Z'))).toEqual({ year: 2081, month: 1, day: 1 });
    expect(toBikramSambat(new Date('2026-04-14T06:00:00Z'))).toEqual({ year: 2083, month: 1, day: 1 });
    expect(toBikramSambat(new Date('2000-01-01T06:00:00Z'))).toEqual({ year: 2056, month: 9, day: 17 });
  });

  it('counts the day in Nepal (UTC+5:45), whatever the machine’s time zone', () => {
    // 18:15 UTC on 12 April 2024 is midnight in Kathmandu: the new year has begun there.
    expect(toBikramSambat(new Date('2024-04-12T18:15:00Z'))).toEqual({ year: 2081, month: 1, day: 1 });
    expect(toBikramSambat(new Date('2024-04-12T18:14:59Z'))).toMatchObject({ year: 2080, month: 12 });
  });

  it('writes the date in Nepali', () => {
    expect(formatBikramSambat(new Date('2026-11-26T06:00:00Z'))).toBe('२०८३ मंसिर १०');
    expect(formatBikramSambat(new Date('2000-01-01T06:00:00Z'))).toBe('२०५६ पुस १७');
    expect(formatBikramSambat(new Date('invalid'))).toBe('');
    expect(formatBikramSambat(new Date('1800-01-01T00:00:00Z'))).toBe('');
  });
});
