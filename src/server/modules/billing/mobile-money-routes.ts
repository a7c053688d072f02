import {
  ZMobileMoneyCallbackAnswerSchema,
  ZMobileMoneyPaymentRequestSchema,
  ZMobileMoneyPaymentSchema,
} from '@shared/schemas/mobile-money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { forbidden, HttpError, unauthorized } from '../../lib/http-error';
import { errorResponses } from '../../lib/route-schemas';
import type { ModuleOptions } from '../../lib/server-module';
import { auditContextOf } from '../audit';
import { readMobileMoneyPayment, receiveMobileMoneyCallback, startMobileMoneyPayment } from './mobile-money';
import { hasRegistrationPaymentGrant, payingBusinessOf, registrationGrantOf } from './registration-grant';

/** A callback's bytes as sent: Afrimoney's signature is over them, not over a re-serialised body. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const CALLBACK_BODY_LIMIT = 64 * 1024;

async function keepRawBody(request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > CALLBACK_BODY_LIMIT) throw new HttpError(413, 'The callback is too large.');
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks);
  rawBodies.set(request, raw);
  return Readable.from([raw]);
}

/**
 * Mobile money beside the card (decisions/046): the request (answered pending), the paying
 * browser's poll, and the providers' callbacks (public: verified by notif_token or signature).
 */
export async function mobileMoneyRoutes(app: FastifyInstance, options: ModuleOptions) {
  const providers = options.mobileMoney;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const callbackBase = app.config.publicUrl ?? `http://127.0.0.1:${app.config.port}`;

  typed.post(
    '/api/payments/mobile-money',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, idempotency: payingBusinessOf },
      schema: {
        tags: ['payments'],
        summary: 'Pay a business subscription by Orange Money or Afrimoney: answered pending until the payer approves on the phone',
        body: ZMobileMoneyPaymentRequestSchema,
        response: { 202: ZMobileMoneyPaymentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.body;
      const isOwnSession = request.auth?.role === 'business' && request.auth.userId === businessId;
      if (!isOwnSession && !hasRegistrationPaymentGrant(request, businessId)) {
        throw request.auth ? forbidden('You may only pay for your own business') : unauthorized();
      }
      const result = await startMobileMoneyPayment(app.db, providers, request.body, callbackBase, auditContextOf(request));
      return reply.status(202).send(result);
    },
  );

  typed.get(
    '/api/payments/mobile-money/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'A mobile money payment of this business: pending, succeeded, failed or expired (poll until not pending)',
        params: z.object({ id: z.string().uuid({ error: 'Not a payment id' }) }),
        response: { 200: ZMobileMoneyPaymentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const own = request.auth?.role === 'business' ? request.auth.userId : null;
      const granted = registrationGrantOf(request);
      if (!own && !granted) throw request.auth ? forbidden('Only the paying business may read its payment') : unauthorized();
      const auditContext = auditContextOf(request);
      try {
        return await readMobileMoneyPayment(app.db, providers, own ?? granted!, request.params.id, auditContext);
      } catch (error) {
        // Signed in and holding a grant for the business just registered: either may be the payer.
        if (own && granted && granted !== own && error instanceof HttpError && error.statusCode === 404) {
          return readMobileMoneyPayment(app.db, providers, granted, request.params.id, auditContext);
        }
        throw error;
      }
    },
  );

  const callbackSchema = (summary: string) => ({
    tags: ['payments'],
    summary,
    response: { 200: ZMobileMoneyCallbackAnswerSchema, ...errorResponses(400, 403) },
  });

  typed.post(
    '/api/payments/mobile-money/callbacks/orange-money/:orderId',
    {
      preParsing: keepRawBody,
      schema: {
        ...callbackSchema("Orange Money's payment notification (public: its notif_token is compared with the stored one)"),
        params: z.object({ orderId: z.string().max(64) }),
      },
    },
    async (request) =>
      receiveMobileMoneyCallback(
        app.db,
        providers.orange_money,
        { headers: request.headers, rawBody: rawBodies.get(request) ?? Buffer.alloc(0), orderIdFromUrl: request.params.orderId },
        auditContextOf(request),
      ),
  );

  typed.post(
    '/api/payments/mobile-money/callbacks/afrimoney',
    {
      preParsing: keepRawBody,
      schema: callbackSchema("Afrimoney's payment callback (public: its HMAC-SHA256 signature is checked)"),
    },
    async (request) =>
      receiveMobileMoneyCallback(
        app.db,
        providers.afrimoney,
        { headers: request.headers, rawBody: rawBodies.get(request) ?? Buffer.alloc(0) },
        auditContextOf(request),
      ),
  );
}
