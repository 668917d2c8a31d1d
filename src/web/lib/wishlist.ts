import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { WISHLIST_MAX, type WishlistItem, readWishlistIds } from '../../shared/wishlist';
import { ApiError, api, apiGet, apiPost } from './api';
import { formatCount } from './format';
import { useLocale, useT } from './i18n';
import { tokenUserId } from './jwt';
import { queryClient, queryKeys } from './query-client';
import { getToken, useShopperToken } from './session';
import { STORAGE_KEYS } from './storage';
import { storedIds } from './stored-ids';
import { toast } from './toast';

/**
 * The hearts on the cards. A logged-in shopper's are saved to the account
 * (/api/users/:userId/wishlist); a guest's are kept on this device (localStorage) and added to
 * the account once they log in, then forgotten here. The server renders no hearts as liked.
 */

export type { WishlistItem };

/** A guest's hearts on this device. */
const deviceHearts = storedIds(STORAGE_KEYS.wishlist, readWishlistIds);

export const wishlistKey = (userId: number | undefined) => [...queryKeys.wishlist, userId ?? 'guest'] as const;

function fetchWishlist(userId: number, signal?: AbortSignal): Promise<WishlistItem[]> {
  return apiGet<{ items: WishlistItem[] }>(`/api/users/${userId}/wishlist`, { auth: 'user', signal }).then(
    (reply) => reply.items,
  );
}

/** The logged-in shopper's saved wishlist (idle for a guest). */
export function useWishlistQuery() {
  const userId = tokenUserId(useShopperToken());
  const query = useQuery({
    queryKey: wishlistKey(userId),
    queryFn: ({ signal }) => fetchWishlist(userId!, signal),
    enabled: userId !== undefined,
  });
  return { ...query, userId };
}

async function writeHeart(userId: number, productId: number, liked: boolean): Promise<void> {
  if (liked) await apiPost(`/api/users/${userId}/wishlist`, { productId }, { auth: 'user' });
  else await api(`/api/users/${userId}/wishlist/${productId}`, { method: 'DELETE', auth: 'user' });
}

/**
 * What the hearts show and do: `liked(id)`, and `toggle(id)` that saves to the account when
 * logged in, else to the device.
 */
export function useWishlist() {
  const t = useT();
  const locale = useLocale();
  const device = deviceHearts.useIds();
  const { data, userId } = useWishlistQuery();
  const saved = useMemo(() => new Set((data ?? []).map((item) => item.productId)), [data]);
  const mutation = useMutation({
    mutationFn: ({ productId, liked }: { productId: number; liked: boolean }) => writeHeart(userId!, productId, liked),
    onError: (error) => {
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('catalog.wishlist.saveFailed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.wishlist }),
  });
  const { mutate } = mutation;
  const liked = useCallback((id: number) => (userId === undefined ? device.includes(id) : saved.has(id)), [device, saved, userId]);
  const toggle = useCallback(
    (id: number) => {
      if (getToken('user') === null || userId === undefined) {
        const ids = deviceHearts.snapshot();
        if (ids.includes(id)) deviceHearts.set(ids.filter((other) => other !== id));
        else if (ids.length >= WISHLIST_MAX) toast.info(t('catalog.wishlist.full', { max: formatCount(WISHLIST_MAX, locale) }));
        else deviceHearts.set([...ids, id]);
        return;
      }
      mutate({ productId: id, liked: !saved.has(id) });
    },
    [locale, mutate, saved, t, userId],
  );
  return { liked, toggle };
}

let merging = false;

/**
 * Adds a guest's hearts on this device to the account of the shopper who just logged in, one by
 * one (a product deleted meanwhile, or a full wishlist, is left out), then forgets them here.
 */
export function WishlistMerge() {
  const userId = tokenUserId(useShopperToken());
  const device = deviceHearts.useIds();
  useEffect(() => {
    if (userId === undefined || device.length === 0 || merging) return;
    merging = true;
    void (async () => {
      try {
        for (const productId of device) {
          try {
            await writeHeart(userId, productId, true);
          } catch (error) {
            // Gone or full: nothing to keep. Anything else (offline): try again on the next page.
            if (!(error instanceof ApiError && (error.status === 404 || error.status === 409))) return;
          }
        }
        deviceHearts.set([]);
      } finally {
        merging = false;
        await queryClient.invalidateQueries({ queryKey: queryKeys.wishlist });
      }
    })();
  }, [device, userId]);
  return null;
}
