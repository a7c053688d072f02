import {
  ZCertificateIdParamsSchema,
  ZCertificateIssuedSchema,
  ZCertificatePublicKeySchema,
  ZCertificateVerificationSchema,
  ZOwnCertificateListSchema,
} from '@shared/schemas/certificate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { renderCertificatePdf } from './certificate-pdf';
import { issueCertificate, languageOfUser, listOwnCertificates, ownCertificate, revokeCertificate, verifyCertificate } from './service';
import { CERTIFICATE_ALGORITHM, signingKeyLoader } from './signing-key';

/** A public page's limit: anyone may check a certificate, not walk the id space. */
const PUBLIC_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export async function certificateRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const consumer = requireRole('consumer');
  const key = signingKeyLoader(app.db, {
    signingKey: app.config.certificateSigningKey,
    retiredPublicKeys: app.config.certificateRetiredPublicKeys,
  });
  // The demo key is made (or read) at start, not by the first request: a request that is refused
  // must leave nothing stored (tests/api/fuzz-every-route.test.ts). Not fatal: a database down at
  // start only means the first request that needs the key reads it.
  app.addHook('onReady', async () => {
    await key().catch((error: unknown) => app.log.warn({ err: error }, 'certificate signing key not loaded at start'));
  });
  // The verify link is absolute: PUBLIC_URL when set, else the address the request came to.
  const linksOf = (request: FastifyRequest) => ({ origin: app.config.publicUrl ?? `${request.protocol}://${request.host}` });

  typed.post(
    '/api/consumers/me/certificates',
    {
      preHandler: consumer,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['consumers'],
        summary: 'Issue a clearance certificate of the file\u2019s standing today (free, 5 a day; refused while an account is in default)',
        response: { 201: ZCertificateIssuedSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await issueCertificate(app.db, authOf(request).userId, await key(), linksOf(request), auditContextOf(request))),
  );

  typed.get(
    '/api/consumers/me/certificates',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'The person\u2019s clearance certificates, newest first, each valid or not and why',
        response: { 200: ZOwnCertificateListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listOwnCertificates(app.db, authOf(request).userId, await key(), linksOf(request)),
  );

  typed.get(
    '/api/consumers/me/certificates/:id.pdf',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'One of the person\u2019s own certificates as a PDF, in their language (another person\u2019s id: 404)',
        params: ZCertificateIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: fileResponse('The clearance certificate as a PDF'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const row = await ownCertificate(app.db, userId, request.params.id);
      const { origin } = linksOf(request);
      const pdf = await renderCertificatePdf({
        ...row,
        standing: row.standing as 'clear' | 'settled',
        verifyUrl: `${origin}/verify/${row.id}`,
        publicKeyUrl: `${origin}/api/certificates/public-key`,
        language: await languageOfUser(app.db, userId),
      });
      return (
        reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="creditcheck-clearance-certificate-${row.issuedAt.toISOString().slice(0, 10)}.pdf"`,
          )
          .header('cache-control', 'no-store')
          // A Buffer is sent as it is (Fastify skips serialisation); the schema above only documents it.
          .send(pdf as unknown as string)
      );
    },
  );

  typed.post(
    '/api/consumers/me/certificates/:id/revoke',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Revoke one of the person\u2019s own certificates: it verifies as not valid from now on (another person\u2019s id: 404)',
        params: ZCertificateIdParamsSchema,
        response: { 200: z.object({ id: z.string(), revokedAt: z.string() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => revokeCertificate(app.db, authOf(request).userId, request.params.id, auditContextOf(request)),
  );

  typed.get(
    '/api/certificates/public-key',
    {
      config: PUBLIC_LIMIT,
      schema: {
        tags: ['certificates'],
        summary: 'The bureau\u2019s Ed25519 public key that signs clearance certificates (no sign-in)',
        response: { 200: ZCertificatePublicKeySchema, ...errorResponses(429) },
      },
    },
    async () => {
      const { keyId, publicKeyPem, retired } = await key();
      const retiredKeys = [...retired.values()].map((entry) => ({ keyId: entry.keyId, publicKeyPem: entry.publicKeyPem }));
      return { algorithm: CERTIFICATE_ALGORITHM, keyId, publicKeyPem, retiredKeys };
    },
  );

  typed.get(
    '/api/certificates/:id',
    {
      config: PUBLIC_LIMIT,
      schema: {
        tags: ['certificates'],
        summary: 'Check a clearance certificate (no sign-in): valid or not and why, the holder\u2019s name and masked NIN, the standing',
        params: ZCertificateIdParamsSchema,
        response: { 200: ZCertificateVerificationSchema, ...errorResponses(404, 429) },
      },
    },
    async (request) => verifyCertificate(app.db, request.params.id, await key(), auditContextOf(request)),
  );
}
