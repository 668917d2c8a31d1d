import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { formatOrderId } from '../../src/shared/orders.js';
import { type Shopper, api, drawnPng, mailbox, placeCodOrder, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { DESKTOP, E2E_ADMIN, beforeAll, describe, expect, test } from './support/fixtures.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { adminLoginViaUi, loginViaUi } from './support/flows.js';
import { shot } from './support/shots.js';
import { eventually, expectHidden, expectToast, expectVisible } from './support/ui.js';

/**
 * Orders in the browser: the admin finds a shopper's orders by phone, sorts them by date,
 * narrows them by an inclusive date range, opens one at a time (customer, delivery address, items)
 * and sets one to shipped; the shopper gets the status mail and sees the new status in the Orders
 * tab. A status change the server refuses (the units of a cancelled order are gone) says so.
 * Orders are placed through the API, as the checkout would.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Orders Test ${tag}`;

interface Made {
  id: number;
  name: string;
  price: number;
}
const router: Made = { id: 0, name: `Wi-Fi Router ${tag}`, price: 4999 };
const lastUnit: Made = { id: 0, name: `Collector Edition ${tag}`, price: 15000 };
let shopper: Shopper;
let rival: Shopper;
let first = '';
let second = '';
let scarce = '';

async function login(path: string, body: unknown): Promise<string> {
  const res = await api<{ token: string }>('POST', path, { body });
  expect(res.status).toBe(200);
  return res.body.token;
}

async function upload(token: string, made: Made, stock?: number): Promise<void> {
  const created = await uploadProduct(
    token,
    { name: made.name, description: `${made.name} for the orders browser test.`, price: made.price, category, stock },
    [{ png: await drawnPng('#8b5cf6', 300, 300), filename: 'product.png' }],
  );
  made.id = created.id;
}

/** Cart, then checkout, through the API; returns the order id. */
const placeOrder = (who: Shopper, lines: Array<[Made, number]>, city: string) =>
  placeCodOrder(who, lines, {
    province: 'Lumbini',
    district: 'Rupandehi',
    city,
    address: 'Traffic Chowk, ward 9',
    landmark: 'Behind the bus park',
  });

/** Today in Kathmandu (the browser's time zone), as a date input wants it. */
function kathmanduDay(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

function ordersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'All orders' });
}

/** The order ids of the table's rows, top to bottom (detail rows left out). */
async function rowIds(page: Page): Promise<string[]> {
  const rows = ordersTable(page)
    .locator('tbody > tr')
    .filter({ has: page.getByRole('combobox') });
  return (await rows.allInnerTexts()).map((text) => text.trim().split(/\s/)[0]!);
}

/** The table row of one order (not its detail row). */
function orderRow(page: Page, id: string): Locator {
  return ordersTable(page)
    .locator('tbody > tr')
    .filter({ has: page.getByRole('combobox', { name: `Status of order ${id}` }) });
}

async function openOrdersTab(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Orders', exact: true }).click();
  await expectVisible(page.getByRole('heading', { name: 'Orders', exact: true }));
}

beforeAll(async () => {
  const admin = await login('/api/admin/login', E2E_ADMIN);
  const created = await api('POST', '/api/category', { token: admin, body: { name: category } });
  expect(created.status).toBe(201);
  await upload(admin, router);
  await upload(admin, lastUnit, 1);
  [shopper, rival] = await Promise.all([registerVerifiedShopper(), registerVerifiedShopper()]);
  first = await placeOrder(shopper, [[router, 4]], 'Butwal');
  // Distinct creation times, so the date sort has something to show.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  second = await placeOrder(shopper, [[lastUnit, 1]], 'Siddharthanagar');
});

