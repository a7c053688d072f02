import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SCORE_REASONS, MIN_REASON_POINTS, SCORE_REASON_TEXTS } from '@shared/scoring';
import { applyScorecard, findBin } from '../../../src/server/modules/scoring/apply-scorecard';
import { computeFeatures, type ScoringAccount, type ScoringInquiry } from '../../../src/server/modules/scoring/compute-features';
import { FEATURE_DEFINITIONS } from '../../../src/server/modules/scoring/feature-definitions';
import { loadActiveModel } from '../../../src/server/modules/scoring/model-store';
import type { ScorecardModel } from '../../../src/server/modules/scoring/scorecard-model';
import { accountArbitrary, AS_OF, canBecomeDefault, fileArbitrary } from './account-arbitraries';
import { fitSyntheticScorecard } from './synthetic-scorecard';

// PROPERTY_RUNS=5000 for a deeper search before a release.
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };

/** The properties hold for the model in production and for any model the fit can produce. */
const models: [string, () => ScorecardModel][] = [
  ['the active model', () => loadActiveModel()],
  ['a model fitted on synthetic data', () => fitSyntheticScorecard().model],
];

function scoreOf(model: ScorecardModel, accounts: readonly ScoringAccount[], inquiries: readonly ScoringInquiry[]) {
  const result = computeFeatures(accounts, inquiries, AS_OF, { sleRates: model.sleRates });
  if (result.isThinFile) throw new Error('unexpected thin file');
  return applyScorecard(model, result.features);
}

const LEVEL: Record<string, number> = { '-': -1, C: -1, '0': 0, '1': 1, '2': 2, '3': 3, D: 4 };
const WORSE_STATUS: Record<string, string | undefined> = { current: 'late_30', late_30: 'late_60', late_60: 'late_90' };
const definitionOfCode = new Map(FEATURE_DEFINITIONS.filter((d) => !d.isRuleInput).map((d) => [d.reasonCode, d] as const));
/** Reasons that could only say "borrow more": never given by scorecard 2. */
const BORROW_MORE = ['ACCOUNT_MIX', 'NO_OPEN_CREDIT', 'NO_PAYMENT_HISTORY'];

