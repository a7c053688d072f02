import { ZClientAccountsQuerySchema, ZClientAccountsSchema, ZSubmissionListSchema } from '@shared/schemas/business';
import { ZPageQuerySchema } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { businessIdOf, requireRole } from '../../plugins/authorization';
import { listClientAccounts } from './client-accounts';
import { listSubmissions, submissionTemplateCsv } from './submission-list';

export async function reportedAccountRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

  typed.get(
    '/api/businesses/me/accounts',
    {
      preHandler: business,
      config: { apiKeyScope: 'data:report' },
      schema: {
        tags: ['businesses'],
        summary: 'The accounts this business reported (its clients), newest report first; ?q= account number or name, ?status=, ?page=',
        querystring: ZClientAccountsQuerySchema,
        response: { 200: ZClientAccountsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listClientAccounts(app.db, businessIdOf(request), request.query),
  );

  typed.get(
    '/api/credit/submissions',
    {
      preHandler: business,
      config: { apiKeyScope: 'data:report' },
      schema: {
        tags: ['credit'],
        summary:
          'The monthly files this business sent, newest first; ?limit= (1 to 500, default 50) and ?cursor= (the nextCursor of the page before)',
        querystring: ZPageQuerySchema,
        response: { 200: ZSubmissionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSubmissions(app.db, businessIdOf(request), request.query),
  );

  typed.get(
    '/api/credit/submissions/template.csv',
    {
      preHandler: business,
      config: { apiKeyScope: 'data:report' },
      schema: {
        tags: ['credit'],
        summary: 'The monthly-file CSV template: the header in the documented column order and two example rows',
        produces: ['text/csv'],
        response: { 200: fileResponse('The monthly file template: the header row and example rows'), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="creditcheck-monthly-file-template.csv"')
        .send(submissionTemplateCsv()),
  );
}
