import {
  ZIdParamsSchema,
  ZKeepApartSchema,
  ZMatchReviewDetailSchema,
  ZMatchReviewListSchema,
  ZMatchReviewQuerySchema,
  ZMergeResultSchema,
  ZMergeReviewSchema,
} from '@shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { getMatchReview, listMatchReviews } from './match-reviews';
import { keepApart, mergeReview } from './review-decisions';

export async function matchReviewRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const tags = ['admin'];

  typed.get(
    '/api/admin/match-reviews',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "The registry's review queue of uncertain matches",
        querystring: ZMatchReviewQuerySchema,
        response: { 200: ZMatchReviewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMatchReviews(app.db, request.query),
  );

  typed.get(
    '/api/admin/match-reviews/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'A review with both people side by side',
        params: ZIdParamsSchema,
        response: { 200: ZMatchReviewDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getMatchReview(app.db, request.params.id),
  );

  typed.post(
    '/api/admin/match-reviews/:id/merge',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Merge the two people into one (one transaction)',
        params: ZIdParamsSchema,
        body: ZMergeReviewSchema,
        response: { 200: ZMergeResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => mergeReview(app.db, request.params.id, request.body, auditContextOf(request)),
  );

  typed.post(
    '/api/admin/match-reviews/:id/keep-apart',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Keep the two people apart',
        params: ZIdParamsSchema,
        body: ZKeepApartSchema,
        response: { 200: ZMatchReviewDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => keepApart(app.db, request.params.id, request.body.note, auditContextOf(request)),
  );
}
