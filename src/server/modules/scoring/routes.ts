import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@shared/roles';
import { ZScoreAuditSchema, ZScoreHistorySchema, ZScorecardSummarySchema } from '@shared/scoring';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { latestDriftSummary } from './drift-store';
import { loadActiveCheckedModel } from './model-store';
import { summarizeScorecard } from './model-summary';
import { auditStoredScore, findConsumerSubjectId, listScoreHistory } from './score-records';

export async function scoringRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // A missing or invalid model file, or one whose bytes are not those models/manifest.json records,
  // stops the server at start, not at the first report.
  loadActiveCheckedModel();

  typed.get(
    '/api/scoring/model',
    {
      preHandler: requireRole([...ROLES]),
      // A lender's system reads the scale and bands of the scores in the reports it pulls.
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['scoring'],
        summary:
          'The active scorecard: version and SHA-256, scale, bands, validation on named populations, the latest drift check, the caveat, every bin and its points',
        response: { 200: ZScorecardSummarySchema, ...errorResponses(401) },
      },
    },
    async () => summarizeScorecard(loadActiveCheckedModel(), await latestDriftSummary(app.db)),
  );

  typed.get(
    '/api/consumers/me/scores',
    {
      preHandler: requireRole('consumer'),
      schema: {
        tags: ['scoring', 'consumers'],
        summary: "The signed-in consumer's stored scores, newest first",
        response: { 200: ZScoreHistorySchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listScoreHistory(app.db, await findConsumerSubjectId(app.db, authOf(request).userId)),
  );

  typed.get(
    '/api/scoring/scores/:id/audit',
    {
      preHandler: requireRole(['regulator', 'system_admin']),
      schema: {
        tags: ['scoring'],
        summary:
          'A stored score recomputed with the model version that made it, its file checked against the SHA-256 stored with the score',
        params: z.object({ id: z.uuid({ error: 'Not a score id' }) }),
        response: { 200: ZScoreAuditSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => auditStoredScore(app.db, request.params.id),
  );
}
