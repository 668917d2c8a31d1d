import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  ORDER_MESSAGES,
  createOrderSchema,
  lastAddressResponseSchema,
  cancelOrderSchema,
  createOrderResponseSchema,
  orderDetailResponseSchema,
  orderResponseSchema,
  orderSchema,
  updateOrderStatusSchema,
  userOrdersResponseSchema,
} from '../../../shared/orders.js';
import { ADMIN_ORDER_QUERY_KEYS, adminOrdersQuerySchema, ordersPageSchema } from '../../../shared/admin-orders.js';
import { payAgainSchema, paymentOptionsSchema, updatePaymentSchema } from '../../../shared/payments.js';
import { userIdParam as userIdParamOf } from '../../../shared/path-params.js';
import type { AppContext } from '../../context.js';
import { reverseOrderSchema } from '../../../shared/order-steps.js';
import { access } from '../../lib/access.js';
import { assertOwner, principalOf } from '../../lib/principal.js';
import { badRequest } from '../../lib/errors.js';
import type { PaymentAnswer, PaymentService } from '../payments/service.js';
import { paymentOptions } from '../payments/options.js';
import type { OrdersService } from './service.js';
import { serverMessage } from '../../i18n/errors-ne.js';
import { apiLocale } from '../../lib/locale.js';
import { publicBase } from '../../lib/public-base.js';

const userIdParam = userIdParamOf(ACCOUNT_MESSAGES.badUserId);
/** Any text: an id that is not an order's is simply not found. */
const orderIdParam = z.string().min(1).max(100);

const userParams = z.object({ userId: userIdParam });
const userOrderParams = z.object({ userId: userIdParam, orderId: orderIdParam });
const orderParams = z.object({ id: orderIdParam });

/** The token's user, when the client's userId names them (else 403 with the orders' text). */
const ownUser = (request: FastifyRequest, userId: number) => assertOwner(request, userId, ORDER_MESSAGES.ownOrdersOnly);

/** A payment's note (the gateway not answering) in the request's language, as errors are. */
function withLocalNote<T extends Pick<PaymentAnswer, 'paymentMessage'>>(answer: T, request: FastifyRequest): T {
  return answer.paymentMessage ? { ...answer, paymentMessage: serverMessage(answer.paymentMessage, apiLocale(request)) } : answer;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) throw badRequest(ORDER_MESSAGES.idempotencyKeyInvalid);
  return header;
}

/**
 * Checkout and orders, under /api/orders. Tokens are checked on request, before the
 * path or body is looked at (lib/access.ts). See src/shared/orders.ts for the shapes.
 */
