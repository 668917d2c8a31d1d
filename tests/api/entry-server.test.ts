import { describe, expect, it } from 'vitest';
import { renderPage, renderedAddress } from '../../src/web/entry-server.js';

/**
 * The web client's server renderer itself (src/web/entry-server.tsx, ADR 0007), run from source:
 * which pages it renders, the address it renders them from, and that a render uses the answers it
 * is given and nothing left over from another.
 */
describe('the server renderer', () => {
  it('renders the pages that are the same for everyone, and leaves the rest to the browser', () => {
    for (const url of ['/', '/products', '/products/12', '/about', '/privacy-policy', '/terms-and-conditions']) {
      expect(renderedAddress(url), url).toBe(url);
    }
    for (const url of [
      '/account',
      '/login',
      '/register',
      '/otp-verification',
      '/forgot-password',
      '/admin',
      '/admin/login',
      '/nowhere',
      '//evil.test/',
    ]) {
      expect(renderedAddress(url), url).toBeUndefined();
    }
  });

  it('renders from the address as the page reads it: queries it does not read are left out', () => {
    expect(renderedAddress('/?utm_source=feed')).toBe('/');
    expect(renderedAddress('/products/12?ref=home')).toBe('/products/12');
    expect(renderedAddress('/products?utm_source=feed&sort=price_asc&q=%20zen%20&page=1')).toBe('/products?q=zen&sort=price_asc');
    expect(renderedAddress('/products?category=Laptops&page=2')).toBe('/products?category=Laptops&page=2');
  });

  it('renders a product page from the answer it is given, and the next render from its own', async () => {
    const product = (id: number, name: string) => ({
      id,
      name,
      description: `${name}, the description.`,
      price: 164900,
      stock: 3,
      images: '[]',
      category: 'Laptops',
      subCategory: null,
      childCategory: null,
      isFeatured: false,
      createdAt: '2026-11-21T00:00:00.000Z',
      rating: { average: 4.5, count: 2 },
    });
    const first = await renderPage('/products/7', { '/api/products/7': product(7, 'Zenbook <14>') });
    expect(first).toContain('Zenbook &lt;14&gt;');
    expect(first).toContain('Nrs. 1,64,900');
    // Nothing of the first render's answers is left for the next (a fresh query cache each time).
    const second = await renderPage('/products/7', {});
    expect(second).not.toContain('Zenbook');
    const other = await renderPage('/products/8', { '/api/products/8': product(8, 'ThinkPad X1') });
    expect(other).toContain('ThinkPad X1');
    expect(other).not.toContain('Zenbook');
  });
});
