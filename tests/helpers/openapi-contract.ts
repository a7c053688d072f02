import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Reading the app's own OpenAPI document to check real answers against it (tests/api/openapi-contract.test.ts):
 * the operations, a request body made from an operation's schema, and whether an answer (status,
 * content type, body, headers) is one the document declares.
 */

type Json = Record<string, unknown>;
export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: Json }>;
  headers?: Record<string, unknown>;
}
export interface OpenApiOperation {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: Json }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Json;
}
export interface DocumentedOperation {
  method: string;
  /** The document's path, with {param}. */
  path: string;
  operation: OpenApiOperation;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function operationsOf(doc: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, operation: item[method] })),
  );
}

/** Operations without an operationId, and operationIds given to more than one operation. */
export function operationIdProblems(operations: DocumentedOperation[]): string[] {
  const missing = operations.filter((o) => !o.operation.operationId).map((o) => `${o.method.toUpperCase()} ${o.path} has no operationId`);
  const ids = operations.flatMap((o) => (o.operation.operationId ? [o.operation.operationId] : []));
  const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))].map((id) => `operationId ${id} is given twice`);
  return [...missing, ...repeated];
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/**
 * OpenAPI 3.0's `nullable` as JSON Schema for ajv: ajv reads `nullable` only beside `type`, so a
 * nullable schema without a type (a union) becomes anyOf [it, null].
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const out: Json = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v)]));
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/** Checks answers against the document; schemas are compiled once per response. */
export function answerChecker(doc: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(toJsonSchema(doc) as Json, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: `openapi#${ref}` })));
    return validate;
  };

  /** What is wrong with an answer to this operation (empty: it is what the document says). */
  return function problemsOf(
    { method, path, operation }: DocumentedOperation,
    answer: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string[] {
    const status = String(answer.statusCode);
    const response = operation.responses?.[status];
    if (!response) return [`status ${status} is not documented (${Object.keys(operation.responses ?? {}).join(', ')})`];
    const problems: string[] = [];
    const contentType = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    const documented = Object.keys(response.content ?? {});
    if (answer.body.length > 0 && !documented.includes(contentType)) {
      problems.push(`${status} answered ${contentType || 'no content type'}; documented: ${documented.join(', ') || 'no body'}`);
    } else if (contentType === 'application/json' && documented.includes(contentType)) {
      const validate = validatorOf(pointer('', 'paths', path, method, 'responses', status, 'content', contentType, 'schema'));
      if (!validate(JSON.parse(answer.body))) {
        problems.push(`${status} body does not fit its schema: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
      }
    }
    const documentedHeaders = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()));
    for (const header of Object.keys(answer.headers).filter((h) => WATCHED_HEADERS.test(h))) {
      if (!documentedHeaders.has(header)) problems.push(`${status} sent the header ${header}, not documented there`);
    }
    return problems;
  };
}

/** The headers of the API's own contract: each one an answer carries must be documented on that answer. */
const WATCHED_HEADERS =
  /^(api-version|retry-after|ratelimit-(limit|remaining|reset)|x-ratelimit-(limit|remaining|reset)|idempotent-replayed)$/;

/**
 * A request body made from a JSON schema: the required fields, each with a plausible value (the
 * first enum value, a date, an email, a known id from `idFor` for a uuid field named like one).
 * Most are then refused by the route's own rules (a 400 is an answer too); many go through.
 */
export function sampleOf(doc: OpenApiDocument, schema: Json | undefined, idFor: (name: string) => string | undefined, name = ''): unknown {
  if (!schema) return {};
  if (typeof schema.$ref === 'string') return sampleOf(doc, resolve(doc, schema.$ref), idFor, name);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union?.length) return sampleOf(doc, union[0], idFor, name);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(doc, s as Json, idFor, name)));
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      return Object.fromEntries(Object.entries(properties).flatMap(([k, s]) => (required.has(k) ? [[k, sampleOf(doc, s, idFor, k)]] : [])));
    }
    case 'array':
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => sampleOf(doc, schema.items as Json, idFor, name));
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, idFor(name));
    default:
      return 'contract';
  }
}

function sampleString(schema: Json, knownId: string | undefined): string {
  switch (schema.format) {
    case 'uuid':
      return knownId ?? '00000000-0000-4000-8000-000000000000';
    case 'date':
      return '2025-01-15';
    case 'date-time':
      return '2025-01-15T10:00:00.000Z';
    case 'email':
      return 'contract-test@example.sl';
    case 'uri':
      return 'http://127.0.0.1:9/contract-test';
  }
  const length = Math.max(Number(schema.minLength ?? 0), 8);
  return 'Contract'.padEnd(Math.min(length, Number(schema.maxLength ?? length)), 'x');
}

function resolve(doc: OpenApiDocument, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc) as Json;
}
