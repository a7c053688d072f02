import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDriftRunListSchema, ZDriftRunSchema } from '@shared/score-drift';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { runScoreDrift } from './drift-run';
import { listDriftRuns } from './drift-store';

/**
 * Score drift for the people who oversee the model: administrators and the regulator. Never a
 * lender (nor an API key): the runs carry the challenger's comparison (decisions/038).
 */
export async function scoreDriftRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRole(['regulator', 'system_admin']);

  typed.get(
    '/api/scoring/drift',
    {
      preHandler: staff,
      schema: {
        tags: ['scoring'],
        summary: 'Runs of the score drift check, newest first: PSI of the score and of each feature, the challenger beside the live model',
        response: { 200: ZDriftRunListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listDriftRuns(app.db),
  );

  typed.post(
    '/api/scoring/drift/run',
    {
      preHandler: staff,
      schema: {
        tags: ['scoring'],
        summary: 'Runs the score drift check now (it also runs once a month) and answers the stored run',
        response: { 201: ZDriftRunSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const run = await app.db.transaction((tx) => runScoreDrift(tx, { trigger: 'on_demand', requestedBy: auditContextOf(request) }));
      return reply.code(201).send(run);
    },
  );
}
