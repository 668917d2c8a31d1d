import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponInputBody } from '../../../../shared/coupons';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

export type { Coupon, CouponInputBody };

/** Under ['admin']: ending the admin session removes them. */
const couponsKey = ['admin', 'coupons'] as const;

/** GET /api/admin/coupons, POST a new one, PUT /:id an edit, POST /:id/deactivate; each write refreshes the list. */
export function useAdminCoupons() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: couponsKey,
    queryFn: () => apiGet<{ coupons: Coupon[] }>('/api/admin/coupons', { auth: 'admin' }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: couponsKey });
  const create = useMutation({
    mutationFn: (body: CouponInputBody) => apiPost<{ coupon: Coupon }>('/api/admin/coupons', body, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CouponInputBody }) =>
      apiPut<{ coupon: Coupon }>(`/api/admin/coupons/${id}`, body, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const deactivate = useMutation({
    mutationFn: (id: number) => apiPost<{ coupon: Coupon }>(`/api/admin/coupons/${id}/deactivate`, {}, { auth: 'admin' }),
    onSuccess: refresh,
  });
  return { list, create, update, deactivate };
}
