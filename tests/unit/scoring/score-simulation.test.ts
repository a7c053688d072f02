import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyScorecard } from '../../../src/server/modules/scoring/apply-scorecard';
import { computeFeatures } from '../../../src/server/modules/scoring/compute-features';
import { loadActiveModel } from '../../../src/server/modules/scoring/model-store';
import { applyScenario, scenarioFacts } from '../../../src/server/modules/scoring/simulate-score';
import { AS_OF, fileArbitrary } from './account-arbitraries';

// The simulator's sense, on any file: each change moves the estimate only the way it must.
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) };

type TFile = typeof fileArbitrary extends fc.Arbitrary<infer T> ? T : never;

function simulate(file: TFile, scenario: Parameters<typeof applyScenario>[1]) {
  const model = loadActiveModel();
  const computed = computeFeatures(file.accounts, file.inquiries, AS_OF, { sleRates: model.sleRates });
  if (computed.isThinFile) throw new Error('unexpected thin file');
  const toSle = (minor: number, currency: string) => (minor / 100) * model.sleRates[currency];
  const facts = scenarioFacts(file.accounts, AS_OF, toSle);
  return {
    current: applyScorecard(model, computed.features).value,
    estimated: applyScorecard(model, applyScenario(computed.features, scenario, facts)).value,
    facts,
  };
}

describe('score simulation (live scorecard)', () => {
  it('bringing late accounts up to date never lowers the score', () => {
    fc.assert(
      fc.property(fileArbitrary, (file) => {
        const { current, estimated } = simulate(file, { bringLateAccountsUpToDate: true });
        expect(estimated).toBeGreaterThanOrEqual(current);
      }),
      RUNS,
    );
  });

  it('paying down never lowers it, and paying more never gives less', () => {
    fc.assert(
      fc.property(fileArbitrary, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (file, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const less = simulate(file, { payDownBalancePercent: low });
        const more = simulate(file, { payDownBalancePercent: high });
        expect(less.estimated).toBeGreaterThanOrEqual(less.current);
        expect(more.estimated).toBeGreaterThanOrEqual(less.estimated);
      }),
      RUNS,
    );
  });

  it('a new account never raises it; no change gives the score itself', () => {
    fc.assert(
      fc.property(fileArbitrary, (file) => {
        const opened = simulate(file, { openNewAccount: true });
        expect(opened.estimated).toBeLessThanOrEqual(opened.current);
        const none = simulate(file, {});
        expect(none.estimated).toBe(none.current);
      }),
      RUNS,
    );
  });

  it('a default keeps the rule: a file in default stays 300 to 349 whatever is brought up to date or paid', () => {
    fc.assert(
      fc.property(fileArbitrary, (file) => {
        const result = simulate(file, { bringLateAccountsUpToDate: true, payDownBalancePercent: 100 });
        if (result.facts.hasDefault) expect(result.estimated).toBeLessThanOrEqual(349);
      }),
      RUNS,
    );
  });
});
