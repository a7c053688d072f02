/**
 * Money in the registry and on screen. Clients send major units ("1500.50", 1500.5 or "1,500.50"),
 * the database keeps integer minor units (cents), answers carry major units as exact decimal
 * strings ("1500.50"), and people read grouped amounts with their currency ("SLE 1,500.50").
 * Every step works on the digits, never through float arithmetic, so no amount is ever off by a cent.
 * SLE is the New Leone (1 SLE = 1,000 old SLL since 2022); USD amounts are the plans' prices.
 */
import { NO_VALUE } from './dates';

const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

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

/** "1500.50" from 150050: the API's exact decimal string of minor units (also a form's value). */
export function formatMinorAmount(minor: number | string | bigint): string {
  // A whole number within 2^53 needs no BigInt (a report formats a dozen amounts per account).
  if (typeof minor === 'number' && Number.isSafeInteger(minor)) {
    const abs = Math.abs(minor);
    const cents = abs % 100;
    return `${minor < 0 ? '-' : ''}${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
  }
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${sign}${abs / 100n}.${cents}`;
}

/** "1,234,567" from "1234567" (digits only, any length). */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1,500.00" from "1500.00": the exact decimal string grouped by thousands, its decimals kept. */
export function groupAmount(amount: string): string {
  const match = DECIMAL_PATTERN.exec(amount);
  if (!match) return amount;
  const [, sign, whole, fraction] = match;
  return `${sign}${groupDigits(whole)}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** "1,500.50" from "1500.5" or "1500": grouped, with at least two decimals. */
function groupMoneyAmount(amount: string): string {
  const match = DECIMAL_PATTERN.exec(amount);
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${groupDigits(whole)}.${fraction.padEnd(2, '0')}`;
}

/** "SLE 4,500.00" from the API's exact decimal string "4500.00"; "—" for none. */
export function formatMoney(currency: string, amount: string | null | undefined): string {
  return amount === null || amount === undefined ? NO_VALUE : `${currency} ${groupMoneyAmount(amount)}`;
}

/** "SLE 4,500.00" from 450000 minor units. */
export function formatMinorMoney(currency: string, minor: number | string | bigint): string {
  return formatMoney(currency, formatMinorAmount(minor));
}

/** "$100.00" from 10000 US cents ("-$5.00" below zero). */
export function formatUsdCents(cents: number | bigint): string {
  const amount = formatMinorAmount(cents);
  const isNegative = amount.startsWith('-');
  return `${isNegative ? '-' : ''}$${groupAmount(isNegative ? amount.slice(1) : amount)}`;
}

/** "$250" from 25000 US cents when it is a whole amount (pricing cards), else "$250.50". */
export function formatUsdWhole(cents: number | bigint): string {
  const text = formatUsdCents(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** "2,275,000" old Leones (a whole number; a fraction is rounded away, as the approximation is). */
export function formatSll(amount: number): string {
  const whole = BigInt(Math.round(amount));
  return whole < 0n ? `-${groupDigits((-whole).toString())}` : groupDigits(whole.toString());
}
