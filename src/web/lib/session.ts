import { useSyncExternalStore } from 'react';
import { toast } from './toast';
import { ApiError } from './errors';
import { currentLocale, translate } from './i18n';
import { isTokenExpired } from './jwt';
import { queryClient, sessionScopedKeys } from './query-client';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

/**
 * The two sessions: the shopper's token and the admin's token, both in localStorage.
 * This module is the only place that reads or writes them; React reads them through the hooks below
 * and other tabs' changes arrive through the `storage` event.
 */
export type SessionKind = 'user' | 'admin';

const storageKey: Record<SessionKind, string> = { user: STORAGE_KEYS.token, admin: STORAGE_KEYS.adminToken };
const refreshPath: Record<SessionKind, string> = { user: '/api/users/refresh-token', admin: '/api/admin/refresh-token' };
const logoutPath: Record<SessionKind, string> = { user: '/api/users/logout', admin: '/api/admin/logout' };

const tokens: Record<SessionKind, string | null> = {
  user: readStorage(STORAGE_KEYS.token),
  admin: readStorage(STORAGE_KEYS.adminToken),
};
const listeners = new Set<() => void>();
const clearedListeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(kind: SessionKind): string | null {
  return tokens[kind];
}

export function setToken(kind: SessionKind, token: string | null): void {
  if (tokens[kind] === token) return;
  tokens[kind] = token;
  writeStorage(storageKey[kind], token);
  emit();
}

export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    const before = { ...tokens };
    tokens.user = readStorage(STORAGE_KEYS.token);
    tokens.admin = readStorage(STORAGE_KEYS.adminToken);
    if (before.user !== tokens.user || before.admin !== tokens.admin) {
      // Logged out in another tab: drop this tab's copy of the shopper's data too.
      if (before.user && !tokens.user) clearSessionData();
      emit();
    }
  });
}

const serverSnapshot = () => null;
export function useShopperToken(): string | null {
  return useSyncExternalStore(subscribeTokens, () => tokens.user, serverSnapshot);
}
export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribeTokens, () => tokens.admin, serverSnapshot);
}

/** Called whenever the shopper's data must go (logout, forced logout): later features drop local state here. */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

function clearSessionData(): void {
  for (const queryKey of sessionScopedKeys) queryClient.removeQueries({ queryKey });
  for (const listener of clearedListeners) listener();
}

// ---------------------------------------------------------------------------------------------
// Refresh. The server rotates the token on each refresh and revokes the whole session when an
// already-rotated token is replayed, so two refreshes of the same token must never race: one
// promise per kind in this tab, and a Web Lock across tabs (a tab that waited re-reads storage
// and uses the token another tab already got).

const inflight: Partial<Record<SessionKind, Promise<string>>> = {};

export function refreshToken(kind: SessionKind): Promise<string> {
  const existing = inflight[kind];
  if (existing) return existing;
  const held = tokens[kind];
  const run = () => doRefresh(kind, held);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const locked: Promise<string> = locks ? locks.request(`pasal-refresh-${kind}`, run).then((token) => token) : run();
  const promise = locked.finally(() => {
    delete inflight[kind];
  });
  inflight[kind] = promise;
  return promise;
}

async function doRefresh(kind: SessionKind, held: string | null): Promise<string> {
  const current = readStorage(storageKey[kind]) ?? tokens[kind];
  if (!current) throw new ApiError(401, translate('common.error.notLoggedIn'));
  if (current !== held && !isTokenExpired(current)) {
    setToken(kind, current);
    return current;
  }
  let response: Response;
  try {
    response = await fetch(refreshPath[kind], {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': currentLocale() },
      body: JSON.stringify({ token: current }),
    });
  } catch {
    throw new ApiError(0, translate('common.error.network'));
  }
  const body = (await response.json().catch(() => undefined)) as { newToken?: unknown; message?: unknown } | undefined;
  if (!response.ok || typeof body?.newToken !== 'string') {
    const message = typeof body?.message === 'string' ? body.message : undefined;
    // A 2xx without a token is a refusal too: there is nothing to continue with.
    throw new ApiError(response.ok ? 401 : response.status, message ?? translate('common.error.refreshFailed'), message, body);
  }
  // Logged out (here or in another tab) while the refresh was on its way: do not resurrect the session.
  if ((readStorage(storageKey[kind]) ?? tokens[kind]) === null) throw new ApiError(401, translate('common.error.notLoggedIn'));
  setToken(kind, body.newToken);
  return body.newToken;
}

// ---------------------------------------------------------------------------------------------
// Ending sessions.

function tellServer(kind: SessionKind, token: string | null): void {
  if (!token) return;
  // Fire and forget (keepalive survives the navigation that follows); its failure changes nothing here.
  fetch(logoutPath[kind], {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Logout from the navbar, menu, dashboard or admin panel: ends both sessions on the server,
 * removes both tokens and every cached piece of the shopper's data, and says so.
 */
export function logout(): void {
  const user = tokens.user;
  const admin = tokens.admin;
  setToken('user', null);
  setToken('admin', null);
  clearSessionData();
  tellServer('user', user);
  tellServer('admin', admin);
  toast.info(translate('common.session.loggedOut'), { toastId: 'logged-out' });
}

/** A failed refresh or user fetch logs the shopper out (shopper and admin tokens removed). */
export function endShopperSession(): void {
  if (!tokens.user && !tokens.admin) return;
  setToken('user', null);
  setToken('admin', null);
  clearSessionData();
  toast.info(translate('common.session.loggedOut'), { toastId: 'logged-out' });
}

/** A failed admin refresh logs the admin out with 'Please log in again'. */
export function endAdminSession(): void {
  if (!tokens.admin) return;
  setToken('admin', null);
  queryClient.removeQueries({ queryKey: ['admin'] });
  toast.error(translate('common.session.adminExpired'), { toastId: 'admin-logged-out' });
}

export function endSession(kind: SessionKind): void {
  if (kind === 'user') endShopperSession();
  else endAdminSession();
}
