/**
 * Asks the layout to open its cart drawer (app/layout/Layout.tsx listens) from a page that cannot
 * reach it: the Cart tab's 'Proceed to checkout' opens it at the checkout form, which lives there.
 */
const OPEN_CART_EVENT = 'pasal:open-cart';

export interface OpenCartRequest {
  /** Open at the checkout form rather than the lines. */
  checkout?: boolean;
}

export function openCartDrawer(request: OpenCartRequest = {}): void {
  window.dispatchEvent(new CustomEvent<OpenCartRequest>(OPEN_CART_EVENT, { detail: request }));
}

/** Calls `listener` on every request to open the drawer; returns the unsubscribe. */
export function onOpenCartDrawer(listener: (request: OpenCartRequest) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<OpenCartRequest>).detail ?? {});
  window.addEventListener(OPEN_CART_EVENT, handle);
  return () => window.removeEventListener(OPEN_CART_EVENT, handle);
}
