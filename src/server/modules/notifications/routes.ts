import { ZMarkNotificationsReadSchema, ZNotificationListSchema, ZNotificationsReadSchema } from '@shared/schemas/consumer';
import { ZPageQuerySchema } from '@shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, businessIdOf, requireRole } from '../../plugins/authorization';
import { listNotifications, markNotificationsRead } from './service';

/** Whose notifications: the person's, or for a business the business's (a team member's employer, decisions/014). */
function recipientOf(request: FastifyRequest): string {
  return authOf(request).role === 'business' ? businessIdOf(request) : authOf(request).userId;
}

/** The bell: a signed-in consumer's or business's own notifications. */
export async function notificationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRole(['consumer', 'business']);

  typed.get(
    '/api/notifications',
    {
      preHandler: guard,
      config: { apiKeyScope: 'disputes:answer' },
      schema: {
        tags: ['notifications'],
        summary: 'The notifications, newest first (?limit= 1 to 500, default 50; ?cursor=), and the unread count',
        querystring: ZPageQuerySchema,
        response: { 200: ZNotificationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listNotifications(app.db, recipientOf(request), request.query),
  );

  typed.post(
    '/api/notifications/read',
    {
      preHandler: guard,
      config: { apiKeyScope: 'disputes:answer' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: {ids} or every one when ids is absent',
        body: ZMarkNotificationsReadSchema,
        response: { 200: ZNotificationsReadSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => markNotificationsRead(app.db, recipientOf(request), request.body.ids),
  );
}
