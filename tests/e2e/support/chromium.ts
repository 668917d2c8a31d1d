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

/**
 * Where to look when CHROMIUM_PATH names no binary: Debian's headless shell first (package
 * chromium-headless-shell: the same engine and version as chromium without the desktop browser
 * around it, so it starts sooner and each context costs less), then the full chromium.
 */
const INSTALLED = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The Chromium binary, or a clear error when it is not installed. */
export function requireChromium(): string {
  const named = process.env.CHROMIUM_PATH;
  const executablePath = named || INSTALLED.find((candidate) => fs.existsSync(candidate));
  if (!executablePath || !fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${named || INSTALLED.join(' or ')}: install Debian's chromium-headless-shell or ` +
        `chromium (\`.ci/run\` does) or set CHROMIUM_PATH.`,
    );
  }
  return executablePath;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
}
