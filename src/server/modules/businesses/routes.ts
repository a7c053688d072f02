import {
  ZBusinessMeSchema,
  ZBusinessPortalRegistrationSchema,
  ZBusinessRegistrationScreenPayloadSchema,
  ZRegisteredSchema,
  isPortalBusinessRegistration,
} from '@shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseOrThrow } from '../../lib/http-error';
import { auditingRefusals, registrationRateLimit } from '../../lib/registration-limit';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, businessIdOf, requireRole } from '../../plugins/authorization';
import { auditContextOf, recordAuditEvent } from '../audit';
import { grantRegistrationPayment } from '../billing';
import { getBusinessMe, registerBusiness } from './service';

export async function businessRegistrationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/businesses/register',
    {
      // Both payload shapes of the specification are accepted; the handler picks the schema by
      // userType so each field's message is the one its form shows.
      attachValidation: true,
      config: registrationRateLimit(app, 'business'),
      schema: {
        tags: ['businesses'],
        summary: 'Register a business (registration screen or access portal payload)',
        body: z.union([ZBusinessRegistrationScreenPayloadSchema, ZBusinessPortalRegistrationSchema]),
        response: { 201: ZRegisteredSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const raw = request.body as unknown;
      const input = isPortalBusinessRegistration(raw)
        ? parseOrThrow(ZBusinessPortalRegistrationSchema, raw)
        : parseOrThrow(ZBusinessRegistrationScreenPayloadSchema, raw);
      const { id } = await auditingRefusals(app, request, 'business', () => registerBusiness(app.db, input));
      grantRegistrationPayment(app, reply, id);
      await recordAuditEvent(app.db, {
        action: 'business.registered',
        ...auditContextOf(request),
        businessId: id,
        targetType: 'business',
        targetId: id,
      });
      return reply.status(201).send({ id, message: 'Your business account has been created. Please login to continue.' });
    },
  );

  typed.get(
    '/api/businesses/me',
    {
      preHandler: requireRole('business', { wrongRoleStatus: 401 }),
      schema: { tags: ['businesses'], summary: 'The signed-in business', response: { 200: ZBusinessMeSchema, ...errorResponses(401) } },
    },
    async (request) => getBusinessMe(app.db, authOf(request).userId, businessIdOf(request)),
  );
}
