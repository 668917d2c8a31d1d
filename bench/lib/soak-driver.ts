import { rssOf } from './proc.js';
import type { Outcome, Recorder, SoakClient } from './soak-http.js';
import { type ShopperLease, type SoakWorld, drawAction } from './soak-traffic.js';

/**
 * The soak's load: a short full-speed burst of the mix to measure capacity, then the mix at a
 * constant rate (an open loop: actions start on schedule whether or not earlier ones answered, as
 * a crowd's visits do), with every answer counted into the minute it finished in and the shop's
 * memory read every few seconds.
 */

export interface Minute {
  requests: number;
  errors: number;
  /** 409 out of stock: the sale's last units went to someone else. */
  expected: number;
  actions: number;
  latencies: number[];
  /** Resident memory of the shop's processes (summed) at the minute's last sample. */
  rss: number;
}

export interface KindTotals {
  requests: number;
  errors: number;
  expected: number;
}

const MINUTE_MS = 60_000;
const RSS_EVERY_MS = 5_000;
/** Past this many actions in flight the shop has fallen behind: further starts are counted as skipped. */
const MAX_IN_FLIGHT = 512;

export class SoakRecorder implements Recorder {
  readonly minutes: Minute[] = [];
  readonly kinds = new Map<string, KindTotals>();
  /** The first few errors as they came, for the report. */
  readonly samples: string[] = [];
  private started = performance.now();
  private lastMinute = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pids: number[]) {}

  /**
   * Starts the clock (minute 1 begins now) for a run of `minutes`, and reads the shop's memory every
   * few seconds. Answers to the last actions, arriving after the run's end, count in its last minute.
   */
  begin(minutes: number): void {
    this.started = performance.now();
    this.lastMinute = Math.max(0, Math.ceil(minutes) - 1);
    this.minutes.length = 0;
    this.kinds.clear();
    this.readRss();
    this.timer = setInterval(() => this.readRss(), RSS_EVERY_MS);
  }

  end(): void {
    clearInterval(this.timer);
    this.readRss();
  }

  private minute(): Minute {
    const index = Math.min(this.lastMinute, Math.floor((performance.now() - this.started) / MINUTE_MS));
    while (this.minutes.length <= index)
      this.minutes.push({ requests: 0, errors: 0, expected: 0, actions: 0, latencies: [], rss: 0 });
    return this.minutes[index]!;
  }

  private readRss(): void {
    this.minute().rss = this.pids.reduce((sum, pid) => sum + rssOf(pid), 0);
  }

  record(kind: string, outcome: Outcome, ms: number, detail?: string): void {
    const minute = this.minute();
    minute.requests += 1;
    minute.latencies.push(ms);
    const totals = this.kinds.get(kind) ?? { requests: 0, errors: 0, expected: 0 };
    this.kinds.set(kind, totals);
    totals.requests += 1;
    if (outcome === 'expected') {
      minute.expected += 1;
      totals.expected += 1;
    }
    if (outcome === 'error') {
      minute.errors += 1;
      totals.errors += 1;
      if (this.samples.length < 10) this.samples.push(`${kind}: ${detail ?? 'error'}`);
    }
  }

  /**
   * An action that threw (a payment that did not land paid, a socket error): an error, counted in
   * the minute's errors and under "action", but not a request of its own.
   */
  failed(error: unknown): void {
    const minute = this.minute();
    minute.errors += 1;
    const totals = this.kinds.get('action') ?? { requests: 0, errors: 0, expected: 0 };
    this.kinds.set('action', totals);
    totals.errors += 1;
    if (this.samples.length < 10) this.samples.push(`action: ${error instanceof Error ? error.message : String(error)}`);
  }

  actionDone(): void {
    this.minute().actions += 1;
  }
}

export interface Traffic {
  client: SoakClient;
  world: SoakWorld;
  lease: ShopperLease;
  recorder: SoakRecorder;
}

async function act(traffic: Traffic): Promise<void> {
  try {
    await drawAction()(traffic.client, traffic.world, traffic.lease);
  } catch (error) {
    traffic.recorder.failed(error);
  }
  traffic.recorder.actionDone();
}

/** Actions back to back on `concurrency` loops for `seconds`: the actions per second the shop keeps up with. */
export async function burst(
  traffic: Traffic,
  seconds: number,
  concurrency: number,
): Promise<{ actionsPerSecond: number; requestsPerSecond: number }> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let actions = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await act(traffic);
        actions += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const requests = traffic.recorder.minutes.reduce((sum, minute) => sum + minute.requests, 0);
  return { actionsPerSecond: actions / elapsed, requestsPerSecond: requests / elapsed };
}

export interface RateResult {
  started: number;
  /** Starts not made because MAX_IN_FLIGHT actions were still waiting for answers. */
  skipped: number;
  maxInFlight: number;
}

/**
 * `rate` actions a second for `seconds`, started on schedule (checked every 10 ms); then waits for
 * the last ones to answer. `onMinute` is told when each minute has passed (for a progress line).
 */
export async function atRate(
  traffic: Traffic,
  rate: number,
  seconds: number,
  onMinute: (minute: number) => void,
): Promise<RateResult> {
  const inFlight = new Set<Promise<void>>();
  const result: RateResult = { started: 0, skipped: 0, maxInFlight: 0 };
  const began = performance.now();
  let due = 0;
  let minutesTold = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - began) / 1000;
      const target = Math.floor(Math.min(elapsed, seconds) * rate);
      while (due < target) {
        due += 1;
        if (inFlight.size >= MAX_IN_FLIGHT) {
          result.skipped += 1;
          continue;
        }
        result.started += 1;
        const running: Promise<void> = act(traffic).finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      result.maxInFlight = Math.max(result.maxInFlight, inFlight.size);
      while (minutesTold < Math.floor(elapsed / 60) && minutesTold < Math.ceil(seconds / 60)) onMinute((minutesTold += 1));
      if (elapsed >= seconds) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  await Promise.all(inFlight);
  return result;
}

/** The p-th percentile (0–100) of unsorted figures (nearest rank), 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
