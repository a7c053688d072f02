import { ZPageQuerySchema } from '@shared/schemas/common';
import { ZReportCopyListSchema, ZReportIdParamsSchema, ZStoredReportSchema } from '@shared/schemas/business';
import type { TCreditReport } from '@shared/schemas/credit';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessProfiles, plans } from '../../db/schema/index';
import { businessActorOf } from '../../lib/business-actor';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { businessIdOf, requireRole } from '../../plugins/authorization';
import { auditContextOf, recordAuditEvent } from '../audit';
import { getBusinessProfile } from '../businesses';
import { renderAdverseActionPdf, renderReportPdf } from './report-pdf';
import { getReportCopy, listReportCopies } from './report-copies';

export async function storedReportRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

  /** A PDF made from a stored report, audited (who, which report, through which key) and sent as a download. */
  async function sendReportPdf(
    request: FastifyRequest,
    reply: FastifyReply,
    sent: { action: string; report: TCreditReport; pdf: Buffer; fileName: string },
  ) {
    const actor = businessActorOf(request);
    await recordAuditEvent(app.db, {
      ...actor.audit,
      action: sent.action,
      businessId: actor.businessId,
      subjectId: sent.report.subject.subjectId,
      targetType: 'credit_report',
      targetId: sent.report.reportId,
      details: request.auth?.apiKeyId ? { apiKeyId: request.auth.apiKeyId } : {},
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${sent.fileName}-${sent.report.reportId}.pdf"`)
      .header('cache-control', 'no-store')
      .send(sent.pdf);
  }

  typed.get(
    '/api/credit/reports',
    {
      preHandler: business,
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['credit'],
        summary:
          'The reports this business pulled, newest first (open one again with GET /api/credit/reports/:id); ?limit= (1 to 500, default 50), ?cursor=',
        querystring: ZPageQuerySchema,
        response: { 200: ZReportCopyListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listReportCopies(app.db, businessIdOf(request), request.query),
  );

  typed.get(
    '/api/credit/reports/:id',
    {
      preHandler: business,
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['credit'],
        summary: 'A report this business pulled, exactly as it was shown; no new inquiry, no quota (another business’s report is 404)',
        params: ZReportIdParamsSchema,
        response: { 200: ZStoredReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const businessId = businessIdOf(request);
      const report = await getReportCopy(app.db, businessId, request.params.id);
      await recordAuditEvent(app.db, {
        ...auditContextOf(request),
        action: 'credit.report_reopened',
        businessId,
        subjectId: report.subject.subjectId,
        targetType: 'credit_report',
        targetId: report.reportId,
        details: request.auth?.apiKeyId ? { apiKeyId: request.auth.apiKeyId } : {},
      });
      return report;
    },
  );

  typed.get(
    '/api/credit/reports/:id/pdf',
    {
      preHandler: business,
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['credit'],
        summary: 'A report this business pulled, as a PDF (white-labelled with the business name on Enterprise); no new inquiry, no quota',
        params: ZReportIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: fileResponse('The report as a PDF'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = businessActorOf(request);
      const report = await getReportCopy(app.db, actor.businessId, request.params.id);
      const [brand] = await app.db
        .select({ businessName: businessProfiles.businessName, isWhiteLabel: plans.hasWhiteLabel })
        .from(businessProfiles)
        .innerJoin(plans, eq(plans.code, businessProfiles.planCode))
        .where(eq(businessProfiles.userId, actor.businessId))
        .limit(1);
      const profile = await getBusinessProfile(app.db, actor);
      const pdf = await renderReportPdf(report, {
        kind: 'business',
        businessName: brand?.businessName ?? profile.businessName,
        isWhiteLabel: brand?.isWhiteLabel ?? false,
        printedBy: request.auth?.apiKeyId ? 'API' : profile.user.fullName,
      });
      return sendReportPdf(request, reply, { action: 'credit.report_pdf_downloaded', report, pdf, fileName: 'credit-report' });
    },
  );

  typed.get(
    '/api/credit/reports/:id/adverse-action.pdf',
    {
      preHandler: business,
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['credit'],
        summary:
          'The adverse-action notice of a report this business pulled, as a PDF to give an applicant it declined: the bureau did not decide, the score and its range, the key factors, the right to a free report and to dispute (another business’s report is 404)',
        params: ZReportIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: fileResponse('The notice as a PDF'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = businessActorOf(request);
      const report = await getReportCopy(app.db, actor.businessId, request.params.id);
      // The lender's own name: the notice says who decided.
      const profile = await getBusinessProfile(app.db, actor);
      const pdf = await renderAdverseActionPdf(report, profile.businessName);
      return sendReportPdf(request, reply, {
        action: 'credit.adverse_action_notice_downloaded',
        report,
        pdf,
        fileName: 'adverse-action-notice',
      });
    },
  );
}
