import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cumulativeLayoutShift, totalBlockingTime } from '../../bench/lib/metrics.js';
import { type PartReport, checksTable, tally, writeDocs } from '../../bench/lib/report.js';

/** The definitions `npm run bench` measures by (the benchmark itself is not part of the suite). */

describe('bench metrics', () => {
  it('CLS is the largest session window (gaps under 1 s, windows up to 5 s)', () => {
    const shift = (t: number, v: number) => ({ t, v, sources: [`n${t}`] });
    expect(cumulativeLayoutShift([]).value).toBe(0);
    // Two bursts 2 s apart: the larger burst counts, not the sum.
    const bursts = cumulativeLayoutShift([shift(100, 0.02), shift(600, 0.02), shift(2600, 0.03)]);
    expect(bursts.value).toBeCloseTo(0.04);
    expect(bursts.sources).toEqual(['n100', 'n600']);
    // Shifts every 900 ms keep one window going, but only for 5 s.
    const steady = cumulativeLayoutShift(Array.from({ length: 10 }, (_, i) => shift(i * 900, 0.01)));
    expect(steady.value).toBeCloseTo(0.06);
  });

  it('TBT counts each long task’s time over 50 ms after FCP only', () => {
    const state = { lcp: 0, lcpElement: '', lcpUrl: '', shifts: [], fcp: 1000 };
    expect(totalBlockingTime({ ...state, longTasks: [{ start: 200, duration: 300 }] })).toBe(0);
    expect(totalBlockingTime({ ...state, longTasks: [{ start: 1100, duration: 120 }] })).toBe(70);
    // Straddling FCP: only the 150 ms after it, less 50.
    expect(totalBlockingTime({ ...state, longTasks: [{ start: 900, duration: 250 }] })).toBe(100);
    expect(
      totalBlockingTime({
        ...state,
        longTasks: [
          { start: 1200, duration: 60 },
          { start: 1500, duration: 40 },
          { start: 2000, duration: 250 },
        ],
      }),
    ).toBe(210);
  });
});

describe('docs/benchmarks.md writing', () => {
  const report = (part: PartReport['part'], text: string): PartReport => ({
    part,
    title: part,
    markdown: text,
    checks: [{ part, name: `${part} check`, figure: '1', target: '< 2', pass: true }],
  });

  it('replaces only the parts that ran and keeps the text around the Latest run section', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-bench-doc-')), 'benchmarks.md');
    fs.writeFileSync(file, '# Benchmarks\n\nIntro kept.\n\n## Latest run\n\n## Catalogue\n\nNotes kept.\n');
    writeDocs([report('api', 'api figures one'), report('start', 'start figures one')], new Date('2026-01-01T00:00:00Z'), file);
    writeDocs([report('start', 'start figures two')], new Date('2026-01-02T00:00:00Z'), file);
    const text = fs.readFileSync(file, 'utf8');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(text.startsWith('# Benchmarks\n\nIntro kept.\n\n## Latest run\n')).toBe(true);
    expect(text).toContain('api figures one');
    expect(text).not.toContain('start figures one');
    expect(text).toContain('start figures two');
    expect(text.indexOf('bench:api:start')).toBeLessThan(text.indexOf('bench:start:start'));
    expect(text.trimEnd().endsWith('## Catalogue\n\nNotes kept.')).toBe(true);
    expect(text.match(/## Catalogue/g)).toHaveLength(1);
  });

  it('a check beyond the issue reads "miss" and is counted apart from the issue checks', () => {
    const checks = [
      { part: 'api', name: 'p99, issue 5 requests', figure: '7 ms', target: '< 20 ms', pass: true },
      { part: 'api', name: 'RSS', figure: '300 MB', target: '< 250 MB', pass: false },
      { part: 'api', name: 'p99, uncached variants', figure: '60 ms', target: '< 20 ms', pass: false, beyond: true },
      { part: 'api', name: 'ratio, uncached variants', figure: '1.2×', target: '≤ 1.50×', pass: true, beyond: true },
    ];
    expect(tally(checks)).toBe("1 of 2 checks of issue 5's targets pass. Beyond the issue: 1 of 2 pass.");
    expect(tally(checks.slice(0, 2))).toBe("1 of 2 checks of issue 5's targets pass.");
    const rows = checksTable(checks).split('\n');
    expect(rows.find((row) => row.includes('RSS'))).toContain('FAIL');
    expect(rows.find((row) => row.includes('p99, uncached'))).toContain('miss (beyond the issue)');
    expect(rows.find((row) => row.includes('ratio, uncached'))).toMatch(/\| pass +\|$/);
  });
});
