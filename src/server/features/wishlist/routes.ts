import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import { idParam, userIdParam } from '../../../shared/path-params.js';
import {
  WISHLIST_MESSAGES,
  addToWishlistResponseSchema,
  addToWishlistSchema,
  removeFromWishlistResponseSchema,
  wishlistResponseSchema,
} from '../../../shared/wishlist.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import { assertOwner } from '../../lib/principal.js';
import { WishlistService } from './service.js';

const userParams = z.object({ userId: userIdParam(ACCOUNT_MESSAGES.badUserId) });
const itemParams = userParams.extend({ productId: idParam(WISHLIST_MESSAGES.productIdInvalid) });

/**
 * The shopper's wishlist under /api/users/:userId/wishlist; every call needs the shopper's bearer
 * token, whose user must be :userId (403 otherwise):
 *   GET    /:userId/wishlist             → {items}
 *   POST   /:userId/wishlist             {productId} → {message, item}
 *   DELETE /:userId/wishlist/:productId  → {message}
 */
export function wishlistRoutes(ctx: AppContext, service = new WishlistService(ctx)): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    acceptEmptyJsonBody(app);
    const shopper = access('shopper');
    const own = WISHLIST_MESSAGES.ownWishlistOnly;

    app.get(
      '/:userId/wishlist',
      { ...shopper, schema: { tags: ['wishlist'], params: userParams, response: { 200: wishlistResponseSchema } } },
      async (request) => ({ items: await service.list(assertOwner(request, request.params.userId, own)) }),
    );

    app.post(
      '/:userId/wishlist',
      {
        ...shopper,
        schema: {
          tags: ['wishlist'],
          params: userParams,
          body: addToWishlistSchema,
          response: { 200: addToWishlistResponseSchema },
        },
      },
      async (request) => {
        const userId = assertOwner(request, request.params.userId, own);
        return { message: WISHLIST_MESSAGES.added, item: await service.add(userId, request.body.productId) };
      },
    );

    app.delete(
      '/:userId/wishlist/:productId',
      {
        ...shopper,
        schema: { tags: ['wishlist'], params: itemParams, response: { 200: removeFromWishlistResponseSchema } },
      },
      async (request) => {
        await service.remove(assertOwner(request, request.params.userId, own), request.params.productId);
        return { message: WISHLIST_MESSAGES.removed };
      },
    );
  };
}
