import { ZAccountCorrectionResultSchema, ZAccountIdParamsSchema, ZAccountMoveSchema, ZAccountRemovalSchema } from '@shared/schemas/credit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { inquiryMetaOf } from '../credit-file';
import { assertVerified, loadBusinessAccess } from '../reports';
import { moveOwnAccount } from './account-move';
import { removeOwnAccount } from './account-removal';

/**
 * A reporting business correcting its own accounts: removing one reported in error, moving one to
 * the right person. Only the business that reported an account may: other roles get 403, an id
 * this business did not report 404 (whoever else reported it).
 */
export async function accountCorrectionRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

  typed.delete(
    '/api/credit/accounts/:accountId',
    {
      preHandler: business,
      config: { apiKeyScope: 'data:report', idempotency: true },
      schema: {
        tags: ['credit'],
        summary:
          'Remove an account this business reported in error ({reason}): it leaves every report at once, is kept out of sight for the audit trail, and the person is told',
        params: ZAccountIdParamsSchema,
        body: ZAccountRemovalSchema,
        response: { 200: ZAccountCorrectionResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const meta = inquiryMetaOf(request);
      assertVerified(await loadBusinessAccess(app.db, meta.businessId));
      const removed = await app.db.transaction((tx) =>
        removeOwnAccount(tx, meta, { accountId: request.params.accountId }, request.body.reason),
      );
      if (!removed) throw notFound('No such account');
      return {
        accountId: removed.accountId,
        accountNumber: removed.accountNumber,
        outcome: 'removed' as const,
        subjectId: null,
        previousSubjectId: removed.subjectId,
        match: null,
      };
    },
  );

  typed.post(
    '/api/credit/accounts/:accountId/subject',
    {
      preHandler: business,
      config: { apiKeyScope: 'data:report', idempotency: true },
      schema: {
        tags: ['credit'],
        summary:
          "Move an account this business reported under the wrong person to the right one ({subject}, a report's subject, matched as a report is); both people are told",
        params: ZAccountIdParamsSchema,
        body: ZAccountMoveSchema,
        response: { 200: ZAccountCorrectionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const meta = inquiryMetaOf(request);
      assertVerified(await loadBusinessAccess(app.db, meta.businessId));
      return moveOwnAccount(app.db, meta, request.params.accountId, request.body.subject);
    },
  );
}
