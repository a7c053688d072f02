import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client';
import { paymentProviderFor, smsProviderFor } from './lib/providers';
import type { AppConfig } from './env';
import { productJobs } from './jobs/scheduled-jobs';
import { startScheduler } from './jobs/scheduler';
import { adminRoutes } from './modules/admin/routes';
import recordDeniedAccessPlugin from './modules/admin/record-denied-access';
import apiKeysPlugin from './modules/api-keys/plugin';
import creditRateLimitPlugin from './modules/rate-limits/plugin';
import { rateLimitRoutes } from './modules/rate-limits/routes';
import { rateLimitStoreOptions } from './modules/rate-limits/redis-store';
import { auditRoutes } from './modules/audit/routes';
import { installCommonPasswordCheck } from './modules/auth/common-passwords';
import { authRoutes } from './modules/auth/routes';
import { businessDocumentRoutes } from './modules/business-documents/routes';
import { businessWorkspaceRoutes } from './modules/business-workspace/routes';
import { businessRoutes } from './modules/businesses/routes';
import { cmsRoutes } from './modules/cms/routes';
import { configRoutes } from './modules/config/routes';
import { consumerRoutes } from './modules/consumers/routes';
import type { SmsProvider } from './modules/consumers/sms/sms-provider';
import { consumerWorkspaceRoutes } from './modules/consumers/workspace-routes';
import { disputeRoutes } from './modules/disputes/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { creditRoutes } from './modules/credit/routes';
import { healthRoutes } from './modules/health/routes';
import { helpRoutes } from './modules/help/routes';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { paymentRoutes } from './modules/payments/routes';
import { regulatorRoutes } from './modules/regulators/routes';
import { scoringRoutes } from './modules/scoring/routes';
import { staffRoutes } from './modules/staff/routes';
import authorizationPlugin from './plugins/authorization';
import errorsPlugin from './plugins/errors';
import { OneLinePerRequest } from './logging';
import metricsPlugin from './plugins/metrics';
import nulCharactersPlugin from './plugins/nul-characters';
import readinessPlugin from './plugins/readiness';
import openApiPlugin from './plugins/openapi';
import securityHeadersPlugin from './plugins/security-headers';
import sessionsPlugin from './plugins/sessions';
import webAppPlugin from './plugins/web-app';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built web app is (tests point elsewhere or nowhere). */
  webDist?: string;
  /** The card processor; the one PAYMENT_PROVIDER names when absent. */
  paymentProvider?: PaymentProvider;
  /** The SMS gateway for identity codes; the one SMS_PROVIDER names when absent. */
  smsProvider?: SmsProvider;
  /** main.ts starts not ready and flips it once migrations are applied. */
  startReady?: boolean;
}

/** Builds the Fastify app: plugins first, then one module per area. Does not listen. */
export async function buildApp(options: BuildAppOptions) {
  installCommonPasswordCheck();
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(options.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A caller's X-Request-Id is kept only when it is a short safe id (it reaches logs and the
    // audit log); anything else gets an id of our own.
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);

  await app.register(errorsPlugin);
  // First: its onRoute hook must see every route, to move guards before validation and list them.
  await app.register(authorizationPlugin);
  // Next: the OpenAPI document must see every route, the plugins' own (readiness) too.
  await app.register(openApiPlugin);
  await app.register(readinessPlugin, { startReady: options.startReady ?? true });
  await app.register(metricsPlugin, {
    metricsToken: options.config.metricsToken,
    collectProcessMetrics: options.config.nodeEnv !== 'test',
  });
  await app.register(securityHeadersPlugin);
  await app.register(nulCharactersPlugin);
  await app.register(rateLimit, { global: false, ...rateLimitStore(app, options.config.redisUrl) });
  await app.register(sessionsPlugin);
  await app.register(apiKeysPlugin);
  await app.register(creditRateLimitPlugin);
  await app.register(recordDeniedAccessPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(businessRoutes);
  await app.register(consumerRoutes);
  await app.register(consumerWorkspaceRoutes, {
    sms: options.smsProvider ?? smsProviderFor(options.config),
    isEmailAvailable: !!options.config.smtpUrl,
  });
  await app.register(disputeRoutes);
  await app.register(notificationRoutes);
  await app.register(creditRoutes);
  await app.register(businessWorkspaceRoutes);
  await app.register(scoringRoutes);
  await app.register(staffRoutes);
  await app.register(configRoutes);
  await app.register(cmsRoutes);
  await app.register(helpRoutes);
  await app.register(paymentRoutes, { provider: options.paymentProvider ?? paymentProviderFor(options.config) });

  await app.register(auditRoutes);
  await app.register(adminRoutes);
  await app.register(businessDocumentRoutes);
  await app.register(regulatorRoutes);
  await app.register(rateLimitRoutes);

  await app.register(webAppPlugin, { webDist: options.webDist });

  if (options.config.runScheduledJobs) {
    startScheduler(app, productJobs(app, { dailyCheckMs: options.config.jobsCheckSeconds * 1000 }));
  }
  return app;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** A hop count becomes Fastify's function form (its types take no number): the nearest N hops are proxies. */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Counters in Redis when REDIS_URL is set, so every instance counts the same attempts; while Redis is
 * away, in this instance's memory, without waiting for it (modules/rate-limits/redis-store.ts).
 */
function rateLimitStore(app: FastifyInstance, redisUrl: string | undefined) {
  return rateLimitStoreOptions(app, redisUrl);
}
