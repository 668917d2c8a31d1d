import { spawn } from 'node:child_process';
import os from 'node:os';
import { ROOT, track } from '../lib/proc.js';
import type { PartReport } from '../lib/report.js';

/** The checkout part: bench/checkout.ts (npm run bench:checkout) as it is, its figures read from its output. */
export async function checkoutPart(): Promise<PartReport> {
  console.log('\nCheckout: bench/checkout.ts');
  const loadBefore = os.loadavg()[0]!;
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'bench/checkout.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    process.stdout.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const rate = Number(/(\d+) checkouts\/s/.exec(output)?.[1] ?? NaN);
  const latency = /latency (p50 [^\n]+)/.exec(output)?.[1] ?? '';
  const summary = /checkout on SQLite: ([^\n]+)/.exec(output)?.[1] ?? '';
  const cpu = /server process CPU ([\d.]+) ms per checkout/.exec(output)?.[1];
  const exact = /stock exact and every order whole: (yes|NO)/.exec(output)?.[1] === 'yes';
  const markdown = [
    `bench/checkout.ts: ${summary || 'no summary (see the console)'}. Load average ${loadBefore.toFixed(2)} before.`,
    '',
    `${Number.isFinite(rate) ? rate : '?'} checkouts/s, ${latency}${cpu ? `; server CPU ${cpu} ms per checkout` : ''}; exit code ${code}.`,
  ].join('\n');
  return {
    part: 'checkout',
    title: 'Checkout',
    markdown,
    checks: [
      {
        part: 'checkout',
        name: 'checkouts per second (SQLite)',
        figure: Number.isFinite(rate) ? `${rate}/s` : 'no figure',
        target: '≥ 300/s',
        pass: rate >= 300,
      },
      {
        part: 'checkout',
        name: 'stock exact, orders whole',
        figure: exact ? 'yes' : 'NO',
        target: 'yes',
        pass: exact && code === 0,
      },
    ],
  };
}
