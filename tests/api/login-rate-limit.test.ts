import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { loginRateLimit: 5 } });
});
afterAll(() => t.close());

const attempt = (ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/consumers/login',
    remoteAddress: ip,
    payload: { username: 'nobody', password: 'wrong-password' },
  });

describe('per-address limit on the login routes', () => {
  it('answers 429 past the limit from one address, while another address still gets through', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('10.9.9.1')).statusCode).toBe(401);
    const limited = await attempt('10.9.9.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBeTruthy();
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attempt('10.9.9.2')).statusCode).toBe(401);
  });
});
