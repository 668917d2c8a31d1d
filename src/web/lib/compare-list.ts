import { useSyncExternalStore } from 'react';
import { COMPARE_MAX, readCompareIds } from '../../shared/compare';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

/**
 * The products a shopper has chosen to compare, remembered on the device (localStorage, ids
 * comma separated, at most COMPARE_MAX, in the order chosen) and shared by every tab: the
 * 'Compare' toggles of the list's cards and the product page, the compare bar and the compare page.
 * The server renders pages without it (an empty list), and the browser shows it once hydrated.
 */

const listeners = new Set<() => void>();
const NONE: readonly number[] = [];
let cache: { raw: string | null; ids: readonly number[] } = { raw: null, ids: NONE };

function snapshot(): readonly number[] {
  const raw = readStorage(STORAGE_KEYS.compare);
  // The same array while the stored text is the same, as useSyncExternalStore requires.
  if (raw !== cache.raw) cache = { raw, ids: readCompareIds(raw) };
  return cache.ids;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.compare) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Replaces the device's list (the compare page after a product is removed there). */
export function setCompareList(ids: readonly number[]): void {
  writeStorage(STORAGE_KEYS.compare, ids.length === 0 ? null : readCompareIds(ids.join(',')).join(','));
  for (const listener of listeners) listener();
}

/**
 * Adds a product to the list or takes it off. 'full': it was not on the list and the list already
 * holds COMPARE_MAX products, so nothing changed (the caller says so).
 */
export function toggleCompared(id: number): 'added' | 'removed' | 'full' {
  const ids = snapshot();
  if (ids.includes(id)) {
    setCompareList(ids.filter((other) => other !== id));
    return 'removed';
  }
  if (ids.length >= COMPARE_MAX) return 'full';
  setCompareList([...ids, id]);
  return 'added';
}

/** The ids on the list, in the order chosen (none while the server renders and while hydrating). */
export function useCompareList(): readonly number[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
