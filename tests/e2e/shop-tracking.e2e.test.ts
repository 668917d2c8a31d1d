import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { formatOrderId } from '../../src/shared/orders.js';
import {
  type Shopper,
  adminToken,
  api,
  drawnPng,
  mailbox,
  placeCodOrder,
  registerVerifiedShopper,
  uploadProduct,
} from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, beforeAll, describe, expect, workerShop, test } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { eventually, expectHidden, expectToast, expectVisible } from './support/ui.js';

/**
 * Order tracking and the admin's cancellation reason, in the browser: the
 * shopper's open order shows its history, where it goes, how it is paid and its lines' pictures
 * linking to the products (a deleted product keeps its name, without a link); its id is written in
 * groups of four and found that way; a pending order is cancelled with a reason and the store is
 * told. The admin's Cancelled asks for a reason first, which goes into the history and the mail.
 * Orders are placed through the API, as the checkout would.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Tracking ${tag}`;
const STORE_EMAIL = 'support@pasal.com.np';

interface Made {
  id: number;
  name: string;
  price: number;
}
const keyboard: Made = { id: 0, name: `Mechanical Keyboard ${tag}`, price: 8500 };
const retired: Made = { id: 0, name: `Retired Mouse ${tag}`, price: 1200 };
let shopper: Shopper;
let hari: Shopper;
let token = '';
let confirmed = '';
let pending = '';
let forAdmin = '';

async function upload(admin: string, made: Made, colour: string): Promise<void> {
  const created = await uploadProduct(
    admin,
    { name: made.name, description: `${made.name} for the tracking browser test.`, price: made.price, category, stock: 5 },
    [{ png: await drawnPng(colour, 300, 300), filename: 'product.png' }],
  );
  made.id = created.id;
}

const delivery = {
  province: 'Gandaki',
  district: 'Kaski',
  city: 'Pokhara Metropolitan City',
  address: 'Lakeside Road 14',
  landmark: 'Opposite the boat station',
};

beforeAll(async () => {
  const admin = await adminToken();
  expect((await api('POST', '/api/category', { token: admin, body: { name: category } })).status).toBe(201);
  await upload(admin, keyboard, '#0ea5e9');
  await upload(admin, retired, '#f97316');
  shopper = await registerVerifiedShopper();
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: shopper.email, password: shopper.password },
  });
  token = login.body.token;
  confirmed = await placeCodOrder(
    shopper,
    [
      [keyboard, 1],
      [retired, 1],
    ],
    delivery,
  );
  pending = await placeCodOrder(shopper, [[keyboard, 2]], delivery);
  hari = await registerVerifiedShopper({ firstName: 'Hari', lastName: 'Thapa' });
  forAdmin = await placeCodOrder(hari, [[keyboard, 1]], delivery);
  expect((await api('PUT', `/api/orders/${confirmed}/status`, { token: admin, body: { status: 'confirmed' } })).status).toBe(200);
  // The mouse leaves the shop: the order keeps its line, without a page to link to.
  expect((await api('DELETE', `/api/products/${retired.id}`, { token: admin })).status).toBe(200);
});

/** The shopper, logged in before the page's first load (the token in localStorage, as a login leaves it). */
async function asShopper(page: Page, path = '/account?tab=orders'): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), ['pasal.token', token] as const);
  await page.goto(path);
  await expectVisible(page.getByRole('heading', { name: 'Your Orders' }));
}

const card = (page: Page, orderId: string): Locator => page.getByTestId('order-card').filter({ hasText: formatOrderId(orderId) });

async function openCard(page: Page, orderId: string): Promise<Locator> {
  const one = card(page, orderId);
  await one.getByRole('button', { name: 'View Items' }).click();
  await expectVisible(one.getByRole('list', { name: `History of order ${formatOrderId(orderId)}` }));
  return one;
}

/** The steps of a history list, one line per paragraph. */
const stepsOf = async (list: Locator) =>
  (await list.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\n+/g, '\n').trim());

const stockOf = async (productId: number) => {
  const res = await api<{ stock?: number | null }>('GET', `/api/products/${productId}`);
  return res.body.stock;
};

