import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { recordAuditEvents } from '../../src/server/modules/audit/record';
import { sealAllPendingEvents, sealPendingEvents } from '../../src/server/modules/audit/seal';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, 'system_admin');
});
afterAll(() => t.close());

const verify = async (cookie = admin) =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: { cookie } })).json();
const events = async (query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/audit/events${query}`, headers: { cookie: admin } })).json().events as {
    id: number;
    action: string;
    details: Record<string, unknown>;
    actorRole: string;
  }[];
/** Tampering needs the append-only trigger out of the way, as an attacker with table rights would do. */
async function asTamperer(statement: ReturnType<typeof sql>) {
  await t.db.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
  try {
    await t.db.execute(statement);
  } finally {
    await t.db.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
  }
}

describe('events from sign-in', () => {
  it('records a sign-in, a failed sign-in and a logout, without the identifier typed', async () => {
    await t.app.inject({ method: 'POST', url: '/api/consumers/login', payload: { username: 'DEMO0001', password: 'wrong-password' } });
    const cookie = await logInAs(t.app, 'consumer');
    await t.app.inject({ method: 'POST', url: '/api/consumers/logout', headers: { cookie } });
    const list = await events('?limit=20');
    const actions = list.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'auth.login_failed', 'auth.logout']));
    const failed = list.find((e) => e.action === 'auth.login_failed')!;
    expect(failed.details).toEqual({ reason: 'wrong_password' });
    expect(JSON.stringify(list)).not.toContain('DEMO0001');
  });

  it('filters by action, matching its beginning: "auth.login" finds auth.login and auth.login_failed, and nothing else', async () => {
    const list = await events('?action=auth.login');
    expect(new Set(list.map((e) => e.action))).toEqual(new Set(['auth.login', 'auth.login_failed']));
    expect(new Set((await events('?action=auth.login_')).map((e) => e.action))).toEqual(new Set(['auth.login_failed']));
    // Wildcards of LIKE are plain characters: "auth%" and "auth_login" find nothing.
    expect(await events('?action=auth%25')).toEqual([]);
    expect(await events('?action=auth_login')).toEqual([]);
  });

  it('names a bad filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit/events?subjectId=nope', headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('subjectId');
  });
});

describe('GET /api/admin/audit/verify', () => {
  it('reports a valid log, sealed and unsealed events alike', async () => {
    await sealAllPendingEvents(t.db);
    await recordAuditEvents(t.db, [{ action: 'test.unsealed', details: { b: 2, a: [1, { y: 'x', x: 'y' }] } }]);
    const result = await verify();
    expect(result.valid).toBe(true);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_events`);
    expect(result.checked).toBe(n);
    expect(result.seals).toBeGreaterThan(0);
  });

  it('lets the regulator verify, and nobody else', async () => {
    expect((await verify(await logInAs(t.app, 'regulator'))).valid).toBe(true);
    for (const role of ['business', 'consumer'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: { cookie: await logInAs(t.app, role) } });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/events' })).statusCode).toBe(401);
  });

  it('refuses edits and deletions through the append-only trigger', async () => {
    await expect(t.db.execute(sql`UPDATE audit_events SET action = 'x' WHERE id = (SELECT min(id) FROM audit_events)`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM audit_events WHERE id = (SELECT min(id) FROM audit_events)`)).rejects.toThrow();
  });

  it('names the event when one sealed event is altered directly in the database', async () => {
    await sealAllPendingEvents(t.db);
    const [target] = await queryRows<{ id: string; ip: string | null }>(
      t.db,
      sql`SELECT id, ip FROM audit_events WHERE action = 'auth.login' ORDER BY id LIMIT 1`,
    );
    await asTamperer(sql`UPDATE audit_events SET ip = '203.0.113.9' WHERE id = ${target.id}`);
    const result = await verify();
    expect(result.valid).toBe(false);
    expect(result.firstBadEventId).toBe(Number(target.id));
    await asTamperer(sql`UPDATE audit_events SET ip = ${target.ip} WHERE id = ${target.id}`);
    expect((await verify()).valid).toBe(true);
  });

  it('detects an altered event that was not sealed yet', async () => {
    await recordAuditEvents(t.db, [{ action: 'test.pending', details: { amount: 5 } }]);
    const [target] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM audit_events WHERE action = 'test.pending'`);
    await asTamperer(sql`UPDATE audit_events SET details = '{"amount": 500}' WHERE id = ${target.id}`);
    const result = await verify();
    expect(result).toMatchObject({ valid: false, firstBadEventId: Number(target.id) });
    await asTamperer(sql`UPDATE audit_events SET details = '{"amount": 5}' WHERE id = ${target.id}`);
    expect((await verify()).valid).toBe(true);
  });

  it('detects a deleted sealed event', async () => {
    await recordAuditEvents(t.db, [{ action: 'test.doomed' }, { action: 'test.kept' }]);
    await sealAllPendingEvents(t.db);
    await asTamperer(sql`DELETE FROM audit_events WHERE action = 'test.doomed'`);
    const result = await verify();
    expect(result.valid).toBe(false);
    expect(result.problem).toMatch(/removed or moved/);
  });
});

describe('sealing', () => {
  it('seals in batches and catches events committed after a later id was sealed', async () => {
    const fresh = await import('../helpers/test-app').then((m) => m.createTestApp({ seed: false }));
    try {
      await recordAuditEvents(
        fresh.db,
        Array.from({ length: 12 }, (_, i) => ({ action: 'test.batch', details: { i } })),
      );
      expect((await sealPendingEvents(fresh.db, 5)).sealed).toBe(5);
      expect(await sealAllPendingEvents(fresh.db)).toBe(7);
      expect((await sealPendingEvents(fresh.db)).sealed).toBe(0);
      const result = await fresh.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: { cookie: 'x' } });
      expect(result.statusCode).toBe(401);
      const [{ seals }] = await queryRows<{ seals: number }>(fresh.db, sql`SELECT count(*)::int AS seals FROM audit_seals`);
      expect(seals).toBeGreaterThanOrEqual(2);
    } finally {
      await fresh.close();
    }
  });

  it('does not seal from two callers at once', async () => {
    await recordAuditEvents(
      t.db,
      Array.from({ length: 30 }, () => ({ action: 'test.race' })),
    );
    const results = await Promise.all([sealPendingEvents(t.db), sealPendingEvents(t.db), sealPendingEvents(t.db)]);
    const total = results.reduce((sum, r) => sum + r.sealed, 0);
    const [{ unsealed }] = await queryRows<{ unsealed: number }>(
      t.db,
      sql`SELECT count(*)::int AS unsealed FROM audit_events WHERE action = 'test.race' AND seal_id IS NULL`,
    );
    expect(unsealed).toBe(0);
    expect(total).toBeGreaterThanOrEqual(30);
  });
});

it('keeps the demo password out of the log', async () => {
  await t.app.inject({ method: 'POST', url: '/api/businesses/login', payload: { username: 'demo-business', password: DEMO_PASSWORD } });
  const rows = await queryRows<Record<string, unknown>>(t.db, sql`SELECT * FROM audit_events`);
  expect(JSON.stringify(rows)).not.toContain(DEMO_PASSWORD);
});
