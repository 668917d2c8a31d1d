import { COMPARE_MAX, readCompareIds } from '../../shared/compare';
import { STORAGE_KEYS } from './storage';
import { storedIds } from './stored-ids';

/**
 * The products a shopper has chosen to compare, remembered on the device (localStorage, ids
 * comma separated, at most COMPARE_MAX, in the order chosen) and shared by every tab: the
 * 'Compare' toggles of the list's cards and the product page, the compare bar and the compare page.
 * The server renders pages without it (an empty list), and the browser shows it once hydrated.
 */

const list = storedIds(STORAGE_KEYS.compare, readCompareIds);

/** Replaces the device's list (the compare page after a product is removed there). */
export function setCompareList(ids: readonly number[]): void {
  list.set(ids);
}

/**
 * Adds a product to the list or takes it off. 'full': it was not on the list and the list already
 * holds COMPARE_MAX products, so nothing changed (the caller says so).
 */
export function toggleCompared(id: number): 'added' | 'removed' | 'full' {
  const ids = list.snapshot();
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
  return list.useIds();
}
