import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, sessionCookieOf, type TestApp } from '../helpers/test-app';

// Issue "Operable from day one", item 8: docs drifted from the running product. Each test here
// asks the product what docs/api.md now says it answers; the last one fails for any API route
// docs/api.md does not mention (it failed for /api/scoring/model and /api/scoring/scores/:id/audit).

let t: TestApp;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The routes as registered (the app is built by then: read them from its route table).
  const table = t.app.printRoutes({ commonPrefix: false });
  for (const line of table.split('\n')) {
    const match = /([/][^\s(]*)\s+\(([^)]+)\)/.exec(line.replace(/^[\s│├└─]+/, ''));
    if (match) for (const method of match[2].split(', ')) routes.push({ method, url: match[1] });
  }
});
afterAll(() => t.close());

describe('docs/api.md says what the product answers', () => {
  it('a wrong current password: 400 {message, errors: [{field: "currentPassword", message}]}', async () => {
    const cookie = await logInAs(t.app, 'regulator');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/regulators/me/password',
      headers: { cookie },
      payload: { currentPassword: 'not-the-password-1', newPassword: 'Another-strong-pass-77', confirmPassword: 'Another-strong-pass-77' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      message: 'The current password is not right',
      errors: [{ field: 'currentPassword', message: 'The current password is not right' }],
    });
  });

  it('malformed JSON to a guarded route: 401 to a visitor and 403 to a wrong role, never a 400 (the guard runs in onRequest)', async () => {
    const malformed = { 'content-type': 'application/json' };
    const visitor = await t.app.inject({ method: 'POST', url: '/api/credit/submissions', headers: malformed, payload: '{"rows": [' });
    expect(visitor.statusCode).toBe(401);
    const consumer = await logInAs(t.app, 'consumer');
    const wrongRole = await t.app.inject({
      method: 'POST',
      url: '/api/credit/submissions',
      headers: { ...malformed, cookie: consumer },
      payload: '{"rows": [',
    });
    expect(wrongRole.statusCode).toBe(403);
  });

  it('an unconfirmed consumer: disputes and consents answer 200 with empty lists, scores 403, filing a dispute 404 without a file', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: {
        nationalId: 'ZZ998877',
        firstName: 'Aminata',
        lastName: 'Koroma',
        phone: '+23277123987',
        dateOfBirth: '1990-01-01',
        password: 'Quite-strong-pass-91',
        confirmPassword: 'Quite-strong-pass-91',
        consentToDataProcessing: true,
        agreeToTerms: true,
      },
    });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/consumers/login',
        payload: { username: 'ZZ998877', password: 'Quite-strong-pass-91' },
      }),
    );
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get('/api/consumers/me/disputes')).json()).toEqual({ disputes: [] });
    expect((await get('/api/consumers/me/consents')).json()).toEqual({ consents: [] });
    expect((await get('/api/consumers/me/report')).json()).toMatchObject({ state: 'no_file', report: null });
    expect((await get('/api/consumers/me/scores')).statusCode).toBe(403);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/me/disputes',
      headers: { cookie },
      payload: { accountId: '00000000-0000-4000-8000-000000000000', reason: 'not_mine', statement: 'This account is not mine.' },
    });
    expect(filed.statusCode).toBe(404);
    expect(filed.json().message).toBe('You have no credit file yet');
  });

  it('/api/ready: {status: "ready", database}', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ready', database: t.database.kind });
  });

  it('/api/scoring/model and /api/scoring/scores/:id/audit answer as documented', async () => {
    const consumer = await logInAs(t.app, 'consumer');
    const model = await t.app.inject({ method: 'GET', url: '/api/scoring/model', headers: { cookie: consumer } });
    expect(Object.keys(model.json()).sort()).toEqual([
      'bands',
      'basePoints',
      'caveat',
      'createdAt',
      'drift',
      'features',
      'scale',
      'scaling',
      'sha256',
      'validation',
      'version',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/scoring/model' })).statusCode).toBe(401);
    const regulator = await logInAs(t.app, 'regulator');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/scoring/scores/00000000-0000-4000-8000-000000000000/audit',
      headers: { cookie: regulator },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No such score');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/scoring/scores/not-an-id/audit', headers: { cookie: regulator } })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/scoring/scores/00000000-0000-4000-8000-000000000000/audit',
          headers: { cookie: consumer },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('every API route is in docs/api.md (was: /api/scoring/model and /api/scoring/scores/:id/audit were not)', () => {
    const docs = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    // Paths as docs/api.md writes them: `:param` segments, sometimes without backticks.
    const apiRoutes = [
      ...new Set(routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS').map((r) => r.url)),
    ];
    expect(apiRoutes.length).toBeGreaterThan(50);
    const undocumented = apiRoutes.filter((url) => !docs.includes(url) && !url.startsWith('/api/docs'));
    expect(undocumented).toEqual([]);
  });
});
