import type { Locator, Page } from 'playwright-core';

/** Small waiting assertions (playwright-core has no `expect`): each waits, then throws a clear error. */

const DEFAULT_TIMEOUT = 10_000;

/** Waits until the page's path (and, when given, its search) is `expected`. */
export async function expectPath(page: Page, expected: string, timeout = DEFAULT_TIMEOUT): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname + (expected.includes('?') ? url.search : '') === expected, { timeout });
  } catch (error) {
    throw new Error(`expected the page to be at ${expected}, it is at ${new URL(page.url()).pathname}`, { cause: error });
  }
}

export async function expectVisible(locator: Locator, timeout = DEFAULT_TIMEOUT): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(`expected ${String(locator)} to be visible: ${error instanceof Error ? error.message.split('\n')[0] : ''}`, {
      cause: error,
    });
  }
}

export async function expectHidden(locator: Locator, timeout = DEFAULT_TIMEOUT): Promise<void> {
  try {
    await locator.waitFor({ state: 'hidden', timeout });
  } catch (error) {
    throw new Error(`expected ${String(locator)} to be hidden: ${error instanceof Error ? error.message.split('\n')[0] : ''}`, {
      cause: error,
    });
  }
}

/** A toast (react-toastify renders role="alert") with exactly this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

export async function expectToast(page: Page, text: string | RegExp, timeout = DEFAULT_TIMEOUT): Promise<void> {
  await expectVisible(toast(page, text).first(), timeout);
}

/** Polls `read` until `check` accepts its value. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  check: (value: T) => boolean,
  what: string,
  timeout = DEFAULT_TIMEOUT,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (check(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
