import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

/** A value remembered in localStorage; a stored value outside `allowed` falls back to the default. */
export function usePersistentChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readStorage(key);
    return allowed.includes(stored as T) ? (stored as T) : fallback;
  });
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      writeStorage(key, next);
    },
    [key],
  );
  return [value, choose];
}

/** Sets the tab title (the server fills it on the first load; this keeps it right while navigating). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title.includes('Pasal') ? title : `${title} | Pasal`;
  }, [title]);
}

/** Seconds left of a countdown that ticks once a second; start(n) restarts it. */
export function useCountdown(initial = 0): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the visitor asked for less motion (the system's "reduce motion"); it follows a change while
 * the page is open. False on the server and in the hydrating render, which must match its HTML.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}
