import type { FastifyInstance } from 'fastify';

/**
 * For routes whose body is optional (logout): `Content-Type: application/json` with an empty
 * body counts as no body instead of a 400. Anything else still goes through Fastify's own
 * JSON parser (with its prototype-poisoning protection and the body size limit).
 * Call it inside an encapsulated plugin: it changes that plugin's parser only.
 */
export function acceptEmptyJsonBody(
  app: Pick<FastifyInstance, 'getDefaultJsonParser' | 'removeContentTypeParser' | 'addContentTypeParser'>,
) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
