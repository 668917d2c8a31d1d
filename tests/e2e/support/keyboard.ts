import type { Locator, Page } from 'playwright-core';

/**
 * The keyboard's side of the browser tests: where focus is, moving it with Tab and Shift+Tab only,
 * and what its ring looks like. Reading the page (which element has focus) is allowed; acting on it
 * is done with page.keyboard alone.
 */

/** The focused element, described for an error message: tag, role, name and a bit of its text. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (the body)';
    const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const role = element.getAttribute('role');
    return `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${element.id ? ` id=${element.id}` : ''}> "${name}"`;
  });
}

export async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses, naming where focus
 * went. `target` must be in the page already (a locator of one element).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 80 }: { backwards?: boolean; max?: number } = {},
): Promise<number> {
  await target.waitFor({ state: 'attached' });
  const visited: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    visited.push(await describeFocus(page));
  }
  throw new Error(
    `${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)} in ${max} presses; focus went to:\n  ${visited.slice(-15).join('\n  ')}`,
  );
}

/** The focus ring of the focused element, and whether it can be seen. */
export interface FocusRing {
  element: string;
  /** outline-style, or 'none'. */
  style: string;
  width: number;
  /** Contrast of the ring with the colour around it (the nearest backgrounds behind the element). */
  contrast: number;
  /** The scrolling or clipping box that cuts the ring off, if any. */
  clippedBy: string | null;
}

/**
 * Reads the focused element's outline, its contrast with the background around it (the ancestors'
 * background colours composited over white: a gradient image counts as its background colour, which
 * the dark surfaces set) and whether an ancestor that clips its overflow cuts the ring off.
 */
export function focusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    /** A CSS colour (any syntax the browser knows, oklch too) painted over what is there, as sRGB bytes. */
    const paint = (colour: string) => {
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data).slice(0, 3);
    };
    const luminance = ([r, g, b]: number[]) => {
      const linear = [r!, g!, b!].map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!;
    };
    const style = getComputedStyle(element);
    const layers: string[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) layers.push(getComputedStyle(node).backgroundColor);
    context.clearRect(0, 0, 1, 1);
    paint('#fff');
    let backdrop = [255, 255, 255];
    for (const colour of layers.reverse()) backdrop = paint(colour);
    context.clearRect(0, 0, 1, 1);
    paint('#fff');
    const ring = paint(style.outlineColor);
    const [light, dark] = [luminance(ring), luminance(backdrop)].sort((a, b) => b - a);
    const contrast = (light! + 0.05) / (dark! + 0.05);

    // The ring reaches outline-offset + outline-width beyond the border box.
    const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    const box = element.getBoundingClientRect();
    const outer = { left: box.left - reach, top: box.top - reach, right: box.right + reach, bottom: box.bottom + reach };
    let clippedBy: string | null = null;
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(node);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const clip = node.getBoundingClientRect();
      const left = clip.left + node.clientLeft;
      const top = clip.top + node.clientTop;
      const cut =
        (overflowX !== 'visible' && (outer.left < left - 0.5 || outer.right > left + node.clientWidth + 0.5)) ||
        (overflowY !== 'visible' && (outer.top < top - 0.5 || outer.bottom > top + node.clientHeight + 0.5));
      if (cut) {
        clippedBy = `<${node.tagName.toLowerCase()} class="${node.className}">`;
        break;
      }
    }
    const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return {
      element: `<${element.tagName.toLowerCase()}> "${name}"`,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      contrast: Math.round(contrast * 100) / 100,
      clippedBy,
    };
  });
}
