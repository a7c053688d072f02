import {
  MAX_DOCUMENT_BYTES,
  ZBusinessDocumentListSchema,
  ZBusinessDocumentSchema,
  ZDocumentUploadQuerySchema,
  ZIdParamsSchema,
} from '@shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse, ZMessageSchema } from '../../lib/route-schemas';
import { businessIdOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { contentDisposition, deleteDocument, getVerificationState, listDocuments, readDocument, uploadDocument } from './documents';

/** Raw file bodies: the type is then read from the bytes, whatever the header says. */
const FILE_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream'];

/**
 * A business's own registration documents (the administrator's side is in modules/admin). Scoped to
 * the business acted for (`businessIdOf`): the owner and its team members see, upload and remove
 * the business's documents; the audit event names who did it (decisions/014).
 */
export async function businessDocumentRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Encapsulated: only this module's routes read raw file bodies.
  app.addContentTypeParser(FILE_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: MAX_DOCUMENT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const business = requireRole('business');

  typed.get(
    '/api/businesses/me/documents',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: "The signed-in business's registration documents and verification state",
        response: { 200: ZBusinessDocumentListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const businessId = businessIdOf(request);
      const state = await getVerificationState(app.db, businessId);
      return { documents: await listDocuments(app.db, businessId), ...state };
    },
  );

  typed.post(
    '/api/businesses/me/documents',
    {
      preHandler: business,
      bodyLimit: MAX_DOCUMENT_BYTES,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['businesses'],
        summary:
          'Upload a registration document: the file itself as the body (PDF, PNG or JPEG, at most 5 MB; the type is read from the content)',
        consumes: FILE_CONTENT_TYPES,
        querystring: ZDocumentUploadQuerySchema,
        response: { 201: ZBusinessDocumentSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const document = await uploadDocument(
        app.db,
        businessIdOf(request),
        { ...request.query, data: request.body },
        auditContextOf(request),
      );
      return reply.status(201).send(document);
    },
  );

  typed.get(
    '/api/businesses/me/documents/:id',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Download one of your documents (another business’s is 404)',
        params: ZIdParamsSchema,
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        response: { 200: fileResponse('The document as it was uploaded (PDF, PNG or JPEG)'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const document = await readDocument(app.db, businessIdOf(request), request.params.id);
      return reply
        .header('content-type', document.contentType)
        .header('content-disposition', contentDisposition(document.fileName))
        .header('cache-control', 'private, no-store')
        .send(document.data as never);
    },
  );

  typed.delete(
    '/api/businesses/me/documents/:id',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Remove one of your documents while the business is not verified',
        params: ZIdParamsSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteDocument(app.db, businessIdOf(request), request.params.id, auditContextOf(request));
      return { message: 'Document removed' };
    },
  );
}
