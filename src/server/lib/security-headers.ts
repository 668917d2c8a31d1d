import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at start-up and set on every reply.
 *
 * @fastify/helmet builds a new helmet middleware (and re-parses the CSP directives) on every
 * request: about 30 µs of CPU, as much as a whole cached catalogue answer. Our headers do not
 * depend on the request, so the same middleware runs once against a recording response here.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet 8 throws on bad options; older versions passed the error to the callback.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused the security header options');
  });
  return headers;
}

/**
 * The headers that still mean something on the build's scripts and stylesheets. The others (the
 * CSP, the frame, opener and referrer policies, …) govern documents only, and sent with each of
 * the dozen or so files of a first visit they were ~700 bytes each, uncompressed over HTTP/1.1:
 * more than some of the files themselves (docs/benchmarks.md counts bytes as transferred).
 */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

/**
 * A script or stylesheet of Vite's hashed build output (dist/web/assets). Decided by what is sent,
 * not by the address alone: '/assets/../about' is the about page, and keeps a document's headers.
 */
function isBuiltScriptOrStylesheet(url: string, contentType: unknown): boolean {
  return (
    url.startsWith('/assets/') &&
    typeof contentType === 'string' &&
    /^(text\/css|(application|text)\/javascript)\b/.test(contentType)
  );
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const documentOnly = Object.keys(headers).filter((name) => !SUBRESOURCE_HEADERS.includes(name));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isBuiltScriptOrStylesheet(request.url, reply.getHeader('content-type'))) {
      for (const name of documentOnly) reply.removeHeader(name);
    }
    done(null, payload);
  });
}
