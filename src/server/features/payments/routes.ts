import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentResult } from '../../../shared/payments.js';
import { access } from '../../lib/access.js';
import { khaltiReturnParams } from './khalti.js';
import type { PaymentService } from './service.js';

/** An attempt's reference as we make them (order id, hyphen, hex) or as Khalti does (pidx). */
const reference = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/);
const referenceParams = z.object({ reference });

/**
 * Where the gateways send the shopper back, under /api/payments (no token: the browser arrives
 * from eSewa or Khalti). Nothing in the query is trusted: the attempt is looked up and the
 * gateway's own API asked, and the shopper lands on their order with the result. Anything that
 * is not an attempt of ours lands on the orders list with "failed", never a 5xx.
 *   GET /esewa/success/:reference?data=…   GET /esewa/failure/:reference   GET /khalti/return?pidx=…
 */
export function paymentReturnRoutes(payments: PaymentService): FastifyPluginAsyncZod {
  return async (app) => {
    const land = (reply: FastifyReply, result: PaymentResult, orderId?: string) => {
      const query = new URLSearchParams({ tab: 'orders', payment: result, ...(orderId ? { order: orderId } : {}) });
      return reply.header('Cache-Control', 'no-store').redirect(`/account?${query.toString()}`, 303);
    };

    app.get('/esewa/success/:reference', { ...access('public'), schema: { hide: true } }, async (request, reply) => {
      const params = referenceParams.safeParse(request.params);
      const { data } = request.query as { data?: unknown };
      if (!params.success || typeof data !== 'string') return land(reply, 'failed');
      const { orderId, result } = await payments.settleEsewaSuccess(params.data.reference, data, request.log);
      return land(reply, result, orderId);
    });

    // Cancelled or failed at eSewa: its status API still decides (a payment may have gone through).
    app.get('/esewa/failure/:reference', { ...access('public'), schema: { hide: true } }, async (request, reply) => {
      const params = referenceParams.safeParse(request.params);
      if (!params.success) return land(reply, 'failed');
      const { orderId, result } = await payments.settleReturn('esewa', params.data.reference, request.log);
      return land(reply, result === 'pending' ? 'failed' : result, orderId);
    });

    app.get('/khalti/return', { ...access('public'), schema: { hide: true } }, async (request, reply) => {
      const params = khaltiReturnParams(request.query as Record<string, unknown>);
      if (!params) return land(reply, 'failed');
      const { orderId, result } = await payments.settleReturn('khalti', params.pidx, request.log);
      return land(reply, result, orderId);
    });
  };
}
