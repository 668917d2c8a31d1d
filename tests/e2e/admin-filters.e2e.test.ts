import { DESKTOP, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { expectVisible } from './support/ui.js';

/**
 * The admin's lists keep their filters in the address: a reload or a shared link shows the same
 * list, and Back goes to the filters before.
 */
describe('admin list filters in the address (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('the Orders tab keeps its status, search and dates over a reload, and Back undoes a filter', async ({ page }) => {
    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Orders', exact: true }).click();
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    const from = page.getByLabel('From', { exact: true });
    await status.selectOption('delivered');
    await from.fill('2020-01-02');
    await search.fill('no such order here');
    await page.waitForURL((url) => url.searchParams.get('q') === 'no such order here');
    const address = new URL(page.url());
    expect(address.searchParams.get('tab')).toBe('orders');
    expect(address.searchParams.get('status')).toBe('delivered');
    expect(address.searchParams.get('from')).toBe('2020-01-02');

    await page.reload();
    await expectVisible(page.getByText('Nothing matches this search or these filters.'));
    await expect.poll(() => status.inputValue()).toBe('delivered');
    await expect.poll(() => search.inputValue()).toBe('no such order here');
    await expect.poll(() => from.inputValue()).toBe('2020-01-02');

    // The search was typed (it rewrote the entry); Back undoes the date, then the status.
    await page.goBack();
    await expect.poll(() => from.inputValue()).toBe('');
    await expect.poll(() => status.inputValue()).toBe('delivered');
    await page.goBack();
    await expect.poll(() => status.inputValue()).toBe('');
    await page.goForward();
    await expect.poll(() => status.inputValue()).toBe('delivered');
  });

  test('a shared link opens the Activity and Products tabs filtered', async ({ page }) => {
    await adminLoginViaUi(page);
    await page.goto('/admin?tab=activity&entityType=product&entityId=42');
    await expect.poll(() => page.getByRole('combobox', { name: 'What', exact: true }).inputValue()).toBe('product');
    await expect.poll(() => page.getByLabel('Product or order ID', { exact: true }).inputValue()).toBe('42');

    await page.goto('/admin?tab=products&view=archived');
    await expect
      .poll(() => page.getByRole('button', { name: 'Archived', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.goto('/admin?tab=products&q=router');
    await expect
      .poll(() => page.getByRole('searchbox', { name: 'Search products by name or description' }).inputValue())
      .toBe('router');
  });
});
