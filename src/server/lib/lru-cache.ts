interface Slot<V> {
  value: V;
  weight: number;
  /** Read since it was added or last given a second chance. */
  used: boolean;
}

/**
 * A small cache that drops what has not been used for longest, bounded in entries and optionally
 * in weight (bytes, say). The catalogue keeps list pages (ids only) and counts in two of them and
 * its public answers in one, keyed by catalog_state.version; the web feature keeps server-rendered
 * pages in one; the SQLite client its prepared statements.
 *
 * Second chance (CLOCK), not exact LRU: a read only marks the entry. An exact LRU moves the entry
 * to the end of the Map on every read (delete, then set), and V8 makes that cost O(size) when the
 * same key is moved again and again, as a popular page's is: its deleted copies stay in the key's
 * hash chain until the table is rebuilt, so a read of a full cache grew slow (ADR 0013).
 * Eviction looks at the oldest entry: read since, it moves to the end unmarked; else it goes.
 */
export class LruCache<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    slot.used = true;
    return slot.value;
  }

  /** Keeps `value` under `key`; one heavier than the whole bound is not kept (and pushes nothing out). */
  set(key: string, value: V, weight = 0): void {
    this.delete(key);
    if (weight > this.maxWeight) return;
    this.slots.set(key, { value, weight, used: false });
    this.weight += weight;
    this.evict();
  }

  /** Whether `key` is kept, without counting as a read. */
  has(key: string): boolean {
    return this.slots.has(key);
  }

  /** Adds to the weight of `value` while it is still kept under `key` (a compressed form made later). */
  addWeight(key: string, value: V, added: number): void {
    const slot = this.slots.get(key);
    if (!slot || slot.value !== value) return;
    slot.weight += added;
    this.weight += added;
    this.evict();
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.weight -= slot.weight;
  }

  get size(): number {
    return this.slots.size;
  }

  /** The sum of the kept entries' weights. */
  get totalWeight(): number {
    return this.weight;
  }

  clear(): void {
    this.slots.clear();
    this.weight = 0;
  }

  private evict(): void {
    // Each turn drops an entry or unmarks one, so this ends within two passes.
    while (this.slots.size > this.capacity || this.weight > this.maxWeight) {
      const oldest = this.slots.entries().next();
      if (oldest.done) break;
      const [key, slot] = oldest.value;
      this.slots.delete(key);
      if (slot.used) {
        slot.used = false;
        this.slots.set(key, slot);
      } else {
        this.weight -= slot.weight;
      }
    }
  }
}
