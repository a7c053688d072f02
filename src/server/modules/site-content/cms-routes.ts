import { ZCmsListSchema, ZCmsQuerySchema } from '@shared/schemas/content';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { managedContent } from '../../db/schema/index';
import { errorResponses } from '../../lib/route-schemas';

export async function cmsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/cms/content',
    {
      schema: {
        tags: ['cms'],
        summary: 'Managed landing-page text of one section',
        querystring: ZCmsQuerySchema,
        response: { 200: ZCmsListSchema, ...errorResponses(400) },
      },
    },
    async (request) =>
      app.db
        .select({ key: managedContent.key, content: managedContent.content })
        .from(managedContent)
        .where(eq(managedContent.section, request.query.section))
        .orderBy(asc(managedContent.key)),
  );
}
