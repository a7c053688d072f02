import { parseAmountToMinor } from '@shared/format';
import {
  ACCOUNT_STATUS_CODES,
  ACCOUNT_TYPE_CODES,
  CURRENCIES,
  DEFAULTED_STATUSES,
  PAYMENT_FREQUENCIES,
  PAYMENT_HISTORY_PATTERN,
  type TAccountStatus,
  type TPaymentFrequency,
} from '@shared/credit-reference';
import { inferDistrictFromAddress, parseDistrict, type TDistrict } from '@shared/districts';
import { NIN_PATTERN, normalizeNationalId } from '@shared/identity';
import { toE164Fast } from '@shared/phone-fast';
import { isRealDate, todayIso, type TCreditAccountReport } from '@shared/schemas/credit';

// A monthly file's rows checked without zod when they are plainly valid. ZCreditAccountReportSchema
// (src/shared/schemas/credit.ts) stays the judge: this path answers only for a row it is sure
// of, with exactly the value the schema would give, and otherwise says "ask the schema" (null),
// so every rejected row, and every field message, still comes from the schema. validateRows also
// parses a sample of the rows this path accepted with the schema and, on any difference, drops
// this path for the whole file (a rule changed in the schema and not here). The
// cross-check test in tests/unit/credit/fast-validate.test.ts compares both on many rows.

const DRIVERS_LICENSE_PATTERN = /^[A-Z0-9]{5,20}$/;
const PASSPORT_PATTERN = /^[A-Z0-9]{6,12}$/;
const NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'-]*$/u;
const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/;
const ACCOUNT_TYPES: ReadonlySet<unknown> = new Set(ACCOUNT_TYPE_CODES);
const ACCOUNT_STATUSES: ReadonlySet<unknown> = new Set(ACCOUNT_STATUS_CODES);
const CURRENCY_CODES: ReadonlySet<unknown> = new Set(CURRENCIES);
const FREQUENCIES: ReadonlySet<unknown> = new Set(PAYMENT_FREQUENCIES);

/** Thrown inside this module only: the row is not plainly valid, the schema must look at it. */
const UNSURE = Symbol('unsure');

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** The schema's blankToUndefined: '' , null and blank strings mean "not given". */
const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'string' && v.trim() === '');

function identifier(v: unknown, pattern: RegExp): string | undefined {
  if (isBlank(v)) return undefined;
  if (typeof v !== 'string') throw UNSURE;
  const normalized = normalizeNationalId(v);
  if (!pattern.test(normalized)) throw UNSURE;
  return normalized;
}

function name(v: unknown): string {
  if (typeof v !== 'string') throw UNSURE;
  const t = v.trim();
  if (t.length < 1 || t.length > 100 || !NAME_PATTERN.test(t)) throw UNSURE;
  return t;
}

function date(v: unknown): string {
  if (typeof v !== 'string') throw UNSURE;
  const t = v.trim();
  if (t.length < 1 || !isRealDate(t)) throw UNSURE;
  return t;
}

function pastDate(v: unknown): string {
  const d = date(v);
  if (!(d <= todayIso())) throw UNSURE;
  return d;
}

function amount(v: unknown): number {
  if (typeof v !== 'string' && typeof v !== 'number') throw UNSURE;
  const minor = parseAmountToMinor(v);
  if (minor === null) throw UNSURE;
  return minor;
}

/** The schema's optional amount and optional past date: blank is undefined. */
const optionalAmount = (v: unknown) => (isBlank(v) ? undefined : amount(v));
const optionalPastDate = (v: unknown) => (isBlank(v) ? undefined : pastDate(v));

function termMonths(v: unknown): number | undefined {
  if (isBlank(v)) return undefined;
  const n = typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 600) throw UNSURE;
  return n;
}

