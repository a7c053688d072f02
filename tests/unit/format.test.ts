import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FREETOWN_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDecimal,
  formatFileSize,
  formatMinorAmount,
  formatMinorMoney,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatShortDate,
  formatShortMonth,
  formatSll,
  formatUsdCents,
  formatUsdWhole,
  groupAmount,
  isoDateDaysAgo,
  labelFromAuditAction,
  labelFromCode,
  plural,
  pluralWord,
  toIsoDate,
} from '../../src/shared/format';

describe('dates in Freetown time', () => {
  it('names the zone, which is GMT all year', () => {
    expect(FREETOWN_TIME_ZONE).toBe('Africa/Freetown');
    for (const month of ['01', '07']) {
      expect(formatDateTime(`2026-${month}-15T12:00:00Z`)).toMatch(/12:00$/);
    }
  });

  it('shows an instant just before and just after midnight UTC on its own Freetown day', () => {
    expect(formatDateTime('2026-11-22T23:59:59Z')).toBe('22 Nov 2026, 23:59');
    expect(formatDateTime('2026-11-23T00:00:00Z')).toBe('23 Nov 2026, 00:00');
    expect(formatShortDate('2026-11-22T23:59:59.999Z')).toBe('22 Nov 2026');
    expect(formatShortDate('2026-11-23T00:00:00.000Z')).toBe('23 Nov 2026');
    // An offset is read, then shown in Freetown time: 00:30 in Lagos is 23:30 the day before.
    expect(formatDateTime('2026-11-23T00:30:00+01:00')).toBe('22 Nov 2026, 23:30');
  });

  it('keeps a calendar date on its day (a date of birth is never the day before)', () => {
    expect(formatDate('1990-01-01')).toBe('1 January 1990');
    expect(formatShortDate('1990-12-31')).toBe('31 Dec 1990');
    expect(formatDayMonth('2026-03-01')).toBe('1 Mar');
  });

  it('formats months from "YYYY-MM"', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatShortMonth('2026-01')).toBe('Jan 26');
  });

  it('accepts Date objects and names the zone on request', () => {
    expect(formatDateTime(new Date(Date.UTC(2026, 10, 22, 15, 40)), { withZone: true })).toBe('22 Nov 2026, 15:40 GMT');
    expect(formatDate(new Date(Date.UTC(2026, 2, 12)))).toBe('12 March 2026');
  });

  it('shows a dash for none and the text itself when it is not a date', () => {
    for (const format of [formatDate, formatShortDate, formatDateTime, formatDayMonth, formatMonth]) {
      expect(format(null)).toBe('—');
      expect(format(undefined)).toBe('—');
      expect(format('')).toBe('—');
      expect(format('soon')).toBe('soon');
    }
    expect(formatDateTime(null, { withZone: true })).toBe('—');
  });

  it('gives Freetown calendar dates for date filters', () => {
    const now = new Date('2026-11-25T23:59:00Z');
    expect(toIsoDate(now)).toBe('2026-11-25');
    expect(isoDateDaysAgo(0, now)).toBe('2026-11-25');
    expect(isoDateDaysAgo(29, now)).toBe('2026-10-27');
    expect(isoDateDaysAgo(1, new Date('2026-03-01T00:00:00Z'))).toBe('2026-02-28');
  });
});

