import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { adminToken, createCategoryTree, drawnPng, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, beforeAll, describe, expect, test } from './support/fixtures.js';
import { eventually, expectHidden, expectVisible } from './support/ui.js';

/**
 * The products list is two compact cards a row on a phone (four on a
 * desktop) whose images fill their square frame; the filter drawer takes the shopper's own minimum
 * and maximum price (past the filter's last fixed range, Rs. 1,00,000), kept in the URL and refused when wrong,
 * and narrows to a subcategory or child category from under its category. The catalogue (one
 * category of five products, a subcategory with two child categories) is made through the admin API.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Cam Shop ${tag}`;
const sub = `Cameras ${tag}`;
const mirrorless = `Mirrorless ${tag}`;
const action = `Action ${tag}`;
const hyphen = (name: string) => name.replace(/\s+/g, '-');

const products = {
  cinema: { name: `Cinema Camera ${tag}`, price: 245000, subCategory: sub, childCategory: mirrorless },
  actionCam: { name: `Action Cam ${tag}`, price: 85000, subCategory: sub, childCategory: action },
  strap: { name: `Camera Strap ${tag}`, price: 1500, stock: 0 },
  cap: { name: `Lens Cap ${tag}`, price: 900, stock: 3 },
  tripod: { name: `Tripod ${tag}`, price: 4500 },
};
const inCategory = `/products?categories=${encodeURIComponent(category)}`;

function card(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

function drawer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Filter by' });
}

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Filter by/ }).click();
  await expectVisible(drawer(page));
  return drawer(page);
}

async function expectCards(page: Page, shown: string[], absent: string[]): Promise<void> {
  for (const name of shown) await expectVisible(card(page, name));
  for (const name of absent) expect(await card(page, name).count(), `${name} is not listed`).toBe(0);
}

/** The list's cards: their boxes, and for each image its object-fit and whether it covers its frame. */
function cardLayout(page: Page) {
  return page.getByRole('article').evaluateAll((articles) =>
    articles.map((article) => {
      const box = article.getBoundingClientRect();
      const img = article.querySelector('img');
      const frame = img?.parentElement?.getBoundingClientRect();
      const drawn = img?.getBoundingClientRect();
      return {
        top: Math.round(box.top),
        height: box.height,
        fit: img ? getComputedStyle(img).objectFit : 'no image',
        loaded: Boolean(img?.complete && img.naturalWidth > 0),
        natural: img ? img.naturalWidth / img.naturalHeight : 0,
        frame: frame ? { width: frame.width, height: frame.height } : null,
        covers:
          Boolean(frame && drawn) && Math.abs(drawn!.width - frame!.width) < 1 && Math.abs(drawn!.height - frame!.height) < 1,
      };
    }),
  );
}

beforeAll(async () => {
  const token = await adminToken();
  await createCategoryTree(token, category, sub, [mirrorless, action]);
  // Landscape pictures (4:3): a card's square frame must crop them, not show grey bars.
  for (const [index, made] of Object.values(products).entries()) {
    await uploadProduct(token, { ...made, description: `${made.name}, made by the shop catalogue browser test.`, category }, [
      { png: await drawnPng(`hsl(${index * 70}, 70%, 50%)`, 640, 480), filename: 'product.png' },
    ]);
  }
});

