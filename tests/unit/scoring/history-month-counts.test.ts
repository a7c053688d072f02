import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS_CODES } from '@shared/credit-reference';
import { LATENESS_OF_STATUS, type AccountTimeline } from '../../../src/server/modules/scoring/account-timeline';
import type { ScoringAccount, ScoringAccountMonth } from '../../../src/server/modules/scoring/compute-features';
import { computeHistoryFeatures, timelinesAt } from '../../../src/server/modules/scoring/history-features';
import { subtractMonths, toIsoDate } from '../../../src/server/modules/scoring/month-arithmetic';
import { AS_OF, accountArbitrary, inquiryArbitrary } from './account-arbitraries';

/**
 * The payment features count every account's months in one pass (history-features.ts
 * monthCounts: a report scores on every pull). This holds them equal to the rules written out one
 * by one, as they were before that pass, over any file with monthly rows (some after the score
 * date, which neither may read).
 */
const WINDOW = 12;

function referenceCounts(known: readonly AccountTimeline[]) {
  // Months of an open account only: a closed or paid month is neither late nor on time.
  const lateness = (t: AccountTimeline) =>
    t.months
      .filter((m) => m.age < WINDOW && LATENESS_OF_STATUS[m.status] !== null)
      .map((m) => ({ age: m.age, level: LATENESS_OF_STATUS[m.status] ?? 0 }));
  const lateMonths = known.flatMap((t) => lateness(t).filter((m) => m.level >= 1));
  const windowStart = toIsoDate(subtractMonths(AS_OF, WINDOW));
  const defaultWithinWindow = known.some((t) => t.account.defaultDate !== null && t.account.defaultDate > windowStart && t.isDefaulted);
  const alternative = known
    .filter((t) => t.isAlternative)
    .flatMap((t) => t.months.filter((m) => m.age < WINDOW).map((m) => ({ ...m, isOnTime: m.status === 'current' && !t.isDefaulted })));
  return {
    worstLate12m: Math.max(0, defaultWithinWindow ? 4 : 0, ...lateMonths.map((m) => m.level)),
    monthsSinceLastLate: Math.min(WINDOW, ...lateMonths.map((m) => m.age)),
    lateMonths12m: lateMonths.length,
    onTimeMonths12m: known.filter((t) => !t.isDefaulted).flatMap((t) => lateness(t).filter((m) => m.level === 0)).length,
    alternativeOnTimeShare12m:
      alternative.length === 0 ? null : Math.round((alternative.filter((m) => m.isOnTime).length / alternative.length) * 10_000) / 10_000,
  };
}

const monthArbitrary: fc.Arbitrary<ScoringAccountMonth> = fc.record({
  // From three months after the score date (never read) to 30 before it.
  month: fc.integer({ min: -3, max: 30 }).map((back) => `${toIsoDate(subtractMonths(AS_OF, back)).slice(0, 7)}-01`),
  balance: fc.integer({ min: 0, max: 10_000_000 }),
  amountPastDue: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
  status: fc.constantFrom(...ACCOUNT_STATUS_CODES),
});

const accountWithMonthsArbitrary: fc.Arbitrary<ScoringAccount> = fc
  .tuple(accountArbitrary, fc.array(monthArbitrary, { maxLength: 30 }))
  .map(([account, months]) => ({ ...account, months }));

describe('the payment features counted in one pass', () => {
  it('equal the rules written out one by one, for any file and its months', () => {
    fc.assert(
      fc.property(
        fc.array(accountWithMonthsArbitrary, { maxLength: 8 }),
        fc.array(inquiryArbitrary, { maxLength: 4 }),
        (accounts, inquiries) => {
          const known = timelinesAt(accounts, AS_OF);
          const features = computeHistoryFeatures(known, inquiries, AS_OF, (minor) => minor / 100);
          const reference = referenceCounts(known);
          expect({
            worstLate12m: features.worstLate12m,
            monthsSinceLastLate: features.monthsSinceLastLate,
            lateMonths12m: features.lateMonths12m,
            onTimeMonths12m: features.onTimeMonths12m,
            alternativeOnTimeShare12m: features.alternativeOnTimeShare12m,
          }).toEqual(reference);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never counts a month of an account in default as on time', () => {
    const month = (back: number, status: ScoringAccountMonth['status']): ScoringAccountMonth => ({
      month: `${toIsoDate(subtractMonths(AS_OF, back)).slice(0, 7)}-01`,
      balance: 1000,
      amountPastDue: null,
      status,
    });
    const account: ScoringAccount = {
      type: 'personal_loan',
      currency: 'SLE',
      principal: 100_000,
      balance: 50_000,
      openedAt: '2024-01-10',
      status: 'default',
      defaultAmount: 50_000,
      defaultDate: '2026-05-02',
      paymentHistory: '',
      lastReportedAt: AS_OF.toISOString(),
      months: [month(1, 'current'), month(2, 'current'), month(3, 'late_30')],
    };
    const features = computeHistoryFeatures(timelinesAt([account], AS_OF), [], AS_OF, (minor) => minor / 100);
    expect(features.onTimeMonths12m).toBe(0);
    // The default of this month (the last report) and the late month three back.
    expect(features.lateMonths12m).toBe(2);
    expect(features.monthsSinceLastLate).toBe(0);
    expect(features.worstLate12m).toBe(4);
  });
});
