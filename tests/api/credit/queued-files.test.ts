import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { queryRows } from '../../../src/server/db/query';
import { loadConfig } from '../../../src/server/env';
import { applyClaimedFile } from '../../../src/server/modules/submissions/apply-file';
import { claimNextFile, runQueuedFiles } from '../../../src/server/modules/submissions/file-queue';
import { waitForSubmission } from '../../helpers/submissions';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { testLogger } from '../../helpers/test-log';
import { accountReport, createBusiness } from './credit-fixtures';

// Issue 18, "Queued files" (decisions/033): the POST answers 202 `queued` before anything is
// applied; a worker applies the files, a business's in order; a second instance or a restart takes
// up queued and half-done files; nothing is applied twice.

let t: TestApp;
let lender: { id: string; cookie: string };
let other: { id: string; cookie: string };

// This app's worker is off: the files stay queued until a test applies them.
beforeAll(async () => {
  t = await createTestApp({ config: { runSubmissionWorker: false } });
  lender = await createBusiness(t);
  other = await createBusiness(t);
});
afterAll(() => t.close());

/** A second server on the same database, its worker on (as another instance, or the same one restarted). */
async function secondInstance(): Promise<FastifyInstance> {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), runScheduledJobs: false };
  const app = await buildApp({ config, database: t.database, webDist: '/nonexistent-web-dist', logger: testLogger(config) });
  await app.ready();
  return app;
}

let counter = 0;
const row = (accountNumber: string, balance: string) => {
  counter++;
  return accountReport({
    subject: { nationalId: `QF${process.pid % 100_000}X${counter}`, phone: `+232 77 ${String(counter).padStart(6, '0')}` },
    account: { accountNumber, balance },
  });
};
const send = (cookie: string, rows: unknown[], headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/credit/submissions', headers: { cookie, ...headers }, payload: { rows } });
const statusOf = async (id: string, cookie = lender.cookie) =>
  (await t.app.inject({ method: 'GET', url: `/api/credit/submissions/${id}`, headers: { cookie } })).json();
const storedParts = async (id: string) =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM credit_submission_rows WHERE submission_id = ${id}::uuid`))[0].n;
const balanceOf = async (accountNumber: string) =>
  (await queryRows<{ balance: string }>(t.db, sql`SELECT balance::text FROM credit_accounts WHERE account_number = ${accountNumber}`)).map(
    // Stored in cents.
    (r) => Number(r.balance) / 100,
  );

describe('POST /api/credit/submissions queues the file', () => {
  it('answers 202 {id, status: queued} before anything is applied; the status says queued until a worker applies it', async () => {
    const res = await send(lender.cookie, [row('QF-ONE-1', '100'), { subject: {}, account: {} }]);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ id: expect.any(String), status: 'queued' });
    const id = res.json().id;
    // Stored as sent: nothing is in the registry yet, and the rows are checked when the file is applied.
    expect(await statusOf(id)).toMatchObject({ status: 'queued', total: 2, accepted: 0, rejected: 0, rejects: [], completedAt: null });
    expect(await balanceOf('QF-ONE-1')).toEqual([]);
    expect(await storedParts(id)).toBeGreaterThan(0);

    await runQueuedFiles(t.db);
    expect(await statusOf(id)).toMatchObject({ status: 'completed', total: 2, accepted: 1, rejected: 1, created: 1 });
    expect(await balanceOf('QF-ONE-1')).toEqual([100]);
    // Applied: the rows are not kept a second time.
    expect(await storedParts(id)).toBe(0);
  });

  it('replays the first 202 (queued, the same id) for the same Idempotency-Key, even after the file is applied', async () => {
    const rows = [row('QF-IDEM-1', '100')];
    const first = await send(lender.cookie, rows, { 'idempotency-key': `qf-${process.pid}` });
    expect(first.statusCode).toBe(202);
    await runQueuedFiles(t.db);
    const again = await send(lender.cookie, rows, { 'idempotency-key': `qf-${process.pid}` });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [files] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_submissions s JOIN credit_accounts a ON a.submission_id = s.id WHERE a.account_number = 'QF-IDEM-1'`,
    );
    expect(files.n).toBe(1);
  });
});

