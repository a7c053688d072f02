import { gzipSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

// decisions/048: the API's GET answers travel compressed to a browser that takes them, same-origin
// only (BREACH); other answers, request bodies and small answers are left as they are.

let t: TestApp;
let consumer: string;
const SCORES = '/api/consumers/me/scores';

const read = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: SCORES, headers: { cookie: consumer, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  consumer = await logInAs(t.app, 'consumer');
});
afterAll(() => t.close());

describe('a GET answer of the API', () => {
  it('is sent in brotli or gzip as the browser asks, with the same JSON inside and Vary set', async () => {
    const plain = await read({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await read({ 'accept-encoding': 'gzip, deflate, br', 'sec-fetch-site': 'same-origin' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await read({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('is sent uncompressed to a request another site started (no size for it to measure)', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await read({ 'accept-encoding': 'br, gzip', 'sec-fetch-site': site });
      expect(answer.statusCode, site).toBe(200);
      expect(answer.headers['content-encoding'], site).toBeUndefined();
      expect(answer.json().scores, site).toBeDefined();
    }
  });

  it('is sent as it is when small', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});

describe('other answers and requests', () => {
  it('a POST answer is never compressed, however large', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/me/scores/simulation',
      headers: { cookie: consumer, 'accept-encoding': 'br, gzip' },
      payload: { bringLateAccountsUpToDate: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.rawPayload.length).toBeGreaterThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('a compressed request body is not opened (it would slip past the body limit)', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/me/scores/simulation',
      headers: { cookie: consumer, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ bringLateAccountsUpToDate: true })),
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json().code).toEqual(expect.any(String));
  });
});
