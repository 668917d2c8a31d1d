import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context.js';
import { esewaSandboxRoutes } from './esewa-routes.js';
import { khaltiSandboxRoutes } from './khalti-routes.js';

/**
 * The payment sandbox (ADR 0027): a local stand-in for eSewa ePay v2 and Khalti KPG-2 that speaks
 * their protocols exactly as our clients (../esewa.ts, ../khalti.ts) expect the real gateways to,
 * for demos and browser tests. Register it at prefix /sandbox, only when PAYMENT_SANDBOX is on,
 * and point the gateway settings at it:
 *   ESEWA_FORM_URL   = <origin>/sandbox/esewa/form
 *   ESEWA_STATUS_URL = <origin>/sandbox/esewa/status
 *   KHALTI_API_URL   = <origin>/sandbox/khalti/
 *
 * eSewa:  POST /esewa/form (the shopper's form) → a page with Pay and Cancel →
 *         POST /esewa/pay/:id (303 to success_url?data=…) or /esewa/cancel/:id (303 to failure_url);
 *         GET /esewa/status?product_code=&total_amount=&transaction_uuid= (the status API).
 * Khalti: POST /khalti/epayment/initiate/ and /khalti/epayment/lookup/ (Authorization: Key …);
 *         GET /khalti/pay/:pidx (the payment page) → POST /khalti/pay/:pidx or /khalti/cancel/:pidx
 *         (303 to return_url?pidx=…&status=…).
 */

export interface PaymentSandboxOptions {
  /** The key eSewa signs with (the merchant's secret; eSewa's UAT key in demos). */
  esewaSecret: string;
  /** The only product_code the sandbox's eSewa accepts (EPAYTEST in demos). */
  esewaProductCode: string;
  /** What Khalti calls must send as `Authorization: Key <khaltiSecretKey>`. */
  khaltiSecretKey: string;
  /** Origin of the shop as browsers reach it, for Khalti's payment_url; default the request's protocol and host. */
  baseUrl?: string;
}

export type SandboxContext = Pick<AppContext, 'db' | 'clock'>;

export function paymentSandboxRoutes(ctx: SandboxContext, options: PaymentSandboxOptions): FastifyPluginAsync {
  return async (app) => {
    // The shopper's browser posts eSewa's form and our Pay/Cancel buttons as url-encoded forms;
    // Fastify parses none (and @fastify/formbody is not a dependency). Scoped to the sandbox.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
      },
    );
    // Nothing here is for search engines or for caching.
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    });
    await app.register(esewaSandboxRoutes(ctx, options), { prefix: '/esewa' });
    await app.register(khaltiSandboxRoutes(ctx, options), { prefix: '/khalti' });
  };
}
