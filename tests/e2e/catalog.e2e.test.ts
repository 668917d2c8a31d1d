import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { adminToken, api, createCategoryTree, drawnPng, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { DESKTOP, afterAll, allowConsoleErrors, beforeAll, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi, loginViaUi } from './support/flows.js';
import { eventually, expectHidden, expectPath, expectToast, expectVisible } from './support/ui.js';

/**
 * The catalogue in the browser: an admin builds a small tree and uploads a product with two
 * images through the admin panel and features it onto Home; a shopper finds a product through the
 * menu, the filter drawer, the query parameters and the search box, and opens it.
 * The shop may already hold other products (a seeded run): every name here carries a unique tag.
 */

const tag = crypto.randomBytes(3).toString('hex');
let imageDir = '';

/** PNG files on disk for setInputFiles. */
async function pngFile(name: string, colour: string, width = 640, height = 480): Promise<string> {
  const file = path.join(imageDir, name);
  fs.writeFileSync(file, await drawnPng(colour, width, height));
  return file;
}

/** Uploads a product through the API with pictures from PNG files on disk. */
function uploadViaApi(token: string, fields: Record<string, string>, files: string[]) {
  return uploadProduct(
    token,
    fields,
    files.map((file) => ({ png: fs.readFileSync(file), filename: path.basename(file) })),
  );
}

/** The product card of the list with this name. */
function card(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

beforeAll(() => {
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-catalog-e2e-'));
});
afterAll(() => {
  fs.rmSync(imageDir, { recursive: true, force: true });
});

describe('admin builds the catalogue (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('an admin adds a category tree, uploads a product with two images and features it onto Home', async ({ page }) => {
    allowConsoleErrors(page, /status of 409/);
    const category = `Consoles ${tag}`;
    const sub = `PlayStation ${tag}`;
    const child = `PS5 Games ${tag}`;
    const product = `Spider Quest ${tag}`;
    const first = await pngFile('front.png', '#f59e0b');
    const second = await pngFile('back.png', '#0ea5e9', 480, 640);

    await adminLoginViaUi(page);
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('button', { name: 'Categories', exact: true }).click();

    // Category: required, then added.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expectVisible(page.getByText('Category name is required', { exact: true }));
    await page.getByLabel('Category name').fill(category);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expectToast(page, 'Category added successfully');
    const categoryRow = page.getByRole('row').filter({ hasText: category });
    await expectVisible(categoryRow);

    // Subcategory of the selected category.
    await categoryRow.getByRole('button', { name: 'Manage Subcategories' }).click();
    expect(await categoryRow.getByRole('button', { name: 'Manage Subcategories' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Subcategory name').fill(sub);
    await page.getByRole('button', { name: 'Add Subcategory' }).click();
    await expectToast(page, 'Subcategory added successfully');
    const subItem = page
      .getByRole('list', { name: `Subcategories of ${category}` })
      .getByRole('listitem')
      .filter({ hasText: sub });
    await expectVisible(subItem);

    // Child category of the selected subcategory: blank after trimming is refused.
    await subItem.getByRole('button', { name: 'Manage Child Category' }).click();
    await expectVisible(page.getByText('No child categories available.', { exact: true }));
    await page.getByLabel('Child category name').fill('   ');
    await page.getByRole('button', { name: 'Add Child Category' }).click();
    await expectVisible(page.getByText('Child category name is required', { exact: true }));
    await page.getByLabel('Child category name').fill(child);
    await page.getByRole('button', { name: 'Add Child Category' }).click();
    await expectToast(page, 'Child category added successfully');
    await expectVisible(page.getByRole('list', { name: `Child categories of ${sub}` }).getByText(child, { exact: true }));
    await expectHidden(page.getByText('No child categories available.', { exact: true }));

    // A category that still has children cannot go: the toast, and the server's reason beside it.
    await categoryRow.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: `Delete the category “${category}”?` })
      .getByRole('button', { name: 'Delete category' })
      .click();
    await expectToast(page, 'Error removing category');
    await expectVisible(page.getByText(/still has/).first());

    // Selecting a category clears the selected subcategory.
    await categoryRow.getByRole('button', { name: 'Manage Subcategories' }).click();
    await expectHidden(page.getByLabel('Child category name'));

    // Upload: validation first, then the dependent selects, two images with previews.
    await sections.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('button', { name: 'Upload New Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload New Product' });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    for (const message of ['Name is required', 'Description is required', 'Price is required', 'Category is required']) {
      await expectVisible(dialog.getByText(message, { exact: true }));
    }
    await expectVisible(dialog.getByText('At least one image is required', { exact: true }));
    await dialog.getByLabel('Name', { exact: true }).fill(product);
    await dialog.getByLabel('Description', { exact: true }).fill('An open-world web-slinging adventure for PS5. Region free.');
    await dialog.getByLabel('Price (Rs.)').fill('abc');
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await expectVisible(dialog.getByText('Price must be a number', { exact: true }));
    await dialog.getByLabel('Price (Rs.)').fill('7499');
    expect(await dialog.getByLabel('Subcategory', { exact: true }).count()).toBe(0);
    await dialog.getByLabel('Category', { exact: true }).selectOption(category);
    expect(await dialog.getByLabel('Child Category', { exact: true }).count()).toBe(0);
    await dialog.getByLabel('Subcategory', { exact: true }).selectOption(sub);
    await dialog.getByLabel('Child Category', { exact: true }).selectOption(child);
    await dialog.getByLabel('Product images').setInputFiles([first, second]);
    await expectVisible(dialog.getByRole('img', { name: 'Image 1' }));
    await expectVisible(dialog.getByRole('img', { name: 'Image 2' }));
    await dialog.getByRole('button', { name: 'Upload Product' }).click();
    await expectToast(page, 'Product uploaded');
    await expectHidden(dialog);

    const row = page.getByRole('row').filter({ hasText: product });
    await expectVisible(row);
    const listed = await api<{ products: Array<{ id: number; images: string; isFeatured: boolean; childCategory: string }> }>(
      'GET',
      `/api/products?q=${encodeURIComponent(product)}&pageSize=5`,
    );
    const created = listed.body.products[0]!;
    expect(JSON.parse(created.images)).toHaveLength(2);
    expect(created.childCategory).toBe(child);
    expect(created.isFeatured).toBe(false);

    // Feature it: the toast, the row's button turns into Unfeature, and Home shows it.
    await row.getByRole('button', { name: 'Feature', exact: true }).click();
    await expectToast(page, 'Product is now featured');
    await expectVisible(row.getByRole('button', { name: 'Unfeature' }));

    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Products' });
    const featuredCard = featured.getByRole('listitem').filter({ hasText: product });
    await expectVisible(featuredCard);
    await expectVisible(featuredCard.getByText('Rs. 7,499', { exact: true }));
    await featuredCard.getByRole('link', { name: 'Shop Now' }).click();
    await expectPath(page, `/products/${created.id}`);
    await expectVisible(page.getByRole('heading', { name: product, level: 1 }));

    // Unfeature from the panel: the info toast, and Home no longer lists it.
    await page.goto('/admin');
    await sections.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('row').filter({ hasText: product }).getByRole('button', { name: 'Unfeature' }).click();
    await expectToast(page, 'Product is no longer featured');
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Featured Products' }));
    await expectHidden(page.getByRole('region', { name: 'Featured Products' }).getByText('Loading...'));
    expect(await page.getByRole('region', { name: 'Featured Products' }).getByText(product).count()).toBe(0);
  });
});

