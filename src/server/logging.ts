import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './env';

/** Keys whose values never reach a log line, wherever they appear (pino redaction paths). */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.code',
  '*.otp',
  '*.card',
  '*.cardNumber',
  '*.cvc',
  '*.nationalId',
  '*.driversLicense',
  '*.passportNumber',
  '*.sessionSecret',
];

const CARD_NUMBER = /\b\d(?:[ -]?\d){12,18}\b/g;

/**
 * Removes what an error message may carry from the database: drizzle puts a failed query's
 * parameters (identification numbers, hashes) after "params:", and PostgreSQL repeats a duplicate
 * key's value in "Key (...)=(...)".
 */
export function scrubErrorText(text: string): string {
  return text
    .replace(/params: [\s\S]*$/m, 'params: [redacted]')
    .replace(/Key \(([^)]*)\)=\([^)]*\)/g, 'Key ($1)=([redacted])')
    .replace(CARD_NUMBER, '[redacted-number]');
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubErrorText(String(err)), stack: '' };
  const base: SerializedError = { type: err.name, message: scrubErrorText(err.message), stack: scrubErrorText(err.stack ?? '') };
  const code = (err as { code?: unknown }).code;
  if (code) base.code = code;
  if (err.cause) base.cause = serializeError(err.cause);
  return base;
}

/** Structured JSON logs: request id on every line (Fastify), user and role added by the sessions plugin. */
export function buildLoggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req(request) {
        // The query string is left out: it is the one part of a URL that could carry personal data.
        return { method: request.method, url: request.url.split('?')[0], ip: request.ip };
      },
    },
  };
}

/**
 * One line per request, when it is answered: method, path, address, status, time, request id,
 * user and role. Fastify's own controller writes two, "incoming request" and "request completed",
 * each through the redaction: at hundreds of requests a second the second line is measurable CPU
 * (docs/performance.md) and says nothing the first does not. Every other line Fastify writes
 * (errors, a stream cut short, a route not found) is kept as it is.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
