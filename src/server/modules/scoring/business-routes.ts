import { ZPortfolioScoresSchema } from '@shared/schemas/business';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { businessIdOf, requireRole } from '../../plugins/authorization';
import { getPortfolioScores } from './portfolio-scores';

export async function portfolioScoreRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

  typed.get(
    '/api/businesses/me/analytics/scores',
    {
      preHandler: business,
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['businesses', 'scoring'],
        summary:
          "The score distribution of this business's clients (people with an open account it reported), with the active scorecard; counts only",
        response: { 200: ZPortfolioScoresSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getPortfolioScores(app.db, businessIdOf(request)),
  );
}
