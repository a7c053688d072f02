import {
  ZUssdCallbackSchema,
  ZUssdPinRequestSchema,
  ZUssdSimulatorReplySchema,
  ZUssdSimulatorRequestSchema,
  type TUssdCallback,
} from '@shared/schemas/consumer/ussd';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toE164 } from '@shared/identity';
import { HttpError } from '../../lib/http-error';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import type { ModuleOptions } from '../../lib/server-module';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { inquiryHashKey } from '../credit-file';
import { ussdCallerCheck } from './caller';
import { answerUssd, setUssdPin } from './service';
import { translatorFor } from '@shared/i18n';

/** Callbacks a minute per phone number: a person answers a screen every few seconds at most; a script guessing PINs is stopped by the lock anyway. */
export const USSD_CALLS_PER_PHONE_MINUTE = 60;

const FORM = 'application/x-www-form-urlencoded';

export async function ussdRoutes(app: FastifyInstance, options: ModuleOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const inquiryKey = inquiryHashKey(app.config.sessionSecret);
  const site = (app.config.publicUrl ?? 'https://creditcheck.sl').replace(/^https?:\/\//, '');
  const phoneKey = (request: FastifyRequest) => {
    const phone = (request.body as Partial<TUssdCallback> | undefined)?.phoneNumber ?? '';
    return `ussd:${toE164(phone) ?? phone.slice(0, 32)}`;
  };
  const perPhone = app.createRateLimit({ max: USSD_CALLS_PER_PHONE_MINUTE, timeWindow: '1 minute', keyGenerator: phoneKey });

  const reply = async (request: FastifyRequest, input: TUssdCallback) => {
    const limit = await perPhone(request);
    if (!limit.isAllowed && limit.isExceeded) return `END ${translatorFor('en')('ussd:tooMany')}`;
    return answerUssd({ db: app.db, sms: options.sms, site, inquiryKey, ip: request.ip, requestId: String(request.id) }, input);
  };

  typed.put(
    '/api/consumers/me/ussd-pin',
    {
      preHandler: requireRole('consumer'),
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['consumers'],
        summary: 'Set the 4-digit PIN of the USSD menu (identity confirmed first); clears a USSD lock',
        body: ZUssdPinRequestSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await setUssdPin(app.db, authOf(request).userId, request.body.pin, auditContextOf(request));
      return { message: 'Your USSD PIN is set. Dial the USSD code and enter it to see your file.' };
    },
  );

  // The aggregator's callback: form fields in (this route only: the rest of the API stays JSON), text out.
  await app.register(async (callback) => {
    callback.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    callback.withTypeProvider<ZodTypeProvider>().post(
      '/api/ussd',
      {
        // Refused before the body is read: a caller without the secret or from another address.
        onRequest: async (request) => {
          const check = ussdCallerCheck(app.config, request);
          if (check !== 'allowed')
            throw new HttpError(
              403,
              check === 'no_secret_configured'
                ? 'USSD is not configured on this server (USSD_SHARED_SECRET).'
                : 'Only the USSD aggregator may call this address.',
              { code: 'USSD_CALLER_REFUSED' },
            );
        },
        schema: {
          tags: ['ussd'],
          summary: 'USSD aggregator callback (Africa\'s Talking form fields); answers text/plain "CON ..." or "END ..."',
          consumes: [FORM],
          body: ZUssdCallbackSchema,
          response: {
            200: z.string().meta({ description: '"CON <text>" (more to come) or "END <text>" (session over), text/plain' }),
            ...errorResponses(400, 403),
          },
        },
      },
      async (request, res) => res.type('text/plain; charset=utf-8').send(await reply(request, request.body)),
    );
  });

  // The demo simulator's way in (decisions/044): only in demo mode, the same answers as JSON.
  if (app.config.demoMode)
    typed.post(
      '/api/ussd/simulator',
      {
        schema: {
          tags: ['ussd'],
          summary: 'Demo mode only: the USSD menu as the aggregator would get it, for the simulator page',
          body: ZUssdSimulatorRequestSchema,
          response: { 200: ZUssdSimulatorReplySchema, ...errorResponses(400) },
        },
      },
      async (request) => ({ reply: await reply(request, request.body) }),
    );
}
