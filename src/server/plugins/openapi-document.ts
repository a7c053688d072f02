import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_VERSION } from '@shared/api-version';
import { ERROR_SCHEMA_ID } from '../lib/route-schemas';

/**
 * What the OpenAPI document adds to what each route declares (decisions/035): a generated
 * operationId, the answers every route can give whatever its own schema says (the NUL check and
 * validation 400, an API key refused 401/403, body limits 413/415, rate limits 429, 500, 503), error
 * bodies as JSON also where the success is a file, and the headers: API-Version on every answer,
 * Retry-After, the rate-limit headers and Idempotent-Replayed. Routes declare only what is theirs.
 */

type Json = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  responses?: Record<string, Response>;
  'x-rate-limit'?: RateLimitKind;
};

/** How a route is rate-limited: per user, API key and business (the credit routes), or per address. */
type RateLimitKind = 'per-user-and-business' | 'per-address';

const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA_ID}` };
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

const STATUS_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid input: `errors` names each field (VALIDATION_FAILED); a body that is not JSON (MALFORMED_BODY); NUL in any field',
  '401': 'Not signed in, or the API key is unknown, revoked or of a plan without API access',
  '403': 'Signed in but not allowed (role, owner, frozen file, unverified or suspended business), or an API key refused here',
  '402': 'Payment needed: SUBSCRIPTION_INACTIVE, QUOTA_EXHAUSTED or CARD_DECLINED',
  '404': 'Not found, or not yours',
  '409': 'Conflict with the current state (`field` names what), or IDEMPOTENCY_KEY_IN_USE with Retry-After',
  '413': 'The body is over the limit (BODY_TOO_LARGE)',
  '415': 'The content type is not accepted here (UNSUPPORTED_MEDIA_TYPE)',
  '422': 'The Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED)',
  '429': 'Too many requests (RATE_LIMITED, or ACCOUNT_LOCKED on sign-in): wait Retry-After seconds',
  '500': 'Our fault, logged (INTERNAL_ERROR): no stack or SQL',
  '503':
    'Starting or shutting down (SERVICE_UNAVAILABLE), or the database does not answer (DATABASE_UNAVAILABLE): wait Retry-After seconds',
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** The headers the document refers to (components.headers). */
export const DOCUMENTED_HEADERS = {
  'API-Version': {
    description: 'The API version (a date) that answered; docs/api.md, Versions',
    schema: { type: 'string', example: API_VERSION },
  },
  'Retry-After': integerHeader('Seconds to wait before sending the request again'),
  'RateLimit-Limit': integerHeader(
    'Requests allowed in the current one-minute window (the nearer of the per-user or per-key and per-business limits)',
  ),
  'RateLimit-Remaining': integerHeader('Requests left in the current window'),
  'RateLimit-Reset': integerHeader('Seconds until the current window ends'),
  'X-RateLimit-Limit': integerHeader('Requests allowed in the current window (the older name of RateLimit-Limit)'),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current window (the older name of RateLimit-Remaining)'),
  'X-RateLimit-Reset': integerHeader('Seconds until the current window ends (the older name of RateLimit-Reset)'),
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** The operationId of a route: its method and path in camelCase, a path parameter as "By<Name>" (GET /api/credit/reports/{id}/pdf: getCreditReportsByIdPdf). */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/** The per-route transform: zod to JSON schema, and how the route is rate-limited (read by completeDocument). */
export function documentRouteFor(app: FastifyInstance) {
  return (input: Parameters<typeof jsonSchemaTransform>[0]) => {
    const transformed = jsonSchemaTransform(input);
    const kind = rateLimitOf(app, input.route);
    return kind ? { ...transformed, schema: { ...transformed.schema, 'x-rate-limit': kind } } : transformed;
  };
}

function rateLimitOf(app: FastifyInstance, route: RouteOptions): RateLimitKind | null {
  if ([route.preHandler].flat().includes(app.creditRateLimit)) return 'per-user-and-business';
  return route.config && 'rateLimit' in route.config && route.config.rateLimit ? 'per-address' : null;
}

/** The document-wide transform: components from the zod registry (the error schema), then what every operation answers. */
export function completeDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input) as Json & { paths?: Record<string, Record<string, Operation>>; components?: Json };
  const schemas = (document.components?.schemas ?? {}) as Json;
  delete schemas[`${ERROR_SCHEMA_ID}Input`]; // the error schema is only ever an answer
  document.components = { ...document.components, headers: DOCUMENTED_HEADERS };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) completeOperation(method, path, operation);
    }
  }
  listNullInNullableEnums(document);
  return document;
}

function completeOperation(method: string, path: string, operation: Operation) {
  operation.operationId ??= operationIdOf(method, path);
  const rateLimit = operation['x-rate-limit'];
  const isIdempotent = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  const statuses = ['400', '401', '403', '500', '503'];
  if (BODY_METHODS.has(method)) statuses.push('413', '415');
  if (rateLimit) statuses.push('429');
  if (isIdempotent) statuses.push('409', '422');

  const responses = (operation.responses ??= {});
  for (const status of statuses) responses[status] ??= { description: STATUS_DESCRIPTIONS[status], content: {} };
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 400) asJsonError(status, response);
    response.headers = { 'API-Version': headerRef('API-Version'), ...response.headers, ...headersOf(status, rateLimit, isIdempotent) };
  }
}

/** Error answers are JSON on every route, a file download's too; the error schema unless the route declares another. */
function asJsonError(status: string, response: Response) {
  if (!response.description || response.description === 'Default Response') response.description = STATUS_DESCRIPTIONS[status] ?? 'Error';
  const declared = Object.values(response.content ?? {})[0]?.schema;
  response.content = { 'application/json': { schema: declared ?? ERROR_REF } };
}

function headersOf(status: string, rateLimit: RateLimitKind | undefined, isIdempotent: boolean): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  const code = Number(status);
  if (code === 429 || code === 503 || (code === 409 && isIdempotent)) headers['Retry-After'] = headerRef('Retry-After');
  // On every answer counted against the limit, whatever its status (a guard's 401 comes before the count).
  if (rateLimit === 'per-user-and-business') {
    for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) headers[name] = headerRef(name);
  }
  if (rateLimit) {
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) headers[name] = headerRef(name);
  }
  if (isIdempotent && code < 300) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
  return headers;
}

/**
 * OpenAPI 3.0: `nullable: true` widens `type` only, so an enum that may be null must list null too
 * (zod's openapi-3.0 output leaves it out, and then a real null answer fails its own schema).
 */
function listNullInNullableEnums(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(listNullInNullableEnums);
  if (!value || typeof value !== 'object') return;
  const schema = value as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  Object.values(schema).forEach(listNullInNullableEnums);
}
