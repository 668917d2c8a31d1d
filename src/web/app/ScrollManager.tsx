import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Location state a navigation passes to keep the scroll position (e.g. /products filter changes). */
export interface KeepScrollState {
  keepScroll?: boolean;
}

/**
 * Scrolling across navigations, as the browser does for documents: a new page starts at the top,
 * back/forward returns to where that page was left. A navigation with `state: { keepScroll: true }`
 * (a filter change on the same list) keeps the position.
 */
export function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    if (type === NavigationType.Pop) window.scrollTo(0, positions.current.get(location.key) ?? 0);
    else if (!(location.state as KeepScrollState | null)?.keepScroll) window.scrollTo(0, 0);
  }, [location.key, location.state, type]);

  return null;
}
