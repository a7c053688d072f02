import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let consumer: string;

const me = () => t.app.inject({ method: 'GET', url: '/api/consumers/me', headers: { cookie: consumer } });
const choose = (payload: unknown, cookie = consumer) =>
  t.app.inject({ method: 'PUT', url: '/api/consumers/me/language', headers: { cookie }, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  consumer = await logInAs(t.app, 'consumer');
});
afterAll(() => t.close());

describe('the consumer chooses a language and the choice is kept', () => {
  it('English by default; Krio once chosen, on every later "me"; back to English', async () => {
    expect((await me()).json().language).toBe('en');
    const chosen = await choose({ language: 'kri' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ language: 'kri' });
    expect((await me()).json().language).toBe('kri');
    // A new session reads the same choice: it is stored on the profile, not in the browser.
    const again = await logInAs(t.app, 'consumer');
    expect((await t.app.inject({ method: 'GET', url: '/api/consumers/me', headers: { cookie: again } })).json().language).toBe('kri');
    expect((await choose({ language: 'en' })).statusCode).toBe(200);
    expect((await me()).json().language).toBe('en');
  });

  it('an unknown language is refused under its field, and nothing changes', async () => {
    for (const body of [{ language: 'fr' }, { language: '' }, {}, { language: ['kri'] }]) {
      const refused = await choose(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
      expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual(['language']);
    }
    expect((await me()).json().language).toBe('en');
  });

  it('only the consumer may choose: a business is refused', async () => {
    const business = await logInAs(t.app, 'business');
    expect((await choose({ language: 'kri' }, business)).statusCode).toBe(403);
  });
});
