/**
 * Money in the credit registry: clients send major units ("1500.50", 1500.5 or "1,500.50"), the
 * database keeps integer minor units, and answers show major units as exact decimal strings.
 * Conversion works on the digits, never through float arithmetic.
 */
const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Minor units of a non-negative amount with at most two decimals, or null when it is not one. */
export function parseAmountToMinor(raw: unknown): number | null {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) return null;
    text = String(raw);
  } else if (typeof raw === 'string') {
    text = raw.trim().replace(/,/g, '');
  } else {
    return null;
  }
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

/** "1500.50" from 150050. */
export function formatMinorAmount(minor: number | string | bigint): string {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${sign}${abs / 100n}.${cents}`;
}
