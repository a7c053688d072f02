import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerPayload } from '../helpers/fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function timeLogin(username: string): Promise<{ ms: number; status: number; body: string }> {
  const start = process.hrtime.bigint();
  const res = await t.app.inject({ method: 'POST', url: '/api/businesses/login', payload: { username, password: 'not-the-password' } });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode, body: res.body };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('account enumeration through sign-in', () => {
  it('answers an unknown user and a wrong password alike, in similar time', async () => {
    // Interleaved so machine noise hits both sides; only 8 wrong passwords, below the lockout.
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 8; i++) {
      const u = await timeLogin(`no-such-user-${i}`);
      const k = await timeLogin('demo-business');
      expect(u.status).toBe(k.status);
      expect(u.body).toBe(k.body);
      unknown.push(u.ms);
      known.push(k.ms);
    }
    // Both pay one argon2id verification; without the dummy hash the unknown side would be ~100x faster.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('answers registration with an existing email only after the form is valid (no cheap probe)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/businesses/register', payload: { email: 'info@demo-microfinance.sl' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('account enumeration through the lockout answer (decisions/021)', () => {
  const consumerLogin = async (username: string, password: string) => {
    const start = process.hrtime.bigint();
    const res = await t.app.inject({ method: 'POST', url: '/api/consumers/login', payload: { username, password } });
    return {
      ms: Number(process.hrtime.bigint() - start) / 1e6,
      status: res.statusCode,
      body: res.body,
      retryAfter: res.headers['retry-after'],
    };
  };

  it('attack: ten wrong passwords, then an eleventh try; a locked account and a NIN of no account get the same 429, body and retry-after, in similar time', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: consumerPayload({ nationalId: 'ENUMLOCK01', phone: '+23277111444' }),
    });
    expect(registered.statusCode).toBe(201);
    // Before: an account answered 429 "This account is locked" and a NIN of no account 401 for ever, so
    // ten guesses told whether a NIN had an account.
    for (let i = 0; i < 10; i++) {
      const known = await consumerLogin('ENUMLOCK01', 'bad-password');
      const unknown = await consumerLogin('ENUMNONE01', 'bad-password');
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toBe(known.body);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const k = await consumerLogin('ENUMLOCK01', 'Str0ng-pass');
      const u = await consumerLogin('ENUMNONE01', 'Str0ng-pass');
      expect(k.status).toBe(429);
      expect(u.status).toBe(429);
      expect(u.body).toBe(k.body);
      expect(JSON.parse(u.body).message).toMatch(/locked for 15 more minutes/);
      expect(u.retryAfter).toBe(k.retryAfter);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('the lockout of an identifier of no account is stored keyed, never as the identifier itself', async () => {
    const rows = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/login',
      payload: { username: 'ENUMNONE02', password: 'bad-password' },
    });
    expect(rows.statusCode).toBe(401);
    const stored = JSON.stringify(await t.db.execute(sql`SELECT * FROM sign_in_failures`));
    expect(stored).not.toContain('ENUMNONE02');
  });
});
