// Issue 19, governance: the score drift check (decisions/038). A run stores the PSI of the score and
// of each feature of the live model over the registry's latest stored scores; planted skewed scores
// raise the alert (stored, audited, shown to staff); the monthly job runs once a month however often
// it is tried; only administrators and the regulator may read or run it; the challenger it compares
// is never in what a lender reads.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '../../../src/shared/api-key-scopes';
import { auditEvents, creditScores, creditSubjects, jobRuns, scoreDriftRuns } from '../../../src/server/db/schema/index';
import { productJobs } from '../../../src/server/jobs/scheduled-jobs';
import { latestDriftSummary } from '../../../src/server/modules/scoring';
import { loadChallengerFor } from '../../../src/server/modules/scoring/challenger-model';
import { readManifest } from '../../../src/server/modules/scoring/model-manifest';
import { MODELS_DIR, readActiveModelVersion } from '../../../src/server/modules/scoring/model-store';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { accountReport, createBusiness } from '../credit/credit-fixtures';

let t: TestApp;
let admin: string;
let regulator: string;
let consumer: string;
let lender: { id: string; cookie: string };
let apiKey: string;

const as = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) => t.app.inject({ method, url, headers });
const cookie = (value: string) => ({ cookie: value });

/** A file's stored features: every model feature at a plain value, then the overrides. */
function features(overrides: Record<string, number | null>): Record<string, number | null> {
  return {
    seriousDelinquency: 0,
    worstLate12m: 0,
    monthsSinceLastLate: 12,
    lateMonths12m: 0,
    onTimeMonths12m: 12,
    lateAccountsNow: 0,
    amountPastDueSle: 0,
    creditUtilisation: 0.3,
    balanceTrend6m: 0,
    instalmentBalanceShare: null,
    openAccountsNow: 1,
    hardInquiries12m: 0,
    monthsSinceNewestAccount: 24,
    alternativeOnTimeShare12m: null,
    oldestAccountMonths: 40,
    ...overrides,
  };
}

/** A stored score of the live model, as the report path writes it (version and the file's hash). */
const liveScore = (row: Omit<typeof creditScores.$inferInsert, 'modelVersion' | 'modelSha256'>) =>
  ({
    modelVersion: readActiveModelVersion(),
    modelSha256: readManifest(MODELS_DIR)[readActiveModelVersion()],
    ...row,
  }) as typeof creditScores.$inferInsert;

/** Stores `count` people's scores of the live model, as if reports had been pulled for them. */
async function plantScores(count: number, value: number, vector: Record<string, number | null>) {
  const subjects = await t.db
    .insert(creditSubjects)
    .values(Array.from({ length: count }, (_, i) => ({ firstName: 'Drift', lastName: `Person ${i}` })))
    .returning({ id: creditSubjects.id });
  await t.db.insert(creditScores).values(
    subjects.map((s) =>
      liveScore({
        subjectId: s.id,
        asOf: new Date(),
        value,
        band: 'Poor',
        features: vector,
        inputsDigest: 'planted',
        accountCount: 1,
        context: 'business_report',
      }),
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, 'system_admin');
  regulator = await logInAs(t.app, 'regulator');
  consumer = await logInAs(t.app, 'consumer');
  lender = await createBusiness(t, { planCode: 'enterprise' });
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/me/api-keys',
    headers: cookie(lender.cookie),
    payload: { name: 'Every scope', scopes: [...API_KEY_SCOPES] },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json().key;
  // The demo seed's own scores would blur the planted population: start from none.
  await t.db.delete(creditScores);
});
afterAll(() => t.close());

describe('who may read and run the drift check', () => {
  it.each([
    ['GET', '/api/scoring/drift'],
    ['POST', '/api/scoring/drift/run'],
  ] as const)('%s %s: staff only', async (method, url) => {
    expect((await as(method, url)).statusCode).toBe(401);
    expect((await as(method, url, cookie(consumer))).statusCode).toBe(403);
    expect((await as(method, url, cookie(lender.cookie))).statusCode).toBe(403);
    const byKey = await as(method, url, { authorization: `Bearer ${apiKey}` });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe('API_KEY_NOT_ALLOWED');
    expect([200, 201]).toContain((await as(method, url, cookie(admin))).statusCode);
    expect([200, 201]).toContain((await as(method, url, cookie(regulator))).statusCode);
  });
});

