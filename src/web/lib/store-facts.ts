import { useQuery } from '@tanstack/react-query';
import { type StoreFacts, defaultStoreFacts } from '../../shared/store';
import { apiGet } from './api';
import { queryKeys } from './query-client';

/** Store name, support email, phones and address from GET /api/store; the defaults until it answers (or if it fails). */
export function useStoreFacts(): StoreFacts {
  const { data } = useQuery({
    queryKey: queryKeys.store,
    queryFn: () => apiGet<StoreFacts>('/api/store'),
    staleTime: 30 * 60_000,
  });
  return data ?? defaultStoreFacts;
}
