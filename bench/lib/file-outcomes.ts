// What identity matching decided for each kind of row of the benchmark's monthly file
// (bench/lib/monthly-file.ts), checked against the generator's truth: who each row is really about
// is known (person i has the same id in every run), so a row linked to anybody else is a wrong
// merge, and a queued row says why (the review reason).
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/query';
import { generatePerson, indexLenders } from '../../src/server/db/seed/registry/generate';
import { LENDERS } from '../../src/server/db/seed/registry/lenders';
import { kindOfRow, personOfRow, ROW_KINDS, type RowKind } from './monthly-file';

export interface KindOutcomes {
  rows: number;
  /** Linked automatically (exact or probable) to the right person. */
  linked: number;
  /** Linked automatically to someone else: a wrong merge. */
  wrong: number;
  /** A new person, nothing queued. */
  newPerson: number;
  /** Queued for a reviewer, by review reason. */
  review: number;
  reasons: Record<string, number>;
}

/**
 * Tallies the file's rows by kind. `accountPrefix` is the file's account-number prefix (each row's
 * number ends with its index); `before` is when the file was sent (people created since are new).
 */
export async function fileOutcomes(
  db: Database,
  options: {
    businessId: string;
    accountPrefix: string;
    registryPeople: number;
    newPeopleFrom?: number;
    seed: number;
    asOf: Date;
    before: Date;
  },
): Promise<Record<RowKind, KindOutcomes>> {
  const rows = await queryRows<{ account_number: string; subject_id: string; is_old: boolean; reasons: string[] | null }>(
    db,
    sql`SELECT a.account_number, a.subject_id, s.created_at < ${options.before.toISOString()}::timestamptz AS is_old,
          (SELECT array_agg(DISTINCT r.reason) FROM credit_match_reviews r WHERE r.account_id = a.id) AS reasons
        FROM credit_accounts a JOIN credit_subjects s ON s.id = a.subject_id
        WHERE a.business_id = ${options.businessId}::uuid AND a.account_number LIKE ${`${options.accountPrefix}-%`}`,
  );
  const lenders = indexLenders(LENDERS);
  const tally = Object.fromEntries(
    ROW_KINDS.map((k) => [k, { rows: 0, linked: 0, wrong: 0, newPerson: 0, review: 0, reasons: {} } satisfies KindOutcomes]),
  ) as Record<RowKind, KindOutcomes>;
  for (const r of rows) {
    const i = Number(r.account_number.slice(options.accountPrefix.length + 1));
    const kind = kindOfRow(i);
    const t = tally[kind];
    t.rows++;
    if (r.reasons?.length) {
      t.review++;
      for (const reason of r.reasons) t.reasons[reason] = (t.reasons[reason] ?? 0) + 1;
      continue;
    }
    if (!r.is_old) {
      t.newPerson++;
      continue;
    }
    const index = personOfRow(i, options.registryPeople, options.newPeopleFrom ?? options.registryPeople);
    const truth = kind === 'new person' ? null : generatePerson({ seed: options.seed, asOf: options.asOf }, index, lenders).id;
    if (truth === r.subject_id) t.linked++;
    else t.wrong++;
  }
  return tally;
}

/** The tally as a table, one line per kind and a total. */
export function formatFileOutcomes(tally: Record<RowKind, KindOutcomes>): string[] {
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
  const total: KindOutcomes = { rows: 0, linked: 0, wrong: 0, newPerson: 0, review: 0, reasons: {} };
  const line = (label: string, t: KindOutcomes) =>
    `  ${label.padEnd(34)} ${String(t.rows).padStart(7)} ${pct(t.linked, t.rows).padStart(7)} ${String(t.wrong).padStart(6)} ${pct(t.newPerson, t.rows).padStart(7)} ${pct(t.review, t.rows).padStart(7)}  ${Object.entries(
      t.reasons,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`;
  const lines = [
    `  ${'kind of row'.padEnd(34)} ${'rows'.padStart(7)} ${'linked'.padStart(7)} ${'wrong'.padStart(6)} ${'new'.padStart(7)} ${'review'.padStart(7)}  reasons`,
  ];
  for (const kind of ROW_KINDS) {
    const t = tally[kind];
    lines.push(line(kind, t));
    total.rows += t.rows;
    total.linked += t.linked;
    total.wrong += t.wrong;
    total.newPerson += t.newPerson;
    total.review += t.review;
    for (const [k, v] of Object.entries(t.reasons)) total.reasons[k] = (total.reasons[k] ?? 0) + v;
  }
  lines.push(line('all rows', total));
  return lines;
}