describe('a run', () => {
  it('gives no figure on an empty population, and no alert', async () => {
    await t.db.delete(scoreDriftRuns);
    const response = await as('POST', '/api/scoring/drift/run', cookie(admin));
    expect(response.statusCode, response.body).toBe(201);
    const run = response.json();
    expect(run).toMatchObject({ people: 0, fittedPeople: 0, scorePsi: null, scoreStatus: null, isAlert: false, trigger: 'on_demand' });
    expect(run.features.length).toBeGreaterThan(5);
    for (const f of run.features) expect(f.psi).toBeNull();
  });

  it('stores the PSI of a skewed population and raises the alert above 0.25', async () => {
    // Everyone in default (the rule's 300-349 band holds 5% of the development sample) and, among
    // the fitted files, everyone six months late in the last year.
    await plantScores(60, 320, features({ seriousDelinquency: 1, lateMonths12m: 6, lateAccountsNow: 1 }));
    await plantScores(40, 420, features({ lateMonths12m: 6, monthsSinceLastLate: 0, lateAccountsNow: 1 }));
    const response = await as('POST', '/api/scoring/drift/run', cookie(regulator));
    expect(response.statusCode, response.body).toBe(201);
    const run = response.json();
    expect(run.people).toBe(100);
    expect(run.fittedPeople).toBe(40);
    expect(run.scorePsi).toBeGreaterThan(0.25);
    expect(run.scoreStatus).toBe('drifted');
    expect(run.isAlert).toBe(true);
    const late = run.features.find((f: { key: string }) => f.key === 'lateMonths12m');
    expect(late).toMatchObject({ title: expect.any(String), status: 'drifted' });
    expect(late.psi).toBeGreaterThan(0.25);

    const [stored] = await t.db.select().from(scoreDriftRuns).where(eq(scoreDriftRuns.id, run.id));
    expect(stored).toMatchObject({
      people: 100,
      fittedPeople: 40,
      isAlert: true,
      trigger: 'on_demand',
      modelVersion: readActiveModelVersion(),
    });
    const alerts = await t.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'scoring.drift_alert' AND ${auditEvents.targetId} = ${run.id}`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].details).toMatchObject({ isAlert: true, drifted: expect.arrayContaining(['lateMonths12m']) });

    // The latest score per person counts: a newer score of the same people replaces the old one.
    const list = await as('GET', '/api/scoring/drift', cookie(admin));
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.runs[0].id).toBe(run.id);
    expect(body.runs[1].people).toBe(0);
    expect(body.population).toMatch(/latest stored score/);
    expect(body.caveat).toMatch(/generated/);
  });

  it('compares the challenger on the same people, when the live model has one', async () => {
    const run = (await as('GET', '/api/scoring/drift', cookie(admin))).json().runs[0];
    if (loadChallengerFor(readActiveModelVersion())) {
      expect(run.challenger).toMatchObject({ kind: 'plain_logistic_regression', people: 40 });
      expect(run.challenger.bandAgreement).toBeGreaterThanOrEqual(0);
      expect(run.challenger.bandAgreement).toBeLessThanOrEqual(1);
    } else expect(run.challenger).toBeNull();
  });

  it('counts only the latest score of each person', async () => {
    const before = (await as('GET', '/api/scoring/drift', cookie(admin))).json().runs[0];
    const [one] = await t.db.select({ subjectId: creditScores.subjectId }).from(creditScores).limit(1);
    await t.db.insert(creditScores).values(
      liveScore({
        subjectId: one.subjectId,
        asOf: new Date(),
        computedAt: new Date(Date.now() + 1000),
        value: null,
        unavailableCode: 'NO_RECENT_REPORT',
        inputsDigest: 'planted',
        accountCount: 0,
        context: 'business_report',
      }),
    );
    const after = (await as('POST', '/api/scoring/drift/run', cookie(admin))).json();
    // Their latest score is "no score": they leave the population.
    expect(after.people).toBe(before.people - 1);
  });
});

describe('the monthly job', () => {
  it('runs once a month however many times it is tried, and records the month', async () => {
    const job = productJobs(t.app, { dailyCheckMs: 60_000 }).find((j) => j.name === 'scoring.drift');
    expect(job).toBeDefined();
    const scheduled = () => t.db.select().from(scoreDriftRuns).where(eq(scoreDriftRuns.trigger, 'scheduled'));
    expect(await scheduled()).toHaveLength(0);
    await Promise.all([job!.run(), job!.run()]);
    await job!.run();
    expect(await scheduled()).toHaveLength(1);
    const claims = await t.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'scoring.drift'));
    expect(claims.map((c) => c.periodKey)).toEqual([new Date().toISOString().slice(0, 7)]);
    expect(claims[0].result).toMatchObject({ isAlert: true });
  });
});

describe('what a lender reads', () => {
  const CHALLENGER_WORDS = /challenger|plain_logistic|bandAgreement|meanAbsoluteDifference/i;

  it('the model description carries nothing of the challenger, by session or by key', async () => {
    for (const headers of [cookie(lender.cookie), { authorization: `Bearer ${apiKey}` }]) {
      const response = await as('GET', '/api/scoring/model', headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toMatch(CHALLENGER_WORDS);
    }
  });

  it('the drift summary the model description may carry has no challenger', async () => {
    const summary = await latestDriftSummary(t.db);
    expect(summary).toMatchObject({ isAlert: true, status: 'drifted', population: expect.any(String), caveat: expect.any(String) });
    expect(JSON.stringify(summary)).not.toMatch(CHALLENGER_WORDS);
  });

  it('a business report carries nothing of the challenger', async () => {
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/credit/accounts',
      headers: cookie(lender.cookie),
      payload: accountReport({
        subject: {
          nationalId: 'DRIFTA0001',
          firstName: 'Mariama',
          lastName: 'Sesay',
          dateOfBirth: '1990-05-02',
          phone: '+232 76 300 401',
          address: { line: '4 Kissy Road, Freetown', district: 'Western Area Urban' },
        },
        account: {
          accountNumber: 'DR-1',
          type: 'personal_loan',
          principal: '20000.00',
          balance: '8000.00',
          openedAt: new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 10),
          status: 'current',
          paymentHistory: '000000000000000000000000',
        },
      }),
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    for (const headers of [cookie(lender.cookie), { authorization: `Bearer ${apiKey}` }]) {
      const report = await t.app.inject({
        method: 'POST',
        url: '/api/credit/reports',
        headers,
        payload: { subjectId: reported.json().subjectId, purpose: 'credit_application', consent: true },
      });
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json().score).toBeTruthy();
      expect(report.body).not.toMatch(CHALLENGER_WORDS);
    }
  });
});
