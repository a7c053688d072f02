import { ZConsumerMeSchema, ZConsumerRegistrationSchema, ZRegisteredSchema } from '@shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditingRefusals, registrationRateLimit } from '../../lib/registration-limit';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf, recordAuditEvent } from '../audit';
import { getConsumerMe, registerConsumer } from './service';

export async function consumerRegistrationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/consumers/register',
    {
      config: registrationRateLimit(app, 'consumer'),
      schema: {
        tags: ['consumers'],
        summary: 'Register a consumer',
        body: ZConsumerRegistrationSchema,
        response: { 201: ZRegisteredSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { id } = await auditingRefusals(app, request, 'consumer', () => registerConsumer(app.db, request.body));
      await recordAuditEvent(app.db, { action: 'consumer.registered', ...auditContextOf(request), targetType: 'user', targetId: id });
      return reply.status(201).send({ id, message: 'Your consumer account has been created. Please login to continue.' });
    },
  );

  typed.get(
    '/api/consumers/me',
    {
      preHandler: requireRole('consumer', { wrongRoleStatus: 401 }),
      schema: { tags: ['consumers'], summary: 'The signed-in consumer', response: { 200: ZConsumerMeSchema, ...errorResponses(401) } },
    },
    async (request) => getConsumerMe(app.db, authOf(request).userId),
  );
}
