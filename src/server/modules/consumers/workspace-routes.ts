import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import {
  ZAccessLogSchema,
  ZChangePasswordSchema,
  ZConfirmIdentityCodeSchema,
  ZConsentListSchema,
  ZConsentSchema,
  ZConsumerDashboardSchema,
  ZConsumerSettingsSchema,
  ZContactDetailsSchema,
  ZFraudAlertRequestSchema,
  ZGrantConsentSchema,
  ZIdentityCodeSentSchema,
  ZIdentityStatusSchema,
  ZLenderListSchema,
  ZLenderQuerySchema,
  ZNotificationPreferencesSchema,
  ZOwnReportListSchema,
  ZOwnReportSchema,
  ZPrivacyStatusSchema,
  ZReportPdfQuerySchema,
  ZRevokeConsentSchema,
  ZSendIdentityCodeSchema,
} from '@shared/schemas/consumer';
import { ZCreditReportSchema } from '@shared/schemas/credit';
import { smsOutbox } from '../../db/schema/index';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit/record';
import { inquiryHashKey } from '../credit/inquiries';
import { getAccessLog } from './access-log';
import { getConsumerDashboard } from './dashboard';
import { confirmIdentityCode, getIdentityStatus, identityHmacKey, sendIdentityCode } from './own-file';
import { getOwnReport, listOwnReports, loadReportForPdf, requestNewReport } from './own-report';
import {
  getPrivacyStatus,
  grantConsent,
  listConsents,
  placeFraudAlert,
  removeFraudAlert,
  revokeConsent,
  searchLenders,
  setFrozen,
  withdrawConsent,
} from './privacy';
import { renderReportPdf } from './report-pdf';
import { changePassword, getConsumerSettings, updateContactDetails, updatePreferences } from './settings';
import { SandboxSmsProvider } from './sms/sandbox-sms-provider';
import type { SmsProvider } from './sms/sms-provider';

export interface ConsumerWorkspaceOptions {
  /** The SMS gateway; the sandbox (outbox table only) when absent. */
  sms?: SmsProvider;
  /** Whether email notifications can be sent (SMTP configured). */
  isEmailAvailable?: boolean;
}

