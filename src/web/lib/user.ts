import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/accounts';
import { apiGet } from './api';
import { tokenUserId } from './jwt';
import { queryKeys } from './query-client';
import { useShopperToken } from './session';

export type { PublicUser };

export function fetchUser(id: number): Promise<PublicUser> {
  return apiGet<{ user: PublicUser }>(`/api/users/findUser/${id}`, { auth: 'user' }).then((reply) => reply.user);
}

/** The logged-in shopper (GET /api/users/findUser/{id from the token}); idle when logged out. */
export function useCurrentUser() {
  const token = useShopperToken();
  const userId = tokenUserId(token);
  const query = useQuery({
    queryKey: queryKeys.user(userId),
    queryFn: () => fetchUser(userId!),
    enabled: userId !== undefined,
    staleTime: 5 * 60_000,
  });
  return { ...query, userId, isLoggedIn: token !== null };
}
