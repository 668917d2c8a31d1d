import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardPeriod } from '../../../../shared/dashboard';
import { apiGet } from '../../../lib/api';

export type { Dashboard, DashboardPeriod };

/** What the period chooser asks for: a named period, or a range of Nepal days (both inclusive). */
export type DashboardChoice = { period: DashboardPeriod } | { from: string; to: string };

export function dashboardQuery(choice: DashboardChoice): string {
  const search = new URLSearchParams('period' in choice ? { period: choice.period } : { from: choice.from, to: choice.to });
  return search.toString();
}

/** GET /api/admin/dashboard (src/shared/dashboard.ts): under ['admin'], so ending the admin session removes it. */
export function useDashboard(choice: DashboardChoice, enabled: boolean) {
  const query = dashboardQuery(choice);
  return useQuery({
    queryKey: ['admin', 'dashboard', query],
    queryFn: ({ signal }) => apiGet<Dashboard>(`/api/admin/dashboard?${query}`, { auth: 'admin', signal }),
    // The last period's figures stay on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
