import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import {
  NOTIFY_ME_MESSAGES,
  alertSettingsResponseSchema,
  alertSettingsSchema,
  notifyMeResponseSchema,
  notifyMeSchema,
} from '../../../shared/alerts.js';
import { idParam, userIdParam } from '../../../shared/path-params.js';
import { access } from '../../lib/access.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import { apiLocale } from '../../lib/locale.js';
import { assertOwner, principalOf } from '../../lib/principal.js';
import { unsubscribePage } from './mail.js';
import * as q from './queries.js';
import type { AlertService } from './service.js';

const productParams = z.object({ id: idParam(NOTIFY_ME_MESSAGES.productIdInvalid) });
const userParams = z.object({ userId: userIdParam(ACCOUNT_MESSAGES.badUserId) });
// No body at all is the same as {} (the product has no variants).
const notifyMeBody = z.preprocess((value) => value ?? {}, notifyMeSchema);
const linkQuery = z.object({ u: z.string().max(20), k: z.string().max(20), t: z.string().max(64) });

/**
 * Alerts, under /api:
 *   POST /products/:id/notify-me   {variantId?}  shopper → 201 {message} (200 when already asked)
 *   GET  /users/:userId/alerts                    shopper → {alerts}
 *   PUT  /users/:userId/alerts     {alerts…}      shopper → {alerts}
 *   GET  /alerts/unsubscribe?u&k&t                public  → a page asking to confirm
 *   POST /alerts/unsubscribe?u&k&t                public  → 200 (RFC 8058 one-click; any body)
 */
export function alertRoutes(service: AlertService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    acceptEmptyJsonBody(app);
    // Mail programs post `List-Unsubscribe=One-Click` as a form; the confirm page posts its form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
    const shopper = access('shopper');
    const anyone = access('public');

    app.post(
      '/products/:id/notify-me',
      {
        ...shopper,
        schema: { tags: ['alerts'], params: productParams, body: notifyMeBody, response: { 200: notifyMeResponseSchema, 201: notifyMeResponseSchema } },
      },
      async (request, reply) => {
        const added = await service.notifyMe(principalOf(request).id, request.params.id, request.body.variantId);
        return reply.code(added ? 201 : 200).send({ message: NOTIFY_ME_MESSAGES.subscribed });
      },
    );

    app.get(
      '/users/:userId/alerts',
      { ...shopper, schema: { tags: ['alerts'], params: userParams, response: { 200: alertSettingsResponseSchema } } },
      async (request) => ({
        alerts: await service.settings(assertOwner(request, request.params.userId, NOTIFY_ME_MESSAGES.ownAlertsOnly)),
      }),
    );

    app.put(
      '/users/:userId/alerts',
      {
        ...shopper,
        schema: { tags: ['alerts'], params: userParams, body: alertSettingsSchema, response: { 200: alertSettingsResponseSchema } },
      },
      async (request) => {
        const userId = assertOwner(request, request.params.userId, NOTIFY_ME_MESSAGES.ownAlertsOnly);
        return { alerts: await service.saveSettings(userId, request.body) };
      },
    );

    const signed = (query: z.infer<typeof linkQuery>) => service.links.verify(query.u, query.k, query.t);

    app.get('/alerts/unsubscribe', { ...anyone, schema: { tags: ['alerts'], querystring: linkQuery } }, async (request, reply) => {
      const link = signed(request.query);
      const user = link && (await q.userLanguage(service.db, link.userId));
      if (!link || !user) {
        return reply.code(404).type('text/html; charset=utf-8').send(invalidPage(apiLocale(request)));
      }
      const action = `/api/alerts/unsubscribe?${new URLSearchParams(request.query).toString()}`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(unsubscribePage(user.language, link.kind, action, false));
    });

    app.post('/alerts/unsubscribe', { ...anyone, schema: { tags: ['alerts'], querystring: linkQuery } }, async (request, reply) => {
      const link = signed(request.query);
      if (!link) return reply.code(404).type('text/html; charset=utf-8').send(invalidPage(apiLocale(request)));
      await service.unsubscribe(link.userId, link.kind);
      const user = await q.userLanguage(service.db, link.userId);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribePage(user?.language ?? apiLocale(request), link.kind, '', true));
    });
  };
}

function invalidPage(language: 'en' | 'ne'): string {
  const text = language === 'ne' ? 'यो अनसब्स्क्राइब लिङ्क मिलेन।' : 'This unsubscribe link is not valid.';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>Pasal</title></head><body><main><h1>${text}</h1></main></body></html>`;
}
