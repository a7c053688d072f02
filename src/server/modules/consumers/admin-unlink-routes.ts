import { ZIdParamsSchema } from '@shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { unlinkConsumerIdentity } from './identity-unlink';

const REASON_MESSAGE = 'Give the reason: the documents you checked and what they showed';

export const ZUnlinkConsumerSchema = z.object({
  reason: z
    .string({ error: REASON_MESSAGE })
    .trim()
    .min(10, { error: REASON_MESSAGE })
    .max(1000, { error: 'Must be at most 1000 characters' }),
});
export const ZUnlinkConsumerResultSchema = z.object({ message: z.string(), id: z.string() });

/** POST /api/admin/consumers/:id/unlink: undo a consumer account's linking to a credit file (decisions/021). */
export async function consumerUnlinkRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/admin/consumers/:id/unlink',
    {
      preHandler: requireRole('system_admin'),
      schema: {
        tags: ['admin'],
        summary:
          "Undo a consumer account's linking to a credit file, after checking the person's documents (sessions end; the NIN can be registered again)",
        params: ZIdParamsSchema,
        body: ZUnlinkConsumerSchema,
        response: { 200: ZUnlinkConsumerResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => unlinkConsumerIdentity(app.db, request.params.id, request.body.reason, auditContextOf(request)),
  );
}
