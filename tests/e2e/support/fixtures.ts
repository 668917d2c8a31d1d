import fs from 'node:fs';
import path from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { test as base } from 'vitest';
import { launchBrowser } from './chromium.js';
import { PHONE } from './constants.js';
import { watchRequests } from './ui.js';
import { workerShop } from './worker-shop.js';

export { DESKTOP, E2E_ADMIN, PHONE } from './constants.js';

/**
 * Console errors a test expects: a browser logs every 4xx/5xx response as an error
 * ("Failed to load resource: … status of 401"); 401 and 404 are normal for a shop with sessions.
 */
const ALWAYS_ALLOWED = [/Failed to load resource: the server responded with a status of (401|404)\b/];
const allowances = new WeakMap<Page, RegExp[]>();

/** Lets one test accept more console errors, e.g. the 409 of a duplicate registration. */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  allowances.set(page, [...(allowances.get(page) ?? []), ...patterns]);
}

function describeConsole(message: ConsoleMessage): string {
  const where = message.location();
  return `console.${message.type()}: ${message.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`;
}

const artefacts = path.resolve(import.meta.dirname, '../../../test-results/e2e');

/**
 * `test` with browser fixtures:
 * - `browser`: one headless Chromium per test worker, shared by the files it runs one after another
 *   (vitest.e2e.config.ts keeps the worker between files); each test has contexts of its own;
 * - `viewport`: phone size unless a suite says `test.override({ viewport: DESKTOP })`;
 * - `page`: a fresh context (empty local storage) per test, on the worker's shop (worker-shop.ts).
 *   The test fails on any uncaught page error or console error not allowed above; a failing test
 *   leaves a screenshot in test-results/e2e/.
 */
export const test = base
  // eslint-disable-next-line no-empty-pattern -- Vitest requires a destructuring pattern here
  .extend('browser', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('viewport', { ...PHONE } as { width: number; height: number })
  // The shop's service worker would answer a page's requests itself (and register in every test):
  // blocked, so page.route() sees them all; tests/e2e/pwa.e2e.test.ts allows it.
  .extend('serviceWorkers', 'block' as 'allow' | 'block')
  .extend('page', async ({ browser, viewport, serviceWorkers, task }, { onCleanup }) => {
    const context = await browser.newContext({
      baseURL: workerShop().baseUrl,
      viewport,
      serviceWorkers,
      locale: 'en-GB',
      timezoneId: 'Asia/Kathmandu',
      reducedMotion: 'no-preference',
    });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(20_000);
    const page = await context.newPage();
    watchRequests(page);
    // A server-rendered page is on screen before React has taken it over, and a tap during hydration
    // can be lost: after each load, wait for <html data-ready> (src/web/app/start.tsx). A page whose
    // code never runs is left to the test to judge.
    const settle = () => page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 10_000 }).catch(() => null);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await settle();
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await settle();
      return response;
    };
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      const allowed = [...ALWAYS_ALLOWED, ...(allowances.get(page) ?? [])];
      if (!allowed.some((pattern) => pattern.test(text))) problems.push(describeConsole(message));
    });
    page.on('pageerror', (error) => problems.push(`uncaught page error: ${error.stack ?? error.message}`));

    onCleanup(async () => {
      const failed = (task.result?.errors?.length ?? 0) > 0 || task.result?.state === 'fail';
      if (failed || problems.length > 0) {
        fs.mkdirSync(artefacts, { recursive: true });
        const name = `${path.basename(task.file.name)}--${task.name}`.replace(/[^a-zA-Z0-9._-]+/g, '-').slice(0, 150);
        await page.screenshot({ path: path.join(artefacts, `${name}.png`), fullPage: true }).catch(() => undefined);
      }
      await context.close();
      if (problems.length > 0) {
        throw new Error(`the page reported ${problems.length} error(s):\n${problems.join('\n')}`);
      }
    });
    return page;
  });

export { afterAll, beforeAll, describe, expect } from 'vitest';
export { workerShop };
