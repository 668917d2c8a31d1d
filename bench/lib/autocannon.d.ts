/** The small part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
    /** Return the run's histograms encoded, unaggregated, for autocannon.aggregateResult. */
    skipAggregateResult?: boolean;
  }

  interface AutocannonResult {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
    '2xx': number;
  }

  /** A run with skipAggregateResult: counts, and histograms encoded for aggregateResult. */
  interface AutocannonRawResult {
    /** Answers received. */
    totalCompletedRequests: number;
    totalBytes: number;
    /** Seconds sampled (one per second of the run). */
    samples: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: AutocannonOptions & { skipAggregateResult: true }): Promise<AutocannonRawResult>;
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  namespace autocannon {
    /** Merges raw results: latency is one histogram of all; requests/throughput are not merged (use the totals). */
    function aggregateResult(results: AutocannonRawResult[], options: { url: string; connections?: number }): AutocannonResult;
  }
  export default autocannon;
  export type { AutocannonOptions, AutocannonRawResult, AutocannonRequest, AutocannonResult };
}
