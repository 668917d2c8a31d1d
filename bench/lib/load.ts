import autocannon, { type AutocannonRawResult } from 'autocannon';
import { type ServerProcess, cpuMsOf, sampleRss } from './proc.js';
import { fmt } from './report.js';

/**
 * The API part's load: autocannon on one scenario at a time, the servers' CPU and memory read
 * from /proc over each timed run, and measure()'s mirrored rounds. Shared by bench/parts/api.ts
 * and its cluster rows (bench/parts/api-cluster.ts).
 */

export const CONNECTIONS = 32;
/** Timed rounds per endpoint and server, mirrored (see measure). */
export const ROUNDS = 2;

export interface Scenario {
  key: string;
  endpoint: string;
  /** hot: one URL again and again; varied: each request drawn at random. */
  kind: 'hot' | 'varied' | 'write';
  method: 'GET' | 'POST';
  path: () => string;
  body?: () => string;
  headers?: Record<string, string>;
}

export interface Figures {
  /** Answers per second over all rounds. */
  rps: number;
  /** Answers per second of each round, in the order run. */
  rounds: number[];
  p50: number;
  p99: number;
  /** Server CPU time (user + system) per answered request. */
  cpuMs: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  /** Status codes other than 2xx with their counts, e.g. "409×12". */
  statuses: string;
  rssMax: number;
}

/**
 * What a load aims at: an address, and every process that answers through it (one shop process,
 * or three behind nginx and nginx's own), whose CPU time and memory are summed.
 */
export interface Target {
  url: string;
  pids: number[];
}

export const targetOf = (server: ServerProcess): Target => ({ url: server.url, pids: [server.child.pid!] });

/** One timed load of a scenario on one server, kept unaggregated so that rounds can be merged. */
interface Round {
  result: AutocannonRawResult;
  cpuMs: number;
  rssMax: number;
}

async function load(server: Target, scenario: Scenario, seconds: number): Promise<Round> {
  const cpu = () => server.pids.reduce((total, pid) => total + cpuMsOf(pid), 0);
  const sampler = sampleRss(server.pids);
  const cpuBefore = cpu();
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    skipAggregateResult: true,
    requests: [
      scenario.kind === 'hot'
        ? // One URL: autocannon builds the request once. Rebuilding it for every request cost the
          // load generator, on the same two cores as the server, ~15 % more CPU per request.
          { method: scenario.method, headers: scenario.headers ?? {}, path: scenario.path() }
        : {
            method: scenario.method,
            headers: scenario.headers ?? {},
            setupRequest: (request) => ({
              ...request,
              path: scenario.path(),
              ...(scenario.body ? { body: scenario.body() } : {}),
            }),
          },
    ],
  });
  return { result, cpuMs: cpu() - cpuBefore, rssMax: sampler.stop() };
}

/** The figures of a server's rounds taken together: one latency histogram, all answers over all seconds. */
function figuresOf(server: Target, rounds: Round[]): Figures {
  // aggregateResult adds the later rounds' status counts into the first round's objects: it gets copies.
  const merged = autocannon.aggregateResult(
    rounds.map((round) => structuredClone(round.result)),
    { url: server.url, connections: CONNECTIONS },
  );
  const sum = (of: (round: Round) => number) => rounds.reduce((total, round) => total + of(round), 0);
  const answered = Object.values(merged.statusCodeStats).reduce((n, stat) => n + stat.count, 0);
  const completed = sum((round) => round.result.totalCompletedRequests);
  const seconds = sum((round) => round.result.samples);
  return {
    rps: seconds > 0 ? completed / seconds : 0,
    rounds: rounds.map((round) => (round.result.samples > 0 ? round.result.totalCompletedRequests / round.result.samples : 0)),
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    cpuMs: answered > 0 ? sum((round) => round.cpuMs) / answered : 0,
    bytesPerResponse: completed > 0 ? sum((round) => round.result.totalBytes) / completed : 0,
    non2xx: merged.non2xx,
    errors: merged.errors + merged.timeouts,
    statuses: Object.entries(merged.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stat]) => `${code}×${stat.count}`)
      .join(' '),
    rssMax: Math.max(...rounds.map((round) => round.rssMax)),
  };
}

export interface Run {
  label: string;
  server: Target;
  scenario: Scenario;
}

/**
 * Measures one endpoint on its servers (app 100k, baseline, app 1k): a warm-up on each, then
 * ROUNDS timed rounds, in order and then in reverse (A B C, C B A), each `seconds` long. The
 * machine's speed drifts by a third within minutes; run once, back to back, whichever server came
 * first or last got the drift, and the ratios with it. Mirrored rounds give each server the same
 * share of early and late. Prints one line per server with each round's requests/s.
 */
export async function measure(runs: Run[], seconds: number): Promise<Figures[]> {
  for (const run of runs) await load(run.server, run.scenario, Math.max(1, Math.min(3, Math.round(seconds / 4))));
  const rounds: Round[][] = runs.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = runs.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) rounds[index]!.push(await load(runs[index]!.server, runs[index]!.scenario, seconds));
  }
  return runs.map((run, index) => {
    const f = figuresOf(run.server, rounds[index]!);
    const problems = f.non2xx + f.errors > 0 ? `  (${f.statuses || ''}${f.errors > 0 ? ` ${f.errors} errors` : ''})` : '';
    console.log(
      `  ${run.label.padEnd(13)} ${`${run.scenario.endpoint} (${run.scenario.kind})`.padEnd(40)} ${fmt.int(f.rps).padStart(7)} req/s (${f.rounds.map((rps) => fmt.int(rps)).join(' / ')})  p50 ${f.p50} ms  p99 ${f.p99} ms  CPU ${f.cpuMs.toFixed(2)} ms/req  RSS ${fmt.mb(f.rssMax)} MB${problems}`,
    );
    return f;
  });
}
