import { rawHtml } from './support/api.js';
import { describe, expect, test } from './support/fixtures.js';

describe('the HTML the server sends', () => {
  test('the home page carries its title and Open Graph tags before any script runs', async () => {
    const html = await rawHtml('/');
    expect(html).toMatch(/<title>[^<]*Pasal[^<]*<\/title>/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(html).toMatch(/<meta property="og:title" content="[^"]*Pasal[^"]*">/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]{20,}">/);
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toMatch(/<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/">/);
    expect(html).toContain('<meta property="og:site_name" content="Pasal">');
    // The page itself is in the HTML too (server-render.e2e.test.ts).
    expect(html).not.toContain('<div id="root"></div>');
  });

  test('each static page has its own title', async () => {
    expect(await rawHtml('/about')).toMatch(/<title>About Us \| Pasal<\/title>/);
    expect(await rawHtml('/privacy-policy')).toMatch(/<title>Privacy Policy \| Pasal<\/title>/);
    expect(await rawHtml('/terms-and-conditions')).toMatch(/<title>Terms and Conditions \| Pasal<\/title>/);
  });

  test('the browser sees the same title', async ({ page }) => {
    await page.goto('/about');
    expect(await page.title()).toBe('About Us | Pasal');
  });
});
