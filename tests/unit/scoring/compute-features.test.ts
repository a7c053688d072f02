import { describe, expect, it } from 'vitest';
import { computeFeatures, type ScoringAccount } from '../../../src/server/modules/scoring/compute-features';
import { hasGoneBad } from '../../../src/server/modules/scoring/training/outcome';

const AS_OF = new Date('2026-06-15T12:00:00.000Z');
const RATES = { sleRates: { SLE: 1, USD: 22.75 } };

/** A loan reported on AS_OF's day; minor units. */
function loan(overrides: Partial<ScoringAccount> = {}): ScoringAccount {
  return {
    type: 'personal_loan',
    currency: 'SLE',
    principal: 1_000_000,
    balance: 400_000,
    openedAt: '2023-01-10',
    status: 'current',
    defaultAmount: null,
    defaultDate: null,
    paymentHistory: '000000000000',
    lastReportedAt: '2026-06-01T08:00:00.000Z',
    ...overrides,
  };
}

function featuresOf(accounts: ScoringAccount[], inquiries: { businessId: string; createdAt: string }[] = [], asOf = AS_OF) {
  const result = computeFeatures(accounts, inquiries, asOf, RATES);
  if (result.isThinFile) throw new Error('thin');
  return result.features;
}

describe('computeFeatures', () => {
  it('reads delinquency by window, defaults, on-time share and balances across accounts', () => {
    const features = featuresOf([
      // 60 days late 14 months ago: in the 24-month window only.
      loan({ paymentHistory: '00000000000000200000' }),
      // A USD card in default since last month: 1,000 USD = 22,750 SLE.
      loan({
        type: 'credit_card',
        currency: 'USD',
        principal: 200_000,
        balance: 150_000,
        status: 'default',
        defaultAmount: 100_000,
        defaultDate: '2026-05-20',
        paymentHistory: 'DD3210',
        openedAt: '2025-06-01',
      }),
      loan({ type: 'utility', principal: 50_000, balance: 0, paymentHistory: '000000', openedAt: '2025-10-01' }),
    ]);
    expect(features).toMatchObject({
      worstDelinquency12m: 4,
      worstDelinquency24m: 4,
      defaultCount: 1,
      defaultAmountSle: 22_750,
      oldestAccountMonths: 41,
      openAccounts: 3,
      creditTypeCount: 1,
      alternativeAccountsInGoodStanding: 1,
    });
    // Paid months: 20 + 6 + 6 = 32 with codes 0-3/D; on time: 19 + 6 (the card's months count as missed, it is in default).
    expect(features.onTimeShare).toBe(Math.round((25 / 32) * 10_000) / 10_000);
    // Open credit (not the utility): (4,000 + the card drawn to twice its 2,000 USD) / (10,000 + 2,000 x 22.75).
    expect(features.utilisation).toBe(Math.round(((4_000 + 4_000 * 22.75) / (10_000 + 2_000 * 22.75)) * 10_000) / 10_000);
  });

  it('counts each lender once among the credit applications of the last 6 months', () => {
    const at = (iso: string) => ({ businessId: 'x', createdAt: iso });
    const features = featuresOf(
      [loan()],
      [
        { ...at('2026-06-01T00:00:00Z'), businessId: 'a' },
        { ...at('2026-05-01T00:00:00Z'), businessId: 'a' },
        { ...at('2026-01-01T00:00:00Z'), businessId: 'b' },
        { ...at('2025-12-01T00:00:00Z'), businessId: 'c' },
        { ...at('2026-07-01T00:00:00Z'), businessId: 'd' },
      ],
    );
    expect(features.inquiries6m).toBe(2);
  });

  it('treats a missing measure as missing, not as bad', () => {
    const features = featuresOf([
      loan({ paymentHistory: '', status: 'paid', balance: 0 }),
      loan({ type: 'utility', paymentHistory: '', principal: 50_000, balance: 0 }),
    ]);
    expect(features.onTimeShare).toBeNull();
    expect(features.utilisation).toBeNull();
    expect(features.worstDelinquency24m).toBe(0);
  });

  it('reads an account as it stood at a past date: later months, balance and default unknown', () => {
    const account = loan({
      status: 'default',
      defaultAmount: 300_000,
      defaultDate: '2026-04-30',
      paymentHistory: 'DDD3210000000000000',
      openedAt: '2024-01-05',
    });
    const past = new Date('2025-06-15T12:00:00.000Z');
    const features = featuresOf([account], [], past);
    // Codes of 2025-06 and before: "0000000" (7 months since opening in the window); status from the code of June 2025.
    expect(features).toMatchObject({
      worstDelinquency12m: 0,
      defaultCount: 0,
      defaultAmountSle: 0,
      onTimeShare: 1,
      utilisation: null,
      openAccounts: 1,
      oldestAccountMonths: 17,
    });
    expect(hasGoneBad([account], past)).toBe(true);
    expect(hasGoneBad([loan()], past)).toBe(false);
  });

  it('ignores accounts opened after the score date and needs six months for a file', () => {
    expect(computeFeatures([loan({ openedAt: '2026-01-01' })], [], AS_OF, RATES)).toMatchObject({
      isThinFile: true,
      thinReason: 'INSUFFICIENT_HISTORY',
    });
    expect(computeFeatures([loan({ openedAt: '2025-12-15' })], [], AS_OF, RATES).isThinFile).toBe(false);
    expect(computeFeatures([loan({ openedAt: '2026-07-01' }), loan({ openedAt: '2026-02-01' })], [], AS_OF, RATES).isThinFile).toBe(true);
  });

  it('gives no score when no account was reported in the last 12 months, however old the file', () => {
    const stale = loan({ lastReportedAt: '2025-05-31T08:00:00.000Z', paymentHistory: '000000', status: 'current' });
    expect(computeFeatures([stale], [], AS_OF, RATES)).toEqual({ isThinFile: true, features: null, thinReason: 'NO_RECENT_REPORT' });
    // A file whose accounts were all paid off more than 12 months ago: closed months are no report.
    const paidOff = loan({ status: 'paid', paymentHistory: 'CCCCCCCCCCCCCC0000', balance: 0 });
    expect(computeFeatures([paidOff], [], AS_OF, RATES)).toMatchObject({ thinReason: 'NO_RECENT_REPORT' });
    // A month row within the 12 months is a report.
    const withMonth = { ...stale, months: [{ month: '2025-08-01', balance: 1_000, amountPastDue: 0, status: 'current' as const }] };
    expect(computeFeatures([withMonth], [], AS_OF, RATES).isThinFile).toBe(false);
  });
});

