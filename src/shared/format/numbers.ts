/** Counts, ratios, statistics and file sizes in the product's locale (en-GB: "12,345", "0.734"). */
const LOCALE = 'en-GB';
const INTEGER = new Intl.NumberFormat(LOCALE);
const PLURAL_RULES = new Intl.PluralRules(LOCALE);

/** "12,345". */
export function formatNumber(value: number): string {
  return INTEGER.format(value);
}

/**
 * One formatter per kind and number of decimals, made once: building an Intl.NumberFormat costs
 * about a hundred times formatting with one (it was 3% of a report's server CPU through the score
 * reasons' percentages, docs/performance.md).
 */
const FORMATTERS = new Map<string, Intl.NumberFormat>();
function formatterFor(style: 'decimal' | 'percent', fractionDigits: number): Intl.NumberFormat {
  const key = `${style}:${fractionDigits}`;
  let formatter = FORMATTERS.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { style, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    FORMATTERS.set(key, formatter);
  }
  return formatter;
}

/** "0.734" with exactly that many decimals (statistics such as AUC or a match score; not money). */
export function formatDecimal(value: number, fractionDigits: number): string {
  return formatterFor('decimal', fractionDigits).format(value);
}

/** "42%" from 0.42, or "12.5%" from 0.125 with one decimal. */
export function formatPercent(rate: number, fractionDigits = 0): string {
  return formatterFor('percent', fractionDigits).format(rate);
}

/** The words for one and for several of a thing, as Intl.PluralRules names them. */
export interface TPluralForms {
  one: string;
  other: string;
}

/** "account" or "accounts" for a count, for when the count is shown apart from its word. */
export function pluralWord(count: number, forms: TPluralForms): string {
  return PLURAL_RULES.select(count) === 'one' ? forms.one : forms.other;
}

/** "1 account", "2 accounts", "1,204 accounts", "0 accounts". */
export function plural(count: number, forms: TPluralForms): string {
  return `${formatNumber(count)} ${pluralWord(count, forms)}`;
}

/** "1.2 MB", "84 KB" (at least 1 KB): an uploaded file's size. */
export function formatFileSize(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes >= MB ? `${formatDecimal(bytes / MB, 1)} MB` : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
