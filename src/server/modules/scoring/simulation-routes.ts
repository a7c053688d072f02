import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZScoreSimulationRequestSchema, ZScoreSimulationSchema } from '@shared/score-simulation';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { simulateOwnScore } from './simulate-score';

/** The consumer's score simulator: a person's own "what if", never a lender's, never stored. */
export async function scoreSimulationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/consumers/me/scores/simulation',
    {
      // A consumer only (API keys are a business's): a lender must never see a person's "what if".
      preHandler: requireRole('consumer'),
      schema: {
        tags: ['scoring', 'consumers'],
        summary:
          "The signed-in consumer's score after chosen changes (late accounts brought up to date, a share of balances paid down, a new account), with the live scorecard; an estimate, not stored, not an inquiry",
        body: ZScoreSimulationRequestSchema,
        response: { 200: ZScoreSimulationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => simulateOwnScore(app.db, authOf(request).userId, request.body),
  );
}
