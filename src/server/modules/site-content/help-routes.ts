import { ZHelpListSchema, ZHelpQuerySchema, ZHelpViewSchema } from '@shared/schemas/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { listPublishedHelp, recordHelpView } from './help';

export async function helpRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/help-content',
    {
      schema: {
        tags: ['help'],
        summary: "Published help articles; ?category=updates (or whats_new) for What's New",
        querystring: ZHelpQuerySchema,
        response: { 200: ZHelpListSchema, ...errorResponses(400) },
      },
    },
    async (request) => listPublishedHelp(app.db, request.query.category),
  );
  typed.post(
    '/api/help-content/:id/view',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['help'],
        summary: 'Count one view of a guide',
        params: z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive({ error: 'id must be a number' }) }),
        response: { 200: ZHelpViewSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => recordHelpView(app.db, request.params.id),
  );
}
