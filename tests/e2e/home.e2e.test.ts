import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, uploadProduct } from './support/api.js';
import { DESKTOP, PHONE, describe, expect, test } from './support/fixtures.js';
import { eventually, expectHidden, expectPath, expectVisible, pageNow, runClock, runClockUntil } from './support/ui.js';

const HERO_HEADINGS = ['Discover Cutting-Edge Technology', 'Experience Ultimate Performance', 'Upgrade Your Tech Game'];

function hero(page: Page) {
  return page.getByRole('region', { name: 'Featured offers' });
}

/** The heading of the slide on show: the others are hidden from the accessibility tree. */
async function visibleHeroHeadings(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const heading of HERO_HEADINGS) {
    if ((await hero(page).getByRole('heading', { name: heading }).count()) > 0) names.push(heading);
  }
  return names;
}

/** The name of the testimonial on show. */
async function testimonialName(page: Page): Promise<string> {
  const section = page.getByRole('region', { name: 'What Our Customers Say' });
  return ((await section.locator('figcaption span').first().textContent()) ?? '').trim();
}

describe('home page (phone)', () => {
  test('a featured product shows in the strip under the hero, within the first screen and a half', async ({ page }) => {
    const token = await adminToken();
    const name = `Strip Phone ${crypto.randomBytes(3).toString('hex')}`;
    const category = `Strip ${crypto.randomBytes(3).toString('hex')}`;
    expect((await api('POST', '/api/category', { body: { name: category }, token })).status).toBe(201);
    const product = await uploadProduct(token, { name, description: 'A phone for the strip', price: 24999, category }, [
      { png: await drawnPng('#3366cc'), filename: 'strip.png' },
    ]);
    expect((await api('PUT', `/api/products/${product.id}/feature`, { token })).status).toBe(200);
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Featured picks' });
    const card = strip.getByRole('link', { name: new RegExp(name) });
    await expectVisible(card);
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeLessThan(PHONE.height * 1.5);
    // The strip comes right after the hero, before the sections that were there.
    const order = await page
      .locator('main section[aria-labelledby]')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-labelledby')));
    expect(order.indexOf('picks-heading')).toBeLessThan(order.indexOf('featured-products-heading'));
    await card.click();
    await expectPath(page, `/products/${product.id}`);
  });

  test('the hero has three slides, shows the first, and Shop Now leads to /products', async ({ page }) => {
    await page.goto('/');
    await expectVisible(hero(page).getByRole('heading', { name: HERO_HEADINGS[0] }));
    // All three slides are in the page (Swiper may be moving them around for the loop: poll).
    await eventually(
      () => Promise.all(HERO_HEADINGS.map((name) => hero(page).getByRole('heading', { name, includeHidden: true }).count())),
      (counts) => counts.every((count) => count === 1),
      'one heading per slide',
    );
    await eventually(
      () => visibleHeroHeadings(page),
      (names) => names.join() === HERO_HEADINGS[0],
      'only slide 1 on show',
    );
    await hero(page).getByRole('link', { name: 'Shop Now' }).click();
    await expectPath(page, '/products');
  });

  test('clicking the second pagination bar shows Experience Ultimate Performance', async ({ page }) => {
    await page.goto('/');
    await expectVisible(hero(page).getByRole('heading', { name: HERO_HEADINGS[0] }));
    await hero(page).getByRole('button', { name: 'Go to slide 2' }).click();
    await expectVisible(hero(page).getByRole('heading', { name: 'Experience Ultimate Performance' }));
    await eventually(
      () => visibleHeroHeadings(page),
      (names) => names.join() === HERO_HEADINGS[1],
      'only slide 2 on show',
    );
    expect(await hero(page).getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
    await hero(page).getByRole('button', { name: 'Go to slide 3' }).click();
    await expectVisible(hero(page).getByRole('heading', { name: 'Upgrade Your Tech Game' }));
  });

  test('testimonials: next and previous wrap around, dots jump', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'What Our Customers Say' });
    await section.scrollIntoViewIfNeeded();
    const first = await testimonialName(page);
    expect(first).not.toBe('');
    const next = section.getByRole('button', { name: 'Next testimonial' });
    const previous = section.getByRole('button', { name: 'Previous testimonial' });

    await next.click();
    const second = await eventually(
      () => testimonialName(page),
      (name) => name !== first,
      'the next testimonial',
    );
    await next.click();
    const third = await eventually(
      () => testimonialName(page),
      (name) => name !== second,
      'the third testimonial',
    );
    expect(new Set([first, second, third]).size).toBe(3);
    await next.click();
    await eventually(
      () => testimonialName(page),
      (name) => name === first,
      'wrap-around to the first',
    );

    await previous.click();
    await eventually(
      () => testimonialName(page),
      (name) => name === third,
      'wrap-around back to the last',
    );
    await previous.click();
    await eventually(
      () => testimonialName(page),
      (name) => name === second,
      'previous',
    );

    await section.getByRole('button', { name: 'Show testimonial 1' }).click();
    await eventually(
      () => testimonialName(page),
      (name) => name === first,
      'dot 1',
    );
    await section.getByRole('button', { name: 'Show testimonial 3' }).click();
    await eventually(
      () => testimonialName(page),
      (name) => name === third,
      'dot 3',
    );
    expect(await section.getByRole('button', { name: 'Show testimonial 3' }).getAttribute('aria-current')).toBe('true');
    await expectVisible(section.getByRole('img', { name: /Rated [1-5] out of 5/ }));
  });

  test('newsletter: a thank-you for about 3 seconds, then the field is empty; an empty email does nothing', async ({ page }) => {
    // The page's clock is Playwright's: its seconds are run on by the test, not waited out.
    await page.clock.install();
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Subscribe to Our Newsletter' });
    const field = section.getByRole('textbox');
    const subscribe = section.getByRole('button', { name: 'Subscribe' });
    const thanks = section.getByText(/thank you/i);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push(request.url());
    });

    await subscribe.click();
    await runClock(page, 500);
    expect(await thanks.count()).toBe(0);

    await field.fill('reader@example.com');
    await subscribe.click();
    const shownAt = await pageNow(page);
    await expectVisible(thanks);
    expect(await field.inputValue()).toBe('reader@example.com');
    const hiddenAt = await runClockUntil(
      page,
      () => thanks.isHidden(),
      (hidden) => hidden,
      'the thank-you to go',
      6_000,
    );
    const shownFor = hiddenAt - shownAt;
    expect(shownFor).toBeGreaterThan(2_500);
    expect(await field.inputValue()).toBe('');
    expect(requests.filter((url) => /newsletter|subscribe/i.test(url))).toEqual([]);
  });

  test('logged out, the cart drawer asks to log in; the overlay closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expectVisible(cart.getByText('Please login to view cart'));
    await page.getByTestId('cart-overlay').click({ position: { x: 10, y: 400 } });
    await expectHidden(cart);
  });

  test('the menu drawer holds Products, About Us, Cart and Login; the overlay closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expectVisible(menu);
    await expectVisible(menu.getByRole('button', { name: 'Products' }));
    await expectVisible(menu.getByRole('link', { name: 'About Us' }));
    await expectVisible(menu.getByRole('link', { name: 'Login' }));
    await page.getByTestId('menu-overlay').click({ position: { x: 380, y: 400 } });
    await expectHidden(menu);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'About Us' }).click();
    await expectPath(page, '/about');
    await expectHidden(menu);
  });
});

describe('home page (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('promo banners and the four reasons to choose the shop', async ({ page }) => {
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Big Sale on Laptops' }));
    await expectVisible(page.getByRole('heading', { name: 'Latest Tech Gadgets' }));
    for (const tile of ['Energy Efficient', 'Warranty', '24/7 Tech Support', 'Eco-Friendly']) {
      await expectVisible(page.getByRole('heading', { name: tile, exact: true }));
    }
    await page.getByRole('link', { name: 'Explore Now' }).click();
    await expectPath(page, '/products');
  });

  test('the hero pagination works at desktop width too', async ({ page }) => {
    await page.goto('/');
    await hero(page).getByRole('button', { name: 'Go to slide 2' }).click();
    await expectVisible(hero(page).getByRole('heading', { name: 'Experience Ultimate Performance' }));
  });
});