describe('the admin (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('finds the orders by phone, sorts, filters by date, opens one at a time and ships one', async ({ page }) => {
    await adminLoginViaUi(page);
    await openOrdersTab(page);
    await expectVisible(ordersTable(page));

    // Search by the shopper's phone: exactly their two orders, newest first.
    await page.getByLabel('Search orders').fill(shopper.phoneNumber);
    await eventually(
      () => rowIds(page),
      (ids) => ids.length === 2,
      'the two orders of the shopper',
    );
    const dateHeader = ordersTable(page).getByRole('columnheader', { name: 'Order Date' });
    expect(await dateHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await rowIds(page)).toEqual([second, first]);
    const row = orderRow(page, first);
    expect(await row.innerText()).toContain(`${shopper.firstName} ${shopper.lastName}`);
    expect(await row.innerText()).toContain('Rs. 19,996');
    expect(await row.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (am|pm)/);

    // Sort by order date, ascending then back.
    await dateHeader.getByRole('button').click();
    await eventually(
      () => rowIds(page),
      (ids) => ids[0] === first,
      'oldest first',
    );
    expect(await dateHeader.getAttribute('aria-sort')).toBe('ascending');
    await dateHeader.getByRole('button').click();
    await eventually(
      () => rowIds(page),
      (ids) => ids[0] === second,
      'newest first again',
    );

    // An inclusive date range: today to today keeps both; from tomorrow keeps none.
    await page.getByLabel('From').fill(kathmanduDay());
    await page.getByLabel('To').fill(kathmanduDay());
    await eventually(
      () => rowIds(page),
      (ids) => ids.length === 2,
      'both orders of today',
    );
    await page.getByLabel('To').fill(kathmanduDay(2));
    await page.getByLabel('From').fill(kathmanduDay(1));
    await expectVisible(page.getByText('No orders available.', { exact: true }));
    await page.getByLabel('From').fill('');
    await page.getByLabel('To').fill('');
    await eventually(
      () => rowIds(page),
      (ids) => ids.length === 2,
      'both orders without a range',
    );

    // Open the first order: customer, delivery address and items. Opening the other closes it.
    await row.getByRole('button', { name: 'View Items' }).click();
    const details = ordersTable(page).locator(`#admin-order-${first}`);
    await expectVisible(details);
    const customer = details.getByRole('region', { name: 'Customer' });
    expect(await customer.innerText()).toContain(shopper.email);
    expect(await customer.innerText()).toContain(shopper.phoneNumber);
    const address = await details.getByRole('region', { name: 'Delivery address' }).innerText();
    expect(address).toContain('Traffic Chowk, ward 9');
    expect(address).toContain('Landmark: Behind the bus park');
    expect(address).toContain('Butwal, Rupandehi');
    expect(address).toContain('Lumbini Province');
    const items = details.getByRole('table', { name: `Items of order ${first}` });
    await expectVisible(items);
    const itemText = await items.locator('tbody').innerText();
    expect(itemText).toContain(router.name);
    expect(itemText).toContain(category);
    expect(itemText).toContain('Rs. 4,999');
    expect(itemText).toContain('Rs. 19,996');

    const secondRow = orderRow(page, second);
    await secondRow.getByRole('button', { name: 'View Items' }).click();
    await expectVisible(ordersTable(page).locator(`#admin-order-${second}`));
    await expectHidden(details);
    expect(await ordersTable(page).getByRole('button', { name: 'Hide Items' }).count()).toBe(1);
    await secondRow.getByRole('button', { name: 'Hide Items' }).click();

    // Ship the first order: the toast, the row's select, and a mail to the shopper.
    const mailsBefore = (await mailbox.messagesTo(shopper.email)).length;
    const status = page.getByRole('combobox', { name: `Status of order ${first}` });
    await status.selectOption('shipped');
    // Shipping asks for the courier, tracking number and serials first (none needed for these goods).
    await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped', exact: true }).click();
    await expectToast(page, 'Order status updated successfully.');
    expect(await status.inputValue()).toBe('shipped');
    const mails = await eventually(
      () => mailbox.messagesTo(shopper.email),
      (messages) =>
        messages.length > mailsBefore && messages.some((mail) => mail.subject.includes(`${formatOrderId(first)} is Shipped`)),
      'the status mail',
      15_000,
    );
    // Mails write the id in groups of four, as the shopper reads it out.
    const mail = mails.find((message) => message.subject.includes(`${formatOrderId(first)} is Shipped`))!;
    expect(mail.text).toContain(formatOrderId(first));

    // The order id finds it too.
    await page.getByLabel('Search orders').fill(first);
    await eventually(
      () => rowIds(page),
      (ids) => ids.length === 1 && ids[0] === first,
      'the order found by its id',
    );
  });

  test('a cancelled order offers no status to go back to, and the server refuses one too', async ({ page }) => {
    const admin = await login('/api/admin/login', E2E_ADMIN);
    // Cancel the order of the last unit (the unit goes back), then another shopper buys it.
    const cancelled = await api('PUT', `/api/orders/${second}/status`, { token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    scarce = await placeOrder(rival, [[lastUnit, 1]], 'Tansen');

    await adminLoginViaUi(page);
    await openOrdersTab(page);
    await page.getByLabel('Search orders').fill(second);
    await eventually(
      () => rowIds(page),
      (ids) => ids.length === 1 && ids[0] === second,
      'the cancelled order',
    );
    const status = page.getByRole('combobox', { name: `Status of order ${second}` });
    expect(await status.inputValue()).toBe('cancelled');
    // Orders move forward only: reopening is a correction with a reason, not a status.
    expect(await status.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([
      'cancelled',
    ]);
    const back = await api('PUT', `/api/orders/${second}/status`, { token: admin, body: { status: 'pending' } });
    expect(back.status).toBe(409);
    expect(scarce).toMatch(/^ORD-/);

    // Take back a step: the other shopper's order, confirmed, goes back to pending with a reason.
    const confirmed = await api('PUT', `/api/orders/${scarce}/status`, { token: admin, body: { status: 'confirmed' } });
    expect(confirmed.status).toBe(200);
    await page.getByLabel('Search orders').fill(scarce);
    await eventually(
      () => rowIds(page),
      (ids) => ids.length === 1 && ids[0] === scarce,
      'the confirmed order',
    );
    await orderRow(page, scarce).getByRole('button', { name: 'View Items' }).click();
    await page.getByRole('button', { name: 'Take back a step' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Move it back to').inputValue()).toBe('pending');
    // The reason and the tick are both required before anything is sent.
    await dialog.getByRole('button', { name: 'Take back', exact: true }).click();
    await expectVisible(dialog.getByText('Give a reason for taking the order back'));
    await expectVisible(dialog.getByText('Tick the box to confirm taking the order back'));
    await dialog.getByLabel('Why (kept in the history)').fill('Customer asked to change the address');
    await dialog.getByLabel('I mean to take this order back').check();
    await expectNoSeriousViolations(page, 'take back dialog (desktop)');
    await shot(page, 'take-back-desktop-en', true);
    await dialog.getByRole('button', { name: 'Take back', exact: true }).click();
    await expectToast(page, 'Order taken back');
    await expectHidden(dialog);
    // The order is fetched afresh: its select says pending, its history the reason.
    expect(await page.getByRole('combobox', { name: `Status of order ${scarce}` }).inputValue()).toBe('pending');
    await expectVisible(ordersTable(page).locator(`#admin-order-${scarce}`).getByText('Customer asked to change the address'));
  });
});

describe('the shopper (phone)', () => {
  test('sees the new status in the Orders tab', async ({ page }) => {
    await loginViaUi(page, shopper.email, shopper.password);
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .filter({ visible: true })
      .getByRole('button', { name: 'Orders', exact: true })
      .click();
    await expectVisible(page.getByRole('heading', { name: 'Your Orders' }));
    // The Orders tab shows ids in groups of four.
    const shipped = page.getByTestId('order-card').filter({ hasText: formatOrderId(first) });
    await expectVisible(shipped);
    expect(await shipped.getByTestId('order-status').innerText()).toBe('Shipped');
    const cancelled = page.getByTestId('order-card').filter({ hasText: formatOrderId(second) });
    expect(await cancelled.getByTestId('order-status').innerText()).toBe('Cancelled');

    // The phone's sort buttons: newest first by default, then the highest total first.
    const cards = page.getByTestId('order-card');
    const ids = async () => (await cards.getByTestId('order-id').allInnerTexts()).map((text) => text.trim());
    const newest = page.getByRole('button', { name: 'Newest to Oldest' });
    expect(await newest.getAttribute('aria-pressed')).toBe('true');
    expect(await ids()).toEqual([second, first].map(formatOrderId));
    await page.getByRole('button', { name: 'Highest to Lowest' }).click();
    expect(await ids()).toEqual([first, second].map(formatOrderId));
    expect(await newest.getAttribute('aria-pressed')).toBe('false');

    await shipped.getByRole('button', { name: 'View Items' }).click();
    const items = shipped.getByRole('list', { name: `Items of order ${formatOrderId(first)}` });
    await expectVisible(items);
    expect(await items.innerText()).toContain(router.name);
    expect(await items.innerText()).toContain('Rs. 4,999 × 4');
  });
});
