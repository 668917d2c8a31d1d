import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignInputBody } from '../../../../shared/campaigns';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

export type { Campaign, CampaignInputBody };

/** Under ['admin']: ending the admin session removes them. */
const campaignsKey = ['admin', 'campaigns'] as const;

/** GET /api/admin/campaigns, POST a new one, PUT /:id an edit, POST /:id/end; each write refreshes the list. */
export function useAdminCampaigns() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: campaignsKey,
    queryFn: () => apiGet<{ campaigns: Campaign[] }>('/api/admin/campaigns', { auth: 'admin' }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: campaignsKey });
  const create = useMutation({
    mutationFn: (body: CampaignInputBody) => apiPost<{ campaign: Campaign }>('/api/admin/campaigns', body, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CampaignInputBody }) =>
      apiPut<{ campaign: Campaign }>(`/api/admin/campaigns/${id}`, body, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const end = useMutation({
    mutationFn: (id: number) => apiPost<{ campaign: Campaign }>(`/api/admin/campaigns/${id}/end`, {}, { auth: 'admin' }),
    onSuccess: refresh,
  });
  return { list, create, update, end };
}
