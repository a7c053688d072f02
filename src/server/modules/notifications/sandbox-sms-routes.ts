import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smsOutbox } from '../../db/schema/index';
import { errorResponses } from '../../lib/route-schemas';
import type { ModuleOptions } from '../../lib/server-module';
import { requireRole } from '../../plugins/authorization';

export async function sandboxSmsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sms = options.sms;

  if (sms.name === 'sandbox' && app.config.demoMode) {
    typed.get(
      '/api/admin/sandbox/sms',
      {
        preHandler: requireRole('system_admin'),
        schema: {
          tags: ['admin'],
          summary: 'Demo mode with the sandbox SMS provider: the last messages it would have sent',
          response: {
            200: z.object({
              messages: z.array(z.object({ to: z.string(), body: z.string(), purpose: z.string(), createdAt: z.string() })),
            }),
            ...errorResponses(401, 403),
          },
        },
      },
      async () => {
        const rows = await app.db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(50);
        return { messages: rows.map((r) => ({ to: r.toPhone, body: r.body, purpose: r.purpose, createdAt: r.createdAt.toISOString() })) };
      },
    );
  }
}
