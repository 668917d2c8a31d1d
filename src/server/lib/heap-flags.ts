import v8 from 'node:v8';

/**
 * Memory (docs/decisions/0005-server-memory.md). Under a steady stream of requests V8 grows its
 * young generation to 16 MB semi-spaces, and lets the old generation fill up to about four times
 * what is live before it collects it (its growing factor rises with throughput): a server with
 * ~40 MB of live objects peaked at 270-280 MB RSS on 100 000 products. Two flags keep it near
 * 180 MB at the same requests per second and CPU per request: the young generation stays at its
 * starting size (more, smaller scavenges), and the old generation may grow by half of what is live
 * after a full collection. A value given on the node command line wins.
 */
let boundFlags: string[] = [];

export function boundHeapGrowth(): void {
  const given = (name: string) => process.execArgv.find((arg) => arg.replaceAll('_', '-').includes(name));
  // Any semi-space flag on the command line is the operator's choice of young generation.
  const semiSpace = given('semi-space');
  const growthFactor = semiSpace ? given('semi-space-growth-factor=') : '--semi-space-growth-factor=1';
  boundFlags = [growthFactor, given('heap-growing-percent=') ?? '--heap-growing-percent=50'].filter(
    (flag): flag is string => flag !== undefined,
  );
  reapplyHeapFlags();
}

/**
 * V8 raises --semi-space-growth-factor to 2 whenever it creates an isolate, a worker thread's
 * too (db/wal-checkpointer.ts): the main thread's young generation then grew to two 16 MB
 * semi-spaces again. Called once such a worker runs; does nothing unless boundHeapGrowth() was (main.ts).
 */
export function reapplyHeapFlags(): void {
  for (const flag of boundFlags) v8.setFlagsFromString(flag);
}
