import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { queryRows } from '../../../src/server/db/query';
import { loadConfig, type AppConfig } from '../../../src/server/env';
import { failAbandonedSubmissions } from '../../../src/server/modules/submissions/service';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { testLogger } from '../../helpers/test-log';

// Issue "Operable from day one", item 7: a file marked failed after a crash got no
// `credit.submission_failed` event, though docs/security.md says every file gets one of the two.
// The reproduction: a server is killed (SIGKILL) while a monthly file is being applied; its
// transaction rolls back, and the file's row stays "processing". The next start (onReady) or the
// sender's status check marks it failed. Before the fix nothing was audited; now the event is
// written in the same transaction as the marking.

let t: TestApp;
let businessId: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await logInAs(t.app, 'business');
  [{ id: businessId }] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE username = 'demo-business'`);
});
afterAll(() => t.close());

/** What a server killed mid-file leaves behind: the file's row, still "processing", minutes old. */
async function fileLeftByAKilledServer(total = 10): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO credit_submissions (business_id, user_id, format, status, total, started_at)
        VALUES (${businessId}::uuid, ${businessId}::uuid, 'csv', 'processing', ${total}, now() - interval '5 minutes') RETURNING id`,
  );
  return row.id;
}

const eventsOf = (id: string) =>
  queryRows<{ action: string; actor_role: string | null; business_id: string | null; details: unknown }>(
    t.db,
    sql`SELECT action, actor_role, business_id, details FROM audit_events WHERE target_type = 'credit_submission' AND target_id = ${id} ORDER BY id`,
  );

const statusOf = async (id: string) =>
  (await queryRows<{ status: string }>(t.db, sql`SELECT status FROM credit_submissions WHERE id = ${id}::uuid`))[0].status;

describe('a monthly file abandoned by a killed server is audited when it is marked failed', () => {
  it('attack: a server killed mid-file, then restarted: the start-up check marks the file failed AND writes credit.submission_failed', async () => {
    const id = await fileLeftByAKilledServer(42);
    // A second server starting on the same database runs the abandoned-file check in onReady.
    const config: AppConfig = { ...loadConfig({ NODE_ENV: 'test' }), runScheduledJobs: false };
    const restarted = await buildApp({ config, database: t.database, webDist: '/nonexistent-web-dist', logger: testLogger(config) });
    await restarted.ready();
    await restarted.close();
    expect(await statusOf(id)).toBe('failed');
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'credit.submission_failed', actor_role: 'system', business_id: businessId });
    const details = typeof events[0].details === 'string' ? JSON.parse(events[0].details) : events[0].details;
    expect(details).toMatchObject({ format: 'csv', total: 42, reason: 'abandoned', senderUserId: businessId });
  });

  it('attack: the sender asks for the status of an abandoned file: it answers failed and the failure is audited once', async () => {
    const id = await fileLeftByAKilledServer();
    const response = await t.app.inject({ method: 'GET', url: `/api/credit/submissions/${id}`, headers: { cookie } });
    expect(response.json()).toMatchObject({ status: 'failed', accepted: 0 });
    // Asking again marks nothing again and audits nothing again.
    await t.app.inject({ method: 'GET', url: `/api/credit/submissions/${id}`, headers: { cookie } });
    expect(await failAbandonedSubmissions(t.db)).toBe(0);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['credit.submission_failed']);
  });

  it('the marking and its event are one transaction: when the event cannot be written, the file stays processing', async () => {
    const id = await fileLeftByAKilledServer();
    await t.db.execute(sql`CREATE FUNCTION refuse_failed_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.action = 'credit.submission_failed' THEN RAISE EXCEPTION 'simulated audit failure'; END IF; RETURN NEW; END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER refuse_failed_event BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION refuse_failed_event()`,
    );
    try {
      await expect(failAbandonedSubmissions(t.db, id)).rejects.toThrow();
      expect(await statusOf(id)).toBe('processing');
      expect(await eventsOf(id)).toEqual([]);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_failed_event ON audit_events`);
      await t.db.execute(sql`DROP FUNCTION refuse_failed_event()`);
    }
    expect(await failAbandonedSubmissions(t.db, id)).toBe(1);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['credit.submission_failed']);
  });

  it('passes over a file that is still being applied (locked by its live transaction) and audits nothing for it', async () => {
    const id = await fileLeftByAKilledServer();
    // Only PostgreSQL has a second connection to hold the lock from; PGlite runs one statement at a time.
    if (t.database.kind !== 'postgres') return;
    const client = await t.database.pool!.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT status FROM credit_submissions WHERE id = $1 FOR UPDATE', [id]);
      expect(await failAbandonedSubmissions(t.db, id)).toBe(0);
      expect(await eventsOf(id)).toEqual([]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await failAbandonedSubmissions(t.db, id)).toBe(1);
  });
});
