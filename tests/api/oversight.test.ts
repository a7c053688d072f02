import { sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { sealAllPendingEvents } from '../../src/server/modules/audit/seal';
import { scoreCompliance } from '../../src/server/modules/oversight/compliance';
import { scanForIncidents } from '../../src/server/modules/oversight/incidents';
import { csvCell as csvField } from '../../src/shared/csv';
import { consumerPayload } from '../helpers/fixtures';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string;
let regulator: string;
let business: string;
let consumer: string;
let businessId: string;
let disputeId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, 'system_admin');
  regulator = await logInAs(t.app, 'regulator');
  business = await logInAs(t.app, 'business');
  consumer = await logInAs(t.app, 'consumer');
  businessId = (await call('GET', '/api/businesses/me', business)).json().id;
  // A dispute of the demo consumer on an account of the demo business, its deadline already past.
  const [account] = await queryRows<{ id: string; business_id: string }>(
    t.db,
    sql`SELECT a.id, a.business_id FROM credit_accounts a
        JOIN credit_subject_identifiers i ON i.subject_id = a.subject_id AND i.type = 'nin' AND i.value = 'DEMO0001'
        WHERE a.business_id = ${businessId} ORDER BY a.opened_at LIMIT 1`,
  );
  const consumerId = (await call('GET', '/api/consumers/me', consumer)).json().id;
  const [dispute] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO disputes (reference, consumer_user_id, account_id, business_id, reason, statement, account_snapshot, filed_at, due_at)
        VALUES ('DSP-TEST-0001', ${consumerId}, ${account.id}, ${account.business_id}, 'not_mine', 'This loan is not mine.', '{}'::jsonb,
          now() - interval '40 days', now() - interval '10 days')
        RETURNING id`,
  );
  disputeId = dispute.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

describe('compliance per business', () => {
  it('flags a business with an overdue dispute and shows how its score was computed', async () => {
    const res = await call('GET', '/api/regulators/compliance', regulator);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.isDisputeDataAvailable).toBe(true);
    const demo = body.businesses.find((b: { businessId: string }) => b.businessId === businessId);
    expect(demo.disputes).toMatchObject({ open: 1, overdue: 1 });
    expect(demo.disputes.oldestOverdueDays).toBe(10);
    expect(demo.flags).toContain('1 overdue dispute');
    expect(demo.penalties).toContainEqual({ code: 'overdue_disputes', points: 10 });
    expect(demo.score).toBeLessThanOrEqual(90);

    const detail = (await call('GET', `/api/regulators/compliance/${businessId}`, regulator)).json();
    expect(detail.overdueDisputes).toEqual([expect.objectContaining({ id: disputeId, reference: 'DSP-TEST-0001', daysOverdue: 10 })]);
    // Administrators read compliance too; a business does not.
    expect((await call('GET', '/api/regulators/compliance', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/regulators/compliance', business)).statusCode).toBe(403);
  });

  it('counts rejected rows, searches without a report and reports whose purpose needs an account', async () => {
    await t.db
      .execute(sql`INSERT INTO credit_submissions (business_id, user_id, format, status, total, accepted, rejected, created_at, completed_at)
      VALUES (${businessId}, ${businessId}, 'json', 'completed', 200, 150, 50, now() - interval '20 days', now() - interval '20 days')`);
    const [subject] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM credit_subjects WHERE NOT EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = credit_subjects.id AND a.business_id = ${businessId}) LIMIT 1`,
    );
    // An "account review" report about someone the business lends nothing to.
    await t.db
      .execute(sql`INSERT INTO credit_inquiries (business_id, user_id, kind, purpose, subject_id, result_count, consent_given, created_at)
      VALUES (${businessId}, ${businessId}, 'report', 'account_review', ${subject.id}, 1, true, now() - interval '15 days')`);
    // Three searches with a hit, none followed by a report.
    for (let i = 0; i < 3; i++) {
      const [inq] = await queryRows<{ id: string }>(
        t.db,
        sql`INSERT INTO credit_inquiries (business_id, user_id, kind, purpose, result_count, created_at)
        VALUES (${businessId}, ${businessId}, 'search', 'credit_application', 1, now() - interval '12 days') RETURNING id`,
      );
      await t.db.execute(
        sql`INSERT INTO credit_inquiry_subjects (inquiry_id, subject_id, match_score) VALUES (${inq.id}, ${subject.id}, 90)`,
      );
    }
    const demo = (await call('GET', `/api/regulators/compliance/${businessId}`, regulator)).json().business;
    expect(demo.submissions).toMatchObject({ files: 1, rows: 200, rejectedRows: 50, rejectedRate: 0.25 });
    expect(demo.inquiries.purposeMismatches).toBe(1);
    expect(demo.inquiries.searchesWithoutReport).toBeGreaterThanOrEqual(3);
    expect(demo.flags).toEqual(
      expect.arrayContaining(['25% of monthly-file rows rejected', '1 report for an existing-account purpose without an account']),
    );
    expect(demo.penalties).toEqual(
      expect.arrayContaining([
        { code: 'rejected_rows', points: 20 },
        { code: 'purpose_mismatch', points: 5 },
      ]),
    );
  });

  it('scores by the published rules', () => {
    expect(
      scoreCompliance({
        overdueDisputes: 0,
        rejectedRate: 0,
        searchesWithoutReportRate: 0,
        searchesChecked: 0,
        purposeMismatches: 0,
        monthsLate: 0,
      }),
    ).toMatchObject({ score: 100, band: 'good', penalties: [] });
    const worst = scoreCompliance({
      overdueDisputes: 9,
      rejectedRate: 0.9,
      searchesWithoutReportRate: 1,
      searchesChecked: 50,
      purposeMismatches: 9,
      monthsLate: 9,
    });
    expect(worst.penalties.map((p) => p.points)).toEqual([40, 20, 15, 15, 10]);
    expect(worst).toMatchObject({ score: 0, band: 'concern' });
    expect(
      scoreCompliance({
        overdueDisputes: 1,
        rejectedRate: 0.05,
        searchesWithoutReportRate: 0.7,
        searchesChecked: 10,
        purposeMismatches: 0,
        monthsLate: 1,
      }),
    ).toMatchObject({ score: 100 - 10 - 5 - 10 - 5, band: 'watch' });
  });

  it('names bad periods', async () => {
    const res = await call('GET', '/api/regulators/compliance?from=2026-05-01&to=2026-01-01', regulator);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('to');
    expect((await call('GET', '/api/regulators/compliance?from=yesterday', regulator)).json().errors[0].field).toBe('from');
  });
});

