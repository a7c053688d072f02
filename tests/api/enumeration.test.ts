import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
