import type { Page } from 'playwright-core';
import { describe, expect, test } from './support/fixtures.js';
import { eventually, expectVisible, pageNow, runClock, runClockUntil } from './support/ui.js';

/**
 * The hero's own slider (no library, see src/web/features/home/HeroBanner.tsx): autoplay
 * every 8000 ms that keeps going after the shopper picks a slide, looping, with a fade. It waits while
 * the mouse is over it or the keyboard's focus is in it; reduced motion turns the fade and the
 * autoplay off. The page's clock is Playwright's (installed before the first load): the 8 s and 9 s
 * are the page's time, run on by the test (page.clock.runFor), not waited out.
 */

const HEADINGS = ['Discover Cutting-Edge Technology', 'Experience Ultimate Performance', 'Upgrade Your Tech Game'] as const;

const hero = (page: Page) => page.getByRole('region', { name: 'Featured offers' });

/** The headings exposed to assistive technology: only the slide on show. */
async function onShow(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const name of HEADINGS) if ((await hero(page).getByRole('heading', { name }).count()) > 0) shown.push(name);
  return shown;
}

/** Runs the page's clock until `heading` is the one slide on show; answers the page time it happened. */
const runUntilShown = (page: Page, heading: string, what: string, limitMs: number) =>
  runClockUntil(
    page,
    () => onShow(page),
    (shown) => shown.join() === heading,
    what,
    limitMs,
  );

describe('hero slider', () => {
  test('a picked slide stays its full 8 s, then autoplay goes on and loops back to the first', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expectVisible(hero(page).getByRole('heading', { name: HEADINGS[0] }));
    await hero(page).getByRole('button', { name: 'Go to slide 3' }).click();
    // The mouse leaves the banner after the click (over it, autoplay waits: see below). The focus the
    // click left on the bar does not stop it.
    await page.mouse.move(0, 0);
    const pickedAt = await pageNow(page);
    await eventually(
      () => onShow(page),
      (shown) => shown.join() === HEADINGS[2],
      'slide 3 on show',
    );
    expect(await hero(page).getByRole('button', { name: 'Go to slide 3' }).getAttribute('aria-current')).toBe('true');
    expect(await hero(page).getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBeNull();

    await runClock(page, 6_500 - ((await pageNow(page)) - pickedAt));
    expect(await onShow(page)).toEqual([HEADINGS[2]]);

    const movedAfter = (await runUntilShown(page, HEADINGS[0], 'autoplay looping to slide 1', 5_000)) - pickedAt;
    expect(movedAfter).toBeGreaterThan(7_000);
    expect(movedAfter).toBeLessThan(10_500);
    expect(await hero(page).getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBe('true');
  });

  test('slides cross-fade, and change without the fade under reduced motion', async ({ page }) => {
    const fade = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[aria-roledescription="slide"]')].map(
          (slide) => getComputedStyle(slide).transitionDuration,
        ),
      );
    await page.goto('/');
    await expectVisible(hero(page).getByRole('heading', { name: HEADINGS[0] }));
    expect(await fade()).toEqual(['0.7s', '0.7s', '0.7s']);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    // No fade (a near-zero duration counts: the global reduced-motion rule uses 0.001s).
    expect((await fade()).map((duration) => Number.parseFloat(duration) < 0.05)).toEqual([true, true, true]);
    await hero(page).getByRole('button', { name: 'Go to slide 2' }).click();
    expect(await onShow(page)).toEqual([HEADINGS[1]]);
  });

  test('with reduced motion the slide stays: no autoplay after 9 s', async ({ page }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expectVisible(hero(page).getByRole('heading', { name: HEADINGS[0] }));
    await runClock(page, 9_000);
    expect(await onShow(page)).toEqual([HEADINGS[0]]);
    // A pick still changes it, and it stays there.
    await hero(page).getByRole('button', { name: 'Go to slide 2' }).click();
    await page.mouse.move(0, 0);
    expect(await onShow(page)).toEqual([HEADINGS[1]]);
  });

  test('autoplay waits while the mouse is over the banner and goes on when it leaves', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expectVisible(hero(page).getByRole('heading', { name: HEADINGS[0] }));
    await hero(page).getByRole('heading', { name: HEADINGS[0] }).hover();
    await runClock(page, 9_000);
    expect(await onShow(page)).toEqual([HEADINGS[0]]);

    await page.mouse.move(0, 0);
    const leftAt = await pageNow(page);
    const movedAt = await runUntilShown(page, HEADINGS[1], 'autoplay to slide 2 after the mouse left', 10_000);
    // A full 8 s from the moment the mouse left.
    expect(movedAt - leftAt).toBeGreaterThan(7_000);
  });

  test('autoplay waits while the keyboard focus is in the banner', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expectVisible(hero(page).getByRole('heading', { name: HEADINGS[0] }));
    // Keyboard focus on the first slide's Shop Now: Tab from the page's top until it is reached.
    const shopNow = hero(page).getByRole('link', { name: 'Shop Now' });
    for (let i = 0; i < 20 && !(await shopNow.evaluate((link) => link === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await shopNow.evaluate((link) => link === document.activeElement)).toBe(true);
    await runClock(page, 9_000);
    expect(await onShow(page)).toEqual([HEADINGS[0]]);
    // Focus leaves (Shift+Tab back to the header): it goes on.
    await page.keyboard.press('Shift+Tab');
    await runUntilShown(page, HEADINGS[1], 'autoplay to slide 2 after focus left', 10_000);
  });

  test('its pause button stops autoplay until it is pressed again (a phone has no hover)', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expectVisible(hero(page).getByRole('heading', { name: HEADINGS[0] }));
    await hero(page).getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(0, 0);
    await runClock(page, 9_000);
    expect(await onShow(page)).toEqual([HEADINGS[0]]);

    await hero(page).getByRole('button', { name: 'Play slideshow' }).click();
    await page.mouse.move(0, 0);
    await runUntilShown(page, HEADINGS[1], 'autoplay to slide 2 after Play', 10_000);
    await expectVisible(hero(page).getByRole('button', { name: 'Pause slideshow' }));
  });
});