function paymentFrequency(v: unknown): TPaymentFrequency | undefined {
  if (isBlank(v)) return undefined;
  const t = typeof v === 'string' ? v.trim().toLowerCase() : v;
  if (!FREQUENCIES.has(t)) throw UNSURE;
  return t as TPaymentFrequency;
}

function address(v: unknown): { line: string; district: TDistrict | null } {
  let rawLine: string;
  let rawDistrict: unknown;
  if (typeof v === 'string') {
    rawLine = v;
  } else if (isPlainObject(v)) {
    if (typeof v.line !== 'string') throw UNSURE;
    rawDistrict = v.district;
    if (rawDistrict !== undefined && rawDistrict !== null && typeof rawDistrict !== 'string') throw UNSURE;
    rawLine = v.line;
  } else {
    throw UNSURE;
  }
  const line = rawLine.trim().replace(/\s+/g, ' ');
  if (line.length < 5 || line.length > 300) throw UNSURE;
  if (!isBlank(rawDistrict)) {
    const district = parseDistrict(rawDistrict as string);
    if (!district) throw UNSURE;
    return { line, district };
  }
  return { line, district: inferDistrictFromAddress(line) };
}

function parse(raw: unknown): TCreditAccountReport {
  if (!isPlainObject(raw) || !isPlainObject(raw.subject) || !isPlainObject(raw.account)) throw UNSURE;
  // A correction or a certified reinsertion is rare: the schema reads those rows.
  if (!isBlank(raw.correction) || !isBlank(raw.certifyReinsertion) || !isBlank(raw.note)) throw UNSURE;
  // So are co-borrowers and guarantors (a group loan): each party is a whole subject for the schema to check.
  if (!isBlank(raw.parties)) throw UNSURE;
  const s = raw.subject;
  const a = raw.account;

  const nationalId = identifier(s.nationalId, NIN_PATTERN);
  const driversLicense = identifier(s.driversLicense, DRIVERS_LICENSE_PATTERN);
  const passportNumber = identifier(s.passportNumber, PASSPORT_PATTERN);
  if (!nationalId && !driversLicense && !passportNumber) throw UNSURE;
  const firstName = name(s.firstName);
  const middleName = isBlank(s.middleName) ? undefined : name(s.middleName);
  const lastName = name(s.lastName);
  let dateOfBirth: string | undefined;
  if (!isBlank(s.dateOfBirth)) {
    dateOfBirth = date(s.dateOfBirth);
    if (!(dateOfBirth >= '1900-01-01' && dateOfBirth < todayIso())) throw UNSURE;
  }
  if (typeof s.phone !== 'string') throw UNSURE;
  const phoneText = s.phone.trim();
  if (phoneText.length < 1 || phoneText.length > 30) throw UNSURE;
  const phone = toE164Fast(phoneText);
  if (!phone) throw UNSURE;

  if (typeof a.accountNumber !== 'string') throw UNSURE;
  const accountNumber = a.accountNumber.trim();
  if (accountNumber.length < 1 || accountNumber.length > 50 || !ACCOUNT_NUMBER_PATTERN.test(accountNumber)) throw UNSURE;
  if (!ACCOUNT_TYPES.has(a.type)) throw UNSURE;
  const currency = typeof a.currency === 'string' ? a.currency.trim().toUpperCase() : a.currency;
  if (!CURRENCY_CODES.has(currency)) throw UNSURE;
  const status = typeof a.status === 'string' ? a.status.trim().toLowerCase() : a.status;
  if (!ACCOUNT_STATUSES.has(status)) throw UNSURE;
  const principal = amount(a.principal);
  const balance = amount(a.balance);
  const openedAt = pastDate(a.openedAt);
  const defaultAmount = isBlank(a.defaultAmount) ? undefined : amount(a.defaultAmount);
  const defaultDate = isBlank(a.defaultDate) ? undefined : pastDate(a.defaultDate);
  let paymentHistory: string | undefined;
  if (!isBlank(a.paymentHistory)) {
    if (typeof a.paymentHistory !== 'string') throw UNSURE;
    paymentHistory = a.paymentHistory.trim().toUpperCase();
    if (!PAYMENT_HISTORY_PATTERN.test(paymentHistory)) throw UNSURE;
  }
  if (DEFAULTED_STATUSES.includes(status as TAccountStatus)) {
    if (defaultAmount === undefined || defaultAmount <= 0 || defaultDate === undefined) throw UNSURE;
  }
  if (defaultDate !== undefined && defaultDate < openedAt) throw UNSURE;
  const amountPastDue = optionalAmount(a.amountPastDue);
  const firstDelinquencyDate = optionalPastDate(a.firstDelinquencyDate);
  const lastPaymentDate = optionalPastDate(a.lastPaymentDate);
  const closedAt = optionalPastDate(a.closedAt);
  for (const d of [firstDelinquencyDate, lastPaymentDate, closedAt]) if (d !== undefined && d < openedAt) throw UNSURE;
  if (amountPastDue !== undefined && status !== 'written_off' && amountPastDue > balance) throw UNSURE;

  return {
    subject: {
      nationalId,
      driversLicense,
      passportNumber,
      firstName,
      middleName,
      lastName,
      dateOfBirth,
      phone,
      address: address(s.address),
    },
    account: {
      accountNumber,
      type: a.type as TCreditAccountReport['account']['type'],
      currency: currency as TCreditAccountReport['account']['currency'],
      principal,
      balance,
      openedAt,
      status: status as TAccountStatus,
      defaultAmount,
      defaultDate,
      paymentHistory,
      amountPastDue,
      firstDelinquencyDate,
      lastPaymentDate,
      lastPaymentAmount: optionalAmount(a.lastPaymentAmount),
      scheduledPaymentAmount: optionalAmount(a.scheduledPaymentAmount),
      termMonths: termMonths(a.termMonths),
      paymentFrequency: paymentFrequency(a.paymentFrequency),
      closedAt,
    },
  };
}

