import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { hasActiveConsent } from '../../../src/server/modules/credit-file/consents';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { createBusiness } from '../credit/credit-fixtures';
import { registryPeople, verifiedConsumer, type RegistryPerson } from './consumer-fixtures';

let t: TestApp;
let consumer: string;
let business: string;
let demoBusinessId: string;
let demoSubjectId: string;
let stranger: { cookie: string };
let strangerPerson: RegistryPerson;

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
const del = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({ method: 'DELETE', url, headers: { cookie }, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  consumer = await logInAs(t.app, 'consumer');
  business = await logInAs(t.app, 'business');
  demoBusinessId = (await get('/api/businesses/me', business)).json().id;
  demoSubjectId = (await get('/api/consumers/me/report', consumer)).json().report.subject.subjectId;
  [strangerPerson] = await registryPeople(t, 1);
  stranger = await verifiedConsumer(t, strangerPerson);
});
afterAll(() => t.close());

describe('consents', () => {
  let consentId: string;

  it('grants a consent to a verified business for a purpose, with an expiry', async () => {
    const lenders = (await get('/api/consumers/me/lenders?q=demo', consumer)).json().lenders;
    expect(lenders).toContainEqual({ id: demoBusinessId, name: 'Demo Microfinance Ltd' });
    expect(lenders.every((l: { name: string }) => /demo/i.test(l.name))).toBe(true);
    const response = await post('/api/consumers/me/consents', consumer, {
      businessId: demoBusinessId,
      purpose: 'credit_application',
      days: 30,
    });
    expect(response.statusCode).toBe(201);
    consentId = response.json().id;
    expect(response.json()).toMatchObject({
      businessName: 'Demo Microfinance Ltd',
      purposeName: 'New credit application',
      status: 'active',
    });
    expect(new Date(response.json().expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    expect(await hasActiveConsent(t.db, { subjectId: demoSubjectId, businessId: demoBusinessId, purpose: 'credit_application' })).toBe(
      true,
    );
    expect(await hasActiveConsent(t.db, { subjectId: demoSubjectId, businessId: demoBusinessId, purpose: 'debt_collection' })).toBe(false);
    expect((await get('/api/consumers/me/privacy', consumer)).json().activeConsents).toBe(1);
  });

  it('validates the grant', async () => {
    const bad = await post('/api/consumers/me/consents', consumer, { businessId: demoBusinessId, purpose: 'gossip', days: 400 });
    expect(bad.json().errors).toEqual([
      { field: 'purpose', message: 'Choose a permissible purpose' },
      { field: 'days', message: 'A consent lasts at most 365 days' },
    ]);
    const notBusiness = await post('/api/consumers/me/consents', consumer, {
      businessId: '00000000-0000-4000-8000-000000000000',
      purpose: 'credit_application',
      days: 5,
    });
    expect(notBusiness.json().errors).toEqual([{ field: 'businessId', message: 'Choose a verified business from the list' }]);
  });

  it('another consumer can neither see nor revoke it (404)', async () => {
    expect((await get('/api/consumers/me/consents', stranger.cookie)).json().consents).toEqual([]);
    expect((await del('/api/consumers/me/consents', stranger.cookie, { id: consentId })).statusCode).toBe(404);
  });

  it('revokes it', async () => {
    expect((await del('/api/consumers/me/consents', consumer, { id: consentId })).statusCode).toBe(200);
    const [consent] = (await get('/api/consumers/me/consents', consumer)).json().consents;
    expect(consent).toMatchObject({ id: consentId, status: 'revoked' });
    expect(await hasActiveConsent(t.db, { subjectId: demoSubjectId, businessId: demoBusinessId, purpose: 'credit_application' })).toBe(
      false,
    );
    expect((await del('/api/consumers/me/consents', consumer, { id: consentId })).statusCode).toBe(409);
    const [events] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action IN ('consent.granted', 'consent.revoked') AND target_id = ${consentId}`,
    );
    expect(Number(events.n)).toBe(2);
  });
});

describe('freeze and fraud alert', () => {
  it('a frozen file refuses business reports except a review of an account the lender holds', async () => {
    const frozen = await post('/api/consumers/me/freeze', consumer);
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().frozenAt).not.toBeNull();
    const other = await createBusiness(t);
    const refused = await post('/api/credit/reports', other.cookie, {
      subjectId: demoSubjectId,
      purpose: 'credit_application',
      consent: true,
    });
    expect(refused.statusCode).toBe(403);
    const review = await post('/api/credit/reports', business, { subjectId: demoSubjectId, purpose: 'account_review', consent: true });
    expect(review.statusCode).toBe(200);
    expect((await get('/api/consumers/me/report', consumer)).json().frozenAt).not.toBeNull();
    const thawed = await post('/api/consumers/me/unfreeze', consumer);
    expect(thawed.json().frozenAt).toBeNull();
    expect(
      (await post('/api/credit/reports', other.cookie, { subjectId: demoSubjectId, purpose: 'credit_application', consent: true }))
        .statusCode,
    ).toBe(200);
  });

  it('a fraud alert is shown on business reports', async () => {
    const placed = await post('/api/consumers/me/fraud-alert', consumer, {
      contactPhone: '+232 76 000 001',
      note: 'My ID card was stolen',
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().fraudAlert).toMatchObject({ contactPhone: '+23276000001' });
    const report = (
      await post('/api/credit/reports', business, { subjectId: demoSubjectId, purpose: 'account_review', consent: true })
    ).json();
    expect(report.fraudAlert).toMatchObject({
      contactPhone: '+23276000001',
      text: expect.stringContaining('Verify their identity before you lend'),
    });
    // Not on anyone else's file.
    const strangerReport = (
      await post('/api/credit/reports', business, { subjectId: strangerPerson.subjectId, purpose: 'credit_application', consent: true })
    ).json();
    expect(strangerReport.fraudAlert).toBeNull();
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/consumers/me/fraud-alert', headers: { cookie: consumer } })).json().fraudAlert,
    ).toBeNull();
    const after = (
      await post('/api/credit/reports', business, { subjectId: demoSubjectId, purpose: 'account_review', consent: true })
    ).json();
    expect(after.fraudAlert).toBeNull();
    const bad = await post('/api/consumers/me/fraud-alert', consumer, { contactPhone: '12' });
    expect(bad.json().errors[0].field).toBe('contactPhone');
  });
});

describe('data access log', () => {
  it('lists each search and report that touched the person: business name, when, purpose', async () => {
    const search = await post('/api/credit/search', business, { purpose: 'credit_application', nationalId: 'DEMO0001' });
    expect(search.statusCode).toBe(200);
    const log = (await get('/api/consumers/me/access-log', consumer)).json();
    expect(log.state).toBe('verified');
    const kinds = log.entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('report');
    expect(kinds).toContain('search');
    const search0 = log.entries.find((e: { kind: string }) => e.kind === 'search');
    expect(search0).toMatchObject({
      businessName: 'Demo Microfinance Ltd',
      purpose: 'credit_application',
      purposeName: 'New credit application',
    });
    // The person's own views and actions are not "access by others".
    expect(log.entries.every((e: { businessName: string }) => e.businessName !== 'Aminata Kamara')).toBe(true);
    // A business's entries name it, with the code that says so.
    expect(
      log.entries
        .filter((e: { businessName: string }) => e.businessName === 'Demo Microfinance Ltd')
        .every((e: { accessor: string }) => e.accessor === 'business'),
    ).toBe(true);
    // A report is listed once, from its inquiry: not again from its audit event (credit.report_pulled).
    const [reportsOnFile] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE kind = 'report' AND subject_id = ${demoSubjectId}::uuid`,
    );
    expect(log.entries.filter((e: { kind: string }) => e.kind === 'report')).toHaveLength(Number(reportsOnFile.n));
    expect(log.entries.some((e: { kind: string }) => e.kind === 'credit.report_pulled')).toBe(false);
    // Dashboard shows the latest ones.
    expect((await get('/api/consumers/me/dashboard', consumer)).json().recentActivity.length).toBeGreaterThan(0);
  });

  it('includes a no-hit search by their NIN made before they were in the registry', async () => {
    const log = (await get('/api/consumers/me/access-log', stranger.cookie)).json();
    const before = log.entries.filter((e: { kind: string }) => e.kind === 'search_no_hit').length;
    // A search the registry could not answer: record it as a no-hit with the keyed hash, as the registry does.
    await t.db.execute(
      sql`UPDATE credit_subject_identifiers SET value = ${strangerPerson.nationalId + 'X'} WHERE subject_id = ${strangerPerson.subjectId}::uuid AND type = 'nin'`,
    );
    const noHit = await post('/api/credit/search', business, { purpose: 'credit_application', nationalId: strangerPerson.nationalId });
    expect(noHit.json().candidates).toEqual([]);
    await t.db.execute(
      sql`UPDATE credit_subject_identifiers SET value = ${strangerPerson.nationalId} WHERE subject_id = ${strangerPerson.subjectId}::uuid AND type = 'nin'`,
    );
    const after = (await get('/api/consumers/me/access-log', stranger.cookie)).json();
    expect(after.entries.filter((e: { kind: string }) => e.kind === 'search_no_hit').length).toBe(before + 1);
  });

  it("one consumer never sees another's log", async () => {
    const mine = (await get('/api/consumers/me/access-log', stranger.cookie)).json();
    const demoReports = (await get('/api/consumers/me/access-log', consumer))
      .json()
      .entries.filter((e: { kind: string }) => e.kind === 'report').length;
    expect(demoReports).toBeGreaterThan(0);
    // The stranger sees the reports on their own file (the generated registry's past inquiries and
    // the pull of the fraud alert test), never the demo consumer's.
    const [strangerReports] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE kind = 'report' AND subject_id = ${strangerPerson.subjectId}::uuid`,
    );
    expect(Number(strangerReports.n)).toBeGreaterThan(0);
    expect(mine.entries.filter((e: { kind: string }) => e.kind === 'report').length).toBe(Number(strangerReports.n));
  });

  it("shows another account's attempts to open the file", async () => {
    const [person] = await registryPeople(t, 1);
    const owner = await verifiedConsumer(t, person);
    // An impostor cannot register a confirmed NIN; the event an earlier unconfirmed claim left behind is written here.
    await t.db.execute(
      sql`INSERT INTO audit_events (occurred_at, action, actor_user_id, actor_role, subject_id, details, content_hash)
          VALUES (now(), 'consumer.identity_code_sent', gen_random_uuid(), 'consumer', ${person.subjectId}::uuid, '{}'::jsonb, 'x')`,
    );
    // A staff member's access, as the regulator's and administrators' actions on a file are written.
    await t.db.execute(
      sql`INSERT INTO audit_events (occurred_at, action, actor_user_id, actor_role, subject_id, details, content_hash)
          VALUES (now(), 'credit.report_pdf_downloaded', gen_random_uuid(), 'system_admin', ${person.subjectId}::uuid, '{}'::jsonb, 'x')`,
    );
    const log = (await get('/api/consumers/me/access-log', owner.cookie)).json();
    // Who, by a stable code the portal says in the reader's language, and in English as before.
    expect(log.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'consumer.identity_code_sent',
          accessor: 'consumer_account',
          businessName: 'Another consumer account',
        }),
        expect.objectContaining({ kind: 'credit.report_pdf_downloaded', accessor: 'bureau_staff', businessName: 'CreditCheck SL staff' }),
      ]),
    );
    // The owner's own code and confirmation are not listed.
    expect(log.entries.filter((e: { kind: string }) => e.kind.startsWith('consumer.identity')).length).toBe(1);
  });
});
