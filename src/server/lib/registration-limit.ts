import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { auditContextOf, recordAuditEvent } from '../modules/audit';
import { HttpError } from './http-error';

/**
 * Registration answers 409 when a NIN, email, phone or username is taken (the specification's
 * messages), which tells a caller that an account exists. So each registration route takes at most
 * REGISTRATION_RATE_LIMIT requests per address per 15 minutes, and refusals are audited: a 429 as
 * `registration.rate_limited`, a 409 as `<kind>.registration_refused` naming the taken field.
 */
export function registrationRateLimit(app: FastifyInstance, kind: 'business' | 'consumer'): FastifyContextConfig {
  return {
    rateLimit: {
      max: app.config.registrationRateLimit,
      timeWindow: '15 minutes',
      onExceeded: (request: FastifyRequest) => {
        void recordAuditEvent(app.db, { action: 'registration.rate_limited', ...auditContextOf(request), details: { kind } }).catch(
          (error: unknown) => request.log.warn({ err: error }, 'could not audit a refused registration'),
        );
      },
    },
  };
}

/** Runs a registration; a 409 (something already taken) is audited before it is answered. */
export async function auditingRefusals<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: 'business' | 'consumer',
  register: () => Promise<T>,
): Promise<T> {
  try {
    return await register();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) {
      await recordAuditEvent(app.db, {
        action: `${kind}.registration_refused`,
        ...auditContextOf(request),
        details: { reason: 'taken', field: error.details.field ?? null },
      });
    }
    throw error;
  }
}
