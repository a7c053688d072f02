import {
  ZCreditAccountReportResultSchema,
  ZCreditAccountReportSchema,
  ZSubmissionAcceptedSchema,
  ZSubmissionIdParamsSchema,
  ZSubmissionStatusSchema,
  csvRecordToRow,
} from '@shared/schemas/credit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { errorResponses } from '../../lib/route-schemas';
import { HttpError } from '../../lib/http-error';
import { businessIdOf, requireRole } from '../../plugins/authorization';
import { inquiryMetaOf } from '../credit-file';
import { readSubmissionCsv } from './csv';
import { readSubmissionJson } from './json-stream';
import { partsOfRows, ReceivedFile, receivedFileOf } from './received-file';
import { reportAccount } from './report-account';
import { acceptMonthlyFile } from './accept-file';
import { createFileWorker } from './file-queue';
import { failAbandonedSubmissions, getSubmission } from './service';

export const SUBMISSION_BODY_LIMIT = 64 * 1024 * 1024;
/** How often a server looks for files it was not woken for (another instance's, or left by a stopped server). */
const QUEUE_POLL_MS = 2_000;

const isCsv = (request: FastifyRequest) => (request.headers['content-type'] ?? '').toLowerCase().startsWith('text/csv');

export async function submissionRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Applies accepted files in this process; every instance runs one (decisions/033).
  const worker = createFileWorker(app.db, {
    pollMs: QUEUE_POLL_MS,
    isReady: () => app.readiness.isReady,
    log: app.log,
    onApplied: (counts) => {
      app.metrics.ingestionRows.inc({ outcome: 'accepted' }, counts.accepted);
      app.metrics.ingestionRows.inc({ outcome: 'rejected' }, counts.rejected);
    },
  });

  app.addHook('onReady', async () => {
    try {
      const failed = await failAbandonedSubmissions(app.db);
      if (failed > 0) app.log.warn({ failed }, 'monthly files left unstored by a stopped server were marked failed');
    } catch (error) {
      // A database that does not answer yet is an outage the readiness probe reports, not a bug here.
      if (isDatabaseUnavailable(error)) app.log.warn({ err: error }, 'could not check for abandoned monthly files: database unavailable');
      else app.log.error({ err: error }, 'could not check for abandoned monthly files');
    }
    // Queued files, and files a stopped server was applying, are taken up at once.
    if (app.config.runSubmissionWorker) worker.start();
  });
  // Before the database closes: the file being applied finishes (or, killed, is applied again by the next start).
  app.addHook('onClose', () => worker.stop());

  typed.post(
    '/api/credit/accounts',
    {
      preHandler: requireRole('business'),
      config: { apiKeyScope: 'data:report', idempotency: true },
      schema: {
        tags: ['credit'],
        summary: 'Report one account or a defaulter (the same business and account number again updates it)',
        body: ZCreditAccountReportSchema,
        response: { 200: ZCreditAccountReportResultSchema, 201: ZCreditAccountReportResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const result = await reportAccount(app.db, inquiryMetaOf(request), request.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  await app.register(async (files) => {
    // Only the two formats of a monthly file; any other type (a CSV sent as text/plain too) is a 415
    // that says which to use, before the body is read.
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', (request, _payload, done) => {
      const sent = (request.headers['content-type'] ?? 'no content type').split(';')[0].trim();
      done(
        new HttpError(415, `A monthly file is sent as text/csv or application/json (this request says ${sent})`, {
          code: 'UNSUPPORTED_MEDIA_TYPE',
        }),
        undefined,
      );
    });
    files.addContentTypeParser(['application/json', 'text/csv'], (request, payload, done) => {
      const read = isCsv(request)
        ? readSubmissionCsv(payload, SUBMISSION_BODY_LIMIT).then((records) => {
            const rows = records.map(csvRecordToRow);
            return new ReceivedFile(true, rows.length, partsOfRows(rows));
          })
        : readSubmissionJson(payload, SUBMISSION_BODY_LIMIT);
      read.then(
        (body) => done(null, body),
        (error: Error) => done(error, undefined),
      );
    });
    files.withTypeProvider<ZodTypeProvider>().post(
      '/api/credit/submissions',
      {
        preHandler: requireRole('business'),
        bodyLimit: SUBMISSION_BODY_LIMIT,
        // Each row is checked for NUL characters as a row of its own (a rejected row, not a refused file).
        config: { apiKeyScope: 'data:report', nulCharactersCheckedByRoute: true, idempotency: true },
        // The parsers above read the body into a ReceivedFile, its rows unparsed (decisions/038): the
        // body schema below documents the wire format; the rows are checked when the file is applied.
        validatorCompiler: ({ schema, httpPart, method, url }) => {
          if (httpPart === 'body')
            return (body: unknown) => (body instanceof ReceivedFile ? { value: body } : { error: new Error('not a monthly file') });
          if (!(schema instanceof z.ZodType)) throw new Error(`${url}: the ${httpPart} schema is not a zod schema`);
          return zodValidatorCompiler({ schema, httpPart, method, url });
        },
        schema: {
          tags: ['credit'],
          summary:
            'Send a monthly file: JSON {rows: [{subject, account}]} or a text/csv body (columns in docs/api.md), up to 100,000 rows; answers 202 queued at once, then poll its status or receive submission.completed',
          consumes: ['application/json', 'text/csv'],
          body: z.object({ rows: z.array(z.unknown()) }),
          response: { 202: ZSubmissionAcceptedSchema, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const meta = inquiryMetaOf(request);
        const accepted = await acceptMonthlyFile(app.db, meta, receivedFileOf(request.body), { log: request.log });
        worker.wake();
        return reply.status(202).send(accepted);
      },
    );
  });

  typed.get(
    '/api/credit/submissions/:id',
    {
      preHandler: requireRole('business'),
      config: { apiKeyScope: 'data:report' },
      schema: {
        tags: ['credit'],
        summary: "A monthly file's status, counts and rejected rows (only the business that sent it)",
        params: ZSubmissionIdParamsSchema,
        response: { 200: ZSubmissionStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSubmission(app.db, businessIdOf(request), request.params.id),
  );
}
