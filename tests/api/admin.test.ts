import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../../src/server/db/backup/backup';
import { queryRows } from '../../src/server/db/query';
import { hashPassword } from '../../src/server/modules/accounts/passwords';
import { isBusinessInGoodStanding } from '../../src/server/modules/businesses/admin-review';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { startFakeSmtp } from '../helpers/fake-smtp';
import { createTestApp, logInAs, sessionCookieOf, type TestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';
import { readableJpeg, readablePdf, readablePng } from '../helpers/documents';

let t: TestApp;
let admin: string;
let regulator: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, 'system_admin');
  regulator = await logInAs(t.app, 'regulator');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const upload = (cookie: string, kind: string, fileName: string, data: Buffer, contentType = 'application/pdf') =>
  t.app.inject({
    method: 'POST',
    url: `/api/businesses/me/documents?kind=${kind}&fileName=${encodeURIComponent(fileName)}`,
    headers: { cookie, 'content-type': contentType },
    payload: data,
  });
const lastEvent = async (action: string) =>
  (
    await queryRows<{ target_id: string; details: Record<string, unknown>; actor_role: string }>(
      t.db,
      sql`SELECT target_id, details, actor_role FROM audit_events WHERE action = ${action} ORDER BY id DESC LIMIT 1`,
    )
  )[0];

const PDF = readablePdf('admin test');
const PNG = readablePng(77);
const JPEG = readableJpeg(150);

