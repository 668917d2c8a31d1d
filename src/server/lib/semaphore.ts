/**
 * At most `limit` tasks at once, the rest waiting in order; more than `maxWaiting` waiting is a
 * refusal (the caller answers 503) rather than a queue that grows without end.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `task` when a slot is free; undefined (task not run) when too many already wait. */
  async run<T>(task: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return { value: await task() };
    } finally {
      // The slot passes straight to the next waiter, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