describe('admin edits and deletes products (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('Edit changes fields, stock and the order of images, removes one and adds one; Delete takes it out of the shop', async ({
    page,
  }) => {
    const token = await adminToken();
    const category = `Monitors ${tag}`;
    expect((await api('POST', '/api/category', { body: { name: category }, token })).status).toBe(201);
    const name = `Curved 27 Monitor ${tag}`;
    const files = [await pngFile('m1.png', '#111827'), await pngFile('m2.png', '#be123c'), await pngFile('m3.png', '#15803d')];
    const product = await uploadViaApi(token, { name, description: 'A 27 inch curved monitor', price: '32000', category }, files);
    const [one, two, three] = JSON.parse(product.images) as string[];

    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search products by name or description' }).fill(`curved ${tag}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expectVisible(row);
    await eventually(
      () => page.getByRole('row').count(),
      (count) => count === 2,
      'the header row and the one searched product',
    );
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expectVisible(dialog);
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    expect(await dialog.getByLabel('Category', { exact: true }).inputValue()).toBe(category);

    await dialog.getByLabel('Price (Rs.)').fill('29999.50');
    await dialog.getByLabel('Stock (optional)').fill('7');
    // The product's own limit of units per order: a whole number of 1 or more.
    const limit = dialog.getByLabel('Most per order (optional)');
    await limit.fill('0');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(dialog.getByText('Limit per order must be a whole number of 1 or more'));
    await limit.fill('2');
    await dialog.getByRole('button', { name: 'Move Image 3 earlier' }).click(); // 1, 3, 2
    await dialog.getByRole('button', { name: 'Remove Image 1' }).click(); // 3, 2
    await dialog.getByLabel('Product images').setInputFiles([await pngFile('m4.png', '#7c3aed')]);
    await expectVisible(dialog.getByRole('img', { name: 'New image 1' }));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Product updated');
    await expectHidden(dialog);
    await expectVisible(row.getByText('Rs. 29,999.50', { exact: true }));

    const edited = await api<{ price: number; stock: number | null; images: string; maxPerOrder?: number }>(
      'GET',
      `/api/products/${product.id}`,
    );
    expect(edited.body.price).toBe(29999.5);
    expect(edited.body.stock).toBe(7);
    expect(edited.body.maxPerOrder).toBe(2);
    const images = JSON.parse(edited.body.images) as string[];
    expect(images).toHaveLength(3);
    expect(images.slice(0, 2)).toEqual([three, two]);
    expect(images).not.toContain(one);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: `Archive “${name}”?` })
      .getByRole('button', { name: 'Archive product' })
      .click();
    await expectToast(page, 'Product deleted successfully');
    await expectHidden(row);
    expect((await api('GET', `/api/products/${product.id}`)).status).toBe(404);
  });
});

