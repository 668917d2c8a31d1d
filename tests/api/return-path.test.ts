import { describe, expect, it } from 'vitest';
import { returnPathFrom, safeReturnPath, withReturnPath } from '../../src/web/lib/return-path.js';

/** The page to go back to after login is a path of this shop, never another site. */
describe('safeReturnPath', () => {
  it.each([
    ['/products/12', '/products/12'],
    ['/products?category=Gaming-Consoles&page=2', '/products?category=Gaming-Consoles&page=2'],
    ['/', '/'],
    ['/about#team', '/about#team'],
    ['/account', '/account'],
    ['/products/../about', '/about'],
    // Encoded slashes stay encoded: one path segment of this site, never a second leading slash.
    ['/%2e%2e/%2fevil.example', '/%2fevil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('accepts the same-site path %j', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/products/12',
    '///evil.example',
    'https://evil.example',
    'https://evil.example/products/12',
    'http:evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'products/12',
    'evil.example',
    ' /products/12',
    '',
    `/${'a'.repeat(3000)}`,
    // Dot segments are resolved by the URL parser: each of these would come out as "//evil.example",
    // a link to another host, if the check were made only before normalising.
    '/..//evil.example',
    '/../..//evil.example',
    '/.//evil.example',
    '/products/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/%2e//evil.example',
    // The same with a backslash for the second slash (browsers read it as one), plain or after a dot.
    '/./\\evil.example',
    '/..\\/evil.example',
    '/%2e%2e/\\evil.example',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    for (const raw of [undefined, null, 12, ['/products/12'], { pathname: '/products/12' }])
      expect(safeReturnPath(raw)).toBeUndefined();
  });

  it('refuses the sign-in pages themselves (they would loop)', () => {
    for (const raw of ['/login', '/login/', '/login?next=/products/1', '/register', '/otp-verification', '/forgot-password']) {
      expect(safeReturnPath(raw)).toBeUndefined();
    }
  });
});

describe('returnPathFrom and withReturnPath', () => {
  it('reads ?next= from a search string, validated', () => {
    expect(returnPathFrom('?next=%2Fproducts%2F12')).toBe('/products/12');
    expect(returnPathFrom('?next=/products/12')).toBe('/products/12');
    expect(returnPathFrom('?next=%2F%2Fevil.example')).toBeUndefined();
    expect(returnPathFrom('?next=https%3A%2F%2Fevil.example')).toBeUndefined();
    expect(returnPathFrom('')).toBeUndefined();
  });

  it('writes a link that reads back the same path, or the bare page without one', () => {
    const link = withReturnPath('/login', '/products?category=Gaming&page=2');
    expect(link).toBe('/login?next=%2Fproducts%3Fcategory%3DGaming%26page%3D2');
    expect(returnPathFrom(link.slice(link.indexOf('?')))).toBe('/products?category=Gaming&page=2');
    expect(withReturnPath('/register', undefined)).toBe('/register');
  });
});
