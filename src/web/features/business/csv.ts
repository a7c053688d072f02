import { parseCsv, toCsv } from '@shared/csv';
import { CSV_COLUMNS, rowToCsvRecord } from '@shared/schemas/credit';
import type { TSubmissionReject } from '@shared/schemas/credit';
import { saveBlob } from '@web/lib/download';

/** The reasons of each rejected row, joined: "phone: Valid phone number is required; ...". */
function reasonsByRow(rejects: TSubmissionReject[]): Map<number, string> {
  const byRow = new Map<number, string[]>();
  for (const r of rejects) byRow.set(r.row, [...(byRow.get(r.row) ?? []), `${r.field}: ${r.message}`]);
  return new Map([...byRow].map(([row, reasons]) => [row, reasons.join('; ')]));
}

/**
 * The rejected rows of a file as a CSV to fix and send again: the rows as they were in the file
 * (a JSON file's rows in the template's columns) with each row's reasons in a last "errors" column.
 * A CSV file is read as the server read it (@shared/csv), so the rows are numbered as its rejects are.
 */
export function rejectedRowsCsv(file: { format: 'csv' | 'json'; text: string }, rejects: TSubmissionReject[]): string {
  const reasons = reasonsByRow(rejects);
  if (file.format === 'csv') {
    let records: string[][];
    try {
      records = parseCsv(file.text);
    } catch {
      // Not CSV after all (the server would have refused it whole): the rejects alone.
      return rejectsCsv(rejects);
    }
    const [header = [], ...rows] = records;
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
    if (reason) {
      const record = rowToCsvRecord(row);
      out.push([i + 1, ...CSV_COLUMNS.map((c) => record[c]), reason]);
    }
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