let counter = 0;
/** Registers a business through the registration screen's payload; it starts pending. */
async function registerBusiness() {
  counter += 1;
  const email = `owner${counter}-${process.pid}@newlender.sl`;
  const res = await call('POST', '/api/businesses/register', undefined, {
    businessName: `New Lender ${counter} Ltd`,
    businessType: 'financial',
    registrationNumber: `SL-CAC-2026-${5000 + counter}`,
    taxId: `TIN-77${counter}`,
    address: '3 Lightfoot Boston Street, Freetown',
    contactName: 'Hawa Jalloh',
    contactPosition: 'Director',
    phone: `+232 79 ${String(200 + counter).padStart(3, '0')} ${String(300 + counter).padStart(3, '0')}`,
    email,
    password: 'Str0ng-pass-1',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  return { id, email, cookie: await logInAs(t.app, 'business', email, 'Str0ng-pass-1') };
}

const search = (cookie: string) => call('POST', '/api/credit/search', cookie, { purpose: 'credit_application', nationalId: 'DEMO0001' });

describe('registration documents', () => {
  it('accepts PDF, PNG and JPEG by their content, lists them to their business only, and refuses other files', async () => {
    const b = await registerBusiness();
    const other = await registerBusiness();
    const pdf = await upload(b.cookie, 'registration', 'certificate.PDF', PDF);
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({
      kind: 'registration',
      contentType: 'application/pdf',
      fileName: 'certificate.pdf',
      sizeBytes: PDF.length,
    });
    // The declared type does not matter: a PNG sent as octet-stream is a PNG.
    expect((await upload(b.cookie, 'tax', 'tin.bin', PNG, 'application/octet-stream')).json().contentType).toBe('image/png');
    expect((await upload(b.cookie, 'supporting', '../../etc/passwd.jpg', JPEG, 'image/jpeg')).json()).toMatchObject({
      contentType: 'image/jpeg',
      fileName: 'passwd.jpg',
    });

    const script = await upload(b.cookie, 'supporting', 'invoice.pdf', Buffer.from('<script>alert(1)</script>'));
    expect(script.statusCode).toBe(400);
    expect(script.json().errors[0]).toMatchObject({ field: 'file' });
    expect((await upload(b.cookie, 'supporting', 'again.pdf', PDF)).statusCode).toBe(409);
    expect((await upload(b.cookie, 'passport', 'x.pdf', PDF)).statusCode).toBe(400);
    const json = await call('POST', '/api/businesses/me/documents?kind=tax&fileName=a.pdf', b.cookie, { file: 'JVBERi0=' });
    expect(json.statusCode).toBe(400);

    const list = (await call('GET', '/api/businesses/me/documents', b.cookie)).json();
    expect(list.documents).toHaveLength(3);
    expect(list.verificationStatus).toBe('pending');
    expect((await call('GET', '/api/businesses/me/documents', other.cookie)).json().documents).toEqual([]);

    const own = await call('GET', `/api/businesses/me/documents/${pdf.json().id}`, b.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe('attachment; filename="certificate.pdf"');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    // Another business's document is unknown to it.
    expect((await call('GET', `/api/businesses/me/documents/${pdf.json().id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/businesses/me/documents/${pdf.json().id}`, other.cookie)).statusCode).toBe(404);

    const byAdmin = await call('GET', `/api/admin/businesses/${b.id}/documents/${pdf.json().id}`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', `/api/admin/businesses/${other.id}/documents/${pdf.json().id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/businesses/${b.id}/documents/${pdf.json().id}`, regulator)).statusCode).toBe(403);

    const removed = await call(
      'DELETE',
      `/api/businesses/me/documents/${list.documents.find((d: { kind: string }) => d.kind === 'supporting').id}`,
      b.cookie,
    );
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', '/api/businesses/me/documents', b.cookie)).json().documents).toHaveLength(2);
    expect((await lastEvent('business.document_deleted')).details).toMatchObject({ kind: 'supporting' });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const b = await registerBusiness();
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(b.cookie, 'registration', 'big.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBeTruthy();
  });

  it('keeps the bytes in the database, not on disk, and a backup restores them exactly', async () => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM business_documents WHERE octet_length(data) = size_bytes`,
    );
    expect(row.n).toBeGreaterThan(0);
    const folder = mkdtempSync(join(tmpdir(), 'ccsl-documents-backup-'));
    const target = await openTestDatabase();
    try {
      await writeBackup(t.db, join(folder, 'b.jsonl.gz'));
      await restoreBackup(target.db, join(folder, 'b.jsonl.gz'));
      const digest = sql`SELECT id, encode(sha256(data), 'hex') AS digest, sha256 FROM business_documents ORDER BY id`;
      const [before, after] = [
        await queryRows<{ digest: string; sha256: string }>(t.db, digest),
        await queryRows<{ digest: string; sha256: string }>(target.db, digest),
      ];
      expect(after).toEqual(before);
      expect(after.every((d) => d.digest === d.sha256)).toBe(true);
    } finally {
      await target.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('verifying businesses', () => {
  it('lets a newly registered business search once an administrator has verified it', async () => {
    const b = await registerBusiness();
    expect((await search(b.cookie)).statusCode).toBe(403);
    const listed = (await call('GET', '/api/admin/businesses?status=pending', admin)).json().businesses;
    expect(listed.find((x: { id: string }) => x.id === b.id)).toMatchObject({ verificationStatus: 'pending', documentCount: 0 });

    // Not before its documents are in.
    const early = await call('POST', `/api/admin/businesses/${b.id}/verify`, admin, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/registration certificate and tax identification/);
    await upload(b.cookie, 'registration', 'cert.pdf', PDF);
    await upload(b.cookie, 'tax', 'tin.png', PNG, 'image/png');

    const detail = (await call('GET', `/api/admin/businesses/${b.id}`, admin)).json();
    expect(detail.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['registration', 'tax']);
    const verified = await call('POST', `/api/admin/businesses/${b.id}/verify`, admin, {
      note: 'Certificate and TIN checked against the CAC register',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().business).toMatchObject({ verificationStatus: 'verified' });
    expect(verified.json().business.verifiedAt).toBeTruthy();

    const found = await search(b.cookie);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().candidates.length).toBeGreaterThan(0);
    expect(await lastEvent('admin.business_verified')).toMatchObject({
      target_id: b.id,
      actor_role: 'system_admin',
      details: { from: 'pending', to: 'verified' },
    });
    // Verifying twice is a conflict that names the status.
    expect((await call('POST', `/api/admin/businesses/${b.id}/verify`, admin, {})).statusCode).toBe(409);
  });

  it('rejects with a reason the business sees, and a new upload puts it back in the queue', async () => {
    const b = await registerBusiness();
    const noReason = await call('POST', `/api/admin/businesses/${b.id}/reject`, admin, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].field).toBe('reason');
    const rejected = await call('POST', `/api/admin/businesses/${b.id}/reject`, admin, { reason: 'The certificate is unreadable' });
    expect(rejected.statusCode).toBe(200);
    const own = (await call('GET', '/api/businesses/me/documents', b.cookie)).json();
    expect(own).toMatchObject({ verificationStatus: 'rejected', verificationNote: 'The certificate is unreadable' });
    expect((await search(b.cookie)).json().message).toMatch(/rejected/);
    await upload(b.cookie, 'registration', 'clear-cert.pdf', Buffer.concat([PDF, Buffer.from('v2')]));
    expect((await call('GET', '/api/businesses/me/documents', b.cookie)).json().verificationStatus).toBe('pending');
  });

  it('suspends a business: its sessions end, it cannot sign in, and its standing check fails; reinstating restores it', async () => {
    const b = await registerBusiness();
    await upload(b.cookie, 'registration', 'c.pdf', PDF);
    await upload(b.cookie, 'tax', 't.jpg', JPEG, 'image/jpeg');
    await call('POST', `/api/admin/businesses/${b.id}/verify`, admin, {});
    expect(await isBusinessInGoodStanding(t.db, b.id)).toBe(true);

    // A team member of the business, signed in.
    const [member] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO users (role, username, email, password_hash) VALUES ('business', ${`member-${b.id.slice(0, 8)}`}, ${`member-${b.id.slice(0, 8)}@newlender.sl`}, ${await hashPassword('Member-pass-1')}) RETURNING id`,
    );
    await t.db.execute(sql`INSERT INTO business_members (user_id, business_id, full_name) VALUES (${member.id}, ${b.id}, 'Team Member')`);
    const memberCookie = await logInAs(t.app, 'business', `member-${b.id.slice(0, 8)}`, 'Member-pass-1');
    expect((await call('GET', '/api/businesses/me', memberCookie)).statusCode).toBe(200);

    expect((await call('POST', `/api/admin/businesses/${b.id}/suspend`, admin, { reason: 'x' })).statusCode).toBe(400);
    const suspended = await call('POST', `/api/admin/businesses/${b.id}/suspend`, admin, {
      reason: 'Searches without consent under investigation',
    });
    expect(suspended.statusCode).toBe(200);
    expect((await call('GET', '/api/businesses/me', b.cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/businesses/me', memberCookie)).statusCode).toBe(401);
    const login = await call('POST', '/api/businesses/login', undefined, { username: b.email, password: 'Str0ng-pass-1' });
    expect(login.statusCode).toBe(403);
    expect(await isBusinessInGoodStanding(t.db, b.id)).toBe(false);
    expect((await lastEvent('admin.business_suspended')).details).toMatchObject({
      from: 'verified',
      to: 'suspended',
      note: 'Searches without consent under investigation',
    });

    expect((await call('POST', `/api/admin/businesses/${b.id}/reinstate`, admin, {})).json().business.verificationStatus).toBe('verified');
    const again = await logInAs(t.app, 'business', b.email, 'Str0ng-pass-1');
    expect((await search(again)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/businesses/${b.id}/reinstate`, admin, {})).statusCode).toBe(409);
  });

  it('answers 404 for an unknown business and 400 for a bad id', async () => {
    expect((await call('POST', '/api/admin/businesses/00000000-0000-4000-8000-000000000000/verify', admin, {})).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/businesses/nope/verify', admin, {})).statusCode).toBe(400);
  });
});

describe('accounts', () => {
  it('lists consumers with a masked NIN and finds one by the full NIN only', async () => {
    const all = (await call('GET', '/api/admin/users?role=consumer', admin)).json().users;
    const demo = all.find((u: { name: string }) => u.name === 'Aminata Kamara');
    expect(demo.identifier).toBe('****0001');
    expect(JSON.stringify(all)).not.toContain('DEMO0001');
    expect((await call('GET', '/api/admin/users?q=DEMO0001', admin)).json().users.map((u: { id: string }) => u.id)).toEqual([demo.id]);
    expect((await call('GET', '/api/admin/users?q=DEMO00', admin)).json().users).toEqual([]);
  });

  it('unlocks a locked consumer, disables (ending sessions) and enables', async () => {
    const consumer = await logInAs(t.app, 'consumer');
    for (let i = 0; i < 10; i++)
      await call('POST', '/api/consumers/login', undefined, { username: 'DEMO0001', password: 'wrong-password' });
    expect((await call('POST', '/api/consumers/login', undefined, { username: 'DEMO0001', password: DEMO_PASSWORD })).statusCode).toBe(429);
    const locked = (await call('GET', '/api/admin/users?status=locked', admin)).json().users;
    const target = locked.find((u: { name: string }) => u.name === 'Aminata Kamara');
    expect(target).toMatchObject({ isLocked: true });

    const unlocked = await call('POST', `/api/admin/users/${target.id}/unlock`, admin);
    expect(unlocked.json().user).toMatchObject({ isLocked: false, failedLoginCount: 0 });
    expect((await call('POST', '/api/consumers/login', undefined, { username: 'DEMO0001', password: DEMO_PASSWORD })).statusCode).toBe(200);

    expect((await call('GET', '/api/consumers/me', consumer)).statusCode).toBe(200);
    const disabled = await call('POST', `/api/admin/users/${target.id}/disable`, admin);
    expect(disabled.json().user.status).toBe('disabled');
    expect((await call('GET', '/api/consumers/me', consumer)).statusCode).toBe(401);
    expect((await call('POST', '/api/consumers/login', undefined, { username: 'DEMO0001', password: DEMO_PASSWORD })).statusCode).toBe(403);
    await call('POST', `/api/admin/users/${target.id}/enable`, admin);
    expect((await call('POST', '/api/consumers/login', undefined, { username: 'DEMO0001', password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await lastEvent('admin.user_disabled')).target_id).toBe(target.id);
    expect((await lastEvent('admin.user_unlocked')).details).toMatchObject({ role: 'consumer', wasLocked: true });
  });

  it('does not let an administrator disable their own account', async () => {
    const me = (await call('GET', '/api/admin/me', admin)).json();
    const res = await call('POST', `/api/admin/users/${me.id}/disable`, admin);
    expect(res.statusCode).toBe(409);
  });
});

describe('invitations', () => {
  it('in demo mode shows a one-time link valid 72 hours; the token is stored hashed; the invitee sets a password once', async () => {
    const created = await call('POST', '/api/admin/invitations', admin, { role: 'regulator', email: 'Analyst@BSL.gov.sl' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ role: 'regulator', email: 'analyst@bsl.gov.sl', status: 'pending', delivery: 'link' });
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    const token = body.link.split('/invite/')[1] as string;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await queryRows<Record<string, unknown>>(t.db, sql`SELECT * FROM staff_invitations`);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await call('GET', `/api/invitations/${token}`)).json()).toMatchObject({ role: 'regulator', email: 'analyst@bsl.gov.sl' });
    const mismatch = await call('POST', `/api/invitations/${token}/accept`, undefined, {
      fullName: 'Fatu Koroma',
      username: 'fkoroma',
      password: 'Regulat0r-pass',
      confirmPassword: 'other-pass',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0]).toMatchObject({ field: 'confirmPassword', message: 'Passwords do not match' });
    const taken = await call('POST', `/api/invitations/${token}/accept`, undefined, {
      fullName: 'Fatu Koroma',
      username: 'demo-regulator',
      password: 'Regulat0r-pass',
      confirmPassword: 'Regulat0r-pass',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('username');

    const accepted = await call('POST', `/api/invitations/${token}/accept`, undefined, {
      fullName: 'Fatu Koroma',
      username: 'FKoroma',
      password: 'Regulat0r-pass',
      confirmPassword: 'Regulat0r-pass',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const cookie = await logInAs(t.app, 'regulator', 'fkoroma', 'Regulat0r-pass');
    expect((await call('GET', '/api/regulators/me', cookie)).json()).toMatchObject({
      fullName: 'Fatu Koroma',
      email: 'analyst@bsl.gov.sl',
    });

    // One time only.
    expect((await call('GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect(
      (
        await call('POST', `/api/invitations/${token}/accept`, undefined, {
          fullName: 'X Y',
          username: 'another',
          password: 'Regulat0r-pass',
          confirmPassword: 'Regulat0r-pass',
        })
      ).statusCode,
    ).toBe(404);
    const list = (await call('GET', '/api/admin/invitations', admin)).json().invitations;
    expect(list.find((i: { id: string }) => i.id === body.id).status).toBe('accepted');
    expect((await call('POST', '/api/admin/invitations', admin, { role: 'regulator', email: 'analyst@bsl.gov.sl' })).statusCode).toBe(409);
  });

  it('refuses an expired or revoked link', async () => {
    const first = (await call('POST', '/api/admin/invitations', admin, { role: 'system_admin', email: 'ops@creditcheck.sl' })).json();
    const firstToken = first.link.split('/invite/')[1];
    // Inviting the same address again replaces the earlier link.
    const second = (await call('POST', '/api/admin/invitations', admin, { role: 'system_admin', email: 'ops@creditcheck.sl' })).json();
    expect((await call('GET', `/api/invitations/${firstToken}`)).statusCode).toBe(404);
    const secondToken = second.link.split('/invite/')[1];
    await t.db.execute(sql`UPDATE staff_invitations SET expires_at = now() - interval '1 minute' WHERE id = ${second.id}`);
    expect((await call('GET', `/api/invitations/${secondToken}`)).json().message).toMatch(/expired/);
    const third = (await call('POST', '/api/admin/invitations', admin, { role: 'system_admin', email: 'ops2@creditcheck.sl' })).json();
    expect((await call('POST', `/api/admin/invitations/${third.id}/revoke`, admin)).json().status).toBe('revoked');
    expect((await call('GET', `/api/invitations/${third.link.split('/invite/')[1]}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/invitations', admin, { role: 'business', email: 'a@b.sl' })).statusCode).toBe(400);
    expect((await call('GET', '/api/invitations/short')).statusCode).toBe(400);
  });

  it('sends the link by SMTP when SMTP_URL is set, and does not show it outside demo mode', async () => {
    const smtp = await startFakeSmtp();
    const mailing = await createTestApp({ config: { smtpUrl: smtp.url, demoMode: false, publicUrl: 'https://creditcheck.sl' } });
    try {
      const cookie = await logInAs(mailing.app, 'system_admin');
      const res = await mailing.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: { cookie },
        payload: { role: 'system_admin', email: 'newadmin@creditcheck.sl' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ delivery: 'email' });
      expect(res.json().link).toBeUndefined();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to[0]).toContain('newadmin@creditcheck.sl');
      const text = smtp.received[0].data.replace(/=\r\n/g, '');
      const link = /https:\/\/creditcheck\.sl\/invite\/[A-Za-z0-9_-]+/.exec(text)?.[0];
      expect(link).toBeTruthy();
      const info = await mailing.app.inject({ method: 'GET', url: `/api/invitations/${link!.split('/invite/')[1]}` });
      expect(info.json()).toMatchObject({ role: 'system_admin', email: 'newadmin@creditcheck.sl' });
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});

describe('settings, plans, content and help', () => {
  it('changes the exchange rate and dispute deadline, with validation and an audit event', async () => {
    const bad = await call('PUT', '/api/admin/settings', admin, { exchangeRateSlePerUsd: 'abc', disputeDeadlineDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['disputeDeadlineDays', 'exchangeRateSlePerUsd']);
    const ok = await call('PUT', '/api/admin/settings', admin, { exchangeRateSlePerUsd: '23.15', disputeDeadlineDays: 21 });
    expect(ok.json()).toMatchObject({ exchangeRateSlePerUsd: '23.15', disputeDeadlineDays: 21 });
    expect((await call('GET', '/api/plans')).json().exchangeRateSlePerUsd).toBe('23.15');
    expect((await lastEvent('admin.settings_changed')).details).toMatchObject({ changes: { dispute_deadline_days: { from: 30, to: 21 } } });
  });

  it('changes a plan price and quota, which the public catalogue then shows', async () => {
    const res = await call('PUT', '/api/admin/plans/professional', admin, { priceUsd: '275.50', monthlyInquiryQuota: 25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ priceUsdCents: 27550, monthlyInquiryQuota: 25 });
    const pub = (await call('GET', '/api/plans')).json().plans.find((p: { code: string }) => p.code === 'professional');
    expect(pub).toMatchObject({ priceUsdCents: 27550, monthlyInquiryQuota: 25 });
    expect((await call('PUT', '/api/admin/plans/professional', admin, { priceUsd: '12.345' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/plans/unknown', admin, { monthlyInquiryQuota: 5 })).statusCode).toBe(404);
  });

  it("sets the landing page's managed text, and clearing it restores the default", async () => {
    const res = await call('PUT', '/api/admin/content', admin, {
      section: 'hero',
      key: 'main_headline',
      content: 'Credit you can check, in Salone',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/cms/content?section=hero')).json()).toContainEqual({
      key: 'main_headline',
      content: 'Credit you can check, in Salone',
    });
    expect(
      (await call('PUT', '/api/admin/content', admin, { section: 'hero', key: 'ai_scoring_title', content: 'x' })).json().errors[0].field,
    ).toBe('key');
    await call('PUT', '/api/admin/content', admin, { section: 'hero', key: 'main_headline', content: '' });
    expect(
      (await call('GET', '/api/cms/content?section=hero')).json().find((i: { key: string }) => i.key === 'main_headline'),
    ).toBeUndefined();
  });

  it('creates a help article as a draft, edits, publishes and unpublishes it', async () => {
    const article = {
      title: 'Reading the audit report',
      content: 'The audit report lists every event of a period.',
      category: 'features',
      difficulty: 'intermediate',
      estimatedTime: 4,
      version: '1.0',
      author: 'CreditCheck SL',
      tags: ['audit', 'regulator'],
      isFeatured: false,
    };
    const created = await call('POST', '/api/admin/help', admin, article);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const isPublic = async () => (await call('GET', '/api/help-content')).json().some((h: { id: number }) => h.id === id);
    expect(await isPublic()).toBe(false);
    expect((await call('PUT', `/api/admin/help/${id}`, admin, { ...article, version: '1.1' })).json().version).toBe('1.1');
    await call('POST', `/api/admin/help/${id}/publish`, admin);
    expect(await isPublic()).toBe(true);
    await call('POST', `/api/admin/help/${id}/unpublish`, admin);
    expect(await isPublic()).toBe(false);
    expect((await call('POST', '/api/admin/help', admin, { ...article, title: '' })).json().errors[0].field).toBe('title');
    expect((await call('POST', '/api/admin/help/999999/publish', admin)).statusCode).toBe(404);
  });
});

describe('overview', () => {
  it('answers figures from the database', async () => {
    const o = (await call('GET', '/api/admin/overview', admin)).json();
    expect(o.users.consumers).toBeGreaterThanOrEqual(1);
    expect(o.businesses.verified).toBeGreaterThanOrEqual(1);
    expect(o.audit.events).toBeGreaterThan(0);
    expect(o.recentActivity.length).toBeGreaterThan(0);
  });
});

describe('who may use administration', () => {
  it('refuses businesses, consumers and regulators on every admin route, and visitors too', async () => {
    const business = await logInAs(t.app, 'business');
    const consumer = await logInAs(t.app, 'consumer');
    const routes = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/admin/') &&
        !r.url.startsWith('/api/admin/audit/') &&
        r.url !== '/api/admin/login' &&
        r.url !== '/api/admin/logout',
    );
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const method = route.method as Method;
      const withBody = method === 'GET' ? undefined : {};
      expect((await call(method, url, undefined, withBody)).statusCode, `${method} ${url} visitor`).toBe(401);
      for (const [who, cookie] of [
        ['business', business],
        ['consumer', consumer],
        ['regulator', regulator],
      ] as const) {
        const expected = route.url === '/api/admin/me' ? 401 : 403;
        expect((await call(method, url, cookie, withBody)).statusCode, `${method} ${url} ${who}`).toBe(expected);
      }
    }
  });

  it('records a refused request by a signed-in user as access.denied', async () => {
    const business = await logInAs(t.app, 'business');
    await call('GET', '/api/admin/overview', business);
    const event = await lastEvent('access.denied');
    expect(event).toMatchObject({ actor_role: 'business', target_id: 'GET /api/admin/overview' });
  });
});

it('never lets a session cookie of a disabled administrator act', async () => {
  const invite = (await call('POST', '/api/admin/invitations', admin, { role: 'system_admin', email: 'second@creditcheck.sl' })).json();
  await call('POST', `/api/invitations/${invite.link.split('/invite/')[1]}/accept`, undefined, {
    fullName: 'Second Admin',
    username: 'second-admin',
    password: 'Adm1n-pass-22',
    confirmPassword: 'Adm1n-pass-22',
  });
  const login = await call('POST', '/api/admin/login', undefined, { username: 'second-admin', password: 'Adm1n-pass-22' });
  const second = sessionCookieOf(login);
  const secondId = (await call('GET', '/api/admin/me', second)).json().id;
  await call('POST', `/api/admin/users/${secondId}/disable`, admin);
  expect((await call('GET', '/api/admin/overview', second)).statusCode).toBe(401);
});
