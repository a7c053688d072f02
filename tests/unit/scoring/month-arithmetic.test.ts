import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWholeMonths, monthIndexOf } from '../../../src/server/modules/scoring/month-arithmetic';

// Issue 22: plain dates are read as digits, without a Date. The answers must be the Date ones for
// every string, real days or not (2026-02-31 rolls over as Date rolls it), and for timestamps.

const viaDate = (value: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
const referenceMonthIndex = (value: string) => viaDate(value).getUTCFullYear() * 12 + viaDate(value).getUTCMonth();
const referenceWholeMonths = (from: string, to: string) => {
  const a = viaDate(from);
  const b = viaDate(to);
  const months = referenceMonthIndex(to) - referenceMonthIndex(from);
  return b.getUTCDate() < a.getUTCDate() ? months - 1 : months;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
// Days 1-31 in every month, so the impossible ones (30 February) are drawn too.
const plainDate = fc
  .tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const timestamp = fc
  .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2090-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const anyDate = fc.oneof(plainDate, timestamp);

describe('month arithmetic on dates as text', () => {
  it('gives the month index Date gives', () => {
    fc.assert(
      fc.property(anyDate, (value) => monthIndexOf(value) === referenceMonthIndex(value)),
      { numRuns: 2000 },
    );
  });
  it('counts the whole months Date counts', () => {
    fc.assert(
      fc.property(anyDate, anyDate, (from, to) => countWholeMonths(from, to) === referenceWholeMonths(from, to)),
      { numRuns: 2000 },
    );
  });
  it('rolls an impossible day over as Date does', () => {
    expect(monthIndexOf('2026-02-31')).toBe(2026 * 12 + 2);
    expect(monthIndexOf('2024-02-29')).toBe(2024 * 12 + 1);
    expect(monthIndexOf('2023-02-29')).toBe(2023 * 12 + 2);
  });
});
