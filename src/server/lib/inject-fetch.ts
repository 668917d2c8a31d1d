import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers from this very server in-process (app.inject), for the payment sandbox:
 * the shop asks "eSewa" and "Khalti" as it would over the network, and the sandbox routes answer,
 * without a listening port or a network (API tests, a demo behind a proxy). Only the path and
 * query of the URL are used.
 */
export function injectFetch(app: FastifyInstance) {
  return async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: answerHeaders,
    });
  };
}