describe('the shopper’s Orders tab (phone)', () => {
  test('an open order: grouped id, history, address, payment, pictures linking to the products', async ({ page }) => {
    await asShopper(page);
    const grouped = formatOrderId(confirmed);
    expect(grouped).toMatch(/^ORD-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const one = card(page, confirmed);
    expect((await one.getByTestId('order-id').innerText()).trim()).toBe(grouped);
    await openCard(page, confirmed);

    // The history, oldest first: placed, then the shop's confirmation, each with its date and time.
    const steps = await stepsOf(one.getByRole('list', { name: `History of order ${grouped}` }));
    expect(steps).toHaveLength(2);
    expect(steps[0]).toMatch(/^Order placed\n\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (am|pm)$/);
    expect(steps[1]).toMatch(/^Confirmed\n\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (am|pm)$/);

    // Where it goes and how it is paid.
    const address = await one.getByRole('region', { name: `Delivery address of order ${grouped}` }).innerText();
    expect(address).toContain(`${shopper.firstName} ${shopper.lastName}, ${shopper.phoneNumber}`);
    expect(address).toContain('Lakeside Road 14');
    expect(address).toContain('Landmark: Opposite the boat station');
    expect(address).toContain('Pokhara Metropolitan City, Kaski');
    expect(address).toContain('Gandaki Province');
    const payment = one.getByRole('region', { name: `Payment of order ${grouped}` });
    expect(await payment.getByTestId('payment-method').innerText()).toBe('Cash on Delivery');
    const recap = await payment.innerText();
    expect(recap).toMatch(/Subtotal\s+Rs\. 9,700/);
    expect(recap).toMatch(/Delivery\s+Free/);
    expect(recap).toMatch(/Total\s+Rs\. 9,700/);
    expect(recap).toContain('VAT (13%) included: Rs. 1,115.93');

    // A line's picture and name are one link to the product; the picture is the small width and loads.
    const link = one.getByRole('link', { name: keyboard.name });
    expect(await link.getAttribute('href')).toBe(`/products/${keyboard.id}`);
    const picture = link.locator('img');
    expect(await picture.getAttribute('src')).toMatch(/-320\.webp$/);
    await eventually(
      () => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth),
      (width) => width > 0,
      'the thumbnail loaded',
    );
    // The deleted product: its name, no link, a placeholder.
    const items = one.getByRole('list', { name: `Items of order ${grouped}` });
    const gone = items.getByRole('listitem').filter({ hasText: retired.name });
    expect(await gone.innerText()).toContain('No longer in the shop');
    expect(await gone.getByRole('link').count()).toBe(0);
    await expectVisible(gone.getByTestId('line-placeholder'));
    // Confirmed: no Cancel any more.
    expect(await one.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    await expectNoSeriousViolations(page, 'Orders tab, a confirmed order open (phone)');
    await link.click();
    await expectVisible(page.getByRole('heading', { name: keyboard.name }));
  });

  test('the search finds an order by its id, grouped or not', async ({ page }) => {
    await asShopper(page);
    const search = page.getByLabel('Find an order');
    const visibleIds = async () =>
      (await page.getByTestId('order-card').getByTestId('order-id').allInnerTexts()).map((id) => id.trim());
    await eventually(visibleIds, (ids) => ids.length === 2, 'both orders');
    await search.fill(formatOrderId(pending).toLowerCase().replace(/-/g, ' '));
    await eventually(visibleIds, (ids) => ids.length === 1 && ids[0] === formatOrderId(pending), 'the order found grouped');
    await search.fill(pending);
    await eventually(visibleIds, (ids) => ids.length === 1 && ids[0] === formatOrderId(pending), 'the order found as stored');
    await search.fill('ZZZZ-ZZZZ');
    await expectVisible(page.getByText('No order matches this search.'));
  });

  test('a pending order is cancelled with a reason: stock back, history, the store told', async ({ page }) => {
    const grouped = formatOrderId(pending);
    const stockBefore = await stockOf(keyboard.id);
    const storeMailsBefore = (await mailbox.messagesTo(STORE_EMAIL)).length;
    await asShopper(page);
    const one = await openCard(page, pending);
    await expectNoSeriousViolations(page, 'Orders tab, a pending order open (phone)');

    await one.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${grouped}?` });
    await expectVisible(dialog);
    expect(await dialog.innerText()).toContain('Rs. 17,000, placed');
    const reason = dialog.getByLabel('Why are you cancelling?');
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoSeriousViolations(page, 'the cancel dialog (phone)');

    // No reason: asked for one, nothing sent.
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expectVisible(dialog.getByText('Please give a reason for cancelling'));
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    // A common reason fills it in.
    await dialog.getByRole('button', { name: 'I ordered by mistake' }).click();
    expect(await reason.inputValue()).toBe('I ordered by mistake');
    await reason.fill('I ordered by mistake: wrong switches');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, 'Order cancelled.');
    await expectHidden(dialog);

    expect(await one.getByTestId('order-status').innerText()).toBe('Cancelled');
    const steps = await stepsOf(one.getByRole('list', { name: `History of order ${grouped}` }));
    expect(steps.at(-1)).toMatch(/^Cancelled by you\n.+\nReason: I ordered by mistake: wrong switches$/);
    expect(await one.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    // The two units are back; the store's mail names the order (grouped) and the reason.
    await eventually(
      () => stockOf(keyboard.id),
      (stock) => stock === (stockBefore ?? 0) + 2,
      'the units back in stock',
    );
    const storeMails = await eventually(
      () => mailbox.messagesTo(STORE_EMAIL),
      (mails) => mails.length > storeMailsBefore,
      'the store’s mail',
      15_000,
    );
    const notice = storeMails.find((mail) => mail.subject === `Order ${grouped} was cancelled by the customer`);
    expect(notice?.text).toContain('Reason: I ordered by mistake: wrong switches');
  });

  test('in Nepali: the history with the shopper’s reason', async ({ page }) => {
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), ['pasal.token', token] as const);
    await page.goto('/account?tab=orders');
    await expectVisible(page.getByRole('heading', { name: 'तपाईंका अर्डरहरू' }));
    const one = card(page, pending);
    await one.getByRole('button', { name: 'सामान हेर्नुहोस्' }).click();
    // The history is drawn once the order's details have come: wait for it before reading its steps.
    const history = one.getByRole('list', { name: `अर्डर ${formatOrderId(pending)} को इतिहास` });
    await expectVisible(history);
    const steps = await stepsOf(history);
    expect(steps[0]).toMatch(/^अर्डर गरियो\n[०-९]{4} /);
    expect(steps.at(-1)).toContain('तपाईंले रद्द गर्नुभयो');
    expect(steps.at(-1)).toContain('कारण: I ordered by mistake: wrong switches');
  });
});

describe('the admin’s Cancelled (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('asks for a reason first, naming the order and the amount; the reason goes into the history and the mail', async ({
    page,
  }) => {
    const admin = await adminToken();
    const saved = async () =>
      (await api<{ order: { status: string } }>('GET', `/api/orders/${forAdmin}`, { token: admin })).body.order.status;
    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Orders', exact: true }).click();
    // The id as the customer reads it out finds the order.
    await page.getByLabel('Search orders').fill(formatOrderId(forAdmin));
    const status = page.getByRole('combobox', { name: `Status of order ${forAdmin}` }).filter({ visible: true });
    await expectVisible(status);

    // Cancelled: a dialog, nothing saved yet; closing it keeps the order as it was.
    await status.selectOption('cancelled');
    const dialog = page.getByRole('dialog', { name: `Cancel order ${formatOrderId(forAdmin)}?` });
    await expectVisible(dialog);
    expect(await dialog.innerText()).toContain('Hari Thapa: Rs. 8,500, placed');
    await expectNoSeriousViolations(page, 'the admin’s cancel dialog (desktop)');
    expect(await saved()).toBe('pending');
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    expect(await status.inputValue()).toBe('pending');
    expect(await saved()).toBe('pending');

    // Again, with a reason.
    await status.selectOption('cancelled');
    await expectVisible(dialog);
    await dialog.getByLabel("Reason (it goes into the customer's email)").fill('The supplier has stopped this model');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, 'Order status updated successfully.');
    await expectHidden(dialog);
    await eventually(saved, (value) => value === 'cancelled', 'the order cancelled');
    expect(await status.inputValue()).toBe('cancelled');

    // The open order's history says who and why.
    const row = page.getByRole('row').filter({ has: status });
    await row.getByRole('button', { name: 'View Items' }).click();
    const history = page.getByRole('list', { name: `History of order ${formatOrderId(forAdmin)}` });
    await expectVisible(history);
    const last = (await stepsOf(history)).at(-1);
    expect(last).toMatch(/^Cancelled · by an admin\n.+\nReason: The supplier has stopped this model$/);
    await expectNoSeriousViolations(page, 'the admin’s orders, a cancelled order open (desktop)');

    const detail = await api<{ order: { history: Array<{ to: string; note: string | null; by: string }> } }>(
      'GET',
      `/api/orders/${forAdmin}`,
      { token: admin },
    );
    expect(detail.body.order.history.at(-1)).toMatchObject({
      to: 'cancelled',
      by: 'admin',
      note: 'The supplier has stopped this model',
    });
    // The customer's mail says why.
    const mails = await eventually(
      () => mailbox.messagesTo(hari.email),
      (all) => all.some((mail) => mail.subject === `Your Pasal order ${formatOrderId(forAdmin)} is Cancelled`),
      'the customer’s mail',
      15_000,
    );
    const mail = mails.find((one) => one.subject === `Your Pasal order ${formatOrderId(forAdmin)} is Cancelled`);
    expect(mail?.text).toContain('Reason: The supplier has stopped this model');
  });
});
