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
        response: { 200: z.object({ demoMode: z.boolean(), productName: z.string() }) },
      },
    },
    async () => ({ demoMode: app.config.demoMode, productName: PRODUCT_NAME }),
  );
}
