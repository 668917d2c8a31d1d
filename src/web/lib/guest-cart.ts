import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

/**
 * A guest's cart, kept on this device (localStorage) until they log in, when it is added to the
 * account's cart (GuestCartMerge). It holds only what was chosen: the product, its variant and the
 * quantity. Never a price: what a line costs, and whether it can still be had, is asked of the
 * public product API each time the cart is shown, and the server prices the order.
 */

export interface GuestLine {
  productId: number;
  /** The variant chosen, for a product sold in variants. */
  variantId?: number;
  quantity: number;
}

/** A device's cart stays small: more lines than this are not kept. */
export const GUEST_CART_MAX_LINES = 50;
/** The server's ceiling for one line (the largest 32-bit integer), as shared/cart.ts says. */
const QUANTITY_MAX = 2 ** 31 - 1;

const NONE: readonly GuestLine[] = [];
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The stored text as lines: anything malformed is dropped, never trusted (the text is the user's to edit). */
export function parseGuestCart(raw: string | null): readonly GuestLine[] {
  if (!raw) return NONE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return NONE;
  }
  if (!Array.isArray(parsed)) return NONE;
  const lines: GuestLine[] = [];
  for (const entry of parsed as unknown[]) {
    if (lines.length >= GUEST_CART_MAX_LINES) break;
    if (typeof entry !== 'object' || entry === null) continue;
    const { productId, variantId, quantity } = entry as Record<string, unknown>;
    if (!isId(productId) || !isId(quantity) || quantity > QUANTITY_MAX) continue;
    if (variantId !== undefined && !isId(variantId)) continue;
    if (lines.some((line) => sameLine(line, { productId, variantId }))) continue;
    lines.push(variantId === undefined ? { productId, quantity } : { productId, variantId, quantity });
  }
  return lines;
}

export function sameLine(a: Pick<GuestLine, 'productId' | 'variantId'>, b: Pick<GuestLine, 'productId' | 'variantId'>): boolean {
  return a.productId === b.productId && (a.variantId ?? null) === (b.variantId ?? null);
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; lines: readonly GuestLine[] } = { raw: null, lines: NONE };

function snapshot(): readonly GuestLine[] {
  const raw = readStorage(STORAGE_KEYS.guestCart);
  if (raw !== cache.raw) cache = { raw, lines: parseGuestCart(raw) };
  return cache.lines;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.guestCart) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function write(lines: readonly GuestLine[]): void {
  writeStorage(STORAGE_KEYS.guestCart, lines.length === 0 ? null : JSON.stringify(lines.slice(0, GUEST_CART_MAX_LINES)));
  for (const listener of listeners) listener();
}

export const guestCart = {
  lines: snapshot,
  /** Adds to the line of the same product and variant, or as a new line; false when the cart is full. */
  add(line: GuestLine): boolean {
    const lines = snapshot();
    const index = lines.findIndex((other) => sameLine(other, line));
    if (index === -1) {
      if (lines.length >= GUEST_CART_MAX_LINES) return false;
      write([...lines, line]);
    } else {
      const quantity = Math.min(QUANTITY_MAX, lines[index]!.quantity + line.quantity);
      write(lines.map((other, i) => (i === index ? { ...other, quantity } : other)));
    }
    return true;
  },
  setQuantity(line: Pick<GuestLine, 'productId' | 'variantId'>, quantity: number): void {
    write(snapshot().map((other) => (sameLine(other, line) ? { ...other, quantity } : other)));
  },
  remove(line: Pick<GuestLine, 'productId' | 'variantId'>): void {
    write(snapshot().filter((other) => !sameLine(other, line)));
  },
  /** Replaces every line (an empty list forgets the cart). */
  set: write,
};

/** The guest's lines, in a component: none while the server renders and while hydrating. */
export function useGuestCart(): readonly GuestLine[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}

/** Units in the guest's cart, for the header's badge. */
export function guestUnits(lines: readonly GuestLine[]): number {
  let units = 0;
  for (const line of lines) units += line.quantity;
  return units;
}
