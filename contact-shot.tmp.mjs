import { chromium } from 'playwright-core';
const [,, url, out, width = '390', lang = 'en', selector] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 }, deviceScaleFactor: 1 });
if (lang === 'ne') await ctx.addCookies([{ name: 'pasal_lang', value: 'ne', url }]);
const page = await ctx.newPage();
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
if (selector) { const el = page.locator(selector).first(); await el.scrollIntoViewIfNeeded(); await page.waitForTimeout(400); await el.screenshot({ path: out }); }
else await page.screenshot({ path: out, fullPage: false });
await browser.close();
