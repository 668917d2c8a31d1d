import { describe, expect, it } from 'vitest';
import { LruCache } from '../../src/server/lib/lru-cache.js';

/** lib/lru-cache.ts: bounded in entries and weight, a read entry gets a second chance (ADR 0013). */
describe('LruCache', () => {
  const kept = (cache: LruCache<unknown>, candidates: string[]) => candidates.filter((key) => cache.has(key));

  it('drops the oldest entry not read since it was added', () => {
    const cache = new LruCache<number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(kept(cache, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
  });

  it('keeps an entry that was read: the older unread one goes instead, then the read one when it is not read again', () => {
    const cache = new LruCache<number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    for (let i = 0; i < 1000; i += 1) expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(kept(cache, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    // a had its second chance and moved behind d, unmarked: c, then d, then a go next.
    cache.set('e', 5);
    expect(kept(cache, ['a', 'c', 'd', 'e'])).toEqual(['a', 'd', 'e']);
    cache.set('f', 6);
    expect(kept(cache, ['a', 'd', 'e', 'f'])).toEqual(['a', 'e', 'f']);
    cache.set('g', 7);
    expect(kept(cache, ['a', 'e', 'f', 'g'])).toEqual(['e', 'f', 'g']);
  });

  it('replaces a value under the same key, and deletes and clears', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.get('a')).toBe(2);
    expect(cache.size).toBe(1);
    cache.delete('a');
    cache.delete('missing');
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 3);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('is bounded in weight too, counting weight added later and given back by delete and clear', () => {
    const cache = new LruCache<string>(100, 10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.totalWeight).toBe(8);
    cache.set('c', 'C', 4);
    expect(kept(cache, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(cache.totalWeight).toBe(8);
    // b grows past the bound: the oldest unread entry (b itself) goes.
    cache.addWeight('b', 'B', 5);
    expect(kept(cache, ['b', 'c'])).toEqual(['c']);
    expect(cache.totalWeight).toBe(4);
    // Weight added to a value no longer kept under its key is not counted.
    cache.addWeight('c', 'not C', 100);
    expect(cache.totalWeight).toBe(4);
    cache.delete('c');
    expect(cache.totalWeight).toBe(0);
    cache.set('d', 'D', 3);
    cache.clear();
    expect(cache.totalWeight).toBe(0);
  });

  it('does not keep an entry heavier than the whole bound, and it pushes nothing out', () => {
    const cache = new LruCache<string>(100, 10);
    cache.set('small', 's', 2);
    cache.set('huge', 'h', 11);
    expect(kept(cache, ['small', 'huge'])).toEqual(['small']);
    expect(cache.totalWeight).toBe(2);
  });
});
