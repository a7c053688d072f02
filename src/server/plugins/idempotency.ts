import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preParsingAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { createHash, type Hash } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import { z } from 'zod';
import { HttpError, badRequest } from '../lib/http-error';
import { businessIdOf } from './authorization';
import {
  IDEMPOTENCY_KEY_HOURS,
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  type IdempotencyClaim,
} from './idempotency-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an `Idempotency-Key` (decisions/030): `true` on a business route (the key
     * belongs to businessIdOf), or a function naming the business a request acts for (null: the
     * request is not one the handler will accept, so no key is taken).
     */
    idempotency?: true | ((request: FastifyRequest) => string | null);
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1 to 255 visible ASCII characters (no space): a UUID, a hash, the caller's own request id. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)';
/** Seconds a caller waits before asking again about a key whose first request still runs. */
const IN_USE_RETRY_AFTER_SECONDS = 1;

/** The header as the OpenAPI document shows it on every route that takes it (validated as well). */
export const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1, IDEMPOTENCY_KEY_MESSAGE)
    .max(255, IDEMPOTENCY_KEY_MESSAGE)
    .regex(KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .describe(
      `Optional. The same key with the same body within ${IDEMPOTENCY_KEY_HOURS} hours replays the first answer and charges nothing more (Idempotent-Replayed: true); with another body: 422 IDEMPOTENCY_KEY_REUSED; while the first still runs: 409 IDEMPOTENCY_KEY_IN_USE.`,
    ),
});

/** The running hash of the body as it is read, for a request that sent a key. */
const bodyHashes = new WeakMap<FastifyRequest, { key: string; hash: Hash }>();
/** The key a request holds until its answer is stored (or the key released). */
const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();

/**
 * `Idempotency-Key` on the POSTs that write or charge. A route opts in with `config.idempotency`;
 * its hooks are added only there: preParsing checks the key before the body is read and hashes the
 * raw body as the parser reads it (a 64 MB monthly file is not held twice); preHandler, after the
 * role guard and validation, takes the key or answers from it; onSend stores a 2xx answer or
 * releases the key. Registered after the authorization plugin and before the OpenAPI one.
 */
async function idempotencyPlugin(app: FastifyInstance) {
  const hashBody: preParsingAsyncHookHandler = async (request, reply, payload) => {
    const key = keyOf(request, reply);
    if (key === undefined) return payload;
    const hash = createHash('sha256');
    bodyHashes.set(request, { key, hash });
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // Fastify's body limit reads this from the stream it is given (the raw request sets it when decompressing).
    Object.defineProperty(tap, 'receivedEncodedLength', {
      get: () => (payload as { receivedEncodedLength?: number }).receivedEncodedLength,
    });
    return pipeline(payload as Readable, tap, () => {});
  };

  const claimKey: preHandlerAsyncHookHandler = async (request, reply) => {
    const hashed = bodyHashes.get(request);
    if (!hashed) return;
    bodyHashes.delete(request);
    const businessId = businessOf(request);
    if (!businessId) return;
    const bodyHash = hashed.hash.digest('hex');
    const fingerprint = createHash('sha256').update(`${request.method} ${request.url}\n${bodyHash}`).digest('hex');
    const claim = { businessId, key: hashed.key, fingerprint };
    const outcome = await claimIdempotencyKey(app.db, claim);
    switch (outcome.kind) {
      case 'claimed':
        claims.set(request, claim);
        return;
      case 'reused':
        throw new HttpError(
          422,
          `This Idempotency-Key was used in the last ${IDEMPOTENCY_KEY_HOURS} hours for another request. Use a new key for a new request.`,
          { code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' },
        );
      case 'running':
        throw new HttpError(409, 'A request with this Idempotency-Key is still running. Send it again in a moment for its answer.', {
          code: 'IDEMPOTENCY_KEY_IN_USE',
          field: 'Idempotency-Key',
          headers: { 'retry-after': String(IN_USE_RETRY_AFTER_SECONDS) },
        });
      case 'completed':
        reply.status(outcome.answer.status).header('content-type', outcome.answer.contentType).header('idempotent-replayed', 'true');
        return reply.send(outcome.answer.body);
    }
  };

  const storeAnswer: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const body = textOf(payload);
    const isStored = reply.statusCode >= 200 && reply.statusCode < 300 && body !== null;
    try {
      if (isStored) {
        const contentType = String(reply.getHeader('content-type') ?? 'application/json');
        await completeIdempotencyKey(app.db, claim, { status: reply.statusCode, contentType, body });
      } else {
        if (reply.statusCode < 300) request.log.warn({ url: request.url }, 'idempotent answer not stored: not text');
        await releaseIdempotencyKey(app.db, claim);
      }
    } catch (error) {
      // The work is done and the caller gets its answer; the key stays `running` until the lease
      // ends, so a retry meanwhile is told to wait rather than charged again.
      request.log.error({ err: error }, 'could not store the answer of an idempotent request');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotency) return;
    const schema = (route.schema ?? {}) as { headers?: unknown };
    if (schema.headers) throw new Error(`${route.url}: an idempotent route declares no headers schema of its own`);
    route.schema = { ...route.schema, headers: ZIdempotencyHeaders };
    route.preParsing = [...hooksOf(route.preParsing), hashBody] as RouteOptions['preParsing'];
    route.preHandler = [...hooksOf(route.preHandler), claimKey] as RouteOptions['preHandler'];
    route.onSend = [...hooksOf(route.onSend), storeAnswer] as RouteOptions['onSend'];
  });
}

/** The request's key, undefined without one; a malformed key is a 400 before the body is read. */
function keyOf(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key === 'string' && KEY_PATTERN.test(key)) return key;
  reply.header('connection', 'close');
  throw badRequest([{ field: 'Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }]);
}

function businessOf(request: FastifyRequest): string | null {
  const scope = request.routeOptions.config.idempotency;
  if (typeof scope === 'function') return scope(request);
  return request.auth?.role === 'business' ? businessIdOf(request) : null;
}

function textOf(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return [hooks ?? []].flat() as T[];
}

export default fp(idempotencyPlugin, { name: 'idempotency' });
