import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The largest unread rest of a refused request that the server reads and throws away so its client
 * gets the answer. Past it (or with no Content-Length to judge by) the connection is closed at
 * once, as before: reading gigabytes to be polite would be a gift to an attacker.
 */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A refused request whose body has not all arrived (a 5 MB JSON body over the 1 MB limit, an
 * image over its size, a 401 before the body was read) is answered while the client is still
 * sending, and Fastify closes the connection after the answer. The client's next write then
 * meets a closed socket, the kernel resets the connection, and the answer waiting unread on the
 * client's side is thrown away: the shopper sees "network error" instead of "too large". So, as
 * nginx lingers before closing, the server first reads the rest of the body into nothing (up to
 * DRAIN_MAX_BYTES, and within the request timeout, which ends a client that stops sending), then
 * sends the answer: closing a connection with nothing left unread resets nothing.
 */
export function drainRefusedBodies(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, and an async hook costs every
  // answer a promise and a microtask for the few refused ones that wait.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && !request.raw.complete && drainable(request)) {
      void readToEnd(request.raw).then(() => done(null, payload));
      return;
    }
    done(null, payload);
  });
}

function drainable(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length']);
  return Number.isInteger(length) && length > 0 && length <= DRAIN_MAX_BYTES;
}

/** Reads what is left of the body and drops it; resolves when it has all come, or the request is gone. */
function readToEnd(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (raw.destroyed || raw.readableEnded) {
      resolve();
      return;
    }
    // Whatever was reading the body (the JSON parser, a multipart stream) has given up on it.
    raw.unpipe();
    raw.removeAllListeners('data');
    raw.once('end', () => resolve());
    raw.once('close', () => resolve());
    raw.once('error', () => resolve());
    raw.resume();
  });
}
