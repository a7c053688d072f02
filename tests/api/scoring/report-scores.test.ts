import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatorFor } from '../../../src/shared/i18n';
import { reasonSentenceOptions, type TScoreReasonParams } from '../../../src/shared/score-reason-text';
import { DEMO_ACCOUNTS } from '@shared/demo';
import { creditScores } from '../../../src/server/db/schema/index';
import { loadActiveModel, readActiveModelVersion } from '../../../src/server/modules/scoring/model-store';
import { scoreSubject } from '../../../src/server/modules/scoring/service';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { confirmIdentity, datePhonesBack, registerAndSignIn } from '../consumer/consumer-fixtures';
import { accountReport, createBusiness } from '../credit/credit-fixtures';

/** YYYY-MM-DD `days` days before today. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let lender: { id: string; cookie: string };

async function reportAccount(subject: Record<string, unknown>, account: Record<string, unknown>): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/credit/accounts',
    headers: { cookie: lender.cookie },
    payload: accountReport({ subject, account }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().subjectId as string;
}

async function pullReport(subjectId: string, by = lender, purpose = 'credit_application') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/credit/reports',
    headers: { cookie: by.cookie },
    payload: { subjectId, purpose, consent: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Two years of on-time payments on a loan of 20,000 opened three years ago. */
const seasonedLoan = (accountNumber: string) => ({
  accountNumber,
  type: 'personal_loan',
  principal: '20000.00',
  balance: '8000.00',
  openedAt: daysAgo(3 * 365),
  status: 'current',
  paymentHistory: '000000000000000000000000',
});

let goodId: string;
let defaulterId: string;
let thinId: string;

beforeAll(async () => {
  t = await createTestApp();
  lender = await createBusiness(t);
  goodId = await reportAccount(
    {
      nationalId: 'SCOREA0001',
      firstName: 'Fatmata',
      lastName: 'Conteh',
      dateOfBirth: '1988-03-14',
      phone: '+232 76 100 201',
      address: { line: '3 Wilkinson Road, Freetown', district: 'Western Area Urban' },
    },
    seasonedLoan('SC-A-1'),
  );
  // The same loan, except that it went into default this month.
  defaulterId = await reportAccount(
    {
      nationalId: 'SCOREB0002',
      firstName: 'Ibrahim',
      lastName: 'Bangura',
      dateOfBirth: '1988-03-14',
      phone: '+232 76 100 202',
      address: { line: '9 Siaka Stevens Street, Freetown', district: 'Western Area Urban' },
    },
    {
      ...seasonedLoan('SC-B-1'),
      status: 'default',
      defaultAmount: '8000.00',
      defaultDate: daysAgo(5),
      paymentHistory: 'D00000000000000000000000',
    },
  );
  thinId = await reportAccount(
    {
      nationalId: 'SCOREC0003',
      firstName: 'Mariama',
      lastName: 'Jalloh',
      dateOfBirth: '1999-11-02',
      phone: '+232 76 100 203',
      address: { line: '21 Hospital Road, Bo', district: 'Bo' },
    },
    { ...seasonedLoan('SC-C-1'), openedAt: daysAgo(40), paymentHistory: '0' },
  );
});

afterAll(async () => {
  await t.close();
});

