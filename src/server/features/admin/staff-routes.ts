import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../shared/accounts.js';
import { idParam } from '../../../shared/path-params.js';
import {
  createStaffSchema,
  STAFF_MESSAGES,
  staffCreatedSchema,
  staffListSchema,
  staffUpdatedSchema,
  totpCodeSchema,
  totpConfirmedSchema,
  totpSetupSchema,
  updateStaffSchema,
} from '../../../shared/staff-roles.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import { principalOf } from '../../lib/principal.js';
import { StaffService } from './staff-service.js';
import { confirmTotpSetup, startTotpSetup } from './two-factor.js';

const staffParams = z.object({ id: idParam(STAFF_MESSAGES.staffIdInvalid) });

/**
 * Under /api/admin:
 *   GET    /staff            → {staff}                                  (permission 'staff': the owner)
 *   POST   /staff            {username, role, totpRequired?} → 201 {staff, password} (the one-time password, shown once)
 *   PUT    /staff/:id        {role?, totpRequired?} → {staff}; 409 when it would leave no owner
 *   DELETE /staff/:id        → {message}; the account's sessions end; 409 for the last owner or oneself
 *   POST   /totp/setup       → {secret, uri}                            (any admin, for their own account)
 *   POST   /totp/confirm     {code} → {message, recoveryCodes}          (shown once)
 */
export function staffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'staff');
    const service = new StaffService(ctx);

    app.get('/staff', { ...admin, schema: { tags: ['admin'], response: { 200: staffListSchema } } }, async () => ({
      staff: await service.list(),
    }));

    app.post(
      '/staff',
      { ...admin, schema: { tags: ['admin'], body: createStaffSchema, response: { 201: staffCreatedSchema } } },
      async (request, reply) => {
        const created = await service.create(actor(request).adminId, request.body);
        return reply.code(201).send({ message: STAFF_MESSAGES.created, ...created });
      },
    );

    app.put(
      '/staff/:id',
      {
        ...admin,
        schema: { tags: ['admin'], params: staffParams, body: updateStaffSchema, response: { 200: staffUpdatedSchema } },
      },
      async (request) => ({
        message: STAFF_MESSAGES.updated,
        staff: await service.update(actor(request).adminId, request.params.id, request.body),
      }),
    );

    app.delete(
      '/staff/:id',
      { ...admin, schema: { tags: ['admin'], params: staffParams, response: { 200: messageSchema } } },
      async (request) => {
        await service.remove(actor(request).adminId, request.params.id);
        return { message: STAFF_MESSAGES.removed };
      },
    );

    // Any admin, for their own sign-in (also while the owner's requirement is still to be met).
    app.post(
      '/totp/setup',
      { ...access('admin'), schema: { tags: ['admin'], response: { 200: totpSetupSchema } } },
      async (request) => startTotpSetup(ctx, principalOf(request).id),
    );

    app.post(
      '/totp/confirm',
      { ...access('admin'), schema: { tags: ['admin'], body: totpCodeSchema, response: { 200: totpConfirmedSchema } } },
      async (request) => ({
        message: STAFF_MESSAGES.totpOn,
        recoveryCodes: await confirmTotpSetup(ctx, principalOf(request).id, request.body.code),
      }),
    );
  };
}
