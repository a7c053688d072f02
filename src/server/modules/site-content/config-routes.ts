import { ZAppConfigSchema } from '@shared/schemas/config';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readSetting } from '../settings';

export const PRODUCT_NAME = 'CreditCheck SL';

/** What the browser needs to know about this deployment: whether the demo box may be shown. */
export async function configRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public settings of this deployment',
        response: {
          200: ZAppConfigSchema,
        },
      },
    },
    async () => ({
      demoMode: app.config.demoMode,
      productName: PRODUCT_NAME,
      sandbox: app.config.sandboxProviders,
      showSandboxBanner: !app.config.demoMode && app.config.sandboxProviders.length > 0,
      // The legal pages state the periods the product actually applies, whatever the administrator set.
      retentionYears: await readSetting(app.db, 'retention_years'),
      disputeDeadlineDays: await readSetting(app.db, 'dispute_deadline_days'),
    }),
  );
}