describe('complaints and investigations', () => {
  let complaintId: string;
  let other: string;

  it('lets a consumer complain about their own dispute, and adds it to the dispute timeline', async () => {
    const res = await call('POST', '/api/consumers/me/complaints', consumer, {
      disputeId,
      subject: 'My dispute was never answered',
      description: 'I disputed a loan that is not mine forty days ago and nobody answered.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'received', disputeId });
    expect(res.json().reference).toMatch(/^CMP-\d{4}-[0-9A-F]{6}$/);
    complaintId = res.json().id;
    const [event] = await queryRows<{ kind: string; actor_role: string }>(
      t.db,
      sql`SELECT kind, actor_role FROM dispute_events WHERE dispute_id = ${disputeId} AND kind = 'complaint'`,
    );
    expect(event).toEqual({ kind: 'complaint', actor_role: 'consumer' });
    const short = await call('POST', '/api/consumers/me/complaints', consumer, { subject: 'Hi', description: 'short' });
    expect(short.json().errors.map((e: { field: string }) => e.field)).toEqual(['subject', 'description']);
  });

  it("does not let a consumer see another's complaint, or complain about another's dispute", async () => {
    await call('POST', '/api/consumers/register', undefined, consumerPayload({ nationalId: 'SLOTHER01', phone: '+232 77 900 001' }));
    other = await logInAs(t.app, 'consumer', 'SLOTHER01', 'Str0ng-pass');
    expect((await call('GET', `/api/consumers/me/complaints/${complaintId}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/consumers/me/complaints', other)).json().complaints).toEqual([]);
    const stolen = await call('POST', '/api/consumers/me/complaints', other, {
      disputeId,
      subject: 'Someone else’s dispute',
      description: 'Trying to attach a complaint to a dispute that is not mine.',
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors[0].field).toBe('disputeId');
    expect((await call('GET', `/api/consumers/me/complaints/${complaintId}`, consumer)).json().id).toBe(complaintId);
    expect((await call('GET', `/api/consumers/me/complaints/${complaintId}`, regulator)).statusCode).toBe(403);
  });

  it('lets a regulator open an investigation from the complaint, add notes and close it with an outcome the consumer sees', async () => {
    const complaints = (await call('GET', '/api/regulators/complaints', regulator)).json().complaints;
    expect(complaints[0]).toMatchObject({
      id: complaintId,
      consumerName: 'Aminata Kamara',
      businessId,
      businessName: 'Demo Microfinance Ltd',
    });
    const opened = await call('POST', '/api/regulators/investigations', regulator, {
      complaintId,
      title: 'Unanswered dispute DSP-TEST-0001',
      description: 'Dispute past its deadline.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().id;
    expect(opened.json()).toMatchObject({ status: 'open', businessId, complaint: { id: complaintId, status: 'under_investigation' } });
    expect((await call('GET', `/api/consumers/me/complaints/${complaintId}`, consumer)).json().status).toBe('under_investigation');

    const noted = await call('POST', `/api/regulators/investigations/${id}/notes`, regulator, {
      body: 'Wrote to the lender asking for its answer within 7 days.',
    });
    expect(noted.json().notes).toEqual([
      expect.objectContaining({ body: 'Wrote to the lender asking for its answer within 7 days.', author: 'Demo Regulator' }),
    ]);
    const noOutcome = await call('PATCH', `/api/regulators/investigations/${id}`, regulator, { status: 'closed' });
    expect(noOutcome.statusCode).toBe(400);
    expect(noOutcome.json().errors.map((e: { field: string }) => e.field)).toEqual(['outcome', 'outcomeNote']);
    const closed = await call('PATCH', `/api/regulators/investigations/${id}`, regulator, {
      status: 'closed',
      outcome: 'substantiated',
      outcomeNote: 'The lender missed the deadline; it has been directed to answer and warned.',
    });
    expect(closed.json()).toMatchObject({ status: 'closed', outcome: 'substantiated' });
    expect((await call('POST', `/api/regulators/investigations/${id}/notes`, regulator, { body: 'late note' })).statusCode).toBe(409);
    expect((await call('GET', `/api/consumers/me/complaints/${complaintId}`, consumer)).json()).toMatchObject({
      status: 'closed',
      outcomeSummary: 'The lender missed the deadline; it has been directed to answer and warned.',
    });
    const actions = (
      await queryRows<{ action: string }>(t.db, sql`SELECT action FROM audit_events WHERE target_id = ${id} ORDER BY id`)
    ).map((r) => r.action);
    expect(actions).toEqual(['regulator.investigation_opened', 'regulator.investigation_note_added', 'regulator.investigation_closed']);
    expect((await call('GET', '/api/regulators/investigations', regulator)).json().investigations[0]).toMatchObject({ id, noteCount: 1 });
  });
});

describe('regulators see data and never change registry records', () => {
  it('refuses every registry and administration write to a regulator', async () => {
    const writes = t.app.routeTable.filter(
      (r) =>
        r.method !== 'GET' &&
        r.roles !== null &&
        !r.roles.includes('regulator') &&
        (r.url.startsWith('/api/credit/') ||
          r.url.startsWith('/api/admin/') ||
          r.url.startsWith('/api/businesses/') ||
          r.url.startsWith('/api/consumers/')),
    );
    expect(writes.length).toBeGreaterThan(20);
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT (SELECT count(*) FROM credit_accounts) + (SELECT count(*) FROM credit_subjects) + (SELECT count(*) FROM credit_match_reviews) AS n`,
    );
    for (const route of writes) {
      const res = await call(route.method as Method, route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'), regulator, {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    const after = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT (SELECT count(*) FROM credit_accounts) + (SELECT count(*) FROM credit_subjects) + (SELECT count(*) FROM credit_match_reviews) AS n`,
    );
    expect(after).toEqual(before);
    // The regulator's own writes are investigations and their notes, their own password, and running
    // the score drift check (it stores a monitoring run, never a registry row: decisions/038).
    const regulatorWrites = t.app.routeTable
      .filter((r) => r.method !== 'GET' && r.roles?.includes('regulator') && !r.url.endsWith('/logout') && !r.url.endsWith('/login'))
      .map((r) => `${r.method} ${r.url}`);
    expect(regulatorWrites.sort()).toEqual([
      'PATCH /api/regulators/investigations/:id',
      'POST /api/regulators/investigations',
      'POST /api/regulators/investigations/:id/notes',
      'POST /api/regulators/me/password',
      'POST /api/scoring/drift/run',
    ]);
  });

  it('refuses a business on every regulator route', async () => {
    for (const route of t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/regulators/') && !r.url.endsWith('/login') && !r.url.endsWith('/logout'),
    )) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const expected = route.url === '/api/regulators/me' ? 401 : 403;
      expect(
        (await call(route.method as Method, url, business, route.method === 'GET' ? undefined : {})).statusCode,
        `${route.method} ${url}`,
      ).toBe(expected);
    }
  });

  it('gives the regulator the audit log read-only', async () => {
    expect((await call('GET', '/api/admin/audit/events?limit=5', regulator)).json().events).toHaveLength(5);
    expect((await call('GET', '/api/admin/audit/verify', regulator)).json().valid).toBe(true);
  });
});

describe('audit reports', () => {
  it('summarises a period as JSON, exports every event as CSV and the summary as PDF', async () => {
    await sealAllPendingEvents(t.db);
    const summary = await call('GET', `/api/regulators/audit-report?from=${monthAgo()}&to=${today()}`, regulator);
    expect(summary.statusCode, summary.body).toBe(200);
    const s = summary.json();
    expect(s.totalEvents).toBeGreaterThan(10);
    expect(s.verification).toMatchObject({ valid: true });
    expect(s.byAction.map((a: { action: string }) => a.action)).toContain('auth.login');

    const csv = await call('GET', `/api/regulators/audit-report?from=${monthAgo()}&to=${today()}&format=csv`, regulator);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="creditcheck-audit-\d{4}-\d\d-\d\d-to-.+\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,occurred_at,action,actor_role,actor_user_id,business_id,subject_id,target_type,target_id,ip,request_id,details,content_hash,seal_id',
    );
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_events WHERE occurred_at < now()`);
    expect(lines.length - 1).toBeGreaterThanOrEqual(n - 1);
    expect(csv.body).not.toContain('DEMO0001');

    const pdf = await call('GET', `/api/regulators/audit-report?from=${monthAgo()}&to=${today()}&format=pdf`, regulator);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Exporting is itself recorded.
    const [exported] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'regulator.audit_report_exported'`,
    );
    expect(exported.n).toBe(3);
    if (process.env.AUDIT_PDF_DIR) writeFileSync(join(process.env.AUDIT_PDF_DIR, 'audit-report.pdf'), pdf.rawPayload);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'ccsl-audit-pdf-'));
      writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
      execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', join(dir, 'r.pdf'), join(dir, 'page')]);
      expect(readdirSync(dir).some((f) => f.startsWith('page') && f.endsWith('.png'))).toBe(true);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  });

  it('keeps formulas out of the CSV', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvField(null)).toBe('');
  });

  it('reports an altered audit event, in the verification and in the report', async () => {
    await sealAllPendingEvents(t.db);
    const [target] = await queryRows<{ id: string; details: Record<string, unknown> }>(
      t.db,
      sql`SELECT id, details FROM audit_events WHERE action = 'regulator.investigation_closed' LIMIT 1`,
    );
    await t.db.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
    try {
      await t.db.execute(sql`UPDATE audit_events SET details = '{"outcome": "not_substantiated"}' WHERE id = ${target.id}`);
      const verify = (await call('GET', '/api/admin/audit/verify', admin)).json();
      expect(verify).toMatchObject({ valid: false, firstBadEventId: Number(target.id) });
      const report = (await call('GET', `/api/regulators/audit-report?from=${monthAgo()}&to=${today()}`, regulator)).json();
      expect(report.verification).toMatchObject({ valid: false, firstBadEventId: Number(target.id) });
      await t.db.execute(sql`UPDATE audit_events SET details = ${JSON.stringify(target.details)}::jsonb WHERE id = ${target.id}`);
    } finally {
      await t.db.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
    }
    expect((await call('GET', '/api/admin/audit/verify', admin)).json().valid).toBe(true);
  });
});

