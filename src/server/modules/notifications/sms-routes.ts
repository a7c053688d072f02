import { toE164 } from '@shared/identity';
import { ZSmsAlertsInputSchema, ZSmsAlertsSchema, type TSmsAlerts } from '@shared/schemas/consumer/sms-alerts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { HttpError } from '../../lib/http-error';
import { errorResponses } from '../../lib/route-schemas';
import type { ModuleOptions } from '../../lib/server-module';
import { authOf, requireRole } from '../../plugins/authorization';
import { smsCallerCheck } from './sms/callback-caller';
import { handleIncomingText, isOptedOut, optIn, optOut } from './sms/opt-outs';

const FORM = 'application/x-www-form-urlencoded';

/** Africa's Talking's delivery report (form fields; others it sends are ignored). */
const ZDeliveryReportSchema = z.object({
  id: z.string({ error: 'The message id is required' }).min(1, { error: 'The message id is required' }).max(100),
  status: z.string({ error: 'The status is required' }).min(1, { error: 'The status is required' }).max(40),
  phoneNumber: z.string().max(32).optional(),
  networkCode: z.string().max(16).optional(),
  failureReason: z.string().max(200).optional(),
});

/** An incoming message (form fields). */
const ZIncomingSmsSchema = z.object({
  from: z.string({ error: 'The sender is required' }).min(1, { error: 'The sender is required' }).max(32),
  text: z.string().max(1600).default(''),
  to: z.string().max(32).optional(),
  date: z.string().max(64).optional(),
  id: z.string().max(100).optional(),
  linkId: z.string().max(100).optional(),
});

async function smsAlertsOf(db: Database, userId: string): Promise<TSmsAlerts> {
  const [row] = await queryParsedRows(
    db,
    z.object({ phone: z.string().nullable(), is_verified: z.boolean() }),
    sql`SELECT u.phone, (cp.identity_verified_at IS NOT NULL) AS is_verified
        FROM users u LEFT JOIN consumer_profiles cp ON cp.user_id = u.id WHERE u.id = ${userId}::uuid`,
  );
  const phone = row?.phone ?? null;
  return { phone, isIdentityVerified: row?.is_verified ?? false, isOn: phone !== null && !(await isOptedOut(db, phone)) };
}

/**
 * The SMS provider's callbacks (delivery reports, incoming texts for STOP/START) and the consumer's
 * "Text message alerts" switch (decisions/046).
 */
export async function smsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/consumers/me/sms-alerts',
    {
      preHandler: requireRole('consumer'),
      schema: {
        tags: ['consumers'],
        summary: 'Whether alerts by text message go to the phone the consumer signs in with',
        response: { 200: ZSmsAlertsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => smsAlertsOf(app.db, authOf(request).userId),
  );

  typed.put(
    '/api/consumers/me/sms-alerts',
    {
      preHandler: requireRole('consumer'),
      schema: {
        tags: ['consumers'],
        summary: 'Turn alerts by text message on or off (the same as texting START or STOP)',
        body: ZSmsAlertsInputSchema,
        response: { 200: ZSmsAlertsSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const userId = authOf(request).userId;
      const current = await smsAlertsOf(app.db, userId);
      if (!current.phone) throw new HttpError(409, 'Add your phone number first: alerts go to the phone you sign in with.');
      if (request.body.isOn) await optIn(app.db, current.phone);
      else await optOut(app.db, current.phone, 'settings');
      return smsAlertsOf(app.db, userId);
    },
  );

  // The gateway's callbacks: form fields in (these routes only: the rest of the API stays JSON).
  await app.register(async (callback) => {
    callback.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    // Refused before the body is read: a caller without the secret or from another address.
    const onlyTheGateway = async (request: FastifyRequest) => {
      const check = smsCallerCheck(app.config, request);
      if (check !== 'allowed')
        throw new HttpError(
          403,
          check === 'no_secret_configured'
            ? 'SMS callbacks are not configured on this server (SMS_CALLBACK_SECRET).'
            : 'Only the SMS gateway may call this address.',
          { code: 'SMS_CALLER_REFUSED' },
        );
    };
    const typedCallback = callback.withTypeProvider<ZodTypeProvider>();

    typedCallback.post(
      '/api/sms/delivery-reports',
      {
        onRequest: onlyTheGateway,
        schema: {
          tags: ['sms'],
          summary: "SMS gateway callback: a message's delivery report (Africa's Talking form fields id, status, failureReason...)",
          consumes: [FORM, 'application/json'],
          body: ZDeliveryReportSchema,
          response: { 200: z.object({ isKnown: z.boolean() }), ...errorResponses(400, 403) },
        },
      },
      async (request) => {
        const { id, status, failureReason } = request.body;
        const rows = await queryParsedRows(
          app.db,
          z.object({ id: z.string() }),
          sql`UPDATE sms_outbox SET delivery_status = ${status}, delivery_failure_reason = ${failureReason ?? null}, delivery_updated_at = now()
              WHERE provider_message_id = ${id} RETURNING id`,
        );
        return { isKnown: rows.length > 0 };
      },
    );

    typedCallback.post(
      '/api/sms/incoming',
      {
        onRequest: onlyTheGateway,
        schema: {
          tags: ['sms'],
          summary: 'SMS gateway callback: a text sent to us; STOP turns alerts off for that phone, START back on',
          consumes: [FORM, 'application/json'],
          body: ZIncomingSmsSchema,
          response: {
            200: z.object({ outcome: z.enum(['stopped', 'started', 'unchanged', 'ignored']) }),
            ...errorResponses(400, 403),
          },
        },
      },
      async (request) => {
        const phone = toE164(request.body.from);
        if (!phone) return { outcome: 'ignored' as const };
        return { outcome: await handleIncomingText(app.db, options.sms, phone, request.body.text) };
      },
    );
  });
}
