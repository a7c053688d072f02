import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { isProduction: true, nodeEnv: 'production' } });
});
afterAll(() => t.close());

describe('in production', () => {
  it('marks the session cookie Secure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/login',
      payload: { username: 'demo-business', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'ccsl_session')!.secure).toBe(true);
  });

  it('sends HSTS and a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeDefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  });

  it('sends the same security headers on every answer: success, refusal, error, unknown path', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/businesses/me' }),
      t.app.inject({ method: 'POST', url: '/api/businesses/login', payload: {} }),
      t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 400, 404]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
      expect(res.headers['content-security-policy']).toBe(answers[0].headers['content-security-policy']);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No route/);
  });
});
