/** localStorage keys of the web app, in one place. */
export const STORAGE_KEYS = {
  /** The shopper's session token (JWT). */
  token: 'pasal.token',
  /** The admin's session token (JWT). */
  adminToken: 'pasal.adminToken',
  /** Last chosen tab of the shopper dashboard (key userActiveTab, default account). */
  userActiveTab: 'userActiveTab',
  /** Last chosen tab of the admin panel. */
  adminActiveTab: 'adminActiveTab',
  /** The products chosen to compare on this device, ids comma separated (lib/compare-list.ts). */
  compare: 'pasal.compare',
  /** A guest's hearts on this device, ids comma separated, added to the account at login (lib/wishlist.ts). */
  wishlist: 'pasal.wishlist',
  /** A guest's cart on this device: JSON lines of product, variant and quantity, never prices (lib/guest-cart.ts). */
  guestCart: 'pasal.guestCart',
} as const;

/** localStorage can throw (private mode, disabled storage, quota): never let that break a page. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives for this page view only.
  }
}