describe('scores on credit reports', () => {
  it('scores two people who differ only by a default in the expected order, naming the default among the reasons', async () => {
    const good = await pullReport(goodId);
    const defaulter = await pullReport(defaulterId);
    expect(good.score.value).toBeGreaterThan(defaulter.score.value);
    expect(good.score.value).toBeGreaterThanOrEqual(300);
    expect(defaulter.score.value).toBeGreaterThanOrEqual(300);
    expect(defaulter.score.reasons.length).toBeGreaterThan(0);
    expect(defaulter.score.reasons.length).toBeLessThanOrEqual(5);
    expect(defaulter.score.reasons.map((r: { code: string }) => r.code)).toContain('DEFAULTS');
    expect(defaulter.score.reasons.some((r: { text: string }) => /default/i.test(r.text))).toBe(true);
    expect(['Good', 'Fair', 'Poor']).toContain(defaulter.score.band);
    expect(good.scoreUnavailable).toBeNull();
    expect(defaulter.score.modelVersion).toBe(readActiveModelVersion());
  });

  it('sends each reason’s figures with it (params), from which the catalogue builds the same English sentence and the Krio one', async () => {
    const defaulter = await pullReport(defaulterId);
    for (const reason of defaulter.score.reasons as { code: string; text: string; params?: TScoreReasonParams }[]) {
      expect(reason.params, reason.code).toBeTypeOf('object');
      const options = reasonSentenceOptions(reason.params!);
      expect(translatorFor('en')(`scoring:sentences.${reason.code}`, options)).toBe(reason.text);
      const krio = translatorFor('kri')(`scoring:sentences.${reason.code}`, options);
      expect(krio).not.toBe(reason.text);
      for (const figure of [options.formatted, options.amount, options.percent].filter(Boolean)) expect(krio).toContain(String(figure));
    }
  });

  it('gives a thin file no score and the reason, never a low score', async () => {
    const thin = await pullReport(thinId);
    expect(thin.score).toBeNull();
    expect(thin.scoreUnavailable).toEqual({ code: 'INSUFFICIENT_HISTORY', text: 'insufficient credit history' });
  });

  it('stores every score with the model version, the inputs instant and the report it was made for', async () => {
    const rows = await t.db.select().from(creditScores).where(eq(creditScores.subjectId, defaulterId));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const row = rows[0];
    expect(row.modelVersion).toBe(readActiveModelVersion());
    expect(row.context).toBe('business_report');
    expect(row.inquiryId).not.toBeNull();
    expect(row.features?.defaultCount).toBe(1);
    expect(row.inputsDigest).toMatch(/^[0-9a-f]{64}$/);
    const [thinRow] = await t.db.select().from(creditScores).where(eq(creditScores.subjectId, thinId));
    expect(thinRow.value).toBeNull();
    expect(thinRow.unavailableCode).toBe('INSUFFICIENT_HISTORY');
  });

  it('lets a regulator reproduce a stored score, and refuses businesses', async () => {
    const [row] = await t.db.select().from(creditScores).where(eq(creditScores.subjectId, goodId));
    const regulator = await logInAs(t.app, 'regulator');
    const audit = await t.app.inject({ method: 'GET', url: `/api/scoring/scores/${row.id}/audit`, headers: { cookie: regulator } });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json()).toMatchObject({
      id: row.id,
      isReproduced: true,
      isRegistryUnchanged: true,
      stored: { value: row.value },
      recomputed: { value: row.value },
    });
    const asBusiness = await t.app.inject({
      method: 'GET',
      url: `/api/scoring/scores/${row.id}/audit`,
      headers: { cookie: lender.cookie },
    });
    expect(asBusiness.statusCode).toBe(403);
  });

  it('shows the active scorecard, bins and points, to signed-in users only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/scoring/model' });
    expect(anonymous.statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/api/scoring/model', headers: { cookie: lender.cookie } });
    expect(response.statusCode).toBe(200);
    const model = response.json();
    expect(model.version).toBe(readActiveModelVersion());
    // Scorecard 2 chooses its anchor odds and points to double them from the fit (decisions/037).
    const { baseScore, baseOdds, pdo } = loadActiveModel().scaling;
    expect(model.scaling).toEqual({ baseScore, baseOdds, pdo, min: 300, max: 850 });
    expect(model.bands.map((b: { name: string }) => b.name)).toEqual(['Good', 'Fair', 'Poor']);
  });

  it('counts earlier applications to other lenders, never the report being made, reviews or a lender twice', async () => {
    const subjectId = await reportAccount(
      {
        nationalId: 'SCOREE0005',
        firstName: 'Alhaji',
        lastName: 'Koroma',
        dateOfBirth: '1979-08-30',
        phone: '+232 76 100 205',
        address: { line: '12 Main Road, Makeni', district: 'Bombali' },
      },
      seasonedLoan('SC-E-1'),
    );
    const other = await createBusiness(t);
    const inquiryCounts = async () => {
      const rows = await t.db.select().from(creditScores).where(eq(creditScores.subjectId, subjectId)).orderBy(creditScores.computedAt);
      return rows.map((r) => r.features?.inquiries6m);
    };
    await pullReport(subjectId);
    await pullReport(subjectId);
    await pullReport(subjectId, other, 'account_review');
    await pullReport(subjectId, other);
    // 1st: nothing before it; 2nd: the 1st; a review by another lender: still one lender;
    // that lender's application: one other lender (its own report left out).
    expect(await inquiryCounts()).toEqual([0, 1, 1, 1]);
  });

  it('does not score a default past the retention period, as the report no longer shows it', async () => {
    const oldDefaultOnly = await reportAccount(
      {
        nationalId: 'SCOREF0006',
        firstName: 'Sallay',
        lastName: 'Kamara',
        dateOfBirth: '1970-02-11',
        phone: '+232 76 100 206',
        address: { line: '4 Blama Road, Kenema', district: 'Kenema' },
      },
      {
        ...seasonedLoan('SC-F-1'),
        openedAt: daysAgo(12 * 365),
        status: 'default',
        defaultAmount: '5000.00',
        defaultDate: daysAgo(8 * 365),
        paymentHistory: '',
      },
    );
    const report = await pullReport(oldDefaultOnly);
    expect(report.accounts).toHaveLength(0);
    expect(report.score).toBeNull();
    expect(report.scoreUnavailable.code).toBe('INSUFFICIENT_HISTORY');
  });

  it('leaves an account hidden by an overdue dispute out of the score on the business report, as the report leaves it out', async () => {
    const person = {
      nationalId: 'SCOREH0008',
      firstName: 'Kadiatu',
      lastName: 'Sankoh',
      dateOfBirth: '1986-05-19',
      phone: '+232 76 100 208',
      address: { line: '2 Lumley Road, Freetown', district: 'Western Area Urban' },
    };
    const subjectId = await reportAccount(person, seasonedLoan('SC-H-1'));
    // Reviews, not applications: the inquiries feature stays the same from one pull to the next.
    const clean = await pullReport(subjectId, lender, 'account_review');
    await reportAccount(person, {
      ...seasonedLoan('SC-H-2'),
      status: 'default',
      defaultAmount: '6000.00',
      defaultDate: daysAgo(10),
      paymentHistory: 'D00000000000000000000000',
    });
    const withDefault = await pullReport(subjectId, lender, 'account_review');
    expect(withDefault.accounts).toHaveLength(2);
    expect(withDefault.score.value).toBeLessThan(clean.score.value);

    // The person disputes the default; while the lender still has time, the entry is shown (disputed) and scored.
    // The person's phone has long been on file, so it is trusted for the identity code (decisions/021).
    await datePhonesBack(t, [subjectId]);
    const consumer = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    await confirmIdentity(t, consumer.cookie);
    const own = (await t.app.inject({ method: 'GET', url: '/api/consumers/me/report', headers: { cookie: consumer.cookie } })).json()
      .report;
    const defaulted = own.accounts.find((a: { accountNumber: string }) => a.accountNumber === 'SC-H-2');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/me/disputes',
      headers: { cookie: consumer.cookie },
      payload: { accountId: defaulted.accountId, reason: 'not_mine', statement: 'I never took this loan.' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const pending = await pullReport(subjectId, lender, 'account_review');
    expect(pending.accounts.find((a: { accountNumber: string }) => a.accountNumber === 'SC-H-2').disputed).toBe(true);
    expect(pending.score.value).toBe(withDefault.score.value);

    // Past the deadline unanswered: the report hides the entry, and its score no longer counts it.
    await t.db.execute(sql`UPDATE disputes SET due_at = now() - interval '1 hour' WHERE id = ${filed.json().id}::uuid`);
    const overdue = await pullReport(subjectId, lender, 'account_review');
    expect(overdue.accounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual(['SC-H-1']);
    expect(overdue.score.value).toBe(clean.score.value);
    expect(overdue.score.reasons.map((r: { code: string }) => r.code)).not.toContain('DEFAULTS');
    // The stored score is reproduced from the same rows the report used.
    const [stored] = await t.db.select().from(creditScores).where(eq(creditScores.inquiryId, overdue.reportId));
    expect(stored.features?.defaultCount).toBe(0);
    const regulator = await logInAs(t.app, 'regulator');
    const audit = (
      await t.app.inject({ method: 'GET', url: `/api/scoring/scores/${stored.id}/audit`, headers: { cookie: regulator } })
    ).json();
    expect(audit).toMatchObject({ isReproduced: true, isRegistryUnchanged: true });
    // The person still sees the entry, marked disputed, and their own score still reads their whole file.
    const ownAfter = (await t.app.inject({ method: 'GET', url: '/api/consumers/me/report', headers: { cookie: consumer.cookie } })).json()
      .report;
    expect(ownAfter.accounts.find((a: { accountNumber: string }) => a.accountNumber === 'SC-H-2').disputed).toBe(true);
    expect(ownAfter.score.value).toBe(withDefault.score.value);
  });

  it("stores a person's own views only when the score or what it read changed", async () => {
    const person = {
      nationalId: 'SCOREG0007',
      firstName: 'Musa',
      lastName: 'Turay',
      dateOfBirth: '1992-12-01',
      phone: '+232 76 100 207',
      address: { line: '7 Dama Road, Kenema', district: 'Kenema' },
    };
    const subjectId = await reportAccount(person, seasonedLoan('SC-G-1'));
    const first = await scoreSubject(t.db, subjectId, { store: 'if-changed', context: 'consumer_report' });
    const again = await scoreSubject(t.db, subjectId, { store: 'if-changed', context: 'consumer_report' });
    expect(first.scoreId).not.toBeNull();
    expect(again.scoreId).toBe(first.scoreId);
    await reportAccount(person, { ...seasonedLoan('SC-G-2'), type: 'utility', principal: '300.00', balance: '0.00' });
    const changed = await scoreSubject(t.db, subjectId, { store: 'if-changed', context: 'consumer_report' });
    expect(changed.scoreId).not.toBe(first.scoreId);
    expect(await t.db.select().from(creditScores).where(eq(creditScores.subjectId, subjectId))).toHaveLength(2);
  });

  it('shows consumers their own scores over time', async () => {
    const consumer = DEMO_ACCOUNTS.consumer;
    const subjectId = await reportAccount(
      {
        nationalId: consumer.nationalId,
        firstName: consumer.firstName,
        lastName: consumer.lastName,
        dateOfBirth: '1988-04-12',
        phone: consumer.phone,
        address: { line: '5 Pademba Road, Freetown', district: 'Western Area Urban' },
      },
      seasonedLoan('SC-D-1'),
    );
    // The demo consumer's seeded monthly scores (db/seed/demo-score-history.ts) come before these two.
    const cookie = await logInAs(t.app, 'consumer');
    const scoresNow = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/consumers/me/scores', headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().scores as { value: number; modelVersion: string }[];
    };
    const before = (await scoresNow()).length;
    await pullReport(subjectId);
    await pullReport(subjectId);
    const scores = await scoresNow();
    expect(scores).toHaveLength(before + 2);
    // Newest first: the second report counts the first as an application for credit, which can
    // only lower the score (by the points of one lender in 12 months).
    expect(scores[0].value).toBeLessThanOrEqual(scores[1].value);
    expect(scores[0].modelVersion).toBe(readActiveModelVersion());
  });
});
