import { startTransition, useEffect, useState } from 'react';

/**
 * What no first paint shows (the footer below the fold, the closed drawers) waits for the first
 * paint of a page the browser renders itself (app/start.tsx): on a slow phone it was ~200 ms of
 * render and layout before the logged-in account page could paint (docs/benchmarks.md). A page the
 * server rendered has all of it in its HTML, and hydration renders it at once (nothing waits then).
 */
let waiting = false;
let releaseScheduled = false;
const listeners = new Set<() => void>();

/** Called before the browser's own first render: below-the-fold parts then follow its first paint. */
export function deferUntilFirstPaint(): void {
  waiting = true;
}

function release(): void {
  waiting = false;
  for (const listener of listeners) listener();
}

/**
 * True once the first paint is done (always on the server and while hydrating). The first caller's
 * effect runs after the first commit; a frame later, that commit has been painted. What follows is
 * rendered as a transition, in slices with the browser's work between them, not as one long task
 * that would hold up a tap on the page just painted (Total Blocking Time).
 */
export function useAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(() => !waiting);
  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    if (!waiting) {
      show();
      return;
    }
    listeners.add(show);
    if (!releaseScheduled) {
      releaseScheduled = true;
      requestAnimationFrame(() => setTimeout(release, 0));
    }
    return () => {
      listeners.delete(show);
    };
  }, [shown]);
  return shown;
}
