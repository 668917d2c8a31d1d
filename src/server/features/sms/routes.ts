import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import { messageSchema } from '../../../shared/accounts.js';
import { userIdParam } from '../../../shared/path-params.js';
import {
  SMS_MESSAGES,
  smsLogQuerySchema,
  smsLogSchema,
  smsSettingsResponseSchema,
  smsSettingsSchema,
  smsTestSchema,
} from '../../../shared/sms.js';
import { access } from '../../lib/access.js';
import { assertOwner } from '../../lib/principal.js';
import type { SmsService } from './service.js';

const userParams = z.object({ userId: userIdParam(ACCOUNT_MESSAGES.badUserId) });

/**
 * Texts in the admin panel, under /api/admin/sms (permission 'sms'):
 *   GET  /?page=          → SmsLog (numbers masked, never a text)
 *   POST /test {to, text} → 202 {message}; 429 once the day's limit is reached
 */
export function smsAdminRoutes(service: SmsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    const admin = access({ admin: 'sms' });
    app.get('/', { ...admin, schema: { tags: ['admin'], querystring: smsLogQuerySchema, response: { 200: smsLogSchema } } }, async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return service.log(request.query.page ?? 1);
    });
    app.post('/test', { ...admin, schema: { tags: ['admin'], body: smsTestSchema, response: { 202: messageSchema } } }, async (request, reply) => {
      await service.sendTest(request.body.to, request.body.text);
      return reply.code(202).send({ message: SMS_MESSAGES.testQueued });
    });
  };
}

/**
 * The shopper's texts, under /api/users:
 *   GET /:userId/sms            → {sms: {orderUpdates}}
 *   PUT /:userId/sms {orderUpdates} → {sms}
 */
export function smsSettingsRoutes(service: SmsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    const shopper = access('shopper');
    app.get(
      '/:userId/sms',
      { ...shopper, schema: { tags: ['sms'], params: userParams, response: { 200: smsSettingsResponseSchema } } },
      async (request) => ({ sms: await service.settings(assertOwner(request, request.params.userId, SMS_MESSAGES.ownSettingsOnly)) }),
    );
    app.put(
      '/:userId/sms',
      { ...shopper, schema: { tags: ['sms'], params: userParams, body: smsSettingsSchema, response: { 200: smsSettingsResponseSchema } } },
      async (request) => {
        const userId = assertOwner(request, request.params.userId, SMS_MESSAGES.ownSettingsOnly);
        return { sms: await service.saveSettings(userId, request.body) };
      },
    );
  };
}