/** The consumer workspace (issue 7): identity, own report and PDF, privacy, access log, dashboard, settings. */
export async function consumerWorkspaceRoutes(app: FastifyInstance, options: ConsumerWorkspaceOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sms = options.sms ?? new SandboxSmsProvider();
  const identityKey = identityHmacKey(app.config.sessionSecret);
  const inquiryKey = inquiryHashKey(app.config.sessionSecret);
  const consumer = requireRole('consumer');
  const userIdOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
  // Per address, on top of the per-account limits kept in the database.
  const codeRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  // ---------- identity

  typed.get(
    '/api/consumers/me/identity',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Whether the credit file is linked and shown; the masked phones a code can go to',
        response: { 200: ZIdentityStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getIdentityStatus(app.db, identityKey, userIdOf(request)),
  );

  typed.post(
    '/api/consumers/me/identity/code',
    {
      preHandler: consumer,
      config: codeRateLimit,
      schema: {
        tags: ['consumers'],
        summary: 'Send a one-time code to one of the phones on the credit file (10 minutes, single use, rate-limited)',
        body: ZSendIdentityCodeSchema,
        response: { 200: ZIdentityCodeSentSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      sendIdentityCode(app.db, { sms, key: identityKey }, userIdOf(request), request.body.phoneId, auditContextOf(request)),
  );

  typed.post(
    '/api/consumers/me/identity/verify',
    {
      preHandler: consumer,
      config: codeRateLimit,
      schema: {
        tags: ['consumers'],
        summary: 'Confirm the one-time code; five wrong guesses void it and the account waits 15 minutes',
        body: ZConfirmIdentityCodeSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      await confirmIdentityCode(app.db, identityKey, userId, request.body.code, auditContextOf(request));
      // The person's first report, kept in their list.
      await requestNewReport(app.db, userId, auditContextOf(request));
      return { message: 'Your identity is confirmed. Your credit file is now open to you.' };
    },
  );

  // ---------- dashboard and reports

  typed.get(
    '/api/consumers/me/dashboard',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'My Profile: score and trend, reports, disputes, privacy, recent activity',
        response: { 200: ZConsumerDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getConsumerDashboard(app.db, userIdOf(request), inquiryKey),
  );

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
        response: { 201: z.object({ id: z.string(), report: ZCreditReportSchema }), ...errorResponses(401, 403, 404) },
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
        response: { 200: z.string().describe('The PDF (application/pdf)'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const report = await loadReportForPdf(app.db, userIdOf(request), request.query.reportId);
      const pdf = await renderReportPdf(report);
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

  // ---------- privacy

  typed.get(
    '/api/consumers/me/privacy',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Freeze, fraud alert and consent count',
        response: { 200: ZPrivacyStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getPrivacyStatus(app.db, userIdOf(request)),
  );

  for (const [path, isFrozen] of [
    ['/api/consumers/me/freeze', true],
    ['/api/consumers/me/unfreeze', false],
  ] as const) {
    typed.post(
      path,
      {
        preHandler: consumer,
        schema: {
          tags: ['consumers'],
          summary: isFrozen
            ? 'Freeze the credit file: business reports are refused (except lenders reviewing an account they hold)'
            : 'Unfreeze the credit file',
          response: { 200: ZPrivacyStatusSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => setFrozen(app.db, userIdOf(request), isFrozen, auditContextOf(request)),
    );
  }

  typed.post(
    '/api/consumers/me/fraud-alert',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Place (or change) a fraud alert: lenders are told to verify identity before lending',
        body: ZFraudAlertRequestSchema,
        response: { 200: ZPrivacyStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => placeFraudAlert(app.db, userIdOf(request), request.body, auditContextOf(request)),
  );

  typed.delete(
    '/api/consumers/me/fraud-alert',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Remove the fraud alert',
        response: { 200: ZPrivacyStatusSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => removeFraudAlert(app.db, userIdOf(request), auditContextOf(request)),
  );

  typed.get(
    '/api/consumers/me/consents',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Consents granted to businesses',
        response: { 200: ZConsentListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listConsents(app.db, userIdOf(request)),
  );

  typed.post(
    '/api/consumers/me/consents',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Grant a business consent for one purpose, for 1 to 365 days',
        body: ZGrantConsentSchema,
        response: { 201: ZConsentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await grantConsent(app.db, userIdOf(request), request.body, auditContextOf(request))),
  );

  typed.delete(
    '/api/consumers/me/consents',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary:
          'Revoke a consent (body {id}), or withdraw consent from a business (body {businessId, purpose?}: every purpose unless one is given)',
        body: ZRevokeConsentSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      request.body.id
        ? revokeConsent(app.db, userIdOf(request), request.body.id, auditContextOf(request))
        : withdrawConsent(
            app.db,
            userIdOf(request),
            { businessId: request.body.businessId!, purpose: request.body.purpose },
            auditContextOf(request),
          ),
  );

  typed.get(
    '/api/consumers/me/lenders',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Verified businesses to grant a consent to, by name',
        querystring: ZLenderQuerySchema,
        response: { 200: ZLenderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => searchLenders(app.db, request.query.q),
  );

  // ---------- access log

  typed.get(
    '/api/consumers/me/access-log',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Every search and report that touched this person: business, when, purpose (from inquiries and the audit log)',
        response: { 200: ZAccessLogSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getAccessLog(app.db, userIdOf(request), inquiryKey),
  );

  // ---------- settings

  typed.get(
    '/api/consumers/me/settings',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Contact details and notification preferences',
        response: { 200: ZConsumerSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getConsumerSettings(app.db, userIdOf(request), options.isEmailAvailable ?? false),
  );

  typed.put(
    '/api/consumers/me/contact',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Change the sign-in phone and email',
        body: ZContactDetailsSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      await updateContactDetails(app.db, userIdOf(request), request.body, auditContextOf(request));
      return { message: 'Your contact details were saved' };
    },
  );

  typed.post(
    '/api/consumers/me/password',
    {
      preHandler: consumer,
      config: codeRateLimit,
      schema: {
        tags: ['consumers'],
        summary: "Change the password; ends the person's other sessions",
        body: ZChangePasswordSchema,
        response: { 200: z.object({ message: z.string(), endedSessions: z.boolean() }), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => changePassword(app.db, userIdOf(request), authOf(request).sessionId, request.body, auditContextOf(request)),
  );

  typed.put(
    '/api/consumers/me/notification-preferences',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Which notifications also go by email',
        body: ZNotificationPreferencesSchema,
        response: { 200: ZNotificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updatePreferences(app.db, userIdOf(request), request.body),
  );

  // ---------- the sandbox SMS outbox (demo mode only)

  if (sms.name === 'sandbox' && app.config.demoMode) {
    typed.get(
      '/api/admin/sandbox/sms',
      {
        preHandler: requireRole('system_admin'),
        schema: {
          tags: ['admin'],
          summary: 'Demo mode with the sandbox SMS provider: the last messages it would have sent',
          response: {
            200: z.object({
              messages: z.array(z.object({ to: z.string(), body: z.string(), purpose: z.string(), createdAt: z.string() })),
            }),
            ...errorResponses(401, 403),
          },
        },
      },
      async () => {
        const rows = await app.db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(50);
        return { messages: rows.map((r) => ({ to: r.toPhone, body: r.body, purpose: r.purpose, createdAt: r.createdAt.toISOString() })) };
      },
    );
  }
}
