// Issue "Every credit file protected": items 5 (providers), 6 (X-Forwarded-For), 8 (registration
// enumeration) and 11 (common passwords, Cache-Control, request ids), each as its reproduction.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { outboxBodyOf } from '../../src/server/modules/notifications/sms/sms-provider';
import { DEMO_ACCOUNTS } from '../../src/shared/demo';
import { COMMON_PASSWORD_MESSAGE } from '../../src/shared/schemas/common';
import { businessScreenPayload, consumerPayload } from '../helpers/fixtures';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  // As production runs by default now: TRUST_PROXY unset (trust no one), real limits.
  t = await createTestApp({ config: { loginRateLimit: 5, registrationRateLimit: 3 } });
  behindProxy = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
}, 120_000);
afterAll(async () => {
  await t.close();
  await behindProxy.close();
});

async function auditIps(app: TestApp, action: string): Promise<string[]> {
  const rows = await queryRows<{ ip: string | null }>(app.db, sql`SELECT ip FROM audit_events WHERE action = ${action} ORDER BY id`);
  return rows.map((r) => r.ip ?? '');
}

describe('X-Forwarded-For is believed only from the configured proxy (item 6)', () => {
  it('30 admin sign-in attempts from one address with 30 spoofed X-Forwarded-For addresses are limited, and the real address is audited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { username: DEMO_ACCOUNTS.system_admin.username, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const ips = await auditIps(t, 'auth.login_failed');
    expect(ips.length).toBeGreaterThan(0);
    expect(ips.every((ip) => ip === '127.0.0.1')).toBe(true);
  });

  it('behind a configured proxy, the client address comes from its X-Forwarded-For; from anyone else it is ignored', async () => {
    const viaProxy = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/regulators/login',
      headers: { 'x-forwarded-for': '203.0.113.7' },
      payload: { username: 'demo-regulator', password: 'wrong-password' },
    });
    expect(viaProxy.statusCode).toBe(401);
    const notTheProxy = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/regulators/login',
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': '203.0.113.8' },
      payload: { username: 'demo-regulator', password: 'wrong-password' },
    });
    expect(notTheProxy.statusCode).toBe(401);
    const ips = await auditIps(behindProxy, 'auth.login_failed');
    expect(ips).toContain('203.0.113.7');
    expect(ips).toContain('192.0.2.50');
    expect(ips).not.toContain('203.0.113.8');
  });
});

describe('registration cannot be used to test which NINs, emails and phones have accounts (item 8)', () => {
  it('40 registrations from one address in a row: the fourth and later get 429, and the refusals are audited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/consumers/register',
        payload: consumerPayload({ nationalId: `SLE${String(i).padStart(6, '0')}`, phone: `+232 77 ${String(100 + i)} 456` }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3).every((s) => s === 201 || s === 400 || s === 409)).toBe(true);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    const limited = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'registration.rate_limited'`,
    );
    expect(limited[0].n).toBeGreaterThanOrEqual(1);
  });

  it('a business registration whose email is taken answers the specification 409 and is audited', async () => {
    const first = businessScreenPayload();
    const ok = await behindProxy.app.inject({ method: 'POST', url: '/api/businesses/register', payload: first });
    expect(ok.statusCode).toBe(201);
    const again = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/businesses/register',
      payload: businessScreenPayload({ registrationNumber: 'SL-CAC-2024-9999', phone: '+232 76 555 999' }),
    });
    expect(again.statusCode).toBe(409);
    const refused = await queryRows<{ details: unknown }>(
      behindProxy.db,
      sql`SELECT details FROM audit_events WHERE action = 'business.registration_refused'`,
    );
    expect(refused.length).toBe(1);
  });
});

describe('commonly used and leaked passwords are refused (item 11)', () => {
  it.each(['password1', 'Passw0rd', 'qwerty123', 'iloveyou'])(
    'registration with %s is a 400 naming the password field',
    async (password) => {
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/businesses/register',
        payload: businessScreenPayload({ email: 'weak@traders.sl', password }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'password', message: COMMON_PASSWORD_MESSAGE });
    },
  );

  it('a password change to a common password is refused; a strong one is accepted', async () => {
    const cookie = await logInAs(behindProxy.app, 'regulator');
    const weak = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/regulators/me/password',
      headers: { cookie },
      payload: { currentPassword: 'CreditCheck-demo-1', newPassword: '12345678', confirmPassword: '12345678' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toEqual({ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE });
  });
});

describe('answers that carry personal or credit data are never cached (item 11)', () => {
  it.each([
    ['GET', '/api/consumers/me/report', 'consumer'],
    ['GET', '/api/businesses/me/dashboard', 'business'],
    ['GET', '/api/config', null],
  ] as const)('%s %s carries Cache-Control: no-store', async (method, url, role) => {
    const cookie = role ? await logInAs(behindProxy.app, role) : undefined;
    const res = await behindProxy.app.inject({ method, url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a refusal carries it too', async () => {
    const res = await behindProxy.app.inject({ method: 'POST', url: '/api/credit/reports', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('a client request id reaches the logs only when short and safe (item 11)', () => {
  it('an 8,000-character x-request-id is replaced by an id of our own in the audit log', async () => {
    const hostile = `x${'A'.repeat(7999)}`;
    await behindProxy.app.inject({
      method: 'POST',
      url: '/api/businesses/login',
      headers: { 'x-request-id': hostile },
      payload: { username: 'nobody-here', password: 'wrong-password' },
    });
    const ok = 'lender-req_2026.11:25-1';
    await behindProxy.app.inject({
      method: 'POST',
      url: '/api/businesses/login',
      headers: { 'x-request-id': ok },
      payload: { username: 'nobody-here', password: 'wrong-password' },
    });
    const rows = await queryRows<{ request_id: string | null }>(
      behindProxy.db,
      sql`SELECT request_id FROM audit_events WHERE action = 'auth.login_failed' ORDER BY id DESC LIMIT 2`,
    );
    expect(rows[0].request_id).toBe(ok);
    expect(rows[1].request_id).not.toContain('AAAA');
    expect(rows[1].request_id!.length).toBeLessThanOrEqual(64);
  });
});

describe('providers in production (item 5)', () => {
  it('/api/config says what is simulated, and the banner shows only outside demo mode', async () => {
    const demo = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(demo.json()).toMatchObject({ demoMode: true, sandbox: ['payments', 'sms'], showSandboxBanner: false });
    const staging = await createTestApp({ seed: false, config: { demoMode: false, isProduction: true, nodeEnv: 'production' } });
    try {
      const res = await staging.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json()).toMatchObject({ demoMode: false, sandbox: ['payments', 'sms'], showSandboxBanner: true });
    } finally {
      await staging.close();
    }
  });

  it('a real provider never keeps a one-time code in plain text in its outbox record; the sandbox, whose outbox is its delivery, does', () => {
    const message = {
      to: '+23276000001',
      body: 'Your CreditCheck SL code is 482193. It expires in 10 minutes.',
      purpose: 'identity_code',
      secret: '482193',
    };
    expect(outboxBodyOf(message, 'an-aggregator')).toBe('Your CreditCheck SL code is ••••••. It expires in 10 minutes.');
    expect(outboxBodyOf(message, 'sandbox')).toContain('482193');
  });
});
