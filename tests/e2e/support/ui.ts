import type { Locator, Page, Request } from 'playwright-core';

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

/** Each page's requests still waiting for an answer, and how many it has made (see watchRequests). */
const traffic = new WeakMap<Page, { open: Set<Request>; made: number }>();

/** Counts a page's requests from now on, for `settled` (the page fixture calls it on every page). */
export function watchRequests(page: Page): void {
  const seen = { open: new Set<Request>(), made: 0 };
  traffic.set(page, seen);
  page.on('request', (request) => {
    seen.open.add(request);
    seen.made += 1;
  });
  const done = (request: Request) => seen.open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** How long a page must stay still to count as settled. */
const STILL_MS = 150;
/**
 * Motion longer than this is a timer shown on screen (a toast's 2 s countdown bar), not a drawer or
 * a fade coming to rest: `settled` does not wait for it.
 */
const LONGEST_MOTION_MS = 1_000;

/**
 * Waits until the page is still: for STILL_MS in a row no request of its own in flight, no
 * animation or transition of up to LONGEST_MOTION_MS running (drawers and fades take 300–700 ms),
 * and no change to the document. Before reading colours or positions (axe), a test waits for this
 * rather than for a fixed time.
 */
export async function settled(page: Page, timeout = DEFAULT_TIMEOUT): Promise<void> {
  const seen = traffic.get(page);
  const deadline = Date.now() + timeout;
  for (;;) {
    const madeBefore = seen?.made ?? 0;
    const quietNetwork = (seen?.open.size ?? 0) === 0;
    const still = quietNetwork && (await page.evaluate(stillFor, { stillMs: STILL_MS, longestMs: LONGEST_MOTION_MS }));
    if (still && (seen?.open.size ?? 0) === 0 && (seen?.made ?? 0) === madeBefore) return;
    if (Date.now() > deadline) {
      throw new Error(`the page did not settle within ${timeout} ms (${seen?.open.size ?? 0} request(s) open)`);
    }
    if (!quietNetwork) await sleep(50);
  }
}

/** In the page: true when nothing moved or changed for `stillMs`, false at the first change. */
function stillFor({ stillMs, longestMs }: { stillMs: number; longestMs: number }): Promise<boolean> {
  const moving = () =>
    document.getAnimations().some((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      const running = animation.playState === 'running' || animation.pending;
      return running && typeof end === 'number' && end <= longestMs;
    });
  return new Promise((resolve) => {
    let changed = false;
    const observer = new MutationObserver(() => {
      changed = true;
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const finish = (still: boolean) => {
      observer.disconnect();
      resolve(still);
    };
    const start = performance.now();
    const frame = () => {
      if (changed || moving()) finish(false);
      else if (performance.now() - start >= stillMs) finish(true);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The page's own clock (Date.now() in the page): the fake one once `page.clock.install()` has run. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/** How far the page's clock moves at a time: between two steps the page's own tasks run (React's work after an event), as in real time. */
const CLOCK_STEP_MS = 250;

/**
 * With the page's clock installed (`page.clock.install()`, before the first load), lets `ms` of the
 * page's time pass, every timer due in them firing, in steps of CLOCK_STEP_MS. The installed clock
 * also goes on by itself between steps: what it did counts towards `ms`.
 */
export async function runClock(page: Page, ms: number): Promise<void> {
  const end = (await pageNow(page)) + Math.round(ms);
  for (let left = Math.round(ms); left > 0; left = end - (await pageNow(page))) {
    await page.clock.runFor(Math.min(left, CLOCK_STEP_MS));
  }
}

/**
 * With the page's clock installed (`page.clock.install()`, before the first load), moves the page's
 * time on in steps of CLOCK_STEP_MS, firing its timers, until `check` accepts what `read` returns; answers the
 * page's time (`pageNow`) at that moment. A timer of the page's own (an autoplay, a countdown) is so
 * measured in the page's milliseconds, and the test does not wait it out.
 */
export async function runClockUntil<T>(
  page: Page,
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  limitMs: number,
): Promise<number> {
  const start = await pageNow(page);
  for (;;) {
    const value = await read();
    const now = await pageNow(page);
    if (check(value)) return now;
    if (now - start > limitMs) {
      throw new Error(`timed out waiting for ${what} (${limitMs} ms of the page's time); last value: ${JSON.stringify(value)}`);
    }
    await page.clock.runFor(CLOCK_STEP_MS);
  }
}