describe('a shopper browses the catalogue (phone)', () => {
  const category = `Gaming Gear ${tag}`;
  const sub = `Handheld Consoles ${tag}`;
  const child = `Portable PCs ${tag}`;
  const handheld = `Steam Deck OLED ${tag}`;
  const cable = `Braided USB-C Cable ${tag}`;
  const scriptDescription = `<script>window.__pwned = true</script> Tough braided cable, 2 m long`;
  let handheldId = 0;
  let cableId = 0;
  let handheldImages: string[] = [];

  beforeAll(async () => {
    const token = await adminToken();
    await createCategoryTree(token, category, sub, [child]);
    const a = await pngFile('deck-1.png', '#8b5cf6');
    const b = await pngFile('deck-2.png', '#10b981');
    const c = await pngFile('cable.png', '#ef4444');
    const deck = await uploadViaApi(
      token,
      {
        name: handheld,
        description: 'A handheld gaming PC with a brilliant OLED screen and all-day battery',
        price: '7500',
        category,
        subCategory: sub,
        childCategory: child,
      },
      [a, b],
    );
    handheldId = deck.id;
    handheldImages = JSON.parse(deck.images) as string[];
    const usb = await uploadViaApi(token, { name: cable, description: scriptDescription, price: '2500', category }, [c]);
    cableId = usb.id;
  });

  test("the menu's category link lists the category's products", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Products' }).click();
    await menu.getByRole('link', { name: category, exact: true }).click();
    await expectPath(page, `/products?category=${category.replace(/ /g, '-')}`);
    await expectVisible(page.getByRole('heading', { name: 'Our Products' }));
    await expectVisible(card(page, handheld));
    await expectVisible(card(page, cable));
    expect(await page.getByRole('article').count()).toBe(2);
  });

  test('query parameters: subcategory and child category (hyphens, any case) narrow the list', async ({ page }) => {
    const hyphen = (name: string) => name.replace(/ /g, '-');
    await page.goto(`/products?category=${hyphen(category).toLowerCase()}&subcategory=${hyphen(sub).toUpperCase()}`);
    await expectVisible(card(page, handheld));
    expect(await card(page, cable).count()).toBe(0);
    await page.goto(`/products?category=${hyphen(category)}&subcategory=${hyphen(sub)}&childcategory=${hyphen(child)}`);
    await expectVisible(card(page, handheld));
    await page.goto(`/products?category=${hyphen(category)}&subcategory=No-Such-Thing-${tag}`);
    await expectVisible(page.getByText('No products found matching your filters.', { exact: true }));
  });

  test('the filter drawer: category checkbox and price range, kept in the URL', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Filter by' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter by' });
    await expectVisible(drawer);
    await drawer.getByRole('checkbox', { name: category, exact: true }).check();
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 2,
      'the two products of the checked category',
    );
    await drawer.getByLabel('Price Range').selectOption({ label: 'Rs. 5,000 to Rs. 10,000' });
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 1,
      'one product between Rs. 5,000 and Rs. 10,000',
    );
    await page.getByTestId('filter-overlay').click({ position: { x: 370, y: 400 } });
    await expectHidden(drawer);
    await expectVisible(card(page, handheld));
    const url = new URL(page.url());
    expect(url.searchParams.get('categories')).toBe(category);
    expect(url.searchParams.get('price')).toBe('5000-10000');

    // The shared link shows the same list; a range with nothing in it says so.
    await page.reload();
    await expectVisible(card(page, handheld));
    expect(await card(page, cable).count()).toBe(0);
    await page.getByRole('button', { name: /Filter by/ }).click();
    await drawer.getByLabel('Price Range').selectOption({ label: 'Up to Rs. 5,000' });
    await expectVisible(card(page, cable));
    await drawer.getByLabel('Price Range').selectOption('50000-100000');
    await expectVisible(page.getByText('No products found matching your filters.', { exact: true }));
    await drawer.getByRole('button', { name: 'Done' }).click();

    // Back goes to the previous filters.
    await page.goBack();
    await expectVisible(card(page, cable));
  });

  test('the search box finds a product by a word of its name and keeps it in the URL', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(`deck ${tag}`);
    await expectVisible(card(page, handheld));
    await eventually(
      () => new URL(page.url()).searchParams.get('q'),
      (q) => q === `deck ${tag}`,
      'the search in the URL',
    );
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 1,
      'only the searched product',
    );
  });

  test('cards: short description, price, the heart toggles on the client, a guest is asked to log in', async ({ page }) => {
    await page.goto(`/products?category=${category.replace(/ /g, '-')}`);
    const deck = card(page, handheld);
    await expectVisible(deck);
    // A card's description is cut short: five words, then the first 20 characters and '...'.
    await expectVisible(deck.getByText('A handheld gaming PC...', { exact: true }));
    await expectVisible(deck.getByText('Rs. 7,500', { exact: true }));
    const image = deck.getByRole('img', { name: handheld });
    expect(await image.getAttribute('srcset')).toContain('-320.webp 320w');
    expect(await image.getAttribute('width')).toBeTruthy();

    const heart = deck.getByRole('button', { name: `Like ${handheld}` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await heart.click();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');

    await deck.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Product added to cart successfully!');
  });

  test('the product page: category, subcategory, price, the gallery and the quantity stepper', async ({ page }) => {
    await page.goto(`/products?category=${category.replace(/ /g, '-')}`);
    await card(page, handheld).getByRole('link', { name: handheld }).last().click();
    await expectPath(page, `/products/${handheldId}`);
    await expectVisible(page.getByRole('heading', { name: handheld, level: 1 }));
    await expectVisible(page.getByText('Category:', { exact: true }));
    await expectVisible(page.getByRole('link', { name: category, exact: true }));
    await expectVisible(page.getByText('Subcategory:', { exact: true }));
    await expectVisible(page.getByText('Price: Nrs. 7,500', { exact: true }));

    // Gallery: two thumbnails, the first selected; choosing the second swaps the main image.
    const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('button');
    expect(await thumbs.count()).toBe(2);
    expect(await thumbs.nth(0).getAttribute('aria-pressed')).toBe('true');
    const main = page.getByRole('img', { name: `${handheld}, image 1 of 2` });
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    expect(await main.getAttribute('loading')).toBe('eager');
    await thumbs.nth(1).click();
    expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await thumbs.nth(0).getAttribute('aria-pressed')).toBe('false');
    const second = page.getByRole('img', { name: `${handheld}, image 2 of 2` });
    await expectVisible(second);
    const base = handheldImages[1]!.replace(/-\d+\.webp$/, '');
    expect(await second.getAttribute('src')).toContain(base);

    // Quantity: read-only, starts at 1, never below 1, no maximum.
    const quantity = page.getByLabel('Quantity', { exact: true });
    expect(await quantity.inputValue()).toBe('1');
    expect(await quantity.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await quantity.inputValue()).toBe('4');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    expect(await quantity.inputValue()).toBe('3');

    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, 'Product added to cart successfully!');
    await page.getByRole('link', { name: 'View all products' }).click();
    await expectPath(page, '/products');
  });

  test('a logged-in shopper adds the chosen quantity from the product page and one from a card', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    await loginViaUi(page, shopper.email, shopper.password);
    await page.goto(`/products/${handheldId}`);
    await expectVisible(page.getByRole('heading', { name: handheld, level: 1 }));
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, 'Product added to cart successfully!');

    await page.goto(`/products?category=${category.replace(/ /g, '-')}`);
    await card(page, cable).getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Product added to cart successfully!');

    const token = await page.evaluate(() => localStorage.getItem('pasal.token'));
    const cart = await api<{ cartItems: Array<{ quantity: number; product: { name: string } }> }>(
      'GET',
      `/api/cart/view-cart/${shopper.userId}`,
      { token: token ?? '' },
    );
    expect(cart.status).toBe(200);
    const lines = Object.fromEntries(cart.body.cartItems.map((item) => [item.product.name, item.quantity]));
    expect(lines).toEqual({ [handheld]: 2, [cable]: 1 });
  });

  test('a <script> in a description is shown as text, never run', async ({ page }) => {
    await page.goto(`/products/${cableId}`);
    await expectVisible(page.getByRole('heading', { name: cable, level: 1 }));
    expect(await page.getByTestId('product-description').textContent()).toBe(scriptDescription);
    expect(await page.getByTestId('product-description').locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    // No subcategory: no 'Subcategory:' line.
    expect(await page.getByText('Subcategory:', { exact: true }).count()).toBe(0);
  });

  test("a missing product says 'Product not found!'", async ({ page }) => {
    await page.goto('/products/987654321');
    await expectVisible(page.getByText('Product not found!', { exact: true }));
    await expectVisible(page.getByRole('link', { name: 'View all products' }));
  });
});
