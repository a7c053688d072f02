import {
  ZBusinessProfileSchema,
  ZBusinessProfileUpdateSchema,
  ZTeamMemberCreateSchema,
  ZTeamMemberSchema,
  ZTeamSchema,
  ZUserIdParamsSchema,
} from '@shared/schemas/business';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessActorOf } from '../../lib/business-actor';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { addTeamMember, getBusinessProfile, getTeam, removeTeamMember, updateBusinessProfile } from './settings';

export async function businessProfileAndTeamRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

  typed.get(
    '/api/businesses/me/profile',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'The business profile and the signed-in user (owner or team member)',
        response: { 200: ZBusinessProfileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getBusinessProfile(app.db, businessActorOf(request)),
  );

  typed.put(
    '/api/businesses/me/profile',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Change the contact details (owner only); name, registration and tax numbers change through an administrator',
        body: ZBusinessProfileUpdateSchema,
        response: { 200: ZBusinessProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateBusinessProfile(app.db, businessActorOf(request), request.body),
  );

  typed.get(
    '/api/businesses/me/team',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Everyone who signs in for the business and the plan’s limit',
        response: { 200: ZTeamSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getTeam(app.db, businessActorOf(request)),
  );

  typed.post(
    '/api/businesses/me/team',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Add a team member with their own sign-in (owner only; plans.max_team_members, the owner included)',
        body: ZTeamMemberCreateSchema,
        response: { 201: ZTeamMemberSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await addTeamMember(app.db, businessActorOf(request), request.body)),
  );

  typed.delete(
    '/api/businesses/me/team/:id',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Remove a team member (owner only): their sign-in is disabled and their sessions end',
        params: ZUserIdParamsSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removeTeamMember(app.db, businessActorOf(request), request.params.id);
      return { message: 'Team member removed' };
    },
  );
}
