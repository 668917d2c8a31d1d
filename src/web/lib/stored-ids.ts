import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

/**
 * A list of product ids kept on this device under one localStorage key (ids comma separated) and
 * shared by every tab: `parse` reads the stored text into the list it may hold (its own limit and
 * order), so what is written is always what would be read back.
 */
export interface StoredIds {
  /** The ids as stored now: the same array while the stored text is the same, as useSyncExternalStore requires. */
  snapshot(): readonly number[];
  subscribe(listener: () => void): () => void;
  /** Replaces the list (an empty one removes the key) and tells every listener in this tab. */
  set(ids: readonly number[]): void;
  /** The list, in a component: empty while the server renders and while hydrating. */
  useIds(): readonly number[];
}

const NONE: readonly number[] = [];

export function storedIds(key: string, parse: (raw: string | null) => readonly number[]): StoredIds {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; ids: readonly number[] } = { raw: null, ids: NONE };
  const snapshot = () => {
    const raw = readStorage(key);
    if (raw !== cache.raw) cache = { raw, ids: parse(raw) };
    return cache.ids;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    // Another tab's change arrives as a storage event.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return {
    snapshot,
    subscribe,
    set(ids) {
      writeStorage(key, ids.length === 0 ? null : parse(ids.join(',')).join(','));
      for (const listener of listeners) listener();
    },
    useIds() {
      return useSyncExternalStore(subscribe, snapshot, () => NONE);
    },
  };
}
