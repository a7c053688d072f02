import type { FastifyInstance } from 'fastify';
import type { ModuleOptions, ServerModule } from './lib/server-module';
import { accountsModule } from './modules/accounts';
import { apiKeysModule } from './modules/api-keys';
import { auditModule } from './modules/audit';
import { billingModule } from './modules/billing';
import { businessesModule } from './modules/businesses';
import { certificatesModule } from './modules/certificates';
import { consumerHomeModule } from './modules/consumer-home';
import { consumersModule } from './modules/consumers';
import { creditFileModule } from './modules/credit-file';
import { disputesModule } from './modules/disputes';
import { healthModule } from './modules/health';
import { lenderInsightsModule } from './modules/lender-insights';
import { matchingModule } from './modules/matching';
import { notificationsModule } from './modules/notifications';
import { oversightModule } from './modules/oversight';
import { rateLimitsModule } from './modules/rate-limits';
import { reportsModule } from './modules/reports';
import { scoringModule } from './modules/scoring';
import { settingsModule } from './modules/settings';
import { siteContentModule } from './modules/site-content';
import { submissionsModule } from './modules/submissions';
import { ussdModule } from './modules/ussd';
import { webhooksModule } from './modules/webhooks';

/** Every server module, each owning its URL prefixes (docs/ARCHITECTURE.md, "Module map"). */
export const SERVER_MODULES: readonly ServerModule[] = [
  healthModule,
  accountsModule,
  businessesModule,
  billingModule,
  apiKeysModule,
  webhooksModule,
  consumersModule,
  consumerHomeModule,
  creditFileModule,
  reportsModule,
  submissionsModule,
  matchingModule,
  disputesModule,
  scoringModule,
  lenderInsightsModule,
  notificationsModule,
  auditModule,
  oversightModule,
  settingsModule,
  rateLimitsModule,
  siteContentModule,
  ussdModule,
  certificatesModule,
];

const startsAt = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** The module that owns a URL: the one with the longest prefix matching it at a segment boundary. */
export function ownerOfUrl(url: string, modules: readonly ServerModule[] = SERVER_MODULES): ServerModule | undefined {
  let owner: ServerModule | undefined;
  let longest = -1;
  for (const module of modules)
    for (const prefix of module.urlPrefixes)
      if (startsAt(url, prefix) && prefix.length > longest) {
        owner = module;
        longest = prefix.length;
      }
  return owner;
}

/**
 * Registers every module's routes, each in its own context; a route a module declares outside its
 * own prefixes stops the start, so the module map in the docs cannot drift from the code.
 */
export async function registerModules(app: FastifyInstance, options: ModuleOptions, modules: readonly ServerModule[] = SERVER_MODULES) {
  for (const module of modules) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        const owner = ownerOfUrl(route.url, modules);
        if (owner !== module)
          throw new Error(`${route.method} ${route.url} is declared by module ${module.name} but belongs to ${owner?.name ?? 'no module'}`);
      });
      await module.routes(scope, options);
    });
  }
}
