import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/path-params.js';
import {
  QUESTION_MESSAGES,
  adminQuestionPageSchema,
  adminQuestionQuerySchema,
  adminQuestionResponseSchema,
  answerInputSchema,
  askResponseSchema,
  questionInputSchema,
  questionListQuerySchema,
  questionPageSchema,
} from '../../../shared/questions.js';
import { serverMessage } from '../../i18n/errors-ne.js';
import { access } from '../../lib/access.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import { apiLocale } from '../../lib/locale.js';
import { principalOf } from '../../lib/principal.js';
import type { QuestionService } from './service.js';

const productParams = z.object({ id: idParam(QUESTION_MESSAGES.productIdInvalid) });
const questionParams = z.object({ id: idParam(QUESTION_MESSAGES.questionIdInvalid) });

/** A product's questions, under /api/products/:id/questions (see shared/questions.ts for the contract). */
export function questionRoutes(service: QuestionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    acceptEmptyJsonBody(app);
    const tags = ['questions'];

    app.get(
      '/products/:id/questions',
      {
        ...access('public'),
        schema: { tags, params: productParams, querystring: questionListQuerySchema, response: { 200: questionPageSchema } },
      },
      async (request) => service.list(request.params.id, request.query.page),
    );

    app.post(
      '/products/:id/questions',
      {
        ...access('shopper'),
        schema: { tags, params: productParams, body: questionInputSchema, response: { 201: askResponseSchema } },
      },
      async (request, reply) => {
        const question = await service.ask(principalOf(request).id, request.params.id, request.body.question);
        // The thanks in the asker's language, as an error would be.
        return reply.code(201).send({ question, message: serverMessage(QUESTION_MESSAGES.asked, apiLocale(request)) });
      },
    );
  };
}

/**
 * The admin's questions, under /api/admin/questions (permission 'questions'):
 *   GET /?queue=unanswered|answered|hidden|all&page= · PUT /:id/answer {answer} · POST /:id/hide · POST /:id/show
 */
export function questionAdminRoutes(service: QuestionService): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'questions');
    const tags = ['questions'];

    app.get(
      '/',
      { ...admin, schema: { tags, querystring: adminQuestionQuerySchema, response: { 200: adminQuestionPageSchema } } },
      async (request) => service.adminList(request.query.queue, request.query.page),
    );

    app.put(
      '/:id/answer',
      {
        ...admin,
        schema: { tags, params: questionParams, body: answerInputSchema, response: { 200: adminQuestionResponseSchema } },
      },
      async (request) => ({ question: await service.answer(actor(request), request.params.id, request.body.answer) }),
    );

    app.post(
      '/:id/hide',
      { ...admin, schema: { tags, params: questionParams, response: { 200: adminQuestionResponseSchema } } },
      async (request) => ({ question: await service.hide(actor(request), request.params.id) }),
    );

    app.post(
      '/:id/show',
      { ...admin, schema: { tags, params: questionParams, response: { 200: adminQuestionResponseSchema } } },
      async (request) => ({ question: await service.show(actor(request), request.params.id) }),
    );
  };
}
