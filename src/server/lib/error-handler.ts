import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseUnavailable } from './db-errors.js';
import { AppError } from './errors.js';

/** Seconds a client is told to wait when the database is away for a moment. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * One place turns every failure into `{ message, code?, errors? }` with the right status.
 * Client mistakes keep their 4xx; anything else is logged with its request and answered
 * with a generic 500 that reveals nothing internal.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429 && typeof error.extra?.retryAfterSeconds === 'number') {
        void reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.fields ? { errors: error.fields } : {}),
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
      return reply.status(400).send({ message: first ?? 'Invalid request', code: 'VALIDATION_FAILED', errors });
    }
    // (The library's guard only looks for a `method` property; check the code too.)
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' });
    }
    // PostgreSQL refuses text it cannot store (a NUL character): that is bad input, not a server fault.
    if (error.code === '22021' || error.code === '22P05') {
      return reply.status(400).send({ message: 'Text contains characters that cannot be stored', code: 'BAD_REQUEST' });
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ reason: error.message, code: error.code }, 'the database is unavailable');
      void reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.status(503).send({ message: 'The shop is busy for a moment. Please try again shortly.', code: 'UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error), code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
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
