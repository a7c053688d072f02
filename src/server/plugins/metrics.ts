import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface AppMetrics {
  registry: Registry;
  creditInquiries: Counter<'kind' | 'purpose'>;
  ingestionRows: Counter<'outcome'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

function isTokenRight(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at /metrics: HTTP counts and latency by route and status, credit inquiries by
 * purpose, ingestion rows, database pool use, and gauges that modules register (dispute backlog).
 * One registry per app, so test apps in one process do not collide.
 */
async function metricsPlugin(app: FastifyInstance, options: { metricsToken?: string; collectProcessMetrics?: boolean }) {
  const registry = new Registry();
  if (options.collectProcessMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const creditInquiries = new Counter({
    name: 'credit_inquiries_total',
    help: 'Credit searches and reports',
    labelNames: ['kind', 'purpose'] as const,
    registers: [registry],
  });
  const ingestionRows = new Counter({
    name: 'ingestion_rows_total',
    help: 'Monthly-file rows by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const pool = app.database.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.decorate('metrics', { registry, creditInquiries, ingestionRows });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL: /api/credit/submissions/:id is one series, not one per id.
    const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'not_found' : 'unmatched');
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.metricsToken && !isTokenRight(request.headers.authorization, options.metricsToken)) {
      return reply.status(401).send({ code: 'NOT_SIGNED_IN', message: 'A bearer token is required for /metrics' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
