import type { TCreditAccountReport } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { textArray } from '../../db/sql-arrays';
import {
  computeNameCodes,
  findCandidateSubjects,
  findKnownFacts,
  findOwnersOfIdentifiers,
  normalizeName,
  swapDayMonth,
  type CandidateIdentity,
  type FactsProbe,
  type IdentifierOwners,
  type IdentifierValue,
  type KnownFacts,
  type ProbeIdentity,
} from '../matching';
import { BATCH_PLANNER, setPlanner, type Tx } from './batch-planner';
import { loadCandidates, type LoadedCandidates } from './candidate-sketches';
import { primaryOwnerOrNull } from './identifier-owners';
import type { ReportedRow } from './reported-rows';

export interface ExistingAccount {
  id: string;
  subjectId: string;
  paymentHistory: string;
  /** UTC year and month of the last report, 'YYYY-MM'. */
  lastReportedMonth: string;
}

export interface PreparedRow extends ReportedRow {
  probe: ProbeIdentity;
}

/** What a round knows before deciding any row: the phase of look-ups, all set-based. */
export interface ChunkLookup {
  prepared: PreparedRow[];
  /** This business's accounts already in the registry, by account number. */
  existingAccounts: Map<string, ExistingAccount>;
  owners: IdentifierOwners;
  /** Per row, what the person it points at (factsTargetOfRow) already has of the row. */
  factsOfRow: (KnownFacts | undefined)[];
  factsTargetOfRow: (string | undefined)[];
  /** Per row that points at nobody, the people the blocking found. */
  candidateIds: Map<number, Set<string>>;
  /** Whole identities of the candidates that may count, names of the others (candidate-sketches.ts). */
  identities: Map<string, CandidateIdentity>;
  sketches: Map<string, CandidateIdentity>;
  sketchesWithIdentifiers: Set<string>;
  sketchReach: LoadedCandidates['sketchReach'];
}

function identifiersOf(report: TCreditAccountReport): IdentifierValue[] {
  const ids: IdentifierValue[] = [];
  if (report.subject.nationalId) ids.push({ type: 'nin', value: report.subject.nationalId });
  if (report.subject.passportNumber) ids.push({ type: 'passport', value: report.subject.passportNumber });
  if (report.subject.driversLicense) ids.push({ type: 'drivers_license', value: report.subject.driversLicense });
  return ids;
}

async function prepareRows(tx: Tx, rows: ReportedRow[]): Promise<PreparedRow[]> {
  const names = rows.map((r) => ({ first: normalizeName(r.report.subject.firstName), last: normalizeName(r.report.subject.lastName) }));
  const codes = await computeNameCodes(tx, names);
  return rows.map((r, i) => ({
    rowNumber: r.rowNumber,
    report: r.report,
    moveAccount: r.moveAccount,
    probe: {
      first: names[i].first,
      middle: normalizeName(r.report.subject.middleName),
      last: names[i].last,
      dob: r.report.subject.dateOfBirth ?? null,
      firstCode: codes[i].firstCode,
      lastCode: codes[i].lastCode,
      phone: r.report.subject.phone,
      identifiers: identifiersOf(r.report),
      addressLine: r.report.subject.address.line,
    },
  }));
}

const ZExistingAccountRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  account_number: z.string(),
  payment_history: z.string(),
  last_reported_month: z.string(),
});

async function findExistingAccounts(tx: Tx, businessId: string, accountNumbers: string[]): Promise<Map<string, ExistingAccount>> {
  const rows = await queryParsedRows(
    tx as Database,
    ZExistingAccountRow,
    sql`SELECT a.id, a.subject_id, a.account_number, a.payment_history, to_char(a.last_reported_at AT TIME ZONE 'UTC', 'YYYY-MM') AS last_reported_month
        FROM unnest(${textArray([...accountNumbers].sort())}::text[]) AS u(account_number)
        JOIN credit_accounts a ON a.business_id = ${businessId}::uuid AND a.account_number = u.account_number`,
  );
  const existing = new Map<string, ExistingAccount>();
  for (const r of rows)
    existing.set(r.account_number, {
      id: r.id,
      subjectId: r.subject_id,
      paymentHistory: r.payment_history,
      lastReportedMonth: r.last_reported_month,
    });
  return existing;
}

/**
 * The look-ups of a round, before any row is decided: name codes, the business's accounts, who
 * holds the rows' identifiers, what the people rows point at already have, and candidates for the
 * rest. `lap` times each phase (benchmarks).
 */
export async function lookUpChunk(
  tx: Tx,
  businessId: string,
  rows: ReportedRow[],
  blockingPlanner: Record<string, string>,
  lap: (phase: string) => void,
): Promise<ChunkLookup> {
  const prepared = await prepareRows(tx, rows);
  lap('name codes');
  const existingAccounts = await findExistingAccounts(
    tx,
    businessId,
    prepared.map((r) => r.report.account.accountNumber),
  );
  const owners = await findOwnersOfIdentifiers(
    tx,
    prepared.flatMap((r) => r.probe.identifiers),
  );
  lap('accounts and identifiers lookup');

  // Rows that point at a person directly (their account, or an identifier) need to know only what
  // that person already has of the row (name, phone, address); the others need candidates.
  const factsOfRow = new Array<KnownFacts | undefined>(prepared.length);
  const factsTargetOfRow = new Array<string | undefined>(prepared.length);
  const factsRows: number[] = [];
  const factsProbes: FactsProbe[] = [];
  const needCandidates: { r: PreparedRow; idx: number }[] = [];
  for (let idx = 0; idx < prepared.length; idx++) {
    const r = prepared[idx];
    const existing = r.moveAccount ? undefined : existingAccounts.get(r.report.account.accountNumber);
    const target = existing ? existing.subjectId : primaryOwnerOrNull(r.probe.identifiers, owners);
    if (!target) {
      needCandidates.push({ r, idx });
      continue;
    }
    factsRows.push(idx);
    factsTargetOfRow[idx] = target;
    const { probe } = r;
    factsProbes.push({
      subjectId: target,
      first: probe.first,
      middle: probe.middle,
      last: probe.last,
      dob: probe.dob,
      phone: probe.phone,
      addressLine: r.report.subject.address.line,
    });
  }
  const facts = await findKnownFacts(tx, factsProbes);
  for (let i = 0; i < factsRows.length; i++) factsOfRow[factsRows[i]] = facts[i];
  // The blocks take the first 40 (or 200, or 20) people an index scan meets: which index, and so
  // which people, is the planner's choice, made as it always was (custom plans, the session's
  // settings), so a file finds the same candidates as before.
  await setPlanner(tx, blockingPlanner);
  const candidateIds = await findCandidateSubjects(
    tx,
    needCandidates.map(({ r, idx }) => ({
      idx,
      firstCode: r.probe.firstCode,
      lastCode: r.probe.lastCode,
      dob: r.probe.dob,
      swappedDob: swapDayMonth(r.probe.dob),
      phone: r.probe.phone,
    })),
  );
  await setPlanner(tx, BATCH_PLANNER);
  lap('candidate blocking');
  // Whole identities of the candidates whose names can make them count (candidate-sketches.ts),
  // names and identifiers of the others; and, as they are needed, of people a row points at and
  // brings a new name or phone to (names, phones, addresses: findKnownFacts).
  const pointedAt = new Set<string>();
  for (const target of factsTargetOfRow) if (target) pointedAt.add(target);
  const candidates = await loadCandidates(tx, prepared, candidateIds, pointedAt);
  lap('candidate details');
  return { prepared, existingAccounts, owners, factsOfRow, factsTargetOfRow, candidateIds, ...candidates };
}
