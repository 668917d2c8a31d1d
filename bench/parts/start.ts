import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import {
  cpuMsOf,
  freePort,
  httpStatus,
  removeTempDir,
  shopEnv,
  sleep,
  startShop,
  stopChild,
  tempDir,
  track,
} from '../lib/proc.js';
import { type Check, type PartReport, fmt, table } from '../lib/report.js';
import { catalogFacts, seedProducts } from '../lib/seed.js';

/**
 * The start part: from spawning the built server (what `npm start` runs) to the first answered
 * GET /api/health, polled every 5 ms over fresh connections; median of 5 starts.
 */

const STARTS = 5;
const TARGET_MS = 1500;

interface StartTime {
  wall: number;
  /** CPU time the server process used until then (less moved by other work on the machine). */
  cpu: number;
}

async function timedStart(appDir: string, dataDir: string): Promise<StartTime> {
  const port = await freePort();
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [path.join(appDir, 'dist/server/server/main.js')], {
      cwd: appDir,
      env: shopEnv(dataDir, port),
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-5000);
  });
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${stderr}`);
      if ((await httpStatus(`http://127.0.0.1:${port}/api/health`, 1000)) === 200) {
        return { wall: performance.now() - started, cpu: cpuMsOf(child.pid!) };
      }
      if (performance.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
      await sleep(5);
    }
  } finally {
    await stopChild(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function series(label: string, appDir: string, dataDir: string): Promise<StartTime[]> {
  const times: StartTime[] = [];
  for (let i = 0; i < STARTS; i += 1) times.push(await timedStart(appDir, dataDir));
  const walls = times.map((t) => t.wall);
  console.log(
    `  ${label}: ${walls.map((t) => fmt.ms(t)).join(', ')} ms → median ${fmt.ms(median(walls))} ms (CPU ${fmt.ms(median(times.map((t) => t.cpu)))} ms)`,
  );
  return times;
}

export async function startPart(appDir: string): Promise<PartReport> {
  console.log('\nStart: time to the first answered request');
  const loadBefore = os.loadavg()[0]!;

  // Demo catalogue: the first start seeds it (SEED_DEMO defaults to true); the timed ones are later starts.
  const demoDir = tempDir('start-demo');
  const firstStarted = performance.now();
  const first = await startShop(appDir, demoDir);
  const firstMs = performance.now() - firstStarted;
  await first.stop();
  const demo = catalogFacts(demoDir);
  if (demo.liveProducts === 0) throw new Error('the server seeded no demo catalogue on its first start');
  const demoTimes = await series(`demo catalogue (${demo.liveProducts} products)`, appDir, demoDir);
  removeTempDir(demoDir);

  const largeDir = tempDir('start-100k');
  const seeded = seedProducts(appDir, largeDir, 100_000);
  const largeTimes = await series(`${fmt.int(seeded.liveProducts)} products`, appDir, largeDir);
  removeTempDir(largeDir);

  const rows = [
    [`demo catalogue (${demo.liveProducts} products), second start`, ...summary(demoTimes)],
    [`${fmt.int(seeded.liveProducts)} products (npm run seed -- --products 100000)`, ...summary(largeTimes)],
  ];
  const markdown = [
    `${STARTS} starts each; the first start of the demo data folder (which seeds it) took ${fmt.ms(firstMs)} ms to answer and is not counted. *CPU ms* is the user + system time the server process had used when it answered (less moved than the wall time by other work on this machine). Load average ${loadBefore.toFixed(2)} before.`,
    '',
    table(['data', 'median ms', 'min ms', 'max ms', 'CPU ms (median)', 'all ms'], rows, ['l', 'r', 'r', 'r', 'r', 'l']),
  ].join('\n');
  const checks: Check[] = [
    {
      part: 'start',
      name: 'start, demo catalogue (median)',
      figure: `${fmt.ms(median(demoTimes.map((t) => t.wall)))} ms`,
      target: '< 1.5 s',
      pass: median(demoTimes.map((t) => t.wall)) < TARGET_MS,
    },
    {
      part: 'start',
      name: 'start, 100 000 products (median)',
      figure: `${fmt.ms(median(largeTimes.map((t) => t.wall)))} ms`,
      target: '< 1.5 s',
      pass: median(largeTimes.map((t) => t.wall)) < TARGET_MS,
    },
  ];
  return { part: 'start', title: 'Start', markdown, checks };
}

function summary(times: StartTime[]): string[] {
  const walls = times.map((t) => t.wall);
  return [
    fmt.ms(median(walls)),
    fmt.ms(Math.min(...walls)),
    fmt.ms(Math.max(...walls)),
    fmt.ms(median(times.map((t) => t.cpu))),
    walls.map((t) => fmt.ms(t)).join(', '),
  ];
}