describe('the queue', () => {
  it("applies one business's files in the order they were sent: the second file waits for the first", async () => {
    const first = (await send(lender.cookie, [row('QF-ORDER-1', '100')])).json().id;
    const second = (await send(lender.cookie, [row('QF-ORDER-1', '200')])).json().id;
    const elsewhere = (await send(other.cookie, [row('QF-ORDER-OTHER', '300')])).json().id;
    // The first file is taken (as by a worker that is applying it): the business's second file is not
    // claimable meanwhile; another business's file is.
    const claim = await claimNextFile(t.db);
    expect(claim?.id).toBe(first);
    expect(await statusOf(first)).toMatchObject({ status: 'processing' });
    const next = await claimNextFile(t.db);
    // PGlite has one connection, so the first file's row lock cannot be held across these calls: a
    // `processing` file nobody holds is taken again (its worker is gone). It is never the second file.
    expect(next?.id).not.toBe(second);
    expect([first, elsewhere]).toContain(next?.id);
    // The stale first claim can no longer apply it (another claim is newer).
    expect(await applyClaimedFile(t.db, claim!)).toBeNull();
    await runQueuedFiles(t.db);
    const [a, b] = [await statusOf(first), await statusOf(second)];
    expect(a.status).toBe('completed');
    expect(b.status).toBe('completed');
    expect(new Date(a.completedAt).getTime()).toBeLessThanOrEqual(new Date(b.completedAt).getTime());
    // The later file's balance is the one left.
    expect(await balanceOf('QF-ORDER-1')).toEqual([200]);
    expect((await statusOf(elsewhere, other.cookie)).status).toBe('completed');
  });

  it('a second instance (or the server started again) applies queued files and a file left processing, each once', async () => {
    const half = (await send(other.cookie, [row('QF-RESUME-3', '100')])).json().id;
    // A worker took `half` and died before its transaction committed: `processing`, rows stored.
    expect((await claimNextFile(t.db))?.id).toBe(half);
    expect(await statusOf(half, other.cookie)).toMatchObject({ status: 'processing' });
    const queued = (await send(lender.cookie, [row('QF-RESUME-1', '100'), row('QF-RESUME-2', '100')])).json().id;
    expect(await statusOf(queued)).toMatchObject({ status: 'queued' });

    const instance = await secondInstance();
    try {
      const done = await waitForSubmission(instance, { cookie: lender.cookie }, queued);
      expect(done).toMatchObject({ status: 'completed', total: 2, accepted: 2, created: 2 });
      expect(await waitForSubmission(instance, { cookie: other.cookie }, half)).toMatchObject({ status: 'completed', accepted: 1 });
    } finally {
      await instance.close();
    }
    // No duplicates, no gaps: each account once.
    for (const n of ['QF-RESUME-1', 'QF-RESUME-2', 'QF-RESUME-3']) expect(await balanceOf(n)).toEqual([100]);
    expect(await storedParts(queued)).toBe(0);
    expect(await storedParts(half)).toBe(0);
  });

  it('fails a file that stopped its server three times, deletes its rows, and audits it as abandoned', async () => {
    const id = (await send(lender.cookie, [row('QF-POISON-1', '100')])).json().id;
    for (let attempt = 1; attempt <= 3; attempt++) expect(await claimNextFile(t.db)).toEqual({ id, attempt });
    await runQueuedFiles(t.db);
    expect(await statusOf(id)).toMatchObject({
      status: 'failed',
      accepted: 0,
      error: expect.stringMatching(/none of its rows were written/),
    });
    expect(await balanceOf('QF-POISON-1')).toEqual([]);
    expect(await storedParts(id)).toBe(0);
    const events = await queryRows<{ action: string; details: { reason?: string } }>(
      t.db,
      sql`SELECT action, details FROM audit_events WHERE target_type = 'credit_submission' AND target_id = ${id}`,
    );
    expect(events).toEqual([{ action: 'credit.submission_failed', details: expect.objectContaining({ reason: 'abandoned' }) }]);
  });
});

const adminUrl = process.env.DATABASE_URL;
describe.skipIf(!adminUrl)('on PostgreSQL, with a file being applied on another connection', () => {
  it("skips the locked file and never takes that business's next file; takes another business's", async () => {
    const first = (await send(lender.cookie, [row('QF-LOCK-1', '100')])).json().id;
    const second = (await send(lender.cookie, [row('QF-LOCK-2', '100')])).json().id;
    const elsewhere = (await send(other.cookie, [row('QF-LOCK-3', '100')])).json().id;
    const claim = await claimNextFile(t.db);
    expect(claim?.id).toBe(first);
    // Another worker's apply transaction holds the first file's row.
    const [{ url }] = await queryRows<{ url: string }>(t.db, sql`SELECT current_database() AS url`);
    const client = new pg.Client({ connectionString: Object.assign(new URL(adminUrl!), { pathname: `/${url}` }).toString() });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM credit_submissions WHERE id = $1 FOR UPDATE', [first]);
      const next = await claimNextFile(t.db);
      expect(next?.id).toBe(elsewhere);
      // `elsewhere` is now processing and unlocked (taken again); the second file never.
      expect((await claimNextFile(t.db))?.id).toBe(elsewhere);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
    await runQueuedFiles(t.db);
    for (const id of [first, second]) expect((await statusOf(id)).status).toBe('completed');
  });
});
