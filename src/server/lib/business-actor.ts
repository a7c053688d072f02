import type { FastifyRequest } from 'fastify';
import { auditContextOf, type AuditEventInput } from '../modules/audit';
import { authOf, businessIdOf } from '../plugins/authorization';
import { forbidden } from './http-error';

/** Who is acting: the business, the user (owner or member) and the request's audit context. */
export interface BusinessActor {
  businessId: string;
  userId: string;
  sessionId: string;
  audit: Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;
}

export const isOwner = (actor: Pick<BusinessActor, 'businessId' | 'userId'>) => actor.businessId === actor.userId;

/** The owner alone changes the business's profile, plan, team and API keys (decisions/014). */
export function assertOwner(actor: BusinessActor, what: string) {
  if (!isOwner(actor)) throw forbidden(`Only the business owner can ${what}. Ask the person who registered the business.`);
}

/** The business actor of a request signed in as a business (a session or an API key). */
export function businessActorOf(request: FastifyRequest): BusinessActor {
  const auth = authOf(request);
  return { businessId: businessIdOf(request), userId: auth.userId, sessionId: auth.sessionId, audit: auditContextOf(request) };
}
