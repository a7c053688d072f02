import { ZAdminContentSchema, ZContentUpdateSchema, ZHelpArticleFormSchema, ZHelpIdParamsSchema } from '@shared/schemas/admin';
import { ZHelpItemSchema, ZHelpListSchema } from '@shared/schemas/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { listAdminContent, updateContent } from './content-admin';
import { createHelpArticle, listAllHelp, setHelpPublished, updateHelpArticle } from './help-admin';

export async function contentAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const tags = ['admin'];

  typed.get(
    '/api/admin/content',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "The landing page's managed text, every key",
        response: { 200: ZAdminContentSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listAdminContent(app.db),
  );

  typed.put(
    '/api/admin/content',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Set one landing-page text (empty restores the default)',
        body: ZContentUpdateSchema,
        response: { 200: ZAdminContentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateContent(app.db, request.body, auditContextOf(request)),
  );

  typed.get(
    '/api/admin/help',
    {
      preHandler: admin,
      schema: { tags, summary: 'Every help article, drafts too', response: { 200: ZHelpListSchema, ...errorResponses(401, 403) } },
    },
    async () => listAllHelp(app.db),
  );

  typed.post(
    '/api/admin/help',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Create a help article (as a draft)',
        body: ZHelpArticleFormSchema,
        response: { 201: ZHelpItemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await createHelpArticle(app.db, request.body, auditContextOf(request))),
  );

  typed.put(
    '/api/admin/help/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Edit a help article',
        params: ZHelpIdParamsSchema,
        body: ZHelpArticleFormSchema,
        response: { 200: ZHelpItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateHelpArticle(app.db, request.params.id, request.body, auditContextOf(request)),
  );

  for (const [action, isPublished] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    typed.post(
      `/api/admin/help/:id/${action}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: `${isPublished ? 'Publish' : 'Unpublish'} a help article`,
          params: ZHelpIdParamsSchema,
          response: { 200: ZHelpItemSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => setHelpPublished(app.db, request.params.id, isPublished, auditContextOf(request)),
    );
  }
}