describe.each(models)('%s', (_name, getModel) => {
  it('always scores between 300 and 850, in the band its thresholds give; files in default or 90 days late 300 to 349, all others above', () => {
    const model = getModel();
    fc.assert(
      fc.property(fileArbitrary, ({ accounts, inquiries }) => {
        const { value, band, isRuleScored } = scoreOf(model, accounts, inquiries);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(300);
        expect(value).toBeLessThanOrEqual(850);
        expect(band).toBe(model.bands.find((b) => value >= b.minScore)!.name);
        if (isRuleScored) expect(value).toBeLessThanOrEqual(349);
        else expect(value).toBeGreaterThanOrEqual(350);
      }),
      RUNS,
    );
  });

  it('gives the same score for the same inputs, whatever the order of accounts or inquiries', () => {
    const model = getModel();
    fc.assert(
      fc.property(fileArbitrary, ({ accounts, inquiries }) => {
        const a = scoreOf(model, accounts, inquiries);
        expect(scoreOf(model, accounts, inquiries)).toEqual(a);
        expect(scoreOf(model, [...accounts].reverse(), [...inquiries].reverse())).toEqual(a);
      }),
      RUNS,
    );
  });

  it('never raises a score when an open account goes into default', () => {
    const model = getModel();
    fc.assert(
      fc.property(
        fileArbitrary,
        fc.nat(),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 400 }),
        ({ accounts, inquiries }, pick, amount, daysAgo) => {
          const candidates = accounts.map((a, i) => i).filter((i) => canBecomeDefault(accounts[i]));
          fc.pre(candidates.length > 0);
          const i = candidates[pick % candidates.length];
          const a = accounts[i];
          const defaultDate = new Date(Math.max(new Date(`${a.openedAt}T00:00:00Z`).getTime(), AS_OF.getTime() - daysAgo * 86_400_000))
            .toISOString()
            .slice(0, 10);
          const defaulted = {
            ...a,
            status: 'default' as const,
            defaultAmount: amount,
            defaultDate,
            paymentHistory: `D${a.paymentHistory.slice(1)}`,
          };
          const before = scoreOf(model, accounts, inquiries);
          const after = scoreOf(model, accounts.with(i, defaulted), inquiries);
          expect(after.isRuleScored).toBe(true);
          expect(after.value).toBeLessThanOrEqual(before.value);
          expect(after.value).toBeLessThanOrEqual(349);
        },
      ),
      RUNS,
    );
  });

  it('never raises a score when a lender reports a new account in default, whatever its age, kind or history', () => {
    const model = getModel();
    fc.assert(
      fc.property(
        fileArbitrary,
        accountArbitrary,
        fc.constantFrom('default', 'written_off'),
        fc.integer({ min: 1, max: 100_000_000 }),
        ({ accounts, inquiries }, account, status, amount) => {
          const defaultDate = account.defaultDate ?? account.openedAt;
          const defaulted = { ...account, status: status as ScoringAccount['status'], defaultAmount: amount, defaultDate };
          const before = scoreOf(model, accounts, inquiries);
          const after = scoreOf(model, [...accounts, defaulted], inquiries);
          expect(after.value).toBeLessThanOrEqual(before.value);
        },
      ),
      RUNS,
    );
  });

  it('never raises a score for a worse month in the payment history or a worse status', () => {
    const model = getModel();
    fc.assert(
      fc.property(
        fileArbitrary,
        fc.nat(),
        fc.nat(),
        fc.constantFrom('1', '2', '3', 'D'),
        ({ accounts, inquiries }, pick, position, code) => {
          const i = pick % accounts.length;
          const a = accounts[i];
          const before = scoreOf(model, accounts, inquiries);
          if (a.paymentHistory.length > 0) {
            const at = position % a.paymentHistory.length;
            if (LEVEL[code] > LEVEL[a.paymentHistory[at]]) {
              const worse = { ...a, paymentHistory: a.paymentHistory.slice(0, at) + code + a.paymentHistory.slice(at + 1) };
              expect(scoreOf(model, accounts.with(i, worse), inquiries).value).toBeLessThanOrEqual(before.value);
            }
          }
          const worseStatus = WORSE_STATUS[a.status];
          if (worseStatus) {
            const worse = { ...a, status: worseStatus as ScoringAccount['status'] };
            expect(scoreOf(model, accounts.with(i, worse), inquiries).value).toBeLessThanOrEqual(before.value);
          }
        },
      ),
      RUNS,
    );
  });

  it('never lowers a score for a month paid on time instead of late or unreported (on an account not in default)', () => {
    const model = getModel();
    fc.assert(
      fc.property(fileArbitrary, fc.nat(), fc.nat(), ({ accounts, inquiries }, pick, position) => {
        const i = pick % accounts.length;
        const a = accounts[i];
        fc.pre(
          a.paymentHistory.length > 0 &&
            a.defaultDate === null &&
            !['default', 'written_off'].includes(a.status) &&
            !a.paymentHistory.includes('D'),
        );
        const at = position % a.paymentHistory.length;
        fc.pre(['1', '2', '3', '-'].includes(a.paymentHistory[at]));
        const better = { ...a, paymentHistory: `${a.paymentHistory.slice(0, at)}0${a.paymentHistory.slice(at + 1)}` };
        expect(scoreOf(model, accounts.with(i, better), inquiries).value).toBeGreaterThanOrEqual(scoreOf(model, accounts, inquiries).value);
      }),
      RUNS,
    );
  });

  it('never raises a score for a larger balance or one more lender asking for a credit report', () => {
    const model = getModel();
    fc.assert(
      fc.property(fileArbitrary, fc.nat(), fc.integer({ min: 1, max: 100_000_000 }), ({ accounts, inquiries }, pick, extra) => {
        const i = pick % accounts.length;
        const before = scoreOf(model, accounts, inquiries);
        const higher = { ...accounts[i], balance: accounts[i].balance + extra };
        expect(scoreOf(model, accounts.with(i, higher), inquiries).value).toBeLessThanOrEqual(before.value);
        const newLender = { businessId: `new-lender-${pick}`, createdAt: new Date(AS_OF.getTime() - 86_400_000).toISOString() };
        expect(scoreOf(model, accounts, [...inquiries, newLender]).value).toBeLessThanOrEqual(before.value);
      }),
      RUNS,
    );
  });

  it('gives reasons grouped by factor: one per group at most, four in all, each worth 5 points or more, most first, never "borrow more"', () => {
    const model = getModel();
    fc.assert(
      fc.property(fileArbitrary, ({ accounts, inquiries }) => {
        const result = computeFeatures(accounts, inquiries, AS_OF, { sleRates: model.sleRates });
        if (result.isThinFile) return;
        const { reasons, isRuleScored } = applyScorecard(model, result.features);
        expect(reasons.length).toBeLessThanOrEqual(MAX_SCORE_REASONS);
        expect(new Set(reasons.map((r) => r.code)).size).toBe(reasons.length);
        for (const r of reasons) {
          expect(BORROW_MORE).not.toContain(r.code);
          // A sentence built from the file, not the factor's name.
          expect(r.text).not.toBe(SCORE_REASON_TEXTS[r.code as keyof typeof SCORE_REASON_TEXTS]);
          expect(r.text).toMatch(/\.$/);
        }
        const fitted = isRuleScored ? reasons.slice(1) : reasons;
        if (isRuleScored) expect(reasons[0].code).toBe('DEFAULTS');
        const lossOf = (key: string) => {
          const feature = model.features.find((f) => f.key === key)!;
          return Math.max(...feature.bins.map((b) => b.points)) - findBin(feature, result.features[feature.key]).points;
        };
        const definitions = fitted.map((r) => definitionOfCode.get(r.code as never)!);
        const losses = definitions.map((d) => lossOf(d.key));
        const groups = definitions.map((d) => d.group);
        expect(new Set(groups).size).toBe(groups.length);
        if (isRuleScored) expect(groups).not.toContain('payment_history');
        expect(losses.every((l) => l >= MIN_REASON_POINTS)).toBe(true);
        expect(losses).toEqual([...losses].sort((x, y) => y - x));
        // No group left out lost more than the smallest reason given, when four were given.
        if (reasons.length === MAX_SCORE_REASONS) {
          const smallest = losses.at(-1)!;
          for (const f of model.features) {
            const group = definitionOfCode.get(FEATURE_DEFINITIONS.find((d) => d.key === f.key)!.reasonCode)!.group;
            if (!groups.includes(group) && !(isRuleScored && group === 'payment_history') && result.features[f.key] !== null)
              expect(lossOf(f.key)).toBeLessThanOrEqual(smallest);
          }
        }
      }),
      RUNS,
    );
  });
});

