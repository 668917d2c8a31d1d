import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import {
  CART_MESSAGES,
  addToCartResponseSchema,
  addToCartSchema,
  removeCartItemResponseSchema,
  updateQuantityResponseSchema,
  updateQuantitySchema,
  viewCartResponseSchema,
} from '../../../shared/cart.js';
import { idParam, userIdParam } from '../../../shared/path-params.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { assertOwner, principalOf } from '../../lib/principal.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import { CartService } from './service.js';

const userParams = z.object({ userId: userIdParam(ACCOUNT_MESSAGES.badUserId) });
const itemParams = z.object({ id: idParam(CART_MESSAGES.badItemId) });

/**
 * The cart, under /api/cart; every call needs the shopper's bearer token, checked
 * (lib/access.ts) before anything else is looked at:
 *   GET    /view-cart/:userId   → {cartItems}
 *   POST   /add-to-cart         {userId, productId, variantId?, quantity} → {message, cartItem}
 *   PUT    /update-quantity     {userId?, itemId, quantity} → {message, cartItem}
 *   DELETE /remove-item/:id     → {message}
 */
export function cartRoutes(ctx: AppContext, service = new CartService(ctx)): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    // DELETE often carries Content-Type: application/json with no body.
    acceptEmptyJsonBody(app);
    const shopper = access('shopper');

    app.get(
      '/view-cart/:userId',
      { ...shopper, schema: { tags: ['cart'], params: userParams, response: { 200: viewCartResponseSchema } } },
      async (request) => {
        const userId = assertOwner(request, request.params.userId, CART_MESSAGES.ownCartOnly);
        return { cartItems: await service.view(userId) };
      },
    );

    app.post(
      '/add-to-cart',
      { ...shopper, schema: { tags: ['cart'], body: addToCartSchema, response: { 200: addToCartResponseSchema } } },
      async (request) => {
        const { productId, variantId, quantity } = request.body;
        const userId = assertOwner(request, request.body.userId, CART_MESSAGES.ownCartOnly);
        return { message: CART_MESSAGES.added, cartItem: await service.add(userId, productId, quantity, variantId) };
      },
    );

    app.put(
      '/update-quantity',
      {
        ...shopper,
        schema: { tags: ['cart'], body: updateQuantitySchema, response: { 200: updateQuantityResponseSchema } },
      },
      async (request) => {
        const { userId, itemId, quantity } = request.body;
        // The line is looked up among the token's owner's lines: someone else's is 404, as in remove-item.
        const ownerId = userId === undefined ? principalOf(request).id : assertOwner(request, userId, CART_MESSAGES.ownCartOnly);
        return { message: CART_MESSAGES.quantityUpdated, cartItem: await service.setQuantity(ownerId, itemId, quantity) };
      },
    );

    app.delete(
      '/remove-item/:id',
      { ...shopper, schema: { tags: ['cart'], params: itemParams, response: { 200: removeCartItemResponseSchema } } },
      async (request) => {
        await service.remove(principalOf(request).id, request.params.id);
        return { message: CART_MESSAGES.removed };
      },
    );
  };
}
