import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core in the browser tests: the page is checked as it stands (a drawer open, a tab chosen), and
 * the serious and critical violations come back. The minified source is read once per worker.
 */

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

const BLOCKING: ReadonlySet<ImpactValue> = new Set(['serious', 'critical']);

export interface AxeViolation {
  id: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/**
 * Puts axe-core into the page. Not page.addScriptTag: the shop's Content-Security-Policy
 * (script-src 'self') refuses an inline <script>; page.evaluate runs through the DevTools protocol,
 * which the policy does not govern. Idempotent.
 */
async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(axeSource);
}

/**
 * Runs axe on the whole document (WCAG 2.x A and AA rules and axe's best practices) and returns the
 * violations of impact serious or critical. `disableRules` is for a rule a test has a reason to skip.
 */
export async function seriousViolations(page: Page, options: { disableRules?: string[] } = {}): Promise<AxeViolation[]> {
  await injectAxe(page);
  const rules = Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }]));
  const results = await page.evaluate(
    async (rules) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe;
      // A subtree with content-visibility: auto (the footer) is not laid out while off screen: its box
      // keeps its placeholder height and its last lines seem to stand on the page behind it. Laid out
      // for the run, axe sees what a visitor scrolling down sees.
      const skipped = [...document.querySelectorAll<HTMLElement>('*')].filter(
        (element) => getComputedStyle(element).contentVisibility === 'auto',
      );
      for (const element of skipped) element.style.setProperty('content-visibility', 'visible');
      // Laid out for the first time, its links start their colour transition (transition-colors)
      // from the browser's default link blue: once a frame has drawn them, let those end before
      // colours are read.
      if (skipped.length > 0) {
        for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
        const fading = document.getAnimations().filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
          const finite = Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity);
          return finite && skipped.some((element) => element.contains(target));
        });
        await Promise.all(fading.map((animation) => animation.finished.catch(() => undefined)));
      }
      try {
        const run: AxeResults = await axe.run(document, { resultTypes: ['violations'], rules });
        return run.violations;
      } finally {
        for (const element of skipped) element.style.removeProperty('content-visibility');
      }
    },
    rules as Record<string, { enabled: boolean }>,
  );
  return results
    .filter((violation: Result) => violation.impact && BLOCKING.has(violation.impact))
    .map((violation: Result) => ({
      id: violation.id,
      impact: violation.impact!,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' >> '),
        html: node.html.length > 300 ? `${node.html.slice(0, 300)}…` : node.html,
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** One readable paragraph per violation: rule, impact, what it asks, then each failing node (selector, html, why). */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) =>
      [
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
        ...violation.nodes.map((node) => `  - ${node.target}\n    ${node.html}\n    ${node.summary}`),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * Fails with every serious or critical violation on the page, named by rule id, impact, selector and
 * html. `where` says which state of which page was checked, e.g. '/products, cart drawer open (phone)'.
 */
export async function expectNoSeriousViolations(
  page: Page,
  where: string,
  options: { disableRules?: string[] } = {},
): Promise<void> {
  const violations = await seriousViolations(page, options);
  if (violations.length === 0) return;
  const count = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  throw new Error(
    `axe: ${violations.length} serious/critical rule(s), ${count} node(s), on ${where}:\n${formatViolations(violations)}`,
  );
}

/**
 * Checks one state after another and reports them all at the end, so one run of a test shows every
 * page with a problem, not just the first: `await audit.check('/about (phone)')` … `audit.expectClean()`.
 */
export function axeAudit(page: Page, options: { disableRules?: string[] } = {}) {
  const failures: string[] = [];
  const checked: string[] = [];
  return {
    checked,
    async check(where: string): Promise<void> {
      checked.push(where);
      const violations = await seriousViolations(page, options);
      if (violations.length > 0) failures.push(`── ${where}\n${formatViolations(violations)}`);
    },
    expectClean(): void {
      if (failures.length === 0) return;
      throw new Error(
        `axe: serious/critical violations in ${failures.length} of ${checked.length} state(s):\n${failures.join('\n')}`,
      );
    },
  };
}
