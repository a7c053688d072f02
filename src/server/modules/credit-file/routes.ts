import {
  ZAccessLogSchema,
  ZConsentListSchema,
  ZConsentSchema,
  ZFraudAlertRequestSchema,
  ZGrantConsentSchema,
  ZLenderListSchema,
  ZLenderQuerySchema,
  ZPrivacyStatusSchema,
  ZRevokeConsentSchema,
} from '@shared/schemas/consumer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { getAccessLog } from './access-log';
import { inquiryHashKey } from './inquiries';
import { grantConsent, listConsents, revokeConsent, searchLenders, withdrawConsent } from './consents';
import { getPrivacyStatus, placeFraudAlert, removeFraudAlert, setFrozen } from './privacy-controls';

export async function creditFileRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const inquiryKey = inquiryHashKey(app.config.sessionSecret);
  const consumer = requireRole('consumer');
  const userIdOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

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
}
