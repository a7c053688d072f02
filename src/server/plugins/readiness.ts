import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface Readiness {
  /** False while migrations run at start and once shutdown has begun. */
  isReady: boolean;
  reason: 'starting' | 'ready' | 'shutting_down';
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

const ALWAYS_ANSWERED = new Set(['/api/health', '/api/ready']);
const ZReadySchema = z.object({ status: z.enum(['ready', 'starting', 'shutting_down', 'unavailable']), database: z.string() });

/**
 * GET /api/ready for load balancers: 200 only when migrations are applied, the database answers
 * and the process is not shutting down. While not ready, other API calls answer 503 with
 * Retry-After and code SERVICE_UNAVAILABLE; once shutdown has begun every answer closes its
 * connection (main.ts answers the requests in flight, then exits).
 */
async function readinessPlugin(app: FastifyInstance, options: { startReady: boolean }) {
  app.decorate('readiness', { isReady: options.startReady, reason: options.startReady ? 'ready' : 'starting' } satisfies Readiness);

  app.addHook('onRequest', async (request, reply) => {
    if (app.readiness.isReady || !request.url.startsWith('/api/')) return;
    if (ALWAYS_ANSWERED.has(request.url.split('?')[0])) return;
    reply.header('retry-after', '5');
    return reply.status(503).send({
      code: 'SERVICE_UNAVAILABLE',
      message: app.readiness.reason === 'starting' ? 'The service is starting. Please retry shortly.' : 'The service is shutting down.',
    });
  });

  // Once shutdown has begun, every answer (those in flight included) closes its connection, so a
  // keep-alive client or proxy opens its next one elsewhere and this instance can exit (main.ts).
  app.addHook('onSend', async (_request, reply) => {
    if (app.readiness.reason === 'shutting_down') reply.header('connection', 'close');
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: migrations applied, database reachable, not shutting down',
        response: { 200: ZReadySchema, 503: ZReadySchema },
      },
    },
    async (_request, reply) => {
      const database = app.database.kind;
      if (!app.readiness.isReady) return reply.status(503).send({ status: app.readiness.reason as 'starting' | 'shutting_down', database });
      try {
        await app.db.execute(sql`SELECT 1`);
        return { status: 'ready' as const, database };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database });
      }
    },
  );
}

export default fp(readinessPlugin, { name: 'readiness' });
