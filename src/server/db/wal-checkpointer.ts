import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A checkpoint's figures, in WAL frames (pages), as `PRAGMA wal_checkpoint` reports them. */
export interface CheckpointResult {
  /** Frames in the WAL. */
  log: number;
  /** Frames of it copied into the database file so far. */
  checkpointed: number;
}

export interface WorkerRound extends CheckpointResult {
  /** The WAL was long: the main connection checkpoints next, and the worker waits for it. */
  handOver: boolean;
}

export interface WalCheckpointerOptions {
  intervalMs: number;
  /**
   * From this many pages of WAL on, a worker's round is followed at once by a checkpoint on the
   * main connection (`checkpointOnMain`), which copies only the few commits made meanwhile. Under
   * commits without a pause the worker never finds the whole WAL copied, and the WAL can start
   * over from its beginning only when it is: without this it would grow to SQLite's own bound.
   */
  restartAfterPages: number;
  checkpointOnMain(): Promise<CheckpointResult | undefined>;
  /** The main connection's checkpoint failed (a later hand-over tries again). */
  onMainCheckpointError(error: unknown): void;
  /** The worker failed and stopped; the caller falls back on SQLite's own checkpoints. */
  onFailure(error: Error): void;
}

export interface WalCheckpointer {
  /** Settles once the worker runs (or has failed to start). */
  online: Promise<void>;
  /** Called after each round whose figures changed; for tests and diagnostics. */
  onRound(listener: (round: WorkerRound) => void): void;
  stop(): Promise<void>;
}

/**
 * The worker's code, as a CommonJS script: a file of its own would need a build step of its own,
 * and under tsx (tests, `npm run dev`) a worker cannot load TypeScript. It opens the database
 * with a connection of its own and copies the WAL into the database file every `intervalMs`.
 * PASSIVE neither waits for nor blocks the main connection's readers and writers. After a
 * hand-over it waits for 'finished' (with the main connection's figures, so that they do not
 * count as news) before its next round: the two checkpoints never find each other in the way.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
let last;
let timer;
const round = () => {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)');
  const changed = !last || result.log !== last.log || result.checkpointed !== last.checkpointed;
  last = result;
  if (changed && result.checkpointed > 0) {
    const handOver = result.log >= workerData.restartAfterPages;
    parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed, handOver });
    if (handOver) return;
  }
  timer = setTimeout(round, workerData.intervalMs);
};
timer = setTimeout(round, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message.type === 'finished') {
    if (message.result) last = message.result;
    timer = setTimeout(round, workerData.intervalMs);
    return;
  }
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Runs SQLite's WAL checkpoints on a worker thread (docs/decisions/0009-wal-checkpoints-off-the-request-path.md).
 * Left to itself, SQLite checkpoints inside the commit that takes the WAL past 1 000 pages: that
 * request, and every request queued behind it on the one connection, waits for the copy and its
 * fsyncs. Here those commits only append to the WAL.
 */
export function startWalCheckpointer(file: string, options: WalCheckpointerOptions): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(workerSource, {
    eval: true,
    // Not the process's own flags (--input-type=module would make the script a module).
    execArgv: [],
    workerData: { driver, file, intervalMs: options.intervalMs, restartAfterPages: options.restartAfterPages },
  });
  const listeners: Array<(round: WorkerRound) => void> = [];
  let stopping = false;
  let onMain: Promise<void> | undefined;
  worker.on('message', (round: WorkerRound) => {
    for (const listener of listeners) listener(round);
    if (!round.handOver || stopping) return;
    onMain = Promise.resolve()
      .then(() => options.checkpointOnMain())
      .catch((error: unknown) => {
        if (!stopping) options.onMainCheckpointError(error);
        return undefined;
      })
      .then((result) => {
        onMain = undefined;
        if (!stopping) worker.postMessage({ type: 'finished', result });
      });
  });
  worker.on('error', (error) => {
    if (!stopping) options.onFailure(error);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const online = Promise.race([
    new Promise<void>((resolve) =>
      worker.once('online', () => {
        // Once running, an idle worker must not keep alive a process that has nothing else to do.
        // (Before, it must: a caller may await `online` with nothing else pending.)
        if (!stopping) worker.unref();
        resolve();
      }),
    ),
    exited,
  ]);
  return {
    online,
    onRound(listener) {
      listeners.push(listener);
    },
    async stop() {
      stopping = true;
      // Held until it has exited, or a process with nothing else to do would end before.
      worker.ref();
      worker.postMessage({ type: 'stop' });
      await Promise.all([exited, onMain]);
    },
  };
}
