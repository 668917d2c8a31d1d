import os from 'node:os';
import type { Browser, CDPSession } from 'playwright-core';
import { requestJson, sleep, startShop, tempDir } from '../lib/proc.js';
import { type Check, type PartReport, fmt, table } from '../lib/report.js';
import { type PerfState, cumulativeLayoutShift, totalBlockingTime } from '../lib/metrics.js';
import { catalogFacts } from '../lib/seed.js';
import { launchBrowser, requireChromium } from '../../tests/e2e/support/chromium.js';
import { verifiedShopper } from '../lib/shopper.js';

/**
 * The pages part: Chromium through playwright-core and the DevTools protocol with a phone's
 * network and CPU (see docs/benchmarks.md), a cold cache per visit, on the demo catalogue.
 */

const VIEWPORT = { width: 412, height: 823 };
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
const CPU_SLOWDOWN = 4;
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36';
const QUIET_MS = 5000;
const VISIT_CAP_MS = 40_000;
const TARGET = { lcp: 2000, cls: 0.05, tbt: 200, homeJs: 120 * 1024 };
const TOKEN_KEY = 'pasal.token';

/** Collects paint, layout-shift and long-task entries from the very start of the document. */
const OBSERVERS = `(() => {
  const describe = (node) => {
    if (!node || !node.nodeName) return '';
    const cls = typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\\s+/).slice(0, 3).join('.') : '';
    return (node.nodeName.toLowerCase() + (node.id ? '#' + node.id : '') + cls).slice(0, 80);
  };
  const b = (window.__bench = { lcp: 0, lcpElement: '', lcpUrl: '', fcp: 0, shifts: [], longTasks: [] });
  const observe = (type, each) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
    } catch {}
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') b.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { b.lcp = e.startTime; b.lcpElement = describe(e.element); b.lcpUrl = e.url || ''; });
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) b.shifts.push({ t: e.startTime, v: e.value, sources: (e.sources || []).map((s) => describe(s.node)).filter(Boolean) });
  });
  observe('longtask', (e) => b.longTasks.push({ start: e.startTime, duration: e.duration }));
})();`;

interface RequestRecord {
  url: string;
  type: string;
  mime: string;
  status: number;
  start: number;
  end: number;
  /** Bytes received (encodedDataLength of loadingFinished: headers and compressed body). */
  bytes: number;
  /** Bytes received when the response headers were in (their size). */
  headerBytes: number;
}

interface Visit {
  finalPath: string;
  status: number;
  lcp: number;
  lcpElement: string;
  lcpUrl: string;
  fcp: number;
  cls: number;
  clsSources: string[];
  tbt: number;
  longTasks: number;
  bytes: number;
  jsBytes: number;
  /** The scripts' compressed bodies alone (without response headers). */
  jsBodyBytes: number;
  cssBytes: number;
  imageBytes: number;
  fontBytes: number;
  docBytes: number;
  requests: number;
  ttfb: number;
  lcpResource?: { start: number; end: number; bytes: number };
  scripts: { url: string; bytes: number; start: number; end: number }[];
}

const isScript = (record: RequestRecord) =>
  record.type === 'Script' || /javascript|ecmascript/.test(record.mime) || /\.m?js(\?|$)/.test(new URL(record.url).pathname);

