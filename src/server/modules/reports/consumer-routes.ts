import { ZOwnReportCreatedSchema, ZOwnReportListSchema, ZOwnReportSchema, ZReportPdfQuerySchema } from '@shared/schemas/consumer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { renderReportPdf } from './report-pdf';
import { getOwnReport, listOwnReports, loadReportForPdf, requestNewReport } from './own-report';

export async function ownReportRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const consumer = requireRole('consumer');
  const userIdOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

  typed.get(
    '/api/consumers/me/report',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'The signed-in consumer\u2019s own full report, free, never an inquiry (null until the identity is confirmed)',
        response: { 200: ZOwnReportSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getOwnReport(app.db, userIdOf(request)),
  );

  typed.get(
    '/api/consumers/me/reports',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'The reports the person requested, newest first',
        response: { 200: ZOwnReportListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listOwnReports(app.db, userIdOf(request)),
  );

  typed.post(
    '/api/consumers/me/reports',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Request New Report: regenerate the report and keep it (free, never an inquiry)',
        response: { 201: ZOwnReportCreatedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await requestNewReport(app.db, userIdOf(request), auditContextOf(request))),
  );

  typed.get(
    '/api/consumers/me/report.pdf',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'The report as a PDF: the current one, or a kept one with ?reportId=',
        querystring: ZReportPdfQuerySchema,
        produces: ['application/pdf'],
        response: { 200: fileResponse('The report as a PDF'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const report = await loadReportForPdf(app.db, userIdOf(request), request.query.reportId);
      const pdf = await renderReportPdf(report, { kind: 'person' });
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="creditcheck-report-${report.generatedAt.slice(0, 10)}.pdf"`)
          .header('cache-control', 'no-store')
          // A Buffer is sent as it is (Fastify skips serialisation); the schema above only documents it.
          .send(pdf as unknown as string)
      );
    },
  );
}
