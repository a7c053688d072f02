// A monthly file's row in CSV: its columns and their mapping to the JSON row, in one place for the
// server's parser, the template and the web.

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
  // Corrections (docs/api.md, "Correcting an account"): move or delete, with the removal's reason;
  // a certified reinsertion and its note.
  'correction',
  'reason',
  'certify_reinsertion',
  'note',
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
  correction: 'correction',
  reason: 'reason',
  certifyReinsertion: 'certify_reinsertion',
  note: 'note',
};

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
    },
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
    correction: fieldOf(row, 'correction'),
    reason: fieldOf(row, 'reason'),
    certify_reinsertion: fieldOf(row, 'certifyReinsertion'),
    note: fieldOf(row, 'note'),
  };
  return Object.fromEntries(CSV_COLUMNS.map((c) => [c, cellOf(values[c])])) as Record<TCsvColumn, string>;
}
