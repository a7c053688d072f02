import { ACCOUNT_PARTIES_CSV_MAX } from '../../credit-reference';

// A monthly file's row in CSV: its columns and their mapping to the JSON row, in one place for the
// server's parser, the template and the web.

/** A party's columns (party_1_role, party_1_national_id, ...): the party's field of each. */
const PARTY_FIELDS = {
  role: 'role',
  national_id: 'nationalId',
  drivers_license: 'driversLicense',
  passport_number: 'passportNumber',
  first_name: 'firstName',
  last_name: 'lastName',
  date_of_birth: 'dateOfBirth',
  phone: 'phone',
  address: 'address',
} as const;
type TPartyColumnSuffix = keyof typeof PARTY_FIELDS;
type TPartyNumber = 1 | 2 | 3;
type TPartyColumn = `party_${TPartyNumber}_${TPartyColumnSuffix}`;
const PARTY_NUMBERS = Array.from({ length: ACCOUNT_PARTIES_CSV_MAX }, (_, i) => (i + 1) as TPartyNumber);
const PARTY_SUFFIXES = Object.keys(PARTY_FIELDS) as TPartyColumnSuffix[];
const partyColumn = (n: TPartyNumber, suffix: TPartyColumnSuffix): TPartyColumn => `party_${n}_${suffix}`;
const PARTY_COLUMNS: TPartyColumn[] = PARTY_NUMBERS.flatMap((n) => PARTY_SUFFIXES.map((suffix) => partyColumn(n, suffix)));

/**
 * CSV columns, in the order of the template (docs/api.md). A header row is required; columns may
 * come in any order, named in snake_case or camelCase.
 */
export const CSV_COLUMNS = [
  'national_id',
  'drivers_license',
  'passport_number',
  'first_name',
  'middle_name',
  'last_name',
  'date_of_birth',
  'phone',
  'address',
  'district',
  'account_number',
  'account_type',
  'currency',
  'principal',
  'balance',
  'opened_at',
  'status',
  'default_amount',
  'default_date',
  'payment_history',
  // The account's life (docs/api.md): amounts in major units, dates YYYY-MM-DD.
  'amount_past_due',
  'first_delinquency_date',
  'last_payment_date',
  'last_payment_amount',
  'scheduled_payment_amount',
  'term_months',
  'payment_frequency',
  'closed_at',
  // Corrections (docs/api.md, "Correcting an account"): move or delete, with the removal's reason;
  // a certified reinsertion and its note.
  'correction',
  'reason',
  'certify_reinsertion',
  'note',
  // Co-borrowers and guarantors: up to three column groups party_1_* to party_3_*.
  ...PARTY_COLUMNS,
] as const;
export type TCsvColumn = (typeof CSV_COLUMNS)[number];
export const REQUIRED_CSV_COLUMNS: readonly TCsvColumn[] = [
  'first_name',
  'last_name',
  'phone',
  'address',
  'account_number',
  'account_type',
  'currency',
  'principal',
  'balance',
  'opened_at',
  'status',
];

/** Where each field of a row lives in a CSV file, so a reject names the column the lender knows. */
export const CSV_COLUMN_OF_FIELD: Record<string, TCsvColumn> = {
  'subject.nationalId': 'national_id',
  'subject.driversLicense': 'drivers_license',
  'subject.passportNumber': 'passport_number',
  'subject.firstName': 'first_name',
  'subject.middleName': 'middle_name',
  'subject.lastName': 'last_name',
  'subject.dateOfBirth': 'date_of_birth',
  'subject.phone': 'phone',
  'subject.address': 'address',
  'subject.address.line': 'address',
  'subject.address.district': 'district',
  'account.accountNumber': 'account_number',
  'account.type': 'account_type',
  'account.currency': 'currency',
  'account.principal': 'principal',
  'account.balance': 'balance',
  'account.openedAt': 'opened_at',
  'account.status': 'status',
  'account.defaultAmount': 'default_amount',
  'account.defaultDate': 'default_date',
  'account.paymentHistory': 'payment_history',
  'account.amountPastDue': 'amount_past_due',
  'account.firstDelinquencyDate': 'first_delinquency_date',
  'account.lastPaymentDate': 'last_payment_date',
  'account.lastPaymentAmount': 'last_payment_amount',
  'account.scheduledPaymentAmount': 'scheduled_payment_amount',
  'account.termMonths': 'term_months',
  'account.paymentFrequency': 'payment_frequency',
  'account.closedAt': 'closed_at',
  ...Object.fromEntries(
    PARTY_NUMBERS.flatMap((n) => [
      [`parties.${n - 1}`, partyColumn(n, 'role')],
      [`parties.${n - 1}.subject`, partyColumn(n, 'national_id')],
      [`parties.${n - 1}.subject.address.line`, partyColumn(n, 'address')],
      ...PARTY_SUFFIXES.map((suffix) => [
        suffix === 'role' ? `parties.${n - 1}.role` : `parties.${n - 1}.subject.${PARTY_FIELDS[suffix]}`,
        partyColumn(n, suffix),
      ]),
    ]),
  ),
  correction: 'correction',
  reason: 'reason',
  certifyReinsertion: 'certify_reinsertion',
  note: 'note',
};

/**
 * The parties of a CSV record: the column groups up to the last one with a cell, so a group left
 * empty before a filled one is a party with errors in its own columns (the reject names them), not
 * a shift of the later ones. No party cell at all: undefined (the account keeps its parties).
 */
