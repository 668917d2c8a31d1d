import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium as the browser tests and the pages benchmark drive it (no vitest here: bench/ imports it). */

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** The Chromium binary, or a clear error when it is not installed. */
export function requireChromium(): string {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install Debian's chromium (\`.ci/run\` does) or set CHROMIUM_PATH.`,
    );
  }
  return executablePath;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
}
