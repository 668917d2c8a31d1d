import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, rawHtml, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, allowConsoleErrors, beforeAll, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad } from './support/flows.js';
import { workerShop } from './support/worker-shop.js';
import { eventually, expectVisible } from './support/ui.js';

/**
 * A product sold in variants: its options are buttons on its page, a value no variant in stock has
 * with the other choices is sold out and cannot be chosen, the chosen variant sets the price and
 * the images and is kept in the address (?variant=), and the owner's form shows the grid of
 * variants. The product and its variants are made through the owner's API.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Phones ${tag}`;
const name = `Variant Phone ${tag}`;
const variantIds: Record<string, number> = {};
let productId = 0;
/** The blue picture's base name (/uploads/products/<base>-640.webp). */
let bluePicture = '';

beforeAll(async () => {
  const token = await adminToken();
  expect((await api('POST', '/api/category', { token, body: { name: category } })).status).toBe(201);
  const options = [
    { name: 'Storage', values: ['128 GB', '256 GB'] },
    { name: 'Colour', values: ['Black', 'Blue'] },
  ];
  const variants = [
    { sku: `VP-${tag}-128K`, options: { Storage: '128 GB', Colour: 'Black' }, price: 50000, stock: 5 },
    { sku: `VP-${tag}-128B`, options: { Storage: '128 GB', Colour: 'Blue' }, price: 50000, stock: 0 },
    { sku: `VP-${tag}-256K`, options: { Storage: '256 GB', Colour: 'Black' }, price: 60000, stock: 3 },
    { sku: `VP-${tag}-256B`, options: { Storage: '256 GB', Colour: 'Blue' }, price: 62000, stock: 4 },
  ];
  const created = await uploadProduct(
    token,
    {
      name,
      description: `${name}, made by the variants browser test.`,
      category,
      options: JSON.stringify(options),
      variants: JSON.stringify(variants),
    },
    [
      { png: await drawnPng('#111827', 640, 640), filename: 'black.png' },
      { png: await drawnPng('#2563eb', 640, 640), filename: 'blue.png' },
    ],
  );
  productId = created.id;
  const images = JSON.parse(created.images) as string[];
  bluePicture = /([^/]+)-\d+\.webp$/.exec(images[1]!)![1]!;
  // The blue ones show the blue picture: the owner's write of variants, with their images.
  const detail = (await api<{ variants: { id: number; label: string }[] }>('GET', `/api/products/${productId}`)).body;
  const idOf = (label: string) => detail.variants.find((variant) => variant.label === label)!.id;
  const written = await api('PUT', `/api/products/${productId}/variants`, {
    token,
    body: {
      options,
      variants: variants.map((variant) => {
        const label = `${variant.options.Storage} / ${variant.options.Colour}`;
        return { ...variant, id: idOf(label), images: variant.options.Colour === 'Blue' ? [images[1]] : [] };
      }),
    },
  });
  expect(written.status).toBe(200);
  for (const variant of detail.variants) variantIds[variant.label] = variant.id;
});

const open = async (page: Page, query = '') => {
  await page.goto(`/products/${productId}${query}`);
  await expectVisible(page.getByRole('heading', { name, level: 1 }));
};
const price = (page: Page) => page.getByTestId('product-price');
/** A tap on a value's button (the radio inside it is drawn by its label). */
const choose = (page: Page, value: string) => page.getByTestId('variant-picker').locator('label', { hasText: value }).click();
/** The picture on screen: the gallery's first slide. */
const shownPicture = async (page: Page) =>
  (await page
    .getByRole('list', { name: `Pictures of ${name}` })
    .locator('img')
    .first()
    .getAttribute('src')) ?? '';
const variantInUrl = (page: Page) => new URL(page.url()).searchParams.get('variant');

