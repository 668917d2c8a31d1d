import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What Tab stops at inside `root`, in order: not disabled, not hidden (a collapsed list, a `hidden`
 * username field for password managers), not inert, not taken out with tabIndex -1.
 */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest('[inert]'),
  );
}

/** The open panels, the newest last: only the newest answers keys (a question asked over a form). */
const openPanels: object[] = [];

/**
 * Focus for a modal panel (drawer, dialog) while `open`: it moves in (to `initial()` when that finds
 * something, else to the panel, which needs tabIndex -1), Tab and Shift+Tab go round inside it,
 * Escape calls `onClose` (of the newest open panel only), the page behind does not scroll, and on closing focus goes back to where it
 * was (the button that opened it).
 */
export function useDialogFocus(
  open: boolean,
  panelRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  initial?: (panel: HTMLElement) => HTMLElement | null | undefined,
): void {
  const onCloseRef = useRef(onClose);
  const initialRef = useRef(initial);
  useEffect(() => {
    onCloseRef.current = onClose;
    initialRef.current = initial;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const self = {};
    openPanels.push(self);
    if (panel) (initialRef.current?.(panel) ?? panel).focus({ preventScroll: true });
    const onKeyDown = (event: KeyboardEvent) => {
      if (openPanels[openPanels.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = tabbables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      // Focus somewhere outside (a click on the page behind) comes back in, too.
      const inside = current instanceof Node && panel.contains(current);
      if (event.shiftKey && (!inside || current === first || current === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openPanels.splice(openPanels.indexOf(self), 1);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [open, panelRef]);
}
