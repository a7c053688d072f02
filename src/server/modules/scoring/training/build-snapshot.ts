import { sql } from 'drizzle-orm';
import { ACCOUNT_STATUS_CODES, type TAccountStatus } from '@shared/credit-reference';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { queryParsedRows } from '../../../db/query';
import { computeFeatures, type ScoringAccount, type ScoringAccountMonth, type ScoringInquiry } from '../compute-features';
import { HARD_INQUIRY_PURPOSE } from '../queries';
import { scoringAccountOfRow } from '../account-row';
import type { TrainingRow } from './fit-scorecard';
import { hasGoneBad } from './outcome';

export interface RegistryFile {
  /** The person's NIN when they have one (stable across rebuilds of the same data), else their id. */
  key: string;
  accounts: ScoringAccount[];
  inquiries: ScoringInquiry[];
}

/** Every person's accounts with their months, and hard inquiries: set-based reads of the whole registry. */
export async function readRegistryFiles(db: Database): Promise<Map<string, RegistryFile>> {
  const accounts = await queryParsedRows(
    db,
    z.object({
      id: z.string(),
      subject_id: z.string(),
      type: z.string(),
      currency: z.string(),
      principal: z.union([z.string(), z.number()]),
      balance: z.union([z.string(), z.number()]),
      opened_at: z.string(),
      status: z.enum(ACCOUNT_STATUS_CODES),
      default_amount: z.union([z.string(), z.number()]).nullable(),
      default_date: z.string().nullable(),
      payment_history: z.string(),
      last_reported_at: z.union([z.date(), z.string()]),
      amount_past_due: z.union([z.string(), z.number()]).nullable(),
    }),
    sql`SELECT id, subject_id, type, currency, principal, balance, opened_at::text AS opened_at, status, default_amount,
          default_date::text AS default_date, payment_history, last_reported_at, amount_past_due
        FROM credit_accounts ORDER BY subject_id, id`,
  );
  // One text per account ("month:balance:pastDue:status;..."): a row per account, not per month.
  const monthRows = await queryParsedRows(
    db,
    z.object({ account_id: z.string(), months: z.string() }),
    sql`SELECT account_id, string_agg(month::text || ':' || balance || ':' || COALESCE(amount_past_due::text, '') || ':' || status, ';')
          AS months FROM credit_account_months GROUP BY account_id`,
  );
  const monthsOf = new Map(monthRows.map((r) => [r.account_id, r.months]));
  const inquiries = await queryParsedRows(
    db,
    z.object({ subject_id: z.string(), business_id: z.string(), created_at: z.union([z.date(), z.string()]) }),
    sql`SELECT subject_id, business_id, created_at FROM credit_inquiries
        WHERE kind = 'report' AND purpose = ${HARD_INQUIRY_PURPOSE} AND subject_id IS NOT NULL ORDER BY subject_id, created_at, id`,
  );
  const nins = await queryParsedRows(
    db,
    z.object({ subject_id: z.string(), value: z.string() }),
    sql`SELECT subject_id, value FROM credit_subject_identifiers WHERE type = 'nin'`,
  );
  const keyOf = new Map(nins.map((n) => [n.subject_id, `nin:${n.value}`]));
  const files = new Map<string, RegistryFile>();
  const fileOf = (id: string) => {
    let file = files.get(id);
    if (!file) files.set(id, (file = { key: keyOf.get(id) ?? `id:${id}`, accounts: [], inquiries: [] }));
    return file;
  };
  for (const a of accounts) {
    fileOf(a.subject_id).accounts.push(scoringAccountOfRow(a, parseMonths(monthsOf.get(a.id))));
  }
  for (const q of inquiries)
    fileOf(q.subject_id).inquiries.push({ businessId: q.business_id, createdAt: new Date(q.created_at).toISOString() });
  return files;
}

function parseMonths(text: string | undefined): ScoringAccountMonth[] {
  if (!text) return [];
  return text.split(';').map((entry) => {
    const [month, balance, pastDue, status] = entry.split(':');
    return { month, balance: Number(balance), amountPastDue: pastDue === '' ? null : Number(pastDue), status: status as TAccountStatus };
  });
}

/**
 * The development sample: each person's features as their file stood on the observation date,
 * and whether they went bad in the 12 months after. Thin files at that date are left out (they
 * get no score, so the model never scores them); files in default or 90 days late are kept, marked
 * by their seriousDelinquency feature (the fit leaves them out, the figures report them apart).
 */
export function buildTrainingRows(
  files: Map<string, RegistryFile>,
  observation: Date,
  sleRates: Record<string, number>,
): { rows: TrainingRow[]; thin: number; thinByReason: Record<string, number> } {
  const rows: TrainingRow[] = [];
  let thin = 0;
  const thinByReason: Record<string, number> = {};
  // The split hashes the key: ids made afresh by a rebuild of the same data must not change it.
  for (const file of [...files.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const result = computeFeatures(file.accounts, file.inquiries, observation, { sleRates });
    if (result.isThinFile) {
      thin += 1;
      thinByReason[result.thinReason] = (thinByReason[result.thinReason] ?? 0) + 1;
      continue;
    }
    rows.push({ id: file.key, features: result.features, isBad: hasGoneBad(file.accounts, observation) });
  }
  return { rows, thin, thinByReason };
}