describe('security incidents', () => {
  it('derives lockouts, failed sign-in bursts and refused-access bursts from the audit log; acknowledge and resolve', async () => {
    await call('POST', '/api/consumers/register', undefined, consumerPayload({ nationalId: 'SLLOCK001', phone: '+232 77 900 002' }));
    for (let i = 0; i < 10; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/consumers/login',
        remoteAddress: '198.51.100.7',
        payload: { username: 'SLLOCK001', password: 'wrong-pass' },
      });
    for (let i = 0; i < 6; i++) await call('GET', '/api/admin/overview', business);
    const scan = await call('POST', '/api/admin/security/incidents/scan', admin);
    expect(scan.statusCode).toBe(200);
    expect(scan.json().opened).toBeGreaterThanOrEqual(3);
    const list = (await call('GET', '/api/admin/security/incidents?status=open', admin)).json();
    const kinds = list.incidents.map((i: { kind: string }) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(['account_lockout', 'failed_login_burst', 'access_denied_burst']));
    const burst = list.incidents.find((i: { kind: string }) => i.kind === 'failed_login_burst');
    expect(burst).toMatchObject({ ip: '198.51.100.7', eventCount: 10 });

    // Scanning again opens nothing new; more failures update the same burst.
    await t.app.inject({
      method: 'POST',
      url: '/api/consumers/login',
      remoteAddress: '198.51.100.7',
      payload: { username: 'nobody', password: 'wrong-pass' },
    });
    const again = await scanForIncidents(t.db);
    expect(again.opened).toBe(0);
    const updated = (await call('GET', '/api/admin/security/incidents?kind=failed_login_burst', admin))
      .json()
      .incidents.find((i: { id: string }) => i.id === burst.id);
    expect(updated.eventCount).toBe(11);

    const ack = await call('POST', `/api/admin/security/incidents/${burst.id}/acknowledge`, admin);
    expect(ack.json()).toMatchObject({ status: 'acknowledged', acknowledgedBy: 'Demo Administrator' });
    expect((await call('POST', `/api/admin/security/incidents/${burst.id}/resolve`, admin, {})).statusCode).toBe(400);
    const resolved = await call('POST', `/api/admin/security/incidents/${burst.id}/resolve`, admin, {
      note: 'Address blocked at the proxy',
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolutionNote: 'Address blocked at the proxy' });
    expect((await call('POST', `/api/admin/security/incidents/${burst.id}/acknowledge`, admin)).statusCode).toBe(409);

    // The regulator reads incidents, and cannot change them.
    expect((await call('GET', '/api/regulators/incidents', regulator)).json().counts.resolved).toBeGreaterThanOrEqual(1);
    expect((await call('POST', `/api/admin/security/incidents/${burst.id}/resolve`, regulator, { note: 'nope' })).statusCode).toBe(403);
  });

  it('opens a quota incident when a business has used all its reports this month', async () => {
    await t.db.execute(sql`UPDATE plans SET monthly_inquiry_quota = 1 WHERE code = 'professional'`);
    const [subject] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM credit_subjects LIMIT 1`);
    await t.db.execute(
      sql`INSERT INTO credit_inquiries (business_id, user_id, kind, purpose, subject_id, result_count, consent_given) VALUES (${businessId}, ${businessId}, 'report', 'credit_application', ${subject.id}, 1, true)`,
    );
    await scanForIncidents(t.db);
    const quota = (await call('GET', '/api/admin/security/incidents?kind=quota_exhausted', admin)).json().incidents;
    expect(quota[0]).toMatchObject({ businessId, severity: 'low' });
    expect(quota[0].summary).toMatch(/Demo Microfinance Ltd used all 1 reports/);
    await t.db.execute(sql`UPDATE plans SET monthly_inquiry_quota = 20 WHERE code = 'professional'`);
  });
});

describe('overview', () => {
  it('answers the regulator with figures from the database', async () => {
    const o = (await call('GET', '/api/regulators/overview', regulator)).json();
    expect(o.activeBusinesses).toBeGreaterThanOrEqual(1);
    expect(o.consumerRecords).toBeGreaterThan(0);
    expect(o.overdueDisputes).toBeGreaterThanOrEqual(1);
    expect(o.averageComplianceScore).not.toBeNull();
  });
});
