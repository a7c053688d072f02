import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { CONSENT_WITHDRAWN_MESSAGE } from '../../../src/server/modules/credit-file/withdrawn-consent';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { accountReport, createBusiness } from '../credit/credit-fixtures';
import { registryPeople, verifiedConsumer, type RegistryPerson } from './consumer-fixtures';

let t: TestApp;
let person: RegistryPerson;
let consumer: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const pull = (cookie: string, purpose = 'credit_application') =>
  call('POST', '/api/credit/reports', cookie, { subjectId: person.subjectId, purpose, consent: true });
const grant = async (businessId: string, purpose = 'credit_application') => {
  const response = await call('POST', '/api/consumers/me/consents', consumer, { businessId, purpose, days: 30 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};
const revoke = async (id: string) => expect((await call('DELETE', '/api/consumers/me/consents', consumer, { id })).statusCode).toBe(200);
const reportsBy = async (businessId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE kind = 'report' AND business_id = ${businessId}::uuid AND subject_id = ${person.subjectId}::uuid`,
      )
    )[0].n,
  );

beforeAll(async () => {
  t = await createTestApp();
  [person] = await registryPeople(t, 1);
  consumer = (await verifiedConsumer(t, person)).cookie;
});
afterAll(() => t.close());

describe('consent and business reports (decisions/017)', () => {
  it('keeps the business’s attestation when the person recorded nothing, and with a live consent', async () => {
    const lender = await createBusiness(t);
    expect((await pull(lender.cookie)).statusCode).toBe(200);
    await grant(lender.id);
    expect((await pull(lender.cookie)).statusCode).toBe(200);
  });

  it('refuses a new report to a business whose consent the person revoked, records nothing and costs no quota, and audits the refusal', async () => {
    const lender = await createBusiness(t);
    const consentId = await grant(lender.id);
    expect((await pull(lender.cookie)).statusCode).toBe(200);
    await revoke(consentId);
    const usedBefore = (await call('GET', '/api/businesses/me/usage', lender.cookie)).json().used;
    const logBefore = (await call('GET', '/api/consumers/me/access-log', consumer)).json();

    const refused = await pull(lender.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONSENT_WITHDRAWN_MESSAGE);
    expect(await reportsBy(lender.id)).toBe(1);
    expect((await call('GET', '/api/businesses/me/usage', lender.cookie)).json().used).toBe(usedBefore);
    // The person sees the attempt in their access log, as a refusal, not as a report.
    const logAfter = (await call('GET', '/api/consumers/me/access-log', consumer)).json();
    expect(logAfter.entries).toHaveLength(logBefore.entries.length + 1);
    expect(logAfter.entries[0]).toMatchObject({
      kind: 'credit.report_refused',
      businessName: expect.stringMatching(/^Lender \d+ Ltd$/),
      description: 'Asked for your credit report after you withdrew your consent: refused, nothing was released',
    });
    const events = await queryRows<{ subject_id: string; target_id: string; details: Record<string, unknown> | string }>(
      t.db,
      sql`SELECT subject_id, target_id, details FROM audit_events WHERE action = 'credit.report_refused' AND business_id = ${lender.id}::uuid`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ subject_id: person.subjectId, target_id: consentId });
    expect(typeof events[0].details === 'string' ? JSON.parse(events[0].details) : events[0].details).toMatchObject({
      reason: 'consent_withdrawn',
      purpose: 'credit_application',
    });

    // A team member acts for the business: refused too. Searching stays possible (it releases no report).
    const member = `consent-member-${process.pid}`;
    await call('POST', '/api/businesses/me/team', lender.cookie, {
      fullName: 'Member C',
      position: 'Loan officer',
      username: member,
      email: `${member}@lender.sl`,
      password: 'Member-pass-1',
      confirmPassword: 'Member-pass-1',
    });
    expect((await pull(await logInAs(t.app, 'business', member, 'Member-pass-1'))).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/credit/search', lender.cookie, { purpose: 'credit_application', nationalId: person.nationalId }))
        .statusCode,
    ).toBe(200);

    // The withdrawal is for that business and that purpose only.
    expect((await pull(lender.cookie, 'guarantor_assessment')).statusCode).toBe(200);
    expect((await pull((await createBusiness(t)).cookie)).statusCode).toBe(200);

    // Granting again releases reports again.
    await grant(lender.id);
    expect((await pull(lender.cookie)).statusCode).toBe(200);
  });

  it('treats an expired consent as no record: the business’s attestation stands', async () => {
    const lender = await createBusiness(t);
    const consentId = await grant(lender.id);
    await t.db.execute(
      sql`UPDATE consumer_consents SET granted_at = now() - interval '40 days', expires_at = now() - interval '10 days' WHERE id = ${consentId}::uuid`,
    );
    expect((await pull(lender.cookie)).statusCode).toBe(200);
  });

  it('lets a lender review an account it holds despite a revoked review consent, as a frozen file does; not a lender without one', async () => {
    const holder = await createBusiness(t);
    const stranger = await createBusiness(t);
    const reported = await call(
      'POST',
      '/api/credit/accounts',
      holder.cookie,
      accountReport({
        subject: {
          nationalId: person.nationalId,
          firstName: person.firstName,
          lastName: person.lastName,
          dateOfBirth: person.dateOfBirth,
          phone: person.phones[0],
        },
        account: { accountNumber: `CONSENT-${process.pid}` },
      }),
    );
    expect(reported.json().subjectId).toBe(person.subjectId);
    // The holder's review consent is revoked by a withdrawal from the business as a whole: an explicit
    // withdrawal of account_review alone is honoured whatever accounts exist (decisions/022).
    await grant(holder.id, 'account_review');
    expect((await call('DELETE', '/api/consumers/me/consents', consumer, { businessId: holder.id })).statusCode).toBe(200);
    await revoke(await grant(stranger.id, 'account_review'));
    expect((await pull(holder.cookie, 'account_review')).statusCode).toBe(200);
    expect((await pull(stranger.cookie, 'account_review')).statusCode).toBe(403);
  });
});
