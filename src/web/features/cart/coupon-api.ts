import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartCouponResponse } from '../../../shared/coupons';
import { api, apiGet, apiPost } from '../../lib/api';
import type { CartItem } from '../../lib/cart';

/**
 * The cart's coupon (GET/POST/DELETE /api/cart/coupon): the server works out the discount from its
 * own prices; the key carries the cart's lines so a changed cart asks again.
 */
const couponKey = (userId: number, items: readonly CartItem[]) =>
  ['cart-coupon', userId, items.map((item) => `${item.id}:${item.quantity}`).join(',')] as const;

export function useCartCoupon(userId: number, items: readonly CartItem[]) {
  const client = useQueryClient();
  const key = couponKey(userId, items);
  const query = useQuery({
    queryKey: key,
    queryFn: () => apiGet<CartCouponResponse>(`/api/cart/coupon/${userId}`, { auth: 'user' }),
    enabled: items.length > 0,
  });
  const settle = (reply: CartCouponResponse) => client.setQueryData(key, reply);
  const apply = useMutation({
    mutationFn: (code: string) => apiPost<CartCouponResponse>('/api/cart/coupon', { userId, code }, { auth: 'user' }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: () => api<CartCouponResponse>(`/api/cart/coupon/${userId}`, { method: 'DELETE', auth: 'user' }),
    onSuccess: settle,
  });
  const discountPaisa = Math.round((query.data?.discount ?? 0) * 100);
  return { query, apply, remove, code: query.data?.coupon?.code ?? null, discountPaisa, problem: query.data?.problem ?? null };
}

export type CartCoupon = ReturnType<typeof useCartCoupon>;
