import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { serverMessage } from '../i18n/errors-ne.js';
import { databaseUnavailable } from './db-errors.js';
import { AppError } from './errors.js';
import { apiLocale } from './locale.js';

/** Seconds a client is told to wait when the database is away for a moment. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * One place turns every failure into `{ message, code?, errors? }` with the right status.
 * Client mistakes keep their 4xx; anything else is logged with its request and answered
 * with a generic 500 that reveals nothing internal.
 * Messages are written in English in the code; here, and only here, they are put in the
 * request's language (Accept-Language: the web app sends its page's), `message` and each field's
 * message in `errors` alike (src/server/i18n/errors-ne.ts). Status, code and the other fields
 * stay the same in every language.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const say = speaker(request, reply);
    if (error instanceof AppError) {
      if (error.statusCode === 429 && typeof error.extra?.retryAfterSeconds === 'number') {
        void reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      }
      const message = say(error.message);
      return reply.status(error.statusCode).send({
        message,
        // The English beside a translation: clients tell refusals apart by it (src/web/lib/errors.ts).
        ...(message !== error.message ? { sourceMessage: error.message } : {}),
        code: error.code,
        ...(error.fields ? { errors: sayEach(say, error.fields) } : {}),
        ...(error.extra ?? {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      let first: string | undefined;
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        // The whole body (or query) missing or not an object: say so instead of zod's type jargon.
        const message =
          field === '_' && issue.keyword === 'invalid_type'
            ? `Request ${error.validationContext ?? 'body'} must be a JSON object`
            : (issue.message ?? 'Invalid value');
        errors[field] ??= message;
        first ??= message;
      }
      return reply
        .status(400)
        .send({ message: say(first ?? 'Invalid request'), code: 'VALIDATION_FAILED', errors: sayEach(say, errors) });
    }
    // (The library's guard only looks for a `method` property; check the code too.)
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: say('Internal server error'), code: 'INTERNAL' });
    }
    // PostgreSQL refuses text it cannot store (a NUL character): that is bad input, not a server fault.
    if (error.code === '22021' || error.code === '22P05') {
      return reply.status(400).send({ message: say('Text contains characters that cannot be stored'), code: 'BAD_REQUEST' });
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ reason: error.message, code: error.code }, 'the database is unavailable');
      void reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply
        .status(503)
        .send({ message: say('The shop is busy for a moment. Please try again shortly.'), code: 'UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: say(clientMessage(error)), code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: say('Internal server error'), code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    const say = speaker(request, reply);
    reply.status(404).send({ message: say(`Route ${request.method} ${request.url.split('?')[0]} not found`), code: 'NOT_FOUND' });
  });
}

/**
 * The request's language for its error messages. The answer's text depends on Accept-Language,
 * so a cache keeps one per language (Vary).
 */
function speaker(request: FastifyRequest, reply: FastifyReply): (message: string) => string {
  const vary = reply.getHeader('vary');
  const varies = typeof vary === 'string' && vary.trim() !== '' ? vary : undefined;
  if (!varies?.toLowerCase().includes('accept-language')) {
    void reply.header('Vary', varies ? `${varies}, Accept-Language` : 'Accept-Language');
  }
  const locale = apiLocale(request);
  return (message) => serverMessage(message, locale);
}

function sayEach(say: (message: string) => string, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, say(message)]));
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}
