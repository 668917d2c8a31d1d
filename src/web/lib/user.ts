import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/accounts';
import { apiGet } from './api';
import { tokenUserId } from './jwt';
import { queryClient, queryKeys } from './query-client';
import { getToken, useShopperToken } from './session';

export type { PublicUser };

export function fetchUser(id: number): Promise<PublicUser> {
  return apiGet<{ user: PublicUser }>(`/api/users/findUser/${id}`, { auth: 'user' }).then((reply) => reply.user);
}

const USER_STALE_MS = 5 * 60_000;

/** The logged-in shopper (GET /api/users/findUser/{id from the token}); idle when logged out. */
export function useCurrentUser() {
  const token = useShopperToken();
  const userId = tokenUserId(token);
  const query = useQuery({
    queryKey: queryKeys.user(userId),
    queryFn: () => fetchUser(userId!),
    enabled: userId !== undefined,
    staleTime: USER_STALE_MS,
  });
  return { ...query, userId, isLoggedIn: token !== null };
}

/**
 * Asks for the logged-in shopper before the first render: every page wants them (the session check
 * in providers.tsx, the account page), and this way the request runs beside the page's code.
 */
export function prefetchCurrentUser(): void {
  const userId = tokenUserId(getToken('user'));
  if (userId === undefined) return;
  void queryClient.prefetchQuery({
    queryKey: queryKeys.user(userId),
    queryFn: () => fetchUser(userId),
    staleTime: USER_STALE_MS,
  });
}
