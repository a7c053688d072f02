import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditScores } from '../../../src/server/db/schema/index';
import { API_KEY_SCOPES } from '../../../src/shared/api-key-scopes';
import { readManifest } from '../../../src/server/modules/scoring/model-manifest';
import { loadActiveCheckedModel, MODELS_DIR } from '../../../src/server/modules/scoring/model-store';
import { auditStoredScore } from '../../../src/server/modules/scoring/score-records';
import { computeScore, storedScoreValues } from '../../../src/server/modules/scoring/service';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { AS_OF, fileArbitrary } from '../../unit/scoring/account-arbitraries';
import { registryPeople, verifiedConsumer } from '../consumer/consumer-fixtures';
import { accountReport, createBusiness } from '../credit/credit-fixtures';

// Issue 19, governance: every score in a report carries its stored scoreId, which
// GET /api/scoring/scores/:id/audit re-scores with the model of the stored version, checking the
// model file's SHA-256 against the one stored with the score.

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let lender: { id: string; cookie: string };
let regulator: string;
let admin: string;
let subjectId: string;
const activeSha256 = () => loadActiveCheckedModel().sha256;

const audit = (scoreId: string, cookie = regulator) =>
  t.app.inject({ method: 'GET', url: `/api/scoring/scores/${scoreId}/audit`, headers: { cookie } });

async function pullReport(id = subjectId) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/credit/reports',
    headers: { cookie: lender.cookie },
    payload: { subjectId: id, purpose: 'credit_application', consent: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  lender = await createBusiness(t);
  regulator = await logInAs(t.app, 'regulator');
  admin = await logInAs(t.app, 'system_admin');
  const reported = await t.app.inject({
    method: 'POST',
    url: '/api/credit/accounts',
    headers: { cookie: lender.cookie },
    payload: accountReport({
      subject: { nationalId: 'AUDITA0001', firstName: 'Aminata', lastName: 'Sesay', phone: '+232 76 300 401' },
      account: {
        accountNumber: 'AU-1',
        principal: '20000.00',
        balance: '8000.00',
        openedAt: daysAgo(3 * 365),
        paymentHistory: '000000000000000000000000',
      },
    }),
  });
  expect(reported.statusCode, reported.body).toBeLessThan(300);
  subjectId = reported.json().subjectId;
});

afterAll(() => t.close());