async function visit(browser: Browser, baseUrl: string, pathname: string, token?: string, lang?: 'ne'): Promise<Visit> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    screen: VIEWPORT,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: USER_AGENT,
  });
  try {
    await context.addInitScript(OBSERVERS);
    // A Nepali visit: the language the switch remembers (src/web/lib/i18n.tsx), read by the server.
    if (lang) await context.addCookies([{ name: 'pasal_lang', value: lang, url: baseUrl }]);
    if (token) {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    }
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const records = new Map<string, RequestRecord>();
    const inflight = new Set<string>();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      records.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        mime: '',
        status: 0,
        start: event.timestamp,
        end: 0,
        bytes: 0,
        headerBytes: 0,
      });
      inflight.add(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (event) => {
      const record = records.get(event.requestId);
      if (record) {
        record.type = event.type;
        record.mime = event.response.mimeType;
        record.status = event.response.status;
        record.headerBytes = event.response.encodedDataLength;
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      const record = records.get(event.requestId);
      if (record) {
        record.end = event.timestamp;
        record.bytes = event.encodedDataLength;
      }
      inflight.delete(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (event) => {
      inflight.delete(event.requestId);
      lastActivity = Date.now();
    });

    const started = Date.now();
    const response = await page.goto(baseUrl + pathname, { waitUntil: 'load', timeout: 60_000 });
    // Wait until nothing happened (no long task, no request) for QUIET_MS, or the cap.
    let tasksSeen = -1;
    while (Date.now() - started < VISIT_CAP_MS) {
      await sleep(250);
      const tasks = await page.evaluate(() => (window as unknown as { __bench: PerfState }).__bench.longTasks.length);
      if (tasks !== tasksSeen) {
        tasksSeen = tasks;
        lastActivity = Date.now();
      }
      if (inflight.size === 0 && Date.now() - lastActivity >= QUIET_MS) break;
    }
    const state = await page.evaluate(() => (window as unknown as { __bench: PerfState }).__bench);
    const all = [...records.values()].filter((record) => record.end > 0);
    const documentRecord = [...records.values()].find((record) => record.type === 'Document');
    const t0 = documentRecord?.start ?? 0;
    const sum = (filter: (record: RequestRecord) => boolean) => all.filter(filter).reduce((n, record) => n + record.bytes, 0);
    const lcpRecord = state.lcpUrl ? all.find((record) => record.url === state.lcpUrl) : undefined;
    const cls = cumulativeLayoutShift(state.shifts);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return nav ? nav.responseStart : 0;
    });
    return {
      finalPath: new URL(page.url()).pathname,
      status: response?.status() ?? 0,
      lcp: state.lcp,
      lcpElement: state.lcpElement,
      lcpUrl: state.lcpUrl,
      fcp: state.fcp,
      cls: cls.value,
      clsSources: cls.sources,
      tbt: totalBlockingTime(state),
      longTasks: state.longTasks.length,
      bytes: sum(() => true),
      jsBytes: sum(isScript),
      jsBodyBytes: all.filter(isScript).reduce((n, record) => n + record.bytes - record.headerBytes, 0),
      cssBytes: sum((record) => record.type === 'Stylesheet'),
      imageBytes: sum((record) => record.type === 'Image'),
      fontBytes: sum((record) => record.type === 'Font'),
      docBytes: sum((record) => record.type === 'Document'),
      requests: all.length,
      ttfb: timing,
      lcpResource: lcpRecord && {
        start: (lcpRecord.start - t0) * 1000,
        end: (lcpRecord.end - t0) * 1000,
        bytes: lcpRecord.bytes,
      },
      scripts: all.filter(isScript).map((record) => ({
        url: new URL(record.url).pathname,
        bytes: record.bytes,
        start: (record.start - t0) * 1000,
        end: (record.end - t0) * 1000,
      })),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface PageSpec {
  name: string;
  path: string;
  token?: string;
  /** The page in Nepali (the targets hold in both languages). */
  lang?: 'ne';
  /** Counted against the targets (the logged-out /account visit is shown for information). */
  target: boolean;
}

export async function pagesPart(appDir: string, runs: number): Promise<PartReport> {
  console.log('\nPages: Chromium, throttled phone profile');
  requireChromium(); // before seeding a shop for nothing
  const loadBefore = os.loadavg()[0]!;
  const notes: string[] = [];
  const dataDir = tempDir('pages');
  const server = await startShop(appDir, dataDir);
  let browser: Browser | undefined;
  try {
    const facts = catalogFacts(dataDir);
    if (facts.featured === 0) throw new Error('the server seeded no demo catalogue with featured products on its first start');
    notes.push(`Demo catalogue: ${facts.liveProducts} products, ${facts.featured} featured.`);
    const featured = await requestJson<{ products: { id: number }[] }>(
      `${server.url}/api/products?featured=true&page=1&pageSize=8`,
    );
    const productId = featured.body.products?.[0]?.id ?? facts.productIds[0];
    const shopper = await verifiedShopper(server.url, dataDir);
    const pages: PageSpec[] = [
      { name: 'Home', path: '/', target: true },
      { name: '/products', path: '/products', target: true },
      { name: 'product page', path: `/products/${productId}`, target: true },
      { name: '/account (logged in)', path: '/account', token: shopper.token, target: true },
      { name: '/account (logged out → /login)', path: '/account', target: false },
      { name: 'Home, Nepali', path: '/', lang: 'ne', target: true },
      { name: '/products, Nepali', path: '/products', lang: 'ne', target: true },
      { name: 'product page, Nepali', path: `/products/${productId}`, lang: 'ne', target: true },
      { name: '/account (logged in), Nepali', path: '/account', token: shopper.token, lang: 'ne', target: true },
    ];

    browser = await launchBrowser();
    // One unmeasured visit so Chromium's own start-up is not in the first figure.
    await visit(browser, server.url, '/about');

    const results = new Map<string, Visit[]>();
    for (let run = 0; run < runs; run += 1) {
      for (const spec of pages) {
        const result = await visit(browser, server.url, spec.path, spec.token, spec.lang);
        results.set(spec.name, [...(results.get(spec.name) ?? []), result]);
        console.log(
          `  ${spec.name.padEnd(32)} LCP ${fmt.ms(result.lcp).padStart(6)} ms  CLS ${result.cls.toFixed(3)}  TBT ${fmt.ms(result.tbt).padStart(5)} ms  ${fmt.kb(result.bytes).padStart(6)} KB (JS ${fmt.kb(result.jsBytes)} KB)  → ${result.finalPath} ${result.status}`,
        );
      }
    }

    const rows: (string | number)[][] = [];
    const checks: Check[] = [];
    const details: string[] = [];
    for (const spec of pages) {
      const visits = results.get(spec.name)!;
      const m = {
        lcp: median(visits.map((v) => v.lcp)),
        fcp: median(visits.map((v) => v.fcp)),
        cls: median(visits.map((v) => v.cls)),
        tbt: median(visits.map((v) => v.tbt)),
        bytes: median(visits.map((v) => v.bytes)),
        js: median(visits.map((v) => v.jsBytes)),
        jsBody: median(visits.map((v) => v.jsBodyBytes)),
        css: median(visits.map((v) => v.cssBytes)),
        images: median(visits.map((v) => v.imageBytes)),
        fonts: median(visits.map((v) => v.fontBytes)),
        requests: median(visits.map((v) => v.requests)),
        ttfb: median(visits.map((v) => v.ttfb)),
      };
      const last = visits[visits.length - 1]!;
      rows.push([
        spec.name,
        fmt.int(m.lcp),
        fmt.int(m.fcp),
        m.cls.toFixed(3),
        fmt.int(m.tbt),
        fmt.kb(m.bytes),
        fmt.kb(m.js),
        fmt.kb(m.css),
        fmt.kb(m.images),
        fmt.kb(m.fonts),
        m.requests,
        `${last.finalPath} ${last.status}`,
      ]);
      const lcpWhat = `${last.lcpElement || '?'}${last.lcpUrl ? ` ${new URL(last.lcpUrl).pathname}` : ''}`;
      const lcpRes = last.lcpResource
        ? `, its request ${fmt.int(last.lcpResource.start)}–${fmt.int(last.lcpResource.end)} ms (${fmt.kb(last.lcpResource.bytes)} KB)`
        : '';
      const lateScript = [...last.scripts].sort((a, b) => b.end - a.end)[0];
      details.push(
        `- ${spec.name}: document first byte ${fmt.int(m.ttfb)} ms; LCP element ${lcpWhat}${lcpRes}; ${last.scripts.length} scripts, the last done at ${lateScript ? fmt.int(lateScript.end) : '–'} ms; ${last.longTasks} long tasks${last.clsSources.length > 0 ? `; shifted: ${last.clsSources.slice(0, 4).join(', ')}` : ''}.`,
      );
      if (spec.target) {
        checks.push(
          {
            part: 'pages',
            name: `LCP ${spec.name}`,
            figure: `${fmt.int(m.lcp)} ms`,
            target: '< 2000 ms',
            pass: m.lcp < TARGET.lcp,
          },
          { part: 'pages', name: `CLS ${spec.name}`, figure: m.cls.toFixed(3), target: '< 0.05', pass: m.cls < TARGET.cls },
          {
            part: 'pages',
            name: `TBT ${spec.name}`,
            figure: `${fmt.int(m.tbt)} ms`,
            target: '< 200 ms',
            pass: m.tbt < TARGET.tbt,
          },
        );
      }
      if (spec.path === '/' && !spec.token) {
        checks.push({
          part: 'pages',
          name: `JS of a first visit to ${spec.name} (compressed, as transferred)`,
          figure: `${fmt.kb(m.js)} KB (bodies alone ${fmt.kb(m.jsBody)} KB)`,
          target: '< 120 KB',
          pass: m.js < TARGET.homeJs,
        });
        details.push(
          `- ${spec.name}: scripts (KB as transferred, ms from the document request): ${
            last.scripts
              .sort((a, b) => a.start - b.start)
              .map((s) => `${s.url.split('/').pop()} ${fmt.kb(s.bytes)} KB ${fmt.int(s.start)}–${fmt.int(s.end)}`)
              .join(', ') || 'none'
          }.`,
        );
      }
    }
    const markdown = [
      `Median of ${runs} cold visits per page (one unmeasured visit first). Times in ms from navigation start; bytes as transferred, response headers included (KB = 1024 bytes). Load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after.`,
      ...notes.map((note) => `\n${note}`),
      '',
      table(['page', 'LCP', 'FCP', 'CLS', 'TBT', 'KB', 'JS KB', 'CSS KB', 'img KB', 'font KB', 'requests', 'ended at'], rows, [
        'l',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'l',
      ]),
      '',
      'Where the time goes (last visit of each page):',
      '',
      ...details,
    ].join('\n');
    return { part: 'pages', title: 'Pages (Chromium, phone profile)', markdown, checks };
  } finally {
    await browser?.close();
    await server.stop();
  }
}
