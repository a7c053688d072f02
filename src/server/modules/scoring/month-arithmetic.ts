/**
 * Calendar months in UTC (Sierra Leone keeps GMT all year), so a score computed anywhere for the
 * same instant reads the same months.
 */

/** A month as one integer (year * 12 + month index), for differences. */
export function monthIndexOf(date: Date | string): number {
  const [year, month] = utcParts(date);
  return year * 12 + month;
}

/** Whole months from `from` to `to` (a day short of a month is 0); negative when `to` is earlier. */
export function countWholeMonths(from: Date | string, to: Date | string): number {
  const [fromYear, fromMonth, fromDay] = utcParts(from);
  const [toYear, toMonth, toDay] = utcParts(to);
  const months = toYear * 12 + toMonth - (fromYear * 12 + fromMonth);
  return toDay < fromDay ? months - 1 : months;
}

/**
 * Year, month index (0-11) and day of a date in UTC. A plain 'YYYY-MM-DD' (every month and date
 * the score reads, several hundred a report) is read as digits, without a Date: 2% of a report's
 * server CPU went to parsing them (docs/performance.md).
 */
function utcParts(value: Date | string): [number, number, number] {
  if (typeof value === 'string') {
    const plain = plainDateParts(value);
    if (plain) return plain;
  }
  const d = typeof value === 'string' ? parseUtc(value) : value;
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}

const DASH = 45;
const ZERO = 48;
/** The digits of 'YYYY-MM-DD' read as a number, or -1 when one is not a digit. */
function digitsAt(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = value.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/**
 * Year, month index (0-11) and day of a real 'YYYY-MM-DD' day, read from its digits; null for
 * anything else (2026-02-31 too), which goes through Date as before.
 */
function plainDateParts(value: string): [number, number, number] | null {
  if (value.length !== 10 || value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return null;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return [year, month - 1, day];
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The same instant `months` calendar months earlier (day clamped to the month's length). */
export function subtractMonths(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() - months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** YYYY-MM-DD of an instant, in UTC. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' is midnight UTC; anything else is parsed as an ISO timestamp. */
function parseUtc(value: string): Date {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) throw new Error(`not a date: ${value}`);
  return d;
}
