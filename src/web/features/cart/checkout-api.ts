import type { CreateOrderInput, CreateOrderResponse, LastAddress, Order } from '../../../shared/orders';
import type { PaymentOptions } from '../../../shared/payments';
import { apiGet, apiPost } from '../../lib/api';
import type { CartItem } from '../../lib/cart';

export type { CreateOrderResponse, LastAddress, Order, PaymentOptions };

/** Same text as IDEMPOTENCY_KEY_HEADER of src/shared/orders.ts (kept here so this module stays free of zod). */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const lastAddressKey = (userId: number) => ['orders', userId, 'last-address'] as const;

/** The same for every visitor (not session-scoped). */
export const paymentOptionsKey = ['payment-options'] as const;
export const PAYMENT_OPTIONS_STALE_MS = 5 * 60_000;

/** GET /api/orders/payment-options → the ways to pay this shop offers and its delivery charges (rupees). */
export function fetchPaymentOptions(): Promise<PaymentOptions> {
  return apiGet<PaymentOptions>('/api/orders/payment-options');
}

/** GET /api/orders/user/{userId}/last-address → the delivery fields of the newest order, or null. */
export async function fetchLastAddress(userId: number): Promise<LastAddress | null> {
  const reply = await apiGet<{ address?: LastAddress | null }>(`/api/orders/user/${userId}/last-address`, { auth: 'user' });
  return reply?.address ?? null;
}

/**
 * A fresh key per checkout attempt. crypto.randomUUID exists only on secure origins (https,
 * localhost); a shop opened over plain http on a LAN address gets 128 random bits another way.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface CreateOrderRequest {
  body: CreateOrderInput;
  idempotencyKey: string;
}

/**
 * POST /api/orders/create with the attempt's Idempotency-Key: a repeat answers the same order.
 * For eSewa or Khalti the answer also says where to pay (`payment`), or why that is not possible now.
 */
export function createOrder({ body, idempotencyKey }: CreateOrderRequest): Promise<CreateOrderResponse> {
  return apiPost<CreateOrderResponse>('/api/orders/create', body, {
    auth: 'user',
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** The cart lines as the contract's cartItems (the server reads its own cart; this is informative). */
export function cartItemsPayload(items: readonly CartItem[]) {
  return items.map((item) => ({ id: item.id, productId: item.product.id, quantity: item.quantity, price: item.product.price }));
}
