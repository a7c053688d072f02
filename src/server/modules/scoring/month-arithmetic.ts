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
  if (typeof value === 'string' && isPlainDate(value)) {
    return [Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))];
  }
  const d = typeof value === 'string' ? parseUtc(value) : value;
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}

const DASH = 45;
const isDigit = (code: number) => code >= 48 && code <= 57;

/** A real 'YYYY-MM-DD' day (anything else, 2026-02-31 too, goes through Date as before). */
function isPlainDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return false;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) if (!isDigit(value.charCodeAt(i))) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
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