describe('the product list on a phone', () => {
  test('two compact cards a row, each image covering its square frame', async ({ page }) => {
    await page.goto(inCategory);
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 5,
      'the five products of the category',
    );
    await eventually(
      () => cardLayout(page),
      (cards) => cards.every((item) => item.loaded),
      'every card image loaded',
    );
    const cards = await cardLayout(page);
    expect(cards.filter((item) => item.top === cards[0]!.top)).toHaveLength(2);
    expect(cards[2]!.top).toBeGreaterThan(cards[0]!.top);
    for (const item of cards) {
      expect(item.height, 'a card under 300 px high').toBeLessThan(300);
      expect(item.fit).toBe('cover');
      expect(item.covers, 'the image is drawn over its whole frame').toBe(true);
      expect(item.natural, 'the picture itself is not square').toBeGreaterThan(1.2);
      expect(Math.abs(item.frame!.width - item.frame!.height)).toBeLessThan(1);
    }
    // Every text the card always had (price, short description, Like) is still there.
    const first = card(page, products.tripod.name);
    await expectVisible(first.getByText('Rs. 4,500', { exact: true }));
    await expectVisible(first.getByText(/^Tripod .{0,20}\.\.\.$/));
    await expectVisible(first.getByRole('button', { name: `Like ${products.tripod.name}` }));
    await expectVisible(first.getByRole('button', { name: 'Add to Cart' }));
    expect(await first.getByText(/Out of stock|left$/).count(), 'stock not tracked: nothing said').toBe(0);
    // Out of stock says so and cannot be added; a few left says how few.
    const strap = card(page, products.strap.name);
    await expectVisible(strap.getByText('Out of stock', { exact: true }));
    expect(await strap.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    const cap = card(page, products.cap.name);
    await expectVisible(cap.getByText('Only 3 left', { exact: true }));
    expect(await cap.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(false);
    await expectNoSeriousViolations(page, '/products, compact cards (phone)');
  });

  test('an own minimum and maximum finds a product above Rs. 1,00,000, kept in the URL and refused when wrong', async ({
    page,
  }) => {
    await page.goto(inCategory);
    await expectVisible(card(page, products.actionCam.name));
    const filters = await openDrawer(page);
    // Lakh commas are read as a shopper writes them.
    await filters.getByLabel('Min (Rs.)').fill('1,50,000');
    await filters.getByLabel('Max (Rs.)').fill('250000');
    await filters.getByRole('button', { name: 'Apply price' }).click();
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 1,
      'only the product between Rs. 1,50,000 and Rs. 2,50,000',
    );
    await expectCards(page, [products.cinema.name], [products.actionCam.name, products.strap.name]);
    const url = new URL(page.url());
    expect(url.searchParams.get('minPrice')).toBe('150000');
    expect(url.searchParams.get('maxPrice')).toBe('250000');
    expect(url.searchParams.get('price')).toBeNull();
    await expectVisible(filters.getByRole('combobox', { name: 'Price Range' }));
    expect(await filters.getByRole('combobox', { name: 'Price Range' }).inputValue()).toBe('own');
    await filters.getByRole('button', { name: 'Done' }).click();
    await expectHidden(filters);
    await expectVisible(page.getByRole('button', { name: 'Remove filter Rs. 1,50,000 to Rs. 2,50,000' }));

    // The shared link shows the same list, and the drawer the same bounds.
    await page.reload();
    await expectCards(page, [products.cinema.name], [products.actionCam.name, products.tripod.name]);
    await openDrawer(page);
    expect(await filters.getByLabel('Min (Rs.)').inputValue()).toBe('150000');

    // Minimum above maximum: refused with its message, the list and the URL stay as they were.
    await filters.getByLabel('Min (Rs.)').fill('300000');
    await filters.getByLabel('Max (Rs.)').fill('100000');
    await filters.getByRole('button', { name: 'Apply price' }).click();
    const refusal = filters.getByRole('alert');
    await expectVisible(refusal);
    expect(await refusal.textContent()).toBe('The minimum price cannot be more than the maximum.');
    expect(await filters.getByLabel('Min (Rs.)').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).searchParams.get('minPrice')).toBe('150000');
    await filters.getByLabel('Max (Rs.)').fill('lots');
    await filters.getByRole('button', { name: 'Apply price' }).click();
    await expectVisible(filters.getByText('Enter prices in whole rupees, digits only (e.g. 150000).', { exact: true }));
    expect(new URL(page.url()).searchParams.get('maxPrice')).toBe('250000');

    // A range replaces the own bounds (and empties the inputs).
    await filters.getByLabel('Price Range').selectOption({ label: 'Up to Rs. 5,000' });
    await eventually(
      () => new URL(page.url()).searchParams.get('price'),
      (price) => price === '0-5000',
      'the range in the URL',
    );
    expect(new URL(page.url()).searchParams.get('minPrice')).toBeNull();
    expect(await filters.getByLabel('Min (Rs.)').inputValue()).toBe('');
    await expectCards(page, [products.strap.name, products.tripod.name], [products.cinema.name]);

    // In Nepali the refusal is Nepali.
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: page.url() }]);
    await page.reload();
    await page.getByRole('button', { name: /फिल्टर गर्नुहोस्/ }).click();
    const nepali = page.getByRole('dialog', { name: 'फिल्टर गर्नुहोस्' });
    await nepali.getByLabel('न्यूनतम (रू)').fill('२०००००');
    await nepali.getByLabel('अधिकतम (रू)').fill('१०००००');
    await nepali.getByRole('button', { name: 'मूल्य लागू गर्नुहोस्' }).click();
    await expectVisible(nepali.getByText('न्यूनतम मूल्य अधिकतमभन्दा बढी हुन सक्दैन।', { exact: true }));
  });

  test('a child category chosen under its category in the drawer narrows the list', async ({ page }) => {
    await page.goto('/products');
    const filters = await openDrawer(page);
    const toggle = filters.getByRole('button', { name: `Subcategories of ${category}` });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expectHidden(filters.getByRole('button', { name: action, exact: true }));
    await toggle.click();
    await filters.getByRole('button', { name: action, exact: true }).click();
    await eventually(
      () => new URL(page.url()).searchParams.get('childcategory'),
      (child) => child === hyphen(action),
      'the child category in the URL',
    );
    const url = new URL(page.url());
    expect(url.searchParams.get('category')).toBe(hyphen(category));
    expect(url.searchParams.get('subcategory')).toBe(hyphen(sub));
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 1,
      'only the product of the child category',
    );
    await expectCards(page, [products.actionCam.name], [products.cinema.name, products.strap.name]);
    expect(await filters.getByRole('button', { name: action, exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expectNoSeriousViolations(page, '/products, filter drawer with a child category chosen (phone)');

    // The subcategory: both cameras, not the strap; the reload keeps it and opens its category.
    await filters.getByRole('button', { name: sub, exact: true }).click();
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 2,
      'the two products of the subcategory',
    );
    await expectCards(page, [products.actionCam.name, products.cinema.name], [products.strap.name]);
    expect(new URL(page.url()).searchParams.get('childcategory')).toBeNull();
    await page.reload();
    await expectCards(page, [products.actionCam.name, products.cinema.name], [products.strap.name]);
    await openDrawer(page);
    expect(await filters.getByRole('button', { name: sub, exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Clear empties what the drawer shows, the subcategory too.
    await filters.getByRole('button', { name: 'Clear', exact: true }).click();
    await eventually(
      () => new URL(page.url()).searchParams.get('subcategory'),
      (value) => value === null,
      'the subcategory gone from the URL',
    );
    expect(new URL(page.url()).searchParams.get('category')).toBeNull();
    expect(await filters.getByRole('button', { name: sub, exact: true }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('the product list on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('four cards a row, images covering their square frames', async ({ page }) => {
    await page.goto(inCategory);
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 5,
      'the five products of the category',
    );
    const cards = await cardLayout(page);
    expect(cards.filter((item) => item.top === cards[0]!.top)).toHaveLength(4);
    expect(cards[4]!.top).toBeGreaterThan(cards[0]!.top);
    for (const item of cards) {
      expect(item.fit).toBe('cover');
      expect(item.covers).toBe(true);
    }
  });
});
