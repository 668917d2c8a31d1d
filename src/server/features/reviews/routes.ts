import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/path-params.js';
import {
  REVIEW_MESSAGES,
  REVIEW_PHOTOS_MAX,
  adminReviewPageSchema,
  adminReviewQuerySchema,
  adminReviewResponseSchema,
  helpfulResponseSchema,
  hideInputSchema,
  myReviewSchema,
  replyInputSchema,
  reportInputSchema,
  reportResponseSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewResponseSchema,
} from '../../../shared/reviews.js';
import { access } from '../../lib/access.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import { principalOf } from '../../lib/principal.js';
import { photosForm } from '../../lib/photos-form.js';
import type { ReviewService } from './service.js';

const productParams = z.object({ id: idParam(REVIEW_MESSAGES.productIdInvalid) });
const reviewParams = z.object({ id: idParam(REVIEW_MESSAGES.reviewIdInvalid) });
const photoForm = photosForm(REVIEW_PHOTOS_MAX, {
  tooManyPhotos: REVIEW_MESSAGES.tooManyPhotos,
  photosMultipart: REVIEW_MESSAGES.photosMultipart,
  photosField: REVIEW_MESSAGES.photosField,
});

/**
 * A product's reviews, under /api/products/:id/reviews, and a review's votes and reports under
 * /api/reviews/:id (see shared/reviews.ts for the contract).
 */
export function reviewRoutes(service: ReviewService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    acceptEmptyJsonBody(app);
    const shopper = access('shopper');
    const tags = ['reviews'];

    app.get(
      '/products/:id/reviews',
      {
        ...access('public'),
        schema: { tags, params: productParams, querystring: reviewListQuerySchema, response: { 200: reviewPageSchema } },
      },
      async (request) => service.list(request.params.id, request.query.sort, request.query.page),
    );

    app.get(
      '/products/:id/reviews/mine',
      { ...shopper, schema: { tags, params: productParams, response: { 200: myReviewSchema } } },
      async (request) => service.mine(principalOf(request).id, request.params.id),
    );

    app.post(
      '/products/:id/reviews',
      { ...shopper, schema: { tags, params: productParams, body: reviewInputSchema, response: { 201: reviewResponseSchema } } },
      async (request, reply) => {
        const review = await service.create(principalOf(request).id, request.params.id, request.body);
        return reply.code(201).send({ review });
      },
    );

    app.put(
      '/products/:id/reviews',
      { ...shopper, schema: { tags, params: productParams, body: reviewInputSchema, response: { 200: reviewResponseSchema } } },
      async (request) => ({ review: await service.edit(principalOf(request).id, request.params.id, request.body) }),
    );

    // The photos: multipart, parsed only in this plugin.
    await app.register(async (plugin) => {
      await photoForm.register(plugin);
      const photos = plugin.withTypeProvider<ZodTypeProvider>();
      photos.put(
        '/products/:id/reviews/photos',
        { ...shopper, schema: { tags, params: productParams, response: { 200: reviewResponseSchema } } },
        async (request) => ({
          review: await service.setPhotos(principalOf(request).id, request.params.id, await photoForm.read(request)),
        }),
      );
    });

    app.post(
      '/reviews/:id/helpful',
      { ...shopper, schema: { tags, params: reviewParams, response: { 200: helpfulResponseSchema } } },
      async (request) => ({ helpfulCount: await service.helpful(principalOf(request).id, request.params.id) }),
    );

    app.post(
      '/reviews/:id/report',
      { ...shopper, schema: { tags, params: reviewParams, body: reportInputSchema, response: { 200: reportResponseSchema } } },
      async (request) => ({ message: await service.report(principalOf(request).id, request.params.id, request.body.reason) }),
    );
  };
}

/**
 * The admin's moderation, under /api/admin/reviews (permission 'reviews'):
 *   GET  /?queue=new|reported|hidden|all&page=  → {reviews, total, page, pageSize, totalPages}
 *   POST /:id/hide {reason} · POST /:id/show · PUT /:id/reply {reply} → {review}
 */
export function reviewAdminRoutes(service: ReviewService): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'reviews');
    const tags = ['reviews'];

    app.get(
      '/',
      { ...admin, schema: { tags, querystring: adminReviewQuerySchema, response: { 200: adminReviewPageSchema } } },
      async (request) => service.adminList(request.query.queue, request.query.page),
    );

    app.post(
      '/:id/hide',
      { ...admin, schema: { tags, params: reviewParams, body: hideInputSchema, response: { 200: adminReviewResponseSchema } } },
      async (request) => ({ review: await service.hide(actor(request), request.params.id, request.body.reason) }),
    );

    app.post(
      '/:id/show',
      { ...admin, schema: { tags, params: reviewParams, response: { 200: adminReviewResponseSchema } } },
      async (request) => ({ review: await service.show(actor(request), request.params.id) }),
    );

    app.put(
      '/:id/reply',
      { ...admin, schema: { tags, params: reviewParams, body: replyInputSchema, response: { 200: adminReviewResponseSchema } } },
      async (request) => ({ review: await service.reply(actor(request), request.params.id, request.body.reply) }),
    );
  };
}
