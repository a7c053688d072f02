import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The registration screen opens the payment dialog before the new business has signed in.
 * Registering grants this browser the right to pay for that one business for an hour, through a
 * signed httpOnly cookie scoped to /api/payments, so nobody else can charge or change it.
 */
const COOKIE = 'ccsl_pending_payment';
const GRANT_SECONDS = 60 * 60;

export function grantRegistrationPayment(app: FastifyInstance, reply: FastifyReply, businessId: string) {
  reply.setCookie(COOKIE, businessId, {
    path: '/api/payments',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.isProduction,
    signed: true,
    maxAge: GRANT_SECONDS,
  });
}

/**
 * The business a payment request may pay for (its owner's session, or this browser's registration
 * grant), or null: the `Idempotency-Key` of POST /api/payments belongs to that business.
 */
export function payingBusinessOf(request: FastifyRequest): string | null {
  const businessId = (request.body as { businessId?: unknown } | undefined)?.businessId;
  if (typeof businessId !== 'string') return null;
  const isOwnSession = request.auth?.role === 'business' && request.auth.userId === businessId;
  return isOwnSession || hasRegistrationPaymentGrant(request, businessId) ? businessId : null;
}

export function hasRegistrationPaymentGrant(request: FastifyRequest, businessId: string): boolean {
  const raw = request.cookies[COOKIE];
  if (!raw) return false;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value === businessId;
}

/** The business this browser's registration grant is for, or null. */
export function registrationGrantOf(request: FastifyRequest): string | null {
  const raw = request.cookies[COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}
