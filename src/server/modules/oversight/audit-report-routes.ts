import { ZAuditReportQuerySchema, ZAuditReportSummarySchema } from '@shared/schemas/oversight';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf, auditSealingOf, recordAuditEvent } from '../audit';
import { buildAuditSummary, renderAuditPdf, streamAuditCsv } from './audit-report';
import { readCompliance } from './compliance';

export async function auditReportRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRole(['regulator', 'system_admin']);
  const tags = ['regulators'];

  typed.get(
    '/api/regulators/audit-report',
    {
      preHandler: staff,
      schema: {
        tags,
        summary:
          'Audit report over a period: summary as JSON, every event as CSV, or the summary with compliance as PDF (format=json|csv|pdf)',
        querystring: ZAuditReportQuerySchema,
        response: {
          200: {
            description: 'format=json: the summary; format=csv: every event of the period; format=pdf: the summary with compliance',
            content: {
              'application/json': { schema: ZAuditReportSummarySchema },
              'text/csv': { schema: fileResponse('Every audit event of the period, one a row') },
              'application/pdf': { schema: fileResponse('The summary with compliance, as a PDF') },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      // Exporting the log is itself an audited act.
      await recordAuditEvent(app.db, {
        action: 'regulator.audit_report_exported',
        ...auditContextOf(request),
        targetType: 'audit_report',
        targetId: `${from}..${to}`,
        details: { format },
      });
      const name = `creditcheck-audit-${from}-to-${to}`;
      if (format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .header('cache-control', 'private, no-store')
          .serializer((payload: unknown) => payload as string)
          .send(streamAuditCsv(app.db, from, to) as never);
      }
      const summary = await buildAuditSummary(app.db, from, to, auditSealingOf(app.config));
      if (format === 'pdf') {
        const pdf = await renderAuditPdf(summary, await readCompliance(app.db, { from, to }));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}.pdf"`)
          .header('cache-control', 'private, no-store')
          .serializer((payload: unknown) => payload as string)
          .send(pdf as never);
      }
      return summary;
    },
  );
}