/** The choice on the page: radio buttons, a sold-out one disabled, the price, URL and images following it. */
async function chooseAVariant(page: Page): Promise<void> {
  await open(page);
  await expectVisible(price(page).getByText('Price: from Nrs. 50,000', { exact: true }));
  await expectVisible(page.getByRole('button', { name: 'Choose Storage' }).first());
  expect(variantInUrl(page)).toBeNull();

  expect(await shownPicture(page)).not.toContain(bluePicture);
  await choose(page, '128 GB');
  // With 128 GB chosen, blue has none left: struck through, said and not choosable.
  const blue = page.getByRole('radio', { name: 'Blue sold out' });
  await expect.poll(() => blue.isDisabled()).toBe(true);
  await expectVisible(page.getByRole('button', { name: 'Choose Colour' }).first());
  await choose(page, 'Black');
  await expect.poll(() => variantInUrl(page)).toBe(String(variantIds['128 GB / Black']));
  await expectVisible(price(page).getByText('Price: Nrs. 50,000', { exact: true }));
  await expectVisible(page.getByTestId('product-sku').getByText(`VP-${tag}-128K`));

  // 256 GB has blue in stock: the keyboard moves to it (arrow keys within the group), at its own price and picture.
  await choose(page, '256 GB');
  await page.getByRole('radio', { name: 'Black' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => variantInUrl(page)).toBe(String(variantIds['256 GB / Blue']));
  await expectVisible(price(page).getByText('Price: Nrs. 62,000', { exact: true }));
  await expect.poll(() => shownPicture(page)).toContain(bluePicture);
  // Replaced, not pushed: Back leaves the page rather than stepping through the choices.
  expect(await page.evaluate(() => window.history.length)).toBe(2);
  await expectNoSeriousViolations(page, 'product with variants, a variant chosen');
}

describe('choosing a variant', () => {
  test('on a phone: sold out is disabled, the price, SKU, images and address follow the choice', async ({ page }) => {
    await chooseAVariant(page);
  });

  test('Add to Cart on the list’s card leads to the product page, where a variant is chosen', async ({ page }) => {
    await loggedInBeforeLoad(page);
    // The card does not know the product is sold in variants: the server's 400 says which to choose.
    allowConsoleErrors(page, /status of 400\b/);
    await page.goto(`/products?category=${encodeURIComponent(category.replace(/ /g, '-'))}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await card.getByRole('button', { name: /Add to Cart/ }).click();
    await expectVisible(page.getByRole('heading', { name, level: 1 }));
    expect(new URL(page.url()).pathname).toBe(`/products/${productId}`);
    await expectVisible(page.getByText('Choose a Storage and Colour'));
  });

  describe('on a desktop', () => {
    test.override({ viewport: DESKTOP });

    test('the same, with the mouse and the keyboard', async ({ page }) => {
      await chooseAVariant(page);
    });

    test('a shared link opens its variant, Add to Cart sends it, and the head offers each variant', async ({ page }) => {
      await loggedInBeforeLoad(page);
      await open(page, `?variant=${variantIds['256 GB / Black']}`);
      await expect.poll(() => page.getByRole('radio', { name: '256 GB' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Black' }).isChecked()).toBe(true);
      await expectVisible(price(page).getByText('Price: Nrs. 60,000', { exact: true }));
      const added = page.waitForRequest((request) => request.url().endsWith('/api/cart/add-to-cart'));
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      expect((await added).postDataJSON()).toMatchObject({ productId, variantId: variantIds['256 GB / Black'], quantity: 1 });

      const html = await rawHtml(`/products/${productId}`);
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
        offers: {
          '@type': string;
          lowPrice: string;
          highPrice: string;
          offers: { price: string; url: string; availability: string }[];
        };
      };
      expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '50000.00', highPrice: '62000.00' });
      expect(ld.offers.offers).toHaveLength(4);
      expect(ld.offers.offers.filter((offer) => offer.availability.endsWith('OutOfStock'))).toHaveLength(1);
    });

    test('the owner edits the grid of variants; a refused price is said beside it', async ({ page }) => {
      await adminLoginViaUi(page);
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('button', { name: 'Products', exact: true })
        .click();
      await page.getByRole('searchbox', { name: 'Search products by name or description' }).fill(name);
      // The list stays dimmed until its search is answered; axe reads its colours behind the form later.
      await eventually(
        async () =>
          [...new URL(page.url()).searchParams.values()].includes(name) && (await page.locator('main .opacity-60').count()) === 0,
        (searched) => searched,
        'the products list answering the search',
      );
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('dialog', { name: 'Edit Product' });
      const grid = form.getByTestId('variant-grid');
      await expectVisible(grid);
      expect(await grid.getByTestId('variant-row').count()).toBe(4);
      const priceOf = (label: string) => form.getByLabel(`Price (Rs.), ${label}`);
      expect(await priceOf('256 GB / Blue').inputValue()).toBe('62000');
      await priceOf('256 GB / Blue').fill('62k');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expectVisible(form.getByText('Enter a price in rupees (e.g. 150000)'));
      await eventually(
        () => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')),
        (invalid) => invalid === 'true',
        'the refused price focused',
      );
      await expectNoSeriousViolations(page, 'product form with its variant grid');
    });
  });
});

test('in Nepali: the button asks for the option, and sold out is said', async ({ page }) => {
  await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
  await open(page);
  await expectVisible(page.getByRole('button', { name: 'Storage छान्नुहोस्' }).first());
  await choose(page, '128 GB');
  await expectVisible(page.getByRole('radio', { name: 'Blue बिक्री सकियो' }));
  await expectNoSeriousViolations(page, 'product with variants, in Nepali');
});
