// Issue "Every credit file protected", item 1: ten unauthenticated POST /api/credit/submissions with
// 64 MB JSON bodies each got 401 only after 7 to 61 s, because the role check ran after Fastify had
// read and parsed the body; meanwhile /api/health took up to 13 s and memory passed 1 GB.
// Here the refusal must come while almost none of the body has been sent, and the connection closes.
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSubmissionJson, rowsOfPart } from '../../src/server/modules/submissions/json-stream';
import { waitForSubmission } from '../helpers/submissions';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { accountReport } from './credit/credit-fixtures';

let t: TestApp;
let base: { host: string; port: number };
let consumerCookie: string;
let businessCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  consumerCookie = await logInAs(t.app, 'consumer');
  businessCookie = await logInAs(t.app, 'business');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address() as { port: number };
  base = { host: '127.0.0.1', port: address.port };
});
afterAll(() => t.close());

const MB = 1024 * 1024;

/**
 * Announces a 64 MB body and sends its first megabyte, then waits for the answer
 * (5 s at most: a server that waits for the whole body never answers). Returns the status (0 for no
 * answer), how many bytes had been sent by then, and the answer's Connection header.
 */
function postHugeBody(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytesSent: number; connectionHeader?: string }> {
  const chunk = Buffer.alloc(MB, 0x20);
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let isAnswered = false;
    const req = httpRequest(
      { ...base, method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': String(64 * MB), ...headers } },
      (res) => {
        isAnswered = true;
        res.resume();
        resolve({ status: res.statusCode ?? 0, bytesSent, connectionHeader: res.headers.connection });
        req.destroy();
      },
    );
    req.on('error', (error) => (isAnswered ? undefined : reject(error)));
    const timer = setTimeout(() => {
      if (isAnswered) return;
      isAnswered = true;
      req.destroy();
      resolve({ status: 0, bytesSent });
    }, 5_000);
    timer.unref();
    // No more after that: writing on after the server's answer and close would only race its EPIPE.
    bytesSent = chunk.length;
    req.write(chunk);
  });
}

describe('a large body from a caller who may not send it', () => {
  it('a visitor sending a 64 MB monthly file gets 401 before the body is read, and the connection closes', async () => {
    const result = await postHugeBody('/api/credit/submissions');
    expect(result.status).toBe(401);
    expect(result.bytesSent).toBeLessThanOrEqual(MB);
    expect(result.connectionHeader).toBe('close');
  });

  it('a signed-in consumer sending the same gets 403 before the body is read', async () => {
    const result = await postHugeBody('/api/credit/submissions', { cookie: consumerCookie });
    expect(result.status).toBe(403);
    expect(result.bytesSent).toBeLessThanOrEqual(MB);
  });

  it('the same holds on every guarded route, for example registration documents and a dispute', async () => {
    for (const path of ['/api/businesses/me/documents', '/api/consumers/me/disputes']) {
      const result = await postHugeBody(path);
      expect(result.status, path).toBe(401);
      expect(result.bytesSent, path).toBeLessThanOrEqual(MB);
    }
  });

  it('health answers at once while ten visitors send 64 MB bodies', async () => {
    const floods = Array.from({ length: 10 }, () => postHugeBody('/api/credit/submissions'));
    const started = Date.now();
    const health = await fetch(`http://${base.host}:${base.port}/api/health`);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    const results = await Promise.all(floods);
    expect(results.every((r) => r.status === 401)).toBe(true);
  });
});

describe('a monthly file is read as a stream', () => {
  it('counts each row as soon as it arrives, before the body ends', async () => {
    const body = new Readable({ read() {} });
    const seen: number[] = [];
    const reading = readSubmissionJson(body, 64 * MB, (count) => seen.push(count));
    body.push('{"rows":[{"a":1},');
    await new Promise((resolve) => setImmediate(resolve));
    // The first row is counted while the rest of the body has not arrived.
    expect(seen).toEqual([1]);
    body.push('{"a":2}]}');
    body.push(null);
    const file = await reading;
    expect(file.total).toBe(2);
    expect(file.parts.flatMap((part) => rowsOfPart(part))).toEqual([{ a: 1 }, { a: 2 }]);
    expect(seen).toEqual([1, 2]);
  });

  it('refuses a body over the limit with 413 without reading the rest', async () => {
    const body = new Readable({ read() {} });
    const reading = readSubmissionJson(body, 1024);
    body.push(`{"rows":[${'{"a":1},'.repeat(200)}`);
    await expect(reading).rejects.toMatchObject({ statusCode: 413 });
    body.push(null);
  });

  it.each([
    ['{"rows":"x"}', 400, 'rows'],
    ['[1,2]', 400, 'rows'],
    ['{"other":[1]}', 400, 'rows'],
    ['{"rows":[1,', 400, 'body'],
    ['{"rows":[1]} junk', 400, 'body'],
    ['', 400, 'body'],
  ])('refuses %j with %i naming %s', async (text, status, field) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/credit/submissions',
      headers: { cookie: businessCookie, 'content-type': 'application/json' },
      payload: text,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().errors[0].field).toBe(field);
  });

  it('a JSON file sent over a real connection is applied as before', async () => {
    const rows = [1, 2, 3].map((i) =>
      accountReport({ subject: { nationalId: `SLN77${i}0001`, phone: `+232 76 77${i} 001` }, account: { accountNumber: `STREAM-${i}` } }),
    );
    const response = await fetch(`http://${base.host}:${base.port}/api/credit/submissions`, {
      method: 'POST',
      headers: { cookie: businessCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ rows }),
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    // The file is queued (decisions/033): its counts are there once the worker applied it.
    const applied = await waitForSubmission(t.app, { cookie: businessCookie }, id);
    expect({ accepted: applied.accepted, rejected: applied.rejected }).toEqual({ accepted: 3, rejected: 0 });
  });
});