/**
 * The row as ZCreditAccountReportSchema would parse it, when it is plainly valid; null when the
 * schema must decide (a bad field, or a shape this path does not handle).
 */
export function parsePlainlyValidRow(raw: unknown): TCreditAccountReport | null {
  try {
    return parse(raw);
  } catch (error) {
    if (error === UNSURE) return null;
    throw error;
  }
}

const SUBJECT_KEYS = [
  'nationalId',
  'driversLicense',
  'passportNumber',
  'firstName',
  'middleName',
  'lastName',
  'dateOfBirth',
  'phone',
] as const;
const ACCOUNT_KEYS = [
  'accountNumber',
  'type',
  'currency',
  'principal',
  'balance',
  'openedAt',
  'status',
  'defaultAmount',
  'defaultDate',
  'paymentHistory',
  'amountPastDue',
  'firstDelinquencyDate',
  'lastPaymentDate',
  'lastPaymentAmount',
  'scheduledPaymentAmount',
  'termMonths',
  'paymentFrequency',
  'closedAt',
] as const;

/** Whether two parsed rows say the same thing (an absent field and an undefined one are the same). */
export function sameParsedRow(a: TCreditAccountReport, b: TCreditAccountReport): boolean {
  for (const k of SUBJECT_KEYS) if (a.subject[k] !== b.subject[k]) return false;
  for (const k of ACCOUNT_KEYS) if (a.account[k] !== b.account[k]) return false;
  if (a.correction !== b.correction || a.certifyReinsertion !== b.certifyReinsertion || a.note !== b.note) return false;
  // Parties are whole subjects, in the schema's own key order on both sides.
  if (JSON.stringify(a.parties ?? null) !== JSON.stringify(b.parties ?? null)) return false;
  const addressA = a.subject.address as { line: string; district?: string | null };
  const addressB = b.subject.address as { line: string; district?: string | null };
  return addressA.line === addressB.line && (addressA.district ?? null) === (addressB.district ?? null);
}
