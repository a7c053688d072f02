import { ZAdminSettingsSchema, ZAdminSettingsUpdateSchema } from '@shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { readAdminSettings, updateAdminSettings } from './admin-settings';

export async function settingsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const tags = ['admin'];

  typed.get(
    '/api/admin/settings',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Exchange rate, dispute deadline, retention and lockout settings',
        response: { 200: ZAdminSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readAdminSettings(app.db),
  );

  typed.put(
    '/api/admin/settings',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Change settings (only the fields sent)',
        body: ZAdminSettingsUpdateSchema,
        response: { 200: ZAdminSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateAdminSettings(app.db, request.body, auditContextOf(request)),
  );
}
