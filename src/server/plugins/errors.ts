import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { defaultErrorCode, type TErrorCode } from '@shared/error-codes';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { HttpError, firstErrorPerField } from '../lib/http-error';

/** Seconds a caller is told to wait when the database does not answer. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONTEXT_LABEL: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/**
 * The one error handler. Every error body is {code, message, errors?: [{field, message}], field?}
 * (code: src/shared/error-codes.ts); a 5xx is logged in full and answered without stack or SQL. A
 * database that cannot be reached is a 503 DATABASE_UNAVAILABLE with Retry-After, not a 500: a
 * caller can tell an outage from a bug.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.details.headers) reply.headers(error.details.headers);
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, errors: error.details.errors, field: error.details.field });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = CONTEXT_LABEL[(error as { validationContext?: string }).validationContext ?? 'body'] ?? 'body';
      const errors = firstErrorPerField(
        error.validation.map((v) => ({
          field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || context,
          message:
            v.instancePath === '/' || v.instancePath === ''
              ? `The request ${context} is not valid: ${v.message}`
              : (v.message ?? 'Invalid input'),
        })),
      );
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: errors[0]?.message ?? 'Invalid input', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = clientMessage(error, status);
      return reply.status(status).send({ code: clientCode(error, status), message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
        code: 'DATABASE_UNAVAILABLE',
        message: 'The service cannot reach its database right now. Please try again in a few seconds.',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
  });
}

function clientCode(error: FastifyError, status: number): TErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'MALFORMED_BODY';
  }
  return defaultErrorCode(status);
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
  }
  if (status === 429) return error.message || 'Too many requests. Please wait and try again.';
  return error.message || 'Invalid request';
}

export default fp(errorsPlugin, { name: 'errors' });