describe('thin files', () => {
  const model = loadActiveModel();
  it('a file without an account of six months or more gets no score, whatever else it holds', () => {
    fc.assert(
      fc.property(fileArbitrary, ({ accounts, inquiries }) => {
        const young = accounts.map((a) => ({ ...a, openedAt: new Date(AS_OF.getTime() - 170 * 86_400_000).toISOString().slice(0, 10) }));
        expect(computeFeatures(young, inquiries, AS_OF, { sleRates: model.sleRates })).toEqual({
          isThinFile: true,
          features: null,
          thinReason: 'INSUFFICIENT_HISTORY',
        });
      }),
      RUNS,
    );
    expect(computeFeatures([], [], AS_OF, { sleRates: { SLE: 1 } }).isThinFile).toBe(true);
  });

  it('a file with no account reported in the last 12 months gets no score, with that reason', () => {
    fc.assert(
      fc.property(fileArbitrary, ({ accounts, inquiries }) => {
        const stale = accounts.map((a) => ({ ...a, lastReportedAt: new Date(AS_OF.getTime() - 400 * 86_400_000).toISOString() }));
        expect(computeFeatures(stale, inquiries, AS_OF, { sleRates: model.sleRates })).toEqual({
          isThinFile: true,
          features: null,
          thinReason: 'NO_RECENT_REPORT',
        });
      }),
      RUNS,
    );
  });

  it('an account opened after the score date does not count', () => {
    const later = {
      type: 'personal_loan',
      currency: 'SLE',
      principal: 100,
      balance: 0,
      openedAt: '2026-07-01',
      status: 'current' as const,
      defaultAmount: null,
      defaultDate: null,
      paymentHistory: '0',
      lastReportedAt: '2026-07-01T00:00:00Z',
    };
    expect(computeFeatures([later], [], AS_OF, { sleRates: { SLE: 1 } }).isThinFile).toBe(true);
  });
});
