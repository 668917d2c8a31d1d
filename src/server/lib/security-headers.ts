import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at start-up and set on every reply.
 *
 * @fastify/helmet builds a new helmet middleware (and re-parses the CSP directives) on every
 * request, as much CPU as a whole cached catalogue answer. Our headers do not
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
 * A JSON answer is never rendered as a page (nosniff keeps it JSON), so the page's policies say
 * nothing about it either, and they were half the bytes of a product's answer. Opened on its own
 * as a document, it may load nothing and be framed by no one: the CSP OWASP gives for REST APIs.
 */
const JSON_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * A script or stylesheet of Vite's hashed build output (dist/web/assets). Decided by what is sent,
 * not by the address alone: '/assets/../about' is the about page, and keeps a document's headers.
 */
function isBuiltScriptOrStylesheet(url: string, contentType: string): boolean {
  return url.startsWith('/assets/') && /^(text\/css|(application|text)\/javascript)\b/.test(contentType);
}

function isJsonAnswer(contentType: string): boolean {
  return contentType.startsWith('application/json');
}

/**
 * Sets the security headers on every reply as it is sent, by what it is: a page (and anything
 * else) gets them all, a built script or stylesheet and a 304 the subresource ones, a JSON answer
 * those and its own CSP. A header a route set itself is kept.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const forDocuments = Object.entries(securityHeaders(options));
  const forSubresources = forDocuments.filter(([name]) => SUBRESOURCE_HEADERS.includes(name));
  const forJson: [string, string][] = [...forSubresources, ['content-security-policy', JSON_ANSWER_CSP]];
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const contentType = typeof type === 'string' ? type : '';
    // A 304 has no body and no content type: the browser keeps the headers it stored with the
    // answer and updates them from the 304's, so a page's policies here would replace a JSON
    // answer's CSP. The headers that apply to anything are enough.
    const headers =
      reply.statusCode === 304
        ? forSubresources
        : isJsonAnswer(contentType)
          ? forJson
          : isBuiltScriptOrStylesheet(request.url, contentType)
            ? forSubresources
            : forDocuments;
    for (const [name, value] of headers) if (!reply.hasHeader(name)) void reply.header(name, value);
    done(null, payload);
  });
}
