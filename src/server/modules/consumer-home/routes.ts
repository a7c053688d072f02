import {
  ZConfirmIdentityCodeSchema,
  ZConsumerDashboardSchema,
  ZIdentityCodeSentSchema,
  ZIdentityStatusSchema,
  ZSendIdentityCodeSchema,
} from '@shared/schemas/consumer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import type { ModuleOptions } from '../../lib/server-module';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { confirmIdentityCode, getIdentityStatus, identityHmacKey, sendIdentityCode } from '../consumers';
import { inquiryHashKey } from '../credit-file';
import { requestNewReport } from '../reports';
import { getConsumerDashboard } from './dashboard';

export async function consumerHomeRoutes(app: FastifyInstance, options: ModuleOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sms = options.sms;
  const identityKey = identityHmacKey(app.config.sessionSecret);
  const inquiryKey = inquiryHashKey(app.config.sessionSecret);
  const consumer = requireRole('consumer');
  const userIdOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
  const codeRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

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
}