describe('money without floats', () => {
  it('groups exact decimal strings', () => {
    expect(groupAmount('1500.00')).toBe('1,500.00');
    expect(groupAmount('-1234567.5')).toBe('-1,234,567.5');
    expect(groupAmount('0.07')).toBe('0.07');
    expect(groupAmount('999')).toBe('999');
    expect(groupAmount('not money')).toBe('not money');
  });

  it('formats an amount with its currency, two decimals at least', () => {
    expect(formatMoney('SLE', '4500.00')).toBe('SLE 4,500.00');
    expect(formatMoney('SLE', '4500.5')).toBe('SLE 4,500.50');
    expect(formatMoney('USD', '0')).toBe('USD 0.00');
    expect(formatMoney('SLE', '-250.00')).toBe('SLE -250.00');
    expect(formatMoney('SLE', null)).toBe('—');
  });

  it('keeps every digit of large amounts a float would round', () => {
    expect(formatMoney('SLE', '9007199254740993.01')).toBe('SLE 9,007,199,254,740,993.01');
    expect(formatMinorMoney('SLE', 900719925474099n * 10n + 3n)).toBe('SLE 90,071,992,547,409.93');
    expect(formatMinorMoney('SLE', '123456789012345678')).toBe('SLE 1,234,567,890,123,456.78');
  });

  it('formats minor units', () => {
    expect(formatMinorAmount(0)).toBe('0.00');
    expect(formatMinorAmount(-5)).toBe('-0.05');
    expect(formatMinorMoney('SLE', 150050)).toBe('SLE 1,500.50');
    expect(formatMinorMoney('SLE', 0)).toBe('SLE 0.00');
    expect(formatMinorMoney('SLE', -100)).toBe('SLE -1.00');
  });

  it('formats a whole number of minor units the same without BigInt as with it', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger().map((n) => n * (n % 2 ? -1 : 1)),
        (minor) => {
          expect(formatMinorAmount(minor)).toBe(formatMinorAmount(BigInt(minor)));
        },
      ),
    );
    for (const minor of [0, 1, 9, 10, 99, 100, 101, -1, -99, -100, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])
      expect(formatMinorAmount(minor), String(minor)).toBe(formatMinorAmount(BigInt(minor)));
  });

  it('formats US dollars from cents', () => {
    expect(formatUsdCents(10_000)).toBe('$100.00');
    expect(formatUsdCents(0)).toBe('$0.00');
    expect(formatUsdCents(1)).toBe('$0.01');
    expect(formatUsdCents(-500)).toBe('-$5.00');
    expect(formatUsdCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatUsdWhole(25_000)).toBe('$250');
    expect(formatUsdWhole(25_050)).toBe('$250.50');
    expect(formatUsdWhole(0)).toBe('$0');
  });

  it('agrees with Intl on every cent amount a float can hold exactly', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(formatUsdCents(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });

  it('formats old Leones as whole numbers', () => {
    expect(formatSll(2_275_000)).toBe('2,275,000');
    expect(formatSll(0)).toBe('0');
    expect(formatSll(999.6)).toBe('1,000');
  });
});

describe('numbers and plurals', () => {
  it('groups counts and fixes decimals and percentages', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12_345)).toBe('12,345');
    expect(formatNumber(-1_000_000)).toBe('-1,000,000');
    expect(formatDecimal(0.73456, 3)).toBe('0.735');
    expect(formatDecimal(1, 2)).toBe('1.00');
    expect(formatPercent(0.42)).toBe('42%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.125, 1)).toBe('12.5%');
    // The formatters are kept per number of decimals: asking again, or with other decimals, still formats as asked.
    expect(formatPercent(0.125)).toBe('13%');
    expect(formatDecimal(0.73456, 1)).toBe('0.7');
    expect(formatPercent(0.125, 1)).toBe('12.5%');
    expect(formatPercent(0.1, 1)).toBe('10.0%');
  });

  it('chooses the plural form with Intl.PluralRules', () => {
    const accounts = { one: 'account', other: 'accounts' };
    expect(plural(1, accounts)).toBe('1 account');
    expect(plural(2, accounts)).toBe('2 accounts');
    expect(plural(0, accounts)).toBe('0 accounts');
    expect(plural(1204, accounts)).toBe('1,204 accounts');
    expect(pluralWord(1, { one: 'person', other: 'people' })).toBe('person');
    expect(pluralWord(3, { one: 'person', other: 'people' })).toBe('people');
  });

  it('formats file sizes', () => {
    expect(formatFileSize(0)).toBe('1 KB');
    expect(formatFileSize(86_016)).toBe('84 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatFileSize(1_258_291)).toBe('1.2 MB');
  });
});

describe('labels from codes', () => {
  it('reads codes and audit actions as words', () => {
    expect(labelFromCode('account_review')).toBe('Account review');
    expect(labelFromCode('past_due')).toBe('Past due');
    expect(labelFromAuditAction('admin.business_verified')).toBe('Business verified');
    expect(labelFromAuditAction('login')).toBe('Login');
  });
});
