import { useQuery } from '@tanstack/react-query';
import type { DistrictDelivery, DistrictTable } from '../../shared/delivery';
import { findDistrict } from '../../shared/districts';
import type { LastAddress } from '../../shared/orders';
import { apiGet } from './api';
import { tokenUserId } from './jwt';
import { useShopperToken } from './session';

export const districtTableKey = ['delivery-districts'] as const;

/** GET /api/delivery/districts: every district's fee, days and cash on delivery (checkout, the product page). */
export function useDistrictTable(enabled = true) {
  return useQuery<DistrictTable>({
    enabled,
    queryKey: districtTableKey,
    queryFn: ({ signal }) => apiGet<DistrictTable>('/api/delivery/districts', { signal }),
    staleTime: 60_000,
  });
}

/** The terms of the district a text names (either script), when the table is loaded and it is one. */
export function districtTerms(table: DistrictTable | undefined, name: string): DistrictDelivery | undefined {
  const district = name ? findDistrict(name) : undefined;
  return district && table?.districts.find((row) => row.district === district.en);
}

/** The district of the logged-in shopper's last order (their saved address), if any: the product page tells its delivery. */
export function useSavedDistrict(): string | undefined {
  const token = useShopperToken();
  const userId = tokenUserId(token);
  const { data } = useQuery({
    // The checkout's own key for it, so one fetch serves both.
    queryKey: ['orders', userId ?? 0, 'last-address'],
    queryFn: async () =>
      (await apiGet<{ address?: LastAddress | null }>(`/api/orders/user/${userId}/last-address`, { auth: 'user' }))?.address ??
      null,
    enabled: userId !== undefined,
    staleTime: 60_000,
  });
  return data ? findDistrict(data.district)?.en : undefined;
}
