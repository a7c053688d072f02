import {
  ZConsumerSettingsSchema,
  ZContactDetailsSchema,
  ZLanguageChoiceSchema,
  ZNotificationPreferencesSchema,
} from '@shared/schemas/consumer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import type { ModuleOptions } from '../../lib/server-module';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { getConsumerSettings, updateContactDetails, updateLanguage, updatePreferences } from './settings';

export async function consumerSettingsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const consumer = requireRole('consumer');
  const userIdOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

  typed.get(
    '/api/consumers/me/settings',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Contact details and notification preferences',
        response: { 200: ZConsumerSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getConsumerSettings(app.db, userIdOf(request), options.isEmailAvailable ?? false),
  );

  typed.put(
    '/api/consumers/me/contact',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Change the sign-in phone and email',
        body: ZContactDetailsSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      await updateContactDetails(app.db, userIdOf(request), request.body, auditContextOf(request));
      return { message: 'Your contact details were saved' };
    },
  );

  typed.put(
    '/api/consumers/me/notification-preferences',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Which notifications also go by email',
        body: ZNotificationPreferencesSchema,
        response: { 200: ZNotificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updatePreferences(app.db, userIdOf(request), request.body),
  );

  typed.put(
    '/api/consumers/me/language',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'The language of the portal, USSD menus, SMS alerts and certificates (en or kri)',
        body: ZLanguageChoiceSchema,
        response: { 200: ZLanguageChoiceSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await updateLanguage(app.db, userIdOf(request), request.body.language, auditContextOf(request));
      return { language: request.body.language };
    },
  );
}
