import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_CAVEAT } from '@shared/scoring';
import { scoreDriftRuns } from '../../../src/server/db/schema/index';
import { readManifest } from '../../../src/server/modules/scoring/model-manifest';
import { loadActiveModel, MODELS_DIR, readActiveModelVersion } from '../../../src/server/modules/scoring/model-store';
import type { ValidationFigures } from '../../../src/server/modules/scoring/training/validation';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { createBusiness } from '../credit/credit-fixtures';

// Issue 19: GET /api/scoring/model answers {version, sha256, scale, bands, validation, drift,
// caveat}, every figure on a named population, the figures of the model file itself.

let t: TestApp;
let lender: { id: string; cookie: string };
const getModel = async (cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/scoring/model', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  t = await createTestApp();
  lender = await createBusiness(t);
});
afterAll(() => t.close());

describe('GET /api/scoring/model', () => {
  it("answers the contract's shape: version and the SHA-256 the manifest records, scale, bands, validation, drift, caveat", async () => {
    const model = await getModel(lender.cookie);
    expect(model).toMatchObject({
      version: readActiveModelVersion(),
      sha256: readManifest(MODELS_DIR)[readActiveModelVersion()],
      scale: { min: 300, max: 850 },
      drift: null,
      caveat: MODEL_CAVEAT,
    });
    expect(model.caveat).toMatch(/generated/);
    expect(model.caveat).toMatch(/refitted .* on real bureau data before it decides anything/);
    expect(model.bands.map((b: { name: string }) => b.name)).toEqual(['Good', 'Fair', 'Poor']);
    for (const v of model.validation) expect(Object.keys(v)).toEqual(expect.arrayContaining(['population', 'sample', 'auc', 'ks', 'gini']));
    // What the lender's Credit Scoring page still reads.
    const { baseScore, baseOdds, pdo } = loadActiveModel().scaling;
    expect(model.scaling).toEqual({ baseScore, baseOdds, pdo, min: 300, max: 850 });
    expect(model.features.length).toBeGreaterThan(5);
    // The train/holdout PSI of one date is gone: it cannot show drift.
    expect(model).not.toHaveProperty('holdout');
  });

  it('gives the figures of the model file, on the populations not in default at observation and out of time, each named in words', async () => {
    const model = await getModel(lender.cookie);
    const figures = (loadActiveModel().training.validation as ValidationFigures[]).filter((f) => f.model === 'scorecard');
    const find = (population: string, sample: string) =>
      model.validation.find((v: { population: string; sample: string }) => v.population === population && v.sample === sample);
    const headline = find('not_in_default_at_observation', 'holdout');
    const stored = figures.find((f) => f.population === 'not_in_default_at_observation' && f.sample === 'holdout')!;
    expect(headline).toMatchObject({ auc: stored.auc, ks: stored.ks, gini: stored.gini, people: stored.rows });
    expect(headline.description).toMatch(/not in default .* holdout.*generated data/);
    expect(find('out_of_time', 'everyone').auc).toBe(figures.find((f) => f.population === 'out_of_time')!.auc);
    expect(model.validation).toHaveLength(figures.length);
    // The benchmark stays in the model card: the API describes the model that scores.
    expect(model.validation.every((v: { auc: number }) => figures.some((f) => f.auc === v.auc))).toBe(true);
  });

  it('carries the latest drift check once one has run, and nothing of the challenger', async () => {
    await t.db.insert(scoreDriftRuns).values({
      modelVersion: readActiveModelVersion(),
      trigger: 'scheduled',
      people: 120,
      fittedPeople: 110,
      scorePsi: 0.04,
      featurePsi: [{ key: 'openAccounts', psi: 0.31 }],
      isAlert: true,
      challenger: { kind: 'plain_logistic_regression', people: 110, bandAgreement: 0.9, meanAbsoluteDifference: 12 },
    });
    const { drift } = await getModel(await logInAs(t.app, 'consumer'));
    expect(drift).toMatchObject({ modelVersion: readActiveModelVersion(), people: 120, scorePsi: 0.04, isAlert: true });
    expect(JSON.stringify(drift)).not.toMatch(/challenger|bandAgreement/);
  });

  it('attack: signed-out callers are refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/scoring/model' })).statusCode).toBe(401);
  });
});
