import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../src/shared/api-version';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

// Issue "An API lenders can build on": every API answer names the API version it speaks
// (docs/api.md, "Versions"), whatever its status, so a client can log it and notice a change.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API-Version', () => {
  it('is on every API answer: a success, a refusal, a validation error, an unknown route', async () => {
    const business = await logInAs(t.app, 'business');
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/businesses/me/usage' }),
      await t.app.inject({ method: 'GET', url: '/api/businesses/me/usage', headers: { cookie: business } }),
      await t.app.inject({ method: 'POST', url: '/api/credit/search', headers: { cookie: business }, payload: {} }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 400, 404]);
    for (const answer of answers) expect(answer.headers['api-version']).toBe(API_VERSION);
    expect(API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
