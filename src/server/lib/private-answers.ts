import type { FastifyInstance } from 'fastify';

/**
 * An answer to a request that carried a token is somebody's own (a profile, a cart, orders, the
 * admin's view): no browser, proxy or CDN may keep it (Cache-Control: no-store). A route that set
 * its own Cache-Control keeps it.
 */
export function installPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization !== undefined && !reply.hasHeader('cache-control')) {
      void reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
