import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { Dashboard } from '../../src/shared/dashboard.js';
import { formatPrice } from '../../src/shared/money.js';
import { adminToken, api, drawnPng, placeCodOrder, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { PHONE, beforeAll, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { eventually, expectVisible } from './support/ui.js';

/**
 * The admin's Dashboard tab in the browser: the revenue and the top product of orders made
 * here, the period chooser, the revenue chart (uPlot, on a canvas, with a table for screen readers),
 * low and out of stock, waiting orders leading to the Orders tab filtered, the remembered tab, axe;
 * at a desktop width and on a 390 px phone, where the cards stack.
 */

const SCREENSHOTS = process.env.DASHBOARD_SCREENSHOTS; // a folder to keep screenshots in, for a person to look at
const WIDE = { width: 1280, height: 900 } as const;
const tag = crypto.randomBytes(3).toString('hex');
const names = {
  top: `Dashboard Flagship ${tag}`,
  units: `Dashboard Cable ${tag}`,
  low: `Dashboard Low ${tag}`,
  out: `Dashboard Gone ${tag}`,
};
let products: Record<keyof typeof names, { id: number; name: string; price: number }>;
let token: string;

async function makeProduct(name: string, price: number, stock: number, lowStockThreshold?: number) {
  const made = await uploadProduct(
    token,
    { name, description: `${name}: a dashboard test product`, price, category: `Dashboard ${tag}`, stock, lowStockThreshold },
    [{ png: await drawnPng('#f59e0b', 200, 200), filename: 'p.png' }],
  );
  return { id: made.id, name, price };
}

beforeAll(async () => {
  token = await adminToken();
  expect((await api('POST', '/api/category', { body: { name: `Dashboard ${tag}` }, token })).status).toBe(201);
  products = {
    // The dearest product of the e2e shop by far, so it tops the revenue list whatever other files ordered.
    top: await makeProduct(names.top, 4_50_000, 20),
    units: await makeProduct(names.units, 150, 500),
    low: await makeProduct(names.low, 900, 2, 4),
    out: await makeProduct(names.out, 700, 0),
  };
  const shopper = await registerVerifiedShopper();
  const delivery = {
    province: 'Bagmati',
    district: 'Kathmandu',
    city: 'Kathmandu',
    address: 'Thamel Marg 7',
    landmark: 'Near the chowk',
  };
  // Delivered cash on delivery counts as revenue (and as sales of its products); the pending one waits.
  for (const line of [[products.top, 2] as const, [products.units, 80] as const]) {
    const order = await placeCodOrder(shopper, [[line[0], line[1]]], delivery);
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const moved = await api('PUT', `/api/orders/${order}/status`, { token, body: { status } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
  }
  await placeCodOrder(shopper, [[products.units, 1]], delivery);
});

const sections = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });
const dashboard = (page: Page) => page.getByTestId('admin-dashboard');

async function openDashboard(page: Page): Promise<void> {
  await adminLoginViaUi(page);
  await sections(page).getByRole('button', { name: 'Dashboard', exact: true }).click();
  await expectVisible(page.getByRole('heading', { name: 'Dashboard', level: 2 }));
}

/** The figures the server gives for a period, to hold the page to. */
async function figures(query: string): Promise<Dashboard> {
  const res = await api<Dashboard>('GET', `/api/admin/dashboard?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe('the Dashboard tab (desktop)', () => {
  test.override({ viewport: WIDE });

  test('shows the revenue and the top product, switches period, draws the chart, lists low stock, and is remembered', async ({
    page,
  }) => {
    await openDashboard(page);
    const week = await figures('period=7d');
    expect(week.revenue.cashOnDelivery).toBeGreaterThanOrEqual(2 * 4_50_000);
    // The revenue as the admin formats rupees: Rs. with Nepali grouping.
    await expectVisible(page.getByTestId('dashboard-revenue').getByText(formatPrice(week.revenue.total), { exact: true }));
    expect(formatPrice(week.revenue.total)).toMatch(/^Rs\. \d{1,2}(,\d\d)*,\d{3}(\.\d\d)?$/);
    await expectVisible(page.getByTestId('dashboard-revenue-cod').getByText(formatPrice(week.revenue.cashOnDelivery)));

    // Top products: the flagship leads by revenue, the cable by units; each links to its page.
    const byRevenue = page.getByRole('table', { name: 'Top products by revenue' });
    const firstRow = byRevenue.getByRole('row').nth(1);
    await expectVisible(firstRow.getByRole('link', { name: names.top }));
    expect(await firstRow.getByRole('link').getAttribute('href')).toBe(`/products/${products.top.id}`);
    await expectVisible(firstRow.getByText(formatPrice(2 * 4_50_000)));
    const byUnits = page.getByRole('table', { name: 'Top products by units' });
    await expectVisible(byUnits.getByRole('row').nth(1).getByRole('link', { name: names.units }));

    // Coupons: the discounts of the revenue orders, as the server counts them.
    await expectVisible(page.getByTestId('dashboard-discounts').getByText(formatPrice(week.discounts.total), { exact: true }));

    // The chart: uPlot's canvas, drawn after its chunk loaded; its table says the same for screen readers.
    const chart = page.getByTestId('revenue-chart');
    await expectVisible(chart.locator('canvas').first());
    expect(await chart.getAttribute('aria-hidden')).toBe('true');
    const dayTable = page.getByRole('table', { name: 'Revenue per day, Nepal time' });
    expect(await dayTable.getByRole('row').count()).toBe(1 + 7);

    // Low stock: 2 left under its own alert of 4; out of stock: none left.
    await expectVisible(
      page.getByTestId('stock-low').getByRole('listitem').filter({ hasText: names.low }).getByText('2 left, alert at 4'),
    );
    await expectVisible(page.getByTestId('stock-out').getByRole('listitem').filter({ hasText: names.out }));
    // The pending order waits for the admin.
    expect(await page.getByTestId('waiting-pending').textContent()).toMatch(/Pending, to confirm\s*\d+/);
    // So does it as cash on delivery the shop has not confirmed (cancelled after COD_CONFIRM_HOURS).
    expect(await page.getByTestId('waiting-codToConfirm').textContent()).toMatch(
      /Cash on delivery, to confirm within 48 hours\s*[1-9]\d*/,
    );

    await expectNoSeriousViolations(page, 'admin dashboard (desktop)');
    await shoot(page, 'dashboard-1280');

    // Period: Today, then 30 days, then a custom range; the days on screen follow.
    const period = page.getByRole('group', { name: 'Period' });
    const shown = page.getByTestId('dashboard-period');
    await period.getByRole('button', { name: 'Today' }).click();
    expect(await period.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    const today = await figures('period=today');
    await eventually(
      () => dayTable.getByRole('row').count(),
      (rows) => rows === 2,
      'one day in the table',
    );
    await expectVisible(page.getByTestId('dashboard-revenue').getByText(formatPrice(today.revenue.total), { exact: true }));
    await period.getByRole('button', { name: '30 days' }).click();
    await eventually(
      () => dayTable.getByRole('row').count(),
      (rows) => rows === 31,
      'thirty days in the table',
    );
    await period.getByRole('button', { name: 'Custom range' }).click();
    const month = await figures('period=30d');
    // It starts as the days on screen; a start after the end is refused before anything is asked.
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(month.period.from);
    await page.getByLabel('From', { exact: true }).fill('2099-01-02');
    await page.getByLabel('To', { exact: true }).fill('2099-01-01');
    await expectVisible(page.getByRole('alert').filter({ hasText: 'The start date must be on or before the end date.' }));
    await page.getByLabel('From', { exact: true }).fill(month.period.to);
    await page.getByLabel('To', { exact: true }).fill(month.period.to);
    await eventually(
      () => dayTable.getByRole('row').count(),
      (rows) => rows === 2,
      'the one chosen day in the table',
    );
    expect(await shown.textContent()).toContain('Nepal time');

    // The tab is remembered: a reload comes back to the Dashboard.
    await page.reload();
    await expectVisible(dashboard(page));
    expect(await sections(page).getByRole('button', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expectVisible(page.getByTestId('revenue-chart').locator('canvas').first());
  });

  test('a waiting group leads to the Orders tab, filtered; SPEC’s tabs keep their names', async ({ page }) => {
    await openDashboard(page);
    for (const name of ['Categories', 'Products', 'Orders']) {
      await expectVisible(sections(page).getByRole('button', { name, exact: true }));
    }
    await page.getByTestId('waiting-pending').getByRole('button', { name: 'Show in Orders' }).click();
    expect(await sections(page).getByRole('button', { name: 'Orders', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
    // Cash on delivery to confirm: pending and unpaid.
    await sections(page).getByRole('button', { name: 'Dashboard', exact: true }).click();
    await page.getByTestId('waiting-codToConfirm').getByRole('button', { name: 'Show in Orders' }).click();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
    expect(await page.getByLabel('Payment status', { exact: true }).inputValue()).toBe('unpaid');
    // Chosen from the sidebar, the Orders tab opens unfiltered again.
    await sections(page).getByRole('button', { name: 'Dashboard', exact: true }).click();
    await expectVisible(dashboard(page));
    await sections(page).getByRole('button', { name: 'Orders', exact: true }).click();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('');
  });
});

describe('the Dashboard tab (phone, 390 px)', () => {
  test.override({ viewport: PHONE });

  test('the cards stack, nothing overflows, the chart is drawn, and axe finds nothing serious', async ({ page }) => {
    await openDashboard(page);
    const week = await figures('period=7d');
    const revenue = page.getByTestId('dashboard-revenue');
    await expectVisible(revenue.getByText(formatPrice(week.revenue.total), { exact: true }));
    await expectVisible(page.getByTestId('revenue-chart').locator('canvas').first());
    await expectVisible(page.getByRole('table', { name: 'Top products by revenue' }).getByRole('link', { name: names.top }));

    // One column: the Revenue and Orders cards are the same width, one under the other.
    const first = (await revenue.boundingBox())!;
    const second = (await page.getByTestId('dashboard-orders').boundingBox())!;
    expect(Math.abs(first.x - second.x)).toBeLessThan(1);
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    expect(first.width).toBeGreaterThan(PHONE.width * 0.7);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const canvas = (await page.getByTestId('revenue-chart').locator('canvas').first().boundingBox())!;
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(PHONE.width);

    await expectNoSeriousViolations(page, 'admin dashboard (phone)');
    await shoot(page, 'dashboard-390');
    const waiting = page.getByTestId('waiting-pending').locator('xpath=..');
    if (SCREENSHOTS) await waiting.screenshot({ path: `${SCREENSHOTS}/dashboard-waiting-390-en.png` });

    // In Nepali: the cash-on-delivery group says so.
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: page.url() }]);
    await page.reload();
    await expectVisible(page.getByTestId('waiting-codToConfirm').getByText(/नगद भुक्तानीका अर्डर/));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide).toBeLessThanOrEqual(0);
    if (SCREENSHOTS) await waiting.screenshot({ path: `${SCREENSHOTS}/dashboard-waiting-390-ne.png` });
  });
});
