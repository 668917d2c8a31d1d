import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * The screen as it is now, saved as `<name>.png` in SHOTS_DIR when that is set (for looking at
 * the pages by eye); the whole page when `fullPage`. Without SHOTS_DIR it does nothing.
 */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}
