import { csvCell } from '@shared/csv-cell';
import { CSV_COLUMNS } from '@shared/schemas/credit';
import type { TSubmissionReject } from '@shared/schemas/credit';
import { saveBlob } from '@web/lib/download';

/** RFC 4180 CSV: quoted cells may hold commas, quotes ("") and line breaks. A BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (isQuoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else isQuoted = false;
      } else cell += c;
    } else if (c === '"') isQuoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines are not rows (the server skips them too).
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

export function toCsv(rows: unknown[][]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The reasons of each rejected row, joined: "phone: Valid phone number is required; ...". */
function reasonsByRow(rejects: TSubmissionReject[]): Map<number, string> {
  const byRow = new Map<number, string[]>();
  for (const r of rejects) byRow.set(r.row, [...(byRow.get(r.row) ?? []), `${r.field}: ${r.message}`]);
  return new Map([...byRow].map(([row, reasons]) => [row, reasons.join('; ')]));
}

type Json = Record<string, unknown>;
const get = (o: unknown, key: string): unknown => (o && typeof o === 'object' ? (o as Json)[key] : undefined);

/** A JSON row ({subject, account}) as the template's CSV columns. */
function jsonRowToCells(row: unknown): string[] {
  const s = get(row, 'subject');
  const a = get(row, 'account');
  const address = get(s, 'address');
  const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    national_id: get(s, 'nationalId'),
    drivers_license: get(s, 'driversLicense'),
    passport_number: get(s, 'passportNumber'),
    first_name: get(s, 'firstName'),
    middle_name: get(s, 'middleName'),
    last_name: get(s, 'lastName'),
    date_of_birth: get(s, 'dateOfBirth'),
    phone: get(s, 'phone'),
    address: typeof address === 'string' ? address : get(address, 'line'),
    district: typeof address === 'string' ? '' : get(address, 'district'),
    account_number: get(a, 'accountNumber'),
    account_type: get(a, 'type'),
    currency: get(a, 'currency'),
    principal: get(a, 'principal'),
    balance: get(a, 'balance'),
    opened_at: get(a, 'openedAt'),
    status: get(a, 'status'),
    default_amount: get(a, 'defaultAmount'),
    default_date: get(a, 'defaultDate'),
    payment_history: get(a, 'paymentHistory'),
  };
  return CSV_COLUMNS.map((c) => {
    const v = values[c];
    return v === null || v === undefined || typeof v === 'object' ? '' : String(v);
  });
}

/**
 * The rejected rows of a file as a CSV to fix and send again: the rows as they were in the file
 * (a JSON file's rows in the template's columns) with each row's reasons in a last "errors" column.
 */
export function rejectedRowsCsv(file: { format: 'csv' | 'json'; text: string }, rejects: TSubmissionReject[]): string {
  const reasons = reasonsByRow(rejects);
  if (file.format === 'csv') {
    const [header = [], ...rows] = parseCsv(file.text);
    const out: unknown[][] = [['row', ...header, 'errors']];
    rows.forEach((cells, i) => {
      const reason = reasons.get(i + 1);
      if (reason) out.push([i + 1, ...cells, reason]);
    });
    return toCsv(out);
  }
  let rows: unknown[] = [];
  try {
    const parsed = JSON.parse(file.text) as { rows?: unknown[] };
    rows = Array.isArray(parsed.rows) ? parsed.rows : [];
  } catch {
    rows = [];
  }
  const out: unknown[][] = [['row', ...CSV_COLUMNS, 'errors']];
  rows.forEach((row, i) => {
    const reason = reasons.get(i + 1);
    if (reason) out.push([i + 1, ...jsonRowToCells(row), reason]);
  });
  return toCsv(out);
}

/** The rejects alone (a file from the history, no longer in the browser). */
export function rejectsCsv(rejects: TSubmissionReject[]): string {
  return toCsv([['row', 'field', 'message'], ...rejects.map((r) => [r.row, r.field, r.message])]);
}

/** Saves text as a file through a temporary link. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), fileName);
}
