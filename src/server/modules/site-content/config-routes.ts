import { ZAppConfigSchema } from '@shared/schemas/config';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

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
    }),
  );
}
