import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
          200: z.object({
            demoMode: z.boolean(),
            productName: z.string(),
            /** What this deployment only simulates: payments, SMS (the sandbox providers). */
            sandbox: z.array(z.enum(['payments', 'sms'])),
            /** Every page shows the sandbox banner: a sandbox named outside demo mode (a staging server). */
            showSandboxBanner: z.boolean(),
          }),
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
