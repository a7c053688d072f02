import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from './db/client';
import type { AppConfig } from './env';
import { productJobs } from './jobs/scheduled-jobs';
import { startScheduler } from './jobs/scheduler';
import { mobileMoneyProvidersFor, paymentProviderFor, smsProviderFor } from './lib/providers';
import { OneLinePerRequest } from './logging';
import { registerModules } from './module-registry';
import { installCommonPasswordCheck, sessionsPlugin } from './modules/accounts';
import { apiKeysPlugin } from './modules/api-keys';
import { type PaymentProvider } from './modules/billing';
import { type SmsProvider } from './modules/notifications';
import { recordDeniedAccessPlugin } from './modules/oversight';
import { creditRateLimitPlugin, rateLimitStoreOptions } from './modules/rate-limits';
import authorizationPlugin from './plugins/authorization';
import compressedAnswersPlugin from './plugins/compressed-answers';
import errorsPlugin from './plugins/errors';
import idempotencyPlugin from './plugins/idempotency';
import metricsPlugin from './plugins/metrics';
import nulCharactersPlugin from './plugins/nul-characters';
import openApiPlugin from './plugins/openapi';
import readinessPlugin from './plugins/readiness';
import securityHeadersPlugin from './plugins/security-headers';

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
  // Before any route: its onRoute hook decides, route by route, which answers may be compressed.
  await app.register(compressedAnswersPlugin);
  // First: its onRoute hook must see every route, to move guards before validation and list them.
  await app.register(authorizationPlugin);
  // Before the OpenAPI plugin: it adds the Idempotency-Key header to the schemas of the routes that take it.
  await app.register(idempotencyPlugin);
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

  const mobileMoney = mobileMoneyProvidersFor(options.config);
  await registerModules(app, {
    sms: options.smsProvider ?? smsProviderFor(options.config),
    paymentProvider: options.paymentProvider ?? paymentProviderFor(options.config),
    mobileMoney,
    isEmailAvailable: !!options.config.smtpUrl,
  });

  await app.register(webAppPlugin, { webDist: options.webDist, mobileMoney });

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
