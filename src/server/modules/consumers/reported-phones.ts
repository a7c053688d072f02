import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plainArray, textArray } from '../../db/sql-arrays';

// Which business reported which phone, per account (credit_account_phones, decisions/021). The
// registry keeps one row per (person, phone) in credit_subject_phones and does not say who reported
// it; identity codes need to know whether two different businesses stand behind a phone.

const CHUNK = 20_000;

/**
 * Records the phone of every applied row against its account, in the caller's transaction (the
 * registry's write path calls it once per file or single report). A phone already recorded for the
 * account keeps its first date.
 */
export async function recordReportedPhones(
  tx: Pick<Database, 'execute'>,
  rows: readonly { rowNumber: number; report: { subject: { phone: string } } }[],
  applied: readonly { rowNumber: number; accountId: string }[],
): Promise<void> {
  if (applied.length === 0) return;
  const phoneOfRow = new Map<number, string>();
  for (const r of rows) phoneOfRow.set(r.rowNumber, r.report.subject.phone);
  const seen = new Set<string>();
  const accountIds: string[] = [];
  const phones: string[] = [];
  for (const a of applied) {
    const phone = phoneOfRow.get(a.rowNumber);
    if (!phone || seen.has(`${a.accountId}|${phone}`)) continue;
    seen.add(`${a.accountId}|${phone}`);
    accountIds.push(a.accountId);
    phones.push(phone);
  }
  for (let start = 0; start < accountIds.length; start += CHUNK) {
    await tx.execute(sql`
      INSERT INTO credit_account_phones (account_id, phone)
      SELECT * FROM unnest(${plainArray(accountIds.slice(start, start + CHUNK))}::uuid[], ${textArray(phones.slice(start, start + CHUNK))}::text[])
      ON CONFLICT DO NOTHING`);
  }
}
