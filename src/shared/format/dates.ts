/**
 * Dates and times as people read them, always in Freetown time whoever reads them and wherever the
 * code runs (a browser abroad, a server in another zone, a PDF). Africa/Freetown is GMT all year:
 * UTC+0, no daylight saving, so a time shown here is the UTC time and may be labelled "GMT".
 */
export const FREETOWN_TIME_ZONE = 'Africa/Freetown';
/** The zone's name after a time, where the reader may be elsewhere ("15:40 GMT"). */
export const FREETOWN_ZONE_LABEL = 'GMT';
/** What a missing date shows. */
export const NO_VALUE = '—';

const LOCALE = 'en-GB';
const LONG_DATE = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: FREETOWN_TIME_ZONE });
const SHORT_DATE = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: FREETOWN_TIME_ZONE });
const DAY_MONTH = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: FREETOWN_TIME_ZONE });
const MONTH_YEAR = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: FREETOWN_TIME_ZONE });
const MONTH_SHORT_YEAR = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: '2-digit', timeZone: FREETOWN_TIME_ZONE });
const DATE_TIME = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: FREETOWN_TIME_ZONE,
});

export type TDateInput = string | Date | null | undefined;

/**
 * The instant of a timestamp, or the start of a calendar date ("2026-03-12") or month ("2026-03")
 * in Freetown, so a date of birth is never shown as the day before. Null when it is no date.
 */
export function parseDateInput(value: TDateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = /^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "—" for none, the text itself when it is not a date (shown rather than hidden), else the format. */
function formatWith(format: Intl.DateTimeFormat, value: TDateInput): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  const date = parseDateInput(value);
  return date ? format.format(date) : String(value);
}

/** "12 March 2026": a date in a sentence. */
export function formatDate(value: TDateInput): string {
  return formatWith(LONG_DATE, value);
}

/** "12 Mar 2026": a date in a table or a list. */
export function formatShortDate(value: TDateInput): string {
  return formatWith(SHORT_DATE, value);
}

/** "22 Nov 2026, 15:40", or "22 Nov 2026, 15:40 GMT" with the zone named. */
export function formatDateTime(value: TDateInput, options: { withZone?: boolean } = {}): string {
  const text = formatWith(DATE_TIME, value);
  return options.withZone && text !== NO_VALUE && parseDateInput(value) ? `${text} ${FREETOWN_ZONE_LABEL}` : text;
}

/** "22 Nov": a day of the current year (the notification bell, a chart's axis). */
export function formatDayMonth(value: TDateInput): string {
  return formatWith(DAY_MONTH, value);
}

/** "Nov 2026" from "2026-11" or a date. */
export function formatMonth(value: TDateInput): string {
  return formatWith(MONTH_YEAR, value);
}

/** "Nov 26" from "2026-11" or a date: a month where space is short (payment history, chart axes). */
export function formatShortMonth(value: TDateInput): string {
  return formatWith(MONTH_SHORT_YEAR, value);
}

/** "2026-11-22": the calendar date in Freetown of an instant (today by default). */
export function toIsoDate(date: Date = new Date()): string {
  // Freetown is UTC+0 all year, so its calendar date is the UTC one.
  return date.toISOString().slice(0, 10);
}

/** "2026-11-02": the Freetown calendar date some days before today (date filters' defaults). */
export function isoDateDaysAgo(days: number, now: Date = new Date()): string {
  return toIsoDate(new Date(now.getTime() - days * 86_400_000));
}