export function ordersRoutes(ctx: AppContext, service: OrdersService, payments: PaymentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');

    const shopper = access('shopper');

    app.post(
      '/create',
      {
        ...shopper,
        schema: {
          tags: ['orders'],
          body: createOrderSchema,
          response: { 200: createOrderResponseSchema, 201: createOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const userId = ownUser(request, request.body.userId);
        const key = idempotencyKeyOf(request);
        const { order, replayed } = await service.checkout(userId, request.body, key, request.log);
        if (replayed) void reply.header('Idempotent-Replayed', 'true');
        // eSewa or Khalti: a try at the gateway (also for a replay: the first answer, and its form, may be lost).
        const answer: Partial<PaymentAnswer> & Pick<PaymentAnswer, 'order'> =
          order.paymentStatus === 'awaiting_payment' && order.status === 'pending'
            ? await payments.start(order, publicBase(ctx.config, request), request.log)
            : { order };
        return reply.status(replayed ? 200 : 201).send(withLocalNote(answer, request));
      },
    );

    app.get(
      '/payment-options',
      { ...access('public'), schema: { tags: ['orders'], response: { 200: paymentOptionsSchema } } },
      async (_request, reply) => {
        void reply.header('Cache-Control', 'public, max-age=300');
        return paymentOptions(ctx.config.payments);
      },
    );

    app.post(
      '/user/:userId/order/:orderId/pay',
      {
        ...shopper,
        schema: { tags: ['orders'], params: userOrderParams, body: payAgainSchema, response: { 200: createOrderResponseSchema } },
      },
      async (request) => {
        const userId = ownUser(request, request.params.userId);
        const method = request.body?.paymentMethod;
        return withLocalNote(
          await payments.retry(userId, request.params.orderId, method, publicBase(ctx.config, request), request.log),
          request,
        );
      },
    );

    app.post(
      '/user/:userId/order/:orderId/pay-on-delivery',
      { ...shopper, schema: { tags: ['orders'], params: userOrderParams, response: { 200: orderResponseSchema } } },
      async (request) => {
        const userId = ownUser(request, request.params.userId);
        return { order: await payments.payOnDelivery(userId, request.params.orderId, request.log) };
      },
    );

    app.get(
      '/user/:userId',
      { ...shopper, schema: { tags: ['orders'], params: userParams, response: { 200: userOrdersResponseSchema } } },
      async (request) => {
        const userId = ownUser(request, request.params.userId);
        return { orders: await service.listForUser(userId) };
      },
    );

    app.post(
      '/user/:userId/order/:orderId/cancel',
      {
        ...shopper,
        schema: {
          tags: ['orders'],
          params: userOrderParams,
          body: cancelOrderSchema,
          response: { 200: orderDetailResponseSchema },
        },
      },
      async (request) => {
        const userId = ownUser(request, request.params.userId);
        return { order: await service.cancelForUser(userId, request.params.orderId, request.body.reason, request.log) };
      },
    );

    app.get(
      '/user/:userId/last-address',
      { ...shopper, schema: { tags: ['orders'], params: userParams, response: { 200: lastAddressResponseSchema } } },
      async (request) => {
        const userId = ownUser(request, request.params.userId);
        return { address: await service.lastAddress(userId) };
      },
    );

    app.get(
      '/user/:userId/order/:orderId',
      { ...shopper, schema: { tags: ['orders'], params: userOrderParams, response: { 200: orderDetailResponseSchema } } },
      async (request) => {
        const userId = ownUser(request, request.params.userId);
        return { order: await service.getDetailForUser(userId, request.params.orderId) };
      },
    );

    app.get(
      '/all',
      {
        ...access({ admin: 'orders.read' }),
        schema: {
          tags: ['orders'],
          querystring: adminOrdersQuerySchema,
          response: { 200: z.union([z.array(orderSchema), ordersPageSchema]) },
        },
      },
      async (request) => {
        const raw = new URL(request.url, 'http://local').searchParams;
        const paged = ADMIN_ORDER_QUERY_KEYS.some((key) => raw.has(key));
        return paged ? service.listPage(request.query) : service.listAll();
      },
    );

    app.get(
      '/:id',
      {
        ...access({ admin: 'orders.read' }),
        schema: { tags: ['orders'], params: orderParams, response: { 200: orderDetailResponseSchema } },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return { order: await service.getDetail(request.params.id) };
      },
    );

    app.put(
      '/:id/payment',
      {
        ...access({ admin: 'refunds' }),
        schema: { tags: ['orders'], params: orderParams, body: updatePaymentSchema, response: { 200: orderResponseSchema } },
      },
      async (request) => ({ order: await payments.markRefunded(request.params.id, principalOf(request).id) }),
    );

    app.put(
      '/:id/status',
      {
        ...access({ admin: 'orders.write' }),
        schema: { tags: ['orders'], params: orderParams, body: updateOrderStatusSchema, response: { 200: orderResponseSchema } },
      },
      async (request) => {
        const { status, reason, ...shipping } = request.body;
        const order = await service.updateStatus(
          request.params.id,
          status,
          principalOf(request).id,
          request.log,
          reason,
          shipping,
        );
        return { order };
      },
    );

    // A correction, not progress: its own permission, a reason and a confirmation (shared/order-steps.ts).
    app.post(
      '/:id/reverse',
      {
        ...access({ admin: 'orders.reverse' }),
        schema: { tags: ['orders'], params: orderParams, body: reverseOrderSchema, response: { 200: orderResponseSchema } },
      },
      async (request) => {
        const { status, reason } = request.body;
        return { order: await service.reverseStatus(request.params.id, status, principalOf(request).id, request.log, reason) };
      },
    );
  };
}
