import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';

/** Where the shopper has things delivered, for the product page's delivery charge and days. */
export type DeliveryPlace = 'valley' | 'outside';

/** localStorage key of the shopper's pick (kept here, not in lib/storage.ts: only the product page reads it). */
export const DELIVERY_PLACE_KEY = 'pasal.deliveryPlace';

const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Picked in another tab: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DELIVERY_PLACE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// The pick of this page view, for a browser whose storage refuses it (private mode).
let picked: DeliveryPlace | null = null;

function read(): DeliveryPlace {
  const stored = readStorage(DELIVERY_PLACE_KEY);
  if (stored === 'outside' || stored === 'valley') return stored;
  return picked ?? 'valley';
}

/**
 * The shopper's place (inside the Kathmandu valley unless they picked outside), remembered in
 * localStorage. The server renders the valley, and so does the hydrating render (no mismatch);
 * a remembered 'outside' follows at once after it.
 */
export function useDeliveryPlace(): [DeliveryPlace, (place: DeliveryPlace) => void] {
  const place = useSyncExternalStore(subscribe, read, () => 'valley' as const);
  const choose = useCallback((next: DeliveryPlace) => {
    picked = next;
    writeStorage(DELIVERY_PLACE_KEY, next);
    for (const listener of listeners) listener();
  }, []);
  return [place, choose];
}