function partiesOfRecord(record: Partial<Record<TCsvColumn, string>>) {
  const isFilled = (n: TPartyNumber) => PARTY_SUFFIXES.some((suffix) => (record[partyColumn(n, suffix)] ?? '').trim() !== '');
  const last = [...PARTY_NUMBERS].reverse().find(isFilled);
  if (last === undefined) return undefined;
  return PARTY_NUMBERS.filter((n) => n <= last).map((n) => {
    const cell = (suffix: TPartyColumnSuffix) => record[partyColumn(n, suffix)];
    return {
      role: cell('role'),
      subject: {
        nationalId: cell('national_id'),
        driversLicense: cell('drivers_license'),
        passportNumber: cell('passport_number'),
        firstName: cell('first_name'),
        lastName: cell('last_name'),
        dateOfBirth: cell('date_of_birth'),
        phone: cell('phone'),
        address: cell('address') ?? '',
      },
    };
  });
}

/** A CSV record (column name -> cell) in the shape of a JSON row, for the one shared schema. */
export function csvRecordToRow(record: Partial<Record<TCsvColumn, string>>) {
  return {
    subject: {
      nationalId: record.national_id,
      driversLicense: record.drivers_license,
      passportNumber: record.passport_number,
      firstName: record.first_name,
      middleName: record.middle_name,
      lastName: record.last_name,
      dateOfBirth: record.date_of_birth,
      phone: record.phone,
      address: { line: record.address ?? '', district: record.district },
    },
    account: {
      accountNumber: record.account_number,
      type: record.account_type?.trim().toLowerCase(),
      currency: record.currency,
      principal: record.principal,
      balance: record.balance,
      openedAt: record.opened_at,
      status: record.status,
      defaultAmount: record.default_amount,
      defaultDate: record.default_date,
      paymentHistory: record.payment_history,
      amountPastDue: record.amount_past_due,
      firstDelinquencyDate: record.first_delinquency_date,
      lastPaymentDate: record.last_payment_date,
      lastPaymentAmount: record.last_payment_amount,
      scheduledPaymentAmount: record.scheduled_payment_amount,
      termMonths: record.term_months,
      paymentFrequency: record.payment_frequency,
      closedAt: record.closed_at,
    },
    parties: partiesOfRecord(record),
    correction: record.correction,
    reason: record.reason,
    certifyReinsertion: record.certify_reinsertion,
    note: record.note,
  };
}

type TJson = Record<string, unknown>;
const fieldOf = (o: unknown, key: string): unknown => (o && typeof o === 'object' ? (o as TJson)[key] : undefined);
const cellOf = (v: unknown): string => (v === null || v === undefined || typeof v === 'object' ? '' : String(v));

/**
 * The inverse of csvRecordToRow: a JSON row ({subject, account}, as a lender sent it, valid or not)
 * as a CSV record in the template's columns. An address may be its text alone or {line, district};
 * a missing, null or non-scalar value is an empty cell.
 */
export function rowToCsvRecord(row: unknown): Record<TCsvColumn, string> {
  const s = fieldOf(row, 'subject');
  const a = fieldOf(row, 'account');
  const address = fieldOf(s, 'address');
  const parties = fieldOf(row, 'parties');
  const partyCells = Object.fromEntries(
    PARTY_NUMBERS.flatMap((n) => {
      const party = Array.isArray(parties) ? (parties[n - 1] as unknown) : undefined;
      const subject = fieldOf(party, 'subject');
      const address = fieldOf(subject, 'address');
      return PARTY_SUFFIXES.map((suffix) => {
        const value =
          suffix === 'role'
            ? fieldOf(party, 'role')
            : suffix === 'address' && typeof address !== 'string'
              ? fieldOf(address, 'line')
              : fieldOf(subject, PARTY_FIELDS[suffix]);
        return [partyColumn(n, suffix), value];
      });
    }),
  ) as Record<TPartyColumn, unknown>;
  const values: Record<TCsvColumn, unknown> = {
    national_id: fieldOf(s, 'nationalId'),
    drivers_license: fieldOf(s, 'driversLicense'),
    passport_number: fieldOf(s, 'passportNumber'),
    first_name: fieldOf(s, 'firstName'),
    middle_name: fieldOf(s, 'middleName'),
    last_name: fieldOf(s, 'lastName'),
    date_of_birth: fieldOf(s, 'dateOfBirth'),
    phone: fieldOf(s, 'phone'),
    address: typeof address === 'string' ? address : fieldOf(address, 'line'),
    district: typeof address === 'string' ? '' : fieldOf(address, 'district'),
    account_number: fieldOf(a, 'accountNumber'),
    account_type: fieldOf(a, 'type'),
    currency: fieldOf(a, 'currency'),
    principal: fieldOf(a, 'principal'),
    balance: fieldOf(a, 'balance'),
    opened_at: fieldOf(a, 'openedAt'),
    status: fieldOf(a, 'status'),
    default_amount: fieldOf(a, 'defaultAmount'),
    default_date: fieldOf(a, 'defaultDate'),
    payment_history: fieldOf(a, 'paymentHistory'),
    amount_past_due: fieldOf(a, 'amountPastDue'),
    first_delinquency_date: fieldOf(a, 'firstDelinquencyDate'),
    last_payment_date: fieldOf(a, 'lastPaymentDate'),
    last_payment_amount: fieldOf(a, 'lastPaymentAmount'),
    scheduled_payment_amount: fieldOf(a, 'scheduledPaymentAmount'),
    term_months: fieldOf(a, 'termMonths'),
    payment_frequency: fieldOf(a, 'paymentFrequency'),
    closed_at: fieldOf(a, 'closedAt'),
    correction: fieldOf(row, 'correction'),
    reason: fieldOf(row, 'reason'),
    certify_reinsertion: fieldOf(row, 'certifyReinsertion'),
    note: fieldOf(row, 'note'),
    ...partyCells,
  };
  return Object.fromEntries(CSV_COLUMNS.map((c) => [c, cellOf(values[c])])) as Record<TCsvColumn, string>;
}
