import fc from 'fast-check';
import { ACCOUNT_STATUS_CODES, ACCOUNT_TYPE_CODES, PAYMENT_HISTORY_CODES } from '@shared/credit-reference';
import type { ScoringAccount, ScoringInquiry } from '../../../src/server/modules/scoring/compute-features';
import { subtractMonths, toIsoDate } from '../../../src/server/modules/scoring/month-arithmetic';

/** The score date of the property tests. */
export const AS_OF = new Date('2026-06-15T12:00:00.000Z');

const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000);

/** Any account the registry could hold at AS_OF (reported on or before it). */
export const accountArbitrary: fc.Arbitrary<ScoringAccount> = fc
  .record({
    type: fc.constantFrom(...ACCOUNT_TYPE_CODES),
    currency: fc.constantFrom('SLE', 'USD'),
    principal: fc.integer({ min: 0, max: 500_000_000 }),
    balanceShare: fc.double({ min: 0, max: 1.5, noNaN: true }),
    openedDaysAgo: fc.integer({ min: 0, max: 15 * 365 }),
    status: fc.constantFrom(...ACCOUNT_STATUS_CODES),
    history: fc.array(fc.constantFrom(...PAYMENT_HISTORY_CODES), { maxLength: 24 }),
    reportedMonthsAgo: fc.integer({ min: 0, max: 3 }),
    defaultAmount: fc.integer({ min: 1, max: 100_000_000 }),
    defaultDaysAfterOpening: fc.integer({ min: 0, max: 3650 }),
  })
  .map((r) => {
    const openedAt = daysBefore(AS_OF, r.openedDaysAgo);
    const isDefaulted = r.status === 'default' || r.status === 'written_off';
    const defaultAt = new Date(Math.min(AS_OF.getTime(), openedAt.getTime() + r.defaultDaysAfterOpening * 86_400_000));
    return {
      type: r.type,
      currency: r.currency,
      principal: r.principal,
      balance: Math.round(r.principal * r.balanceShare),
      openedAt: toIsoDate(openedAt),
      status: r.status,
      defaultAmount: isDefaulted ? r.defaultAmount : null,
      defaultDate: isDefaulted ? toIsoDate(defaultAt) : null,
      paymentHistory: r.history.join(''),
      lastReportedAt: new Date(Math.max(openedAt.getTime(), subtractMonths(AS_OF, r.reportedMonthsAgo).getTime())).toISOString(),
    };
  });

export const inquiryArbitrary: fc.Arbitrary<ScoringInquiry> = fc.record({
  businessId: fc.constantFrom('b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'),
  createdAt: fc.integer({ min: 0, max: 300 }).map((d) => daysBefore(AS_OF, d).toISOString()),
});

/** A file with at least one account old enough to be scored (six months), reported open within three months. */
export const fileArbitrary = fc
  .record({
    accounts: fc.array(accountArbitrary, { minLength: 1, maxLength: 8 }),
    inquiries: fc.array(inquiryArbitrary, { maxLength: 8 }),
    seasonedDaysAgo: fc.integer({ min: 190, max: 15 * 365 }),
  })
  .map(({ accounts, inquiries, seasonedDaysAgo }) => {
    const [first, ...rest] = accounts;
    // Open in its latest month: a file whose accounts are all closed or paid has no recent report.
    const status = first.status === 'closed' || first.status === 'paid' ? 'current' : first.status;
    return { accounts: [{ ...first, status, openedAt: toIsoDate(daysBefore(AS_OF, seasonedDaysAgo)) }, ...rest], inquiries };
  });

/** Open and never defaulted in any way: an account that can be turned into a default. */
export function canBecomeDefault(a: ScoringAccount): boolean {
  return ['current', 'late_30', 'late_60', 'late_90'].includes(a.status) && a.defaultDate === null && !a.paymentHistory.includes('D');
}
