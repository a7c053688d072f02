import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.string() });

export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { tags: ['health'], summary: 'Liveness: one real database query', response: { 200: ZHealthSchema, 503: ZHealthSchema } } },
      async (_request, reply) => {
        try {
          await app.db.execute(sql`SELECT 1`);
          return { status: 'ok' as const, database: app.database.kind };
        } catch {
          return reply.status(503).send({ status: 'error' as const, database: app.database.kind });
        }
      },
    );
}
