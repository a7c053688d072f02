/**
 * The one formatting module of the web and the server's documents: dates in Freetown time, money
 * from minor units or exact decimal strings (never floats), numbers, plurals and file sizes, and
 * labels from codes. Import from '@shared/format' only; the files behind it are its own.
 */
export {
  FREETOWN_TIME_ZONE,
  FREETOWN_ZONE_LABEL,
  NO_VALUE,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonth,
  formatShortDate,
  formatShortMonth,
  isoDateDaysAgo,
  parseDateInput,
  toIsoDate,
  type TDateInput,
} from './dates';
export {
  formatMinorAmount,
  formatMinorMoney,
  formatMoney,
  formatSll,
  formatUsdCents,
  formatUsdWhole,
  groupAmount,
  parseAmountToMinor,
} from './money';
export { formatDecimal, formatFileSize, formatNumber, formatPercent, plural, pluralWord, type TPluralForms } from './numbers';
export { labelFromAuditAction, labelFromCode } from './text';
