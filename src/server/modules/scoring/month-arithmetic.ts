/**
 * Calendar months in UTC (Sierra Leone keeps GMT all year), so a score computed anywhere for the
 * same instant reads the same months.
 */

/** A month as one integer (year * 12 + month index), for differences. */
export function monthIndexOf(date: Date | string): number {
  const d = typeof date === 'string' ? parseUtc(date) : date;
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** Whole months from `from` to `to` (a day short of a month is 0); negative when `to` is earlier. */
export function countWholeMonths(from: Date | string, to: Date | string): number {
  const a = typeof from === 'string' ? parseUtc(from) : from;
  const b = typeof to === 'string' ? parseUtc(to) : to;
  const months = monthIndexOf(b) - monthIndexOf(a);
  return b.getUTCDate() < a.getUTCDate() ? months - 1 : months;
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
