import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, firstErrorPerField } from '../lib/http-error';

const CONTEXT_LABEL: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/**
 * The one error handler. Every 4xx body is {message, errors?: [{field, message}], field?};
 * a 5xx is logged in full and answered without stack or SQL.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.details.headers) reply.headers(error.details.headers);
      return reply.status(error.statusCode).send({ message: error.message, errors: error.details.errors, field: error.details.field });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = CONTEXT_LABEL[(error as { validationContext?: string }).validationContext ?? 'body'] ?? 'body';
      const errors = firstErrorPerField(error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || context,
        message: v.instancePath === '/' || v.instancePath === '' ? `The request ${context} is not valid: ${v.message}` : (v.message ?? 'Invalid input'),
      })));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid input', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = clientMessage(error, status);
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

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