describe('scorecard 2 features (monthly history)', () => {
  const month = (m: string, balance: number, status: ScoringAccount['status'] = 'current', amountPastDue = 0) => ({
    month: m,
    balance,
    amountPastDue,
    status,
  });
  const card = (overrides: Partial<ScoringAccount> = {}) =>
    loan({ type: 'credit_card', principal: 1_000_000, balance: 800_000, paymentHistory: '', ...overrides });

  it('reads utilisation, its 6-month trend, lateness and the amount past due from the months, never a later month', () => {
    const account = card({
      months: [
        month('2025-12-01', 200_000),
        month('2026-03-01', 500_000, 'late_30', 20_000),
        month('2026-06-01', 800_000, 'late_60', 50_000),
        month('2026-07-01', 990_000, 'late_90', 90_000),
      ],
    });
    const now = featuresOf([account]);
    expect(now).toMatchObject({
      creditUtilisation: 0.8,
      balanceTrend6m: 0.6,
      worstLate12m: 2,
      lateMonths12m: 2,
      monthsSinceLastLate: 0,
      lateAccountsNow: 1,
      amountPastDueSle: 500,
      seriousDelinquency: 0,
    });
    const past = featuresOf([account], [], new Date('2026-03-20T12:00:00.000Z'));
    expect(past).toMatchObject({ creditUtilisation: 0.5, balanceTrend6m: null, lateMonths12m: 1, amountPastDueSle: 200 });
  });

  it('marks a default or a payment 90 days late as serious (the rule), and counts bills and mobile money on their own', () => {
    expect(featuresOf([loan({ status: 'late_90' })]).seriousDelinquency).toBe(1);
    expect(featuresOf([loan({ status: 'paid', defaultDate: '2025-01-10', defaultAmount: 5_000 })]).seriousDelinquency).toBe(1);
    const bill = loan({ type: 'utility', principal: 50_000, balance: 0, paymentHistory: '0100', openedAt: '2025-10-01' });
    expect(featuresOf([loan(), bill]).alternativeOnTimeShare12m).toBe(0.75);
    expect(featuresOf([loan()]).alternativeOnTimeShare12m).toBeNull();
  });

  it('counts lenders that pulled a report for credit in 12 months once each, and the newest account', () => {
    const features = featuresOf(
      [loan(), loan({ openedAt: '2026-02-20' })],
      [
        { businessId: 'a', createdAt: '2026-06-01T00:00:00Z' },
        { businessId: 'a', createdAt: '2025-09-01T00:00:00Z' },
        { businessId: 'b', createdAt: '2025-07-01T00:00:00Z' },
        { businessId: 'c', createdAt: '2025-06-01T00:00:00Z' },
      ],
    );
    expect(features.hardInquiries12m).toBe(2);
    expect(features.monthsSinceNewestAccount).toBe(3);
  });
});

describe('hasGoneBad', () => {
  const observation = new Date('2025-06-15T12:00:00.000Z');
  it('is bad for 90+ or default in the 12 months after the observation date only', () => {
    // Reported 2026-06: index 12 is 2025-06 (the observation month, not in the window), index 11 is 2025-07.
    expect(hasGoneBad([loan({ paymentHistory: '0000000000003000' })], observation)).toBe(false);
    expect(hasGoneBad([loan({ paymentHistory: '0000000000030000' })], observation)).toBe(true);
    expect(hasGoneBad([loan({ paymentHistory: '0000000000020000' })], observation)).toBe(false);
    expect(hasGoneBad([loan({ paymentHistory: '', defaultDate: '2026-06-10', status: 'paid' })], observation)).toBe(true);
    expect(hasGoneBad([loan({ paymentHistory: '', defaultDate: '2025-06-10', status: 'paid' })], observation)).toBe(false);
  });
});