describe('scoreId on reports, and its audit', () => {
  it("a business report's score carries its stored scoreId, which a regulator re-scores with the same model version and SHA-256", async () => {
    const report = await pullReport();
    const { scoreId } = report.score;
    expect(scoreId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.db.select().from(creditScores).where(eq(creditScores.id, scoreId));
    expect(row).toMatchObject({ inquiryId: report.reportId, value: report.score.value, modelVersion: report.score.modelVersion });
    expect(row.modelSha256).toBe(readManifest(MODELS_DIR)[row.modelVersion]);

    const audited = await audit(scoreId);
    expect(audited.statusCode, audited.body).toBe(200);
    expect(audited.json()).toMatchObject({
      id: scoreId,
      modelVersion: report.score.modelVersion,
      modelSha256: activeSha256(),
      isModelUnchanged: true,
      isReproduced: true,
      isRegistryUnchanged: true,
      recomputed: { value: report.score.value, band: report.score.band, reasons: report.score.reasons },
    });
    // The same version and hash GET /api/scoring/model announces.
    const model = (await t.app.inject({ method: 'GET', url: '/api/scoring/model', headers: { cookie: lender.cookie } })).json();
    expect(audited.json().modelSha256).toBe(model.sha256);
    expect(audited.json().modelVersion).toBe(model.version);
    // An administrator may audit too.
    expect((await audit(scoreId, admin)).statusCode).toBe(200);
  });

  it('the stored copy of a business report, read again, carries the same scoreId', async () => {
    const report = await pullReport();
    const copy = await t.app.inject({ method: 'GET', url: `/api/credit/reports/${report.reportId}`, headers: { cookie: lender.cookie } });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().score.scoreId).toBe(report.score.scoreId);
  });

  it("the person's own report, and a kept own report, carry the scoreId of their stored score, which reproduces", async () => {
    const people = await registryPeople(t, 6);
    let checked = 0;
    for (const person of people) {
      const consumer = await verifiedConsumer(t, person);
      const own = (await t.app.inject({ method: 'GET', url: '/api/consumers/me/report', headers: { cookie: consumer.cookie } })).json();
      if (!own.report.score) continue;
      const audited = (await audit(own.report.score.scoreId)).json();
      expect(audited).toMatchObject({ isReproduced: true, isModelUnchanged: true, modelSha256: activeSha256() });
      expect(audited.subjectId).toBe(person.subjectId);
      expect(audited.recomputed.value).toBe(own.report.score.value);
      const kept = await t.app.inject({ method: 'POST', url: '/api/consumers/me/reports', headers: { cookie: consumer.cookie } });
      expect(kept.statusCode, kept.body).toBe(201);
      // Nothing changed in between: the kept report names the same stored score.
      expect(kept.json().report.score.scoreId).toBe(own.report.score.scoreId);
      // The person may not audit it: the audit is for regulators and administrators.
      expect((await audit(own.report.score.scoreId, consumer.cookie)).statusCode).toBe(403);
      checked++;
      if (checked === 2) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('attack: businesses, consumers, signed-out callers and API keys may not audit a score', async () => {
    const { score } = await pullReport();
    expect((await audit(score.scoreId, lender.cookie)).statusCode).toBe(403);
    expect((await audit(score.scoreId, await logInAs(t.app, 'consumer'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/scoring/scores/${score.scoreId}/audit` })).statusCode).toBe(401);
    const owner = await createBusiness(t, { planCode: 'enterprise' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/me/api-keys',
      headers: { cookie: owner.cookie },
      payload: { name: 'Everything', scopes: [...API_KEY_SCOPES] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().key as string;
    const withKey = await t.app.inject({
      method: 'GET',
      url: `/api/scoring/scores/${score.scoreId}/audit`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(withKey.statusCode).toBe(403);
    expect(withKey.json().code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('attack: a score whose stored hash is not the model file of its version is not reproduced, and says so', async () => {
    const { score } = await pullReport();
    // As if the score had been made by a file since replaced under the same version name.
    await t.db.execute(sql`UPDATE credit_scores SET model_sha256 = ${'0'.repeat(64)} WHERE id = ${score.scoreId}::uuid`);
    const audited = (await audit(score.scoreId)).json();
    expect(audited).toMatchObject({
      modelVersion: score.modelVersion,
      modelSha256: '0'.repeat(64),
      isModelUnchanged: false,
      isReproduced: false,
      recomputed: { value: null, band: null, reasons: [] },
      stored: { value: score.value },
    });
  });

  it('property: any stored score is reproduced from its model version and hash', async () => {
    await fc.assert(
      fc.asyncProperty(fileArbitrary, async (file) => {
        const inputs = { accounts: file.accounts.map((a) => ({ ...a, id: randomUUID() })), inquiries: file.inquiries };
        const computed = computeScore(inputs, AS_OF);
        const [row] = await t.db
          .insert(creditScores)
          .values(storedScoreValues(computed, { subjectId, asOf: AS_OF, context: 'property_test', inquiryId: null }))
          .returning();
        expect(row.modelSha256).toBe(activeSha256());
        const audited = await auditStoredScore(t.db, row.id);
        expect(audited.isModelUnchanged).toBe(true);
        expect(audited.isReproduced).toBe(true);
        expect(audited.recomputed.value).toBe(computed.score?.value ?? null);
        expect(audited.modelSha256).toBe(row.modelSha256);
      }),
      { numRuns: 40 },
    );
  });
});
