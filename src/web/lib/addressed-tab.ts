import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePersistentChoice } from './hooks';

/**
 * A page's open tab, in the address once chosen (?tab=orders: shared, bookmarked, Back goes to the
 * tab before) as well as in local storage: the address wins, and is remembered (while `remember`
 * holds: signed in); a bare address opens the remembered tab (writing it in would be a navigation,
 * which closes a drawer opened meanwhile). Choosing a tab drops the parameters of the one before (its
 * filters); `extra` sets the new tab's own.
 */
export function useAddressedTab<T extends string>(
  storageKey: string,
  tabs: readonly T[],
  fallback: T,
  remember = true,
): [T, (tab: T, extra?: Record<string, string>) => void] {
  const [remembered, keep] = usePersistentChoice<T>(storageKey, tabs, fallback);
  const [params, setParams] = useSearchParams();
  const urlTab = params.get('tab');
  const addressed = tabs.includes(urlTab as T) ? (urlTab as T) : null;
  const active: T = addressed ?? remembered;
  useEffect(() => {
    if (remember && addressed !== null && addressed !== remembered) keep(addressed);
  }, [remember, addressed, remembered, keep]);

  const select = useCallback(
    (tab: T, extra?: Record<string, string>) => {
      keep(tab);
      if (tab === addressed && !extra) return;
      // From a bare address, its entry first gets the tab it shows: Back then returns to that tab,
      // not to whatever is remembered by then.
      if (addressed === null) setParams({ tab: active }, { replace: true });
      setParams({ tab, ...extra });
    },
    [active, addressed, keep, setParams],
  );
  return [active, select];
}
