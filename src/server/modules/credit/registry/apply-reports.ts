import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { historyCodeOfStatus, PAYMENT_HISTORY_MONTHS, type TIdentifierType } from '@shared/credit-reference';
import type { TCreditAccountReport, TMatchOutcome, TSubmissionReject } from '@shared/schemas/credit';
import type { Database } from '../../../db/client';
import { queryRows } from '../../../db/query';
import { addIdentifier, computeNameCodes, findCandidateSubjects, findIdentifierOwners, identifierKey, loadIdentities } from '../matching/candidates';
import { normalizeName, swapDayMonth } from '../matching/names';
import {
  checkIdentifierAgreement,
  decideCandidate,
  rankCandidates,
  scoreCandidate,
  type IdentifierValue,
  type ProbeIdentity,
} from '../matching/score';
import {
  insertIdentifiers,
  insertNames,
  insertReviews,
  insertSubjects,
  touchSubjects,
  upsertAccounts,
  upsertAddresses,
  upsertPhones,
  type AccountRow,
  type NameRow,
  type NewSubjectRow,
  type ReviewRow,
} from './bulk-writes';

export interface ReportedRow {
  /** 1-based position in the file (1 for a single report). */
  rowNumber: number;
  report: TCreditAccountReport;
}

export interface AppliedRow {
  rowNumber: number;
  accountId: string;
  subjectId: string;
  match: TMatchOutcome;
  created: boolean;
}

export interface ApplyContext {
  businessId: string;
  submissionId: string | null;
  /** Rows per round of lookups and writes; the whole call is still one transaction. */
  chunkSize?: number;
  /** When given, milliseconds spent per phase are added here (benchmarks). */
  timings?: Record<string, number>;
}

export const ACCOUNT_OF_ANOTHER_PERSON = 'This account number is already reported for another person';
export const duplicateAccountMessage = (firstRow: number) => `This account number already appears in row ${firstRow} of this file`;

/** Any fixed number: every registry writer takes this lock, so matching always sees earlier writes. */
const REGISTRY_WRITE_LOCK = 7_232_104;
/** Large rounds: each round's lookups scan an index range per table, so fewer rounds cost less. */
const DEFAULT_CHUNK = 20_000;
/** Identifier types in the order they decide between two people: NIN is lifelong and unique. */
const IDENTIFIER_PRIORITY: TIdentifierType[] = ['nin', 'passport', 'drivers_license'];

type Tx = Pick<Database, 'execute'>;

/**
 * Applies reported accounts: resolves each row's person (exact, probable, new or review), writes
 * people, identifiers, names, phones, addresses, accounts and review items set-based. Must run in a
 * transaction (the caller's): a failure anywhere leaves nothing behind. Rows naming an account this
 * business already reported for someone else come back as rejects.
 */
export async function applyAccountReports(tx: Tx, context: ApplyContext, rows: ReportedRow[]): Promise<{ applied: AppliedRow[]; rejects: TSubmissionReject[] }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRY_WRITE_LOCK})`);
  // The batch lookups are many cheap index probes the planner costs high; compiling them (JIT)
  // takes longer than running them.
  await tx.execute(sql`SET LOCAL jit = off`);
  const applied: AppliedRow[] = [];
  const rejects: TSubmissionReject[] = [];
  const chunkSize = context.chunkSize ?? DEFAULT_CHUNK;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const result = await applyChunk(tx, context, rows.slice(start, start + chunkSize));
    applied.push(...result.applied);
    rejects.push(...result.rejects);
  }
  return { applied, rejects };
}

interface ExistingAccount {
  id: string;
  subjectId: string;
  paymentHistory: string;
  lastReportedAt: Date;
}

interface PreparedRow extends ReportedRow {
  probe: ProbeIdentity;
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
    ...r,
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

async function findExistingAccounts(tx: Tx, businessId: string, accountNumbers: string[]): Promise<Map<string, ExistingAccount>> {
  const rows = await queryRows<{ id: string; subject_id: string; account_number: string; payment_history: string; last_reported_at: Date | string }>(
    tx as Database,
    sql`SELECT a.id, a.subject_id, a.account_number, a.payment_history, a.last_reported_at
        FROM unnest(${sql.param(accountNumbers)}::text[]) AS u(account_number)
        JOIN credit_accounts a ON a.business_id = ${businessId}::uuid AND a.account_number = u.account_number`,
  );
  return new Map(
    rows.map((r) => [r.account_number, { id: r.id, subjectId: r.subject_id, paymentHistory: r.payment_history, lastReportedAt: new Date(r.last_reported_at) }]),
  );
}

/**
 * Keys under which a person can be found again by a later row of the same batch. They mirror the
 * SQL blocking of findCandidateSubjects: birth date with a name's sound, both sounds within the
 * birth month (or with no birth date), and the phone. Codes stand in for spellings (Mohamed and
 * Mohammed share MHMT).
 */
function blockingKeysOf(firstCode: string, lastCode: string, dob: string | null, phone: string | null): string[] {
  const keys = [`n:${firstCode}:${lastCode}:${dob ? dob.slice(0, 7) : '-'}`];
  if (dob) keys.push(`d:${dob}:${lastCode}`, `d:${dob}:${firstCode}`);
  if (phone) keys.push(`p:${phone}`);
  return keys;
}

function probeKeys(probe: ProbeIdentity): string[] {
  const month = probe.dob ? probe.dob.slice(0, 7) : '-';
  const keys = [`n:${probe.firstCode}:${probe.lastCode}:${month}`, `n:${probe.lastCode}:${probe.firstCode}:${month}`];
  if (probe.dob) keys.push(`n:${probe.firstCode}:${probe.lastCode}:-`);
  for (const d of [probe.dob, swapDayMonth(probe.dob)]) if (d) keys.push(`d:${d}:${probe.lastCode}`, `d:${d}:${probe.firstCode}`);
  if (probe.phone) keys.push(`p:${probe.phone}`);
  return keys;
}

function nextPaymentHistory(report: TCreditAccountReport, existing: ExistingAccount | undefined, now: Date): string {
  if (report.account.paymentHistory !== undefined) return report.account.paymentHistory;
  const code = historyCodeOfStatus(report.account.status);
  if (!existing) return code;
  const sameMonth =
    existing.lastReportedAt.getUTCFullYear() === now.getUTCFullYear() && existing.lastReportedAt.getUTCMonth() === now.getUTCMonth();
  // A second report in the same month corrects that month; a new month adds one.
  const history = sameMonth ? code + existing.paymentHistory.slice(1) : code + existing.paymentHistory;
  return history.slice(0, PAYMENT_HISTORY_MONTHS);
}

function reportedIdentity(report: TCreditAccountReport): Record<string, unknown> {
  const s = report.subject;
  return {
    firstName: s.firstName,
    middleName: s.middleName ?? null,
    lastName: s.lastName,
    dateOfBirth: s.dateOfBirth ?? null,
    phone: s.phone,
    nationalId: s.nationalId ?? null,
    passportNumber: s.passportNumber ?? null,
    driversLicense: s.driversLicense ?? null,
    address: s.address.line,
  };
}

function phaseClock(timings: Record<string, number> | undefined) {
  let last = performance.now();
  return (phase: string) => {
    if (!timings) return;
    const now = performance.now();
    timings[phase] = (timings[phase] ?? 0) + now - last;
    last = now;
  };
}

async function applyChunk(tx: Tx, context: ApplyContext, rows: ReportedRow[]) {
  const now = new Date();
  const lap = phaseClock(context.timings);
  const prepared = await prepareRows(tx, rows);
  lap('name codes');
  const existingAccounts = await findExistingAccounts(
    tx,
    context.businessId,
    prepared.map((r) => r.report.account.accountNumber),
  );
  const owners = await findIdentifierOwners(
    tx,
    prepared.flatMap((r) => r.probe.identifiers),
  );
  lap('accounts and identifiers lookup');

  // People the rows point at directly, and candidates for the rows that point at nobody.
  const directSubjects = new Set<string>([...owners.values(), ...[...existingAccounts.values()].map((a) => a.subjectId)]);
  const needCandidates = prepared
    .map((r, idx) => ({ r, idx }))
    .filter(({ r }) => !existingAccounts.has(r.report.account.accountNumber) && !r.probe.identifiers.some((i) => owners.has(identifierKey(i.type, i.value))));
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
  lap('candidate blocking');
  // The people rows point at need no identifiers (the look-up just answered); candidates need everything.
  const identities = await loadIdentities(tx, directSubjects, { identifiers: false });
  const allCandidateIds = new Set<string>();
  for (const set of candidateIds.values()) for (const id of set) allCandidateIds.add(id);
  for (const [id, identity] of await loadIdentities(tx, allCandidateIds)) identities.set(id, identity);
  lap('candidate details');

  // Batch state: people created or extended by earlier rows of this chunk.
  const batchIndex = new Map<string, Set<string>>();
  const indexIdentity = (subjectId: string, probe: ProbeIdentity) => {
    for (const key of blockingKeysOf(probe.firstCode, probe.lastCode, probe.dob, probe.phone)) {
      let set = batchIndex.get(key);
      if (!set) batchIndex.set(key, (set = new Set()));
      set.add(subjectId);
    }
  };

  const newSubjects: NewSubjectRow[] = [];
  const newIdentifiers: { subjectId: string; type: TIdentifierType; value: string }[] = [];
  const names = new Map<string, NameRow>();
  const phones = new Map<string, { subjectId: string; phone: string }>();
  const addresses = new Map<string, { subjectId: string; line: string; district: string | null }>();
  const touched = new Map<string, { subjectId: string; district: string | null }>();
  const accounts: AccountRow[] = [];
  const reviews: ReviewRow[] = [];
  const applied: AppliedRow[] = [];
  const rejects: TSubmissionReject[] = [];

  const createSubject = (row: PreparedRow): string => {
    const s = row.report.subject;
    const id = randomUUID();
    newSubjects.push({
      id,
      firstName: s.firstName,
      middleName: s.middleName ?? null,
      lastName: s.lastName,
      dateOfBirth: s.dateOfBirth ?? null,
      district: s.address.district,
    });
    identities.set(id, { subjectId: id, names: [], phones: new Set(), addresses: new Set(), identifiers: new Map() });
    return id;
  };

  /** Records what this row says about the person: identifiers nobody holds yet, the name, phone and address. */
  const attach = (subjectId: string, row: PreparedRow) => {
    const identity = identities.get(subjectId)!;
    const { probe } = row;
    for (const id of probe.identifiers) {
      const key = identifierKey(id.type, id.value);
      if (owners.has(key)) continue;
      owners.set(key, subjectId);
      addIdentifier(identity, id.type, id.value);
      newIdentifiers.push({ subjectId, type: id.type, value: id.value });
    }
    // What the registry already knows is not written again: a re-sent file writes its accounts only.
    const isKnownName = identity.names.some((n) => n.first === probe.first && n.middle === probe.middle && n.last === probe.last && n.dob === probe.dob);
    const isKnownPhone = !probe.phone || identity.phones.has(probe.phone);
    if (!isKnownName) {
      names.set(`${subjectId}|${probe.first}|${probe.middle}|${probe.last}|${probe.dob ?? ''}`, { subjectId, first: probe.first, middle: probe.middle, last: probe.last, dob: probe.dob });
      identity.names.push({ first: probe.first, middle: probe.middle, last: probe.last, dob: probe.dob, firstCode: probe.firstCode, lastCode: probe.lastCode });
    }
    if (!isKnownPhone) {
      phones.set(`${subjectId}|${probe.phone}`, { subjectId, phone: probe.phone! });
      identity.phones.add(probe.phone!);
    }
    const address = row.report.subject.address;
    if (!identity.addresses.has(address.line)) {
      addresses.set(`${subjectId}|${address.line}`, { subjectId, line: address.line, district: address.district });
      identity.addresses.add(address.line);
      touched.set(subjectId, { subjectId, district: address.district ?? touched.get(subjectId)?.district ?? null });
    }
    // Later rows of the batch find people in the database through SQL; only what this batch adds
    // (new people, new spellings, new phones) needs the in-memory index.
    if (!isKnownName || !isKnownPhone) indexIdentity(subjectId, probe);
  };

  const seenAccountNumbers = new Map<string, number>();
  for (let idx = 0; idx < prepared.length; idx++) {
    const row = prepared[idx];
    const { probe, report } = row;
    const firstRow = seenAccountNumbers.get(report.account.accountNumber);
    if (firstRow !== undefined) {
      rejects.push({ row: row.rowNumber, field: 'account.accountNumber', message: duplicateAccountMessage(firstRow) });
      continue;
    }
    seenAccountNumbers.set(report.account.accountNumber, row.rowNumber);
    const existing = existingAccounts.get(report.account.accountNumber);
    const rowOwners = [...new Set(probe.identifiers.map((i) => owners.get(identifierKey(i.type, i.value))).filter((o): o is string => !!o))];
    let subjectId: string;
    let match: TMatchOutcome;
    const queue = (subject: string, candidate: string, reason: string, score: number) =>
      reviews.push({ subjectId: subject, candidateSubjectId: candidate, reason, score, accountNumber: report.account.accountNumber, reported: reportedIdentity(report) });

    if (existing) {
      // The account already belongs to someone: it may be re-reported, not moved to another person.
      subjectId = existing.subjectId;
      const pointsElsewhere = rowOwners.some((o) => o !== subjectId);
      const isLinkedById = rowOwners.includes(subjectId);
      if (pointsElsewhere || (!isLinkedById && !checkIdentifierAgreement(probe, identities.get(subjectId)?.names ?? []).agrees)) {
        rejects.push({ row: row.rowNumber, field: 'account.accountNumber', message: ACCOUNT_OF_ANOTHER_PERSON });
        continue;
      }
      match = 'exact';
    } else if (rowOwners.length > 0) {
      const primary = pickPrimaryOwner(probe.identifiers, owners);
      const agreement = checkIdentifierAgreement(probe, identities.get(primary)?.names ?? []);
      if (!agreement.agrees) {
        // The number belongs to someone whose name or birth date is far from this one: keep them apart.
        subjectId = createSubject(row);
        for (const owner of rowOwners) queue(subjectId, owner, agreement.reason, agreement.score);
        match = 'review';
      } else if (rowOwners.length > 1) {
        subjectId = primary;
        for (const owner of rowOwners) if (owner !== primary) queue(primary, owner, 'identifiers_of_different_people', 1);
        match = 'review';
      } else {
        subjectId = primary;
        match = 'exact';
      }
    } else {
      const ids = new Set<string>(candidateIds.get(idx) ?? []);
      for (const key of probeKeys(probe)) for (const id of batchIndex.get(key) ?? []) ids.add(id);
      const ranked = rankCandidates([...ids].map((id) => scoreCandidate(probe, identities.get(id)!)));
      const decision = decideCandidate(ranked);
      if (decision.outcome === 'probable') {
        subjectId = decision.best.subjectId;
        match = 'probable';
      } else if (decision.outcome === 'review') {
        subjectId = createSubject(row);
        queue(subjectId, decision.best.subjectId, decision.reason, decision.best.score);
        const second = ranked[1];
        if (decision.reason === 'ambiguous_candidates' && second) queue(subjectId, second.subjectId, decision.reason, second.score);
        match = 'review';
      } else {
        subjectId = createSubject(row);
        match = 'new';
      }
    }

    attach(subjectId, row);
    const accountId = existing?.id ?? randomUUID();
    const a = report.account;
    accounts.push({
      id: accountId,
      subjectId,
      accountNumber: a.accountNumber,
      type: a.type,
      currency: a.currency,
      principal: a.principal,
      balance: a.balance,
      openedAt: a.openedAt,
      status: a.status,
      defaultAmount: a.defaultAmount ?? null,
      defaultDate: a.defaultDate ?? null,
      paymentHistory: nextPaymentHistory(report, existing, now),
    });
    applied.push({ rowNumber: row.rowNumber, accountId, subjectId, match, created: !existing });
  }

  lap('decisions');
  const accountIdByNumber = new Map(accounts.map((a) => [a.accountNumber, a.id]));
  await insertSubjects(tx, newSubjects);
  await insertIdentifiers(tx, newIdentifiers);
  await insertNames(tx, [...names.values()]);
  await upsertPhones(tx, [...phones.values()]);
  await upsertAddresses(tx, [...addresses.values()]);
  lap('write people');
  const createdIds = new Set(newSubjects.map((s) => s.id));
  await touchSubjects(
    tx,
    [...touched.values()].filter((t) => !createdIds.has(t.subjectId)),
  );
  await upsertAccounts(tx, context.businessId, context.submissionId, accounts);
  await insertReviews(
    tx,
    context.businessId,
    context.submissionId,
    reviews.map((r) => ({ ...r, accountId: accountIdByNumber.get(r.accountNumber) ?? null })),
  );
  lap('write accounts and reviews');
  return { applied, rejects };
}

function pickPrimaryOwner(identifiers: IdentifierValue[], owners: Map<string, string>): string {
  for (const type of IDENTIFIER_PRIORITY) {
    const id = identifiers.find((i) => i.type === type);
    const owner = id && owners.get(identifierKey(id.type, id.value));
    if (owner) return owner;
  }
  throw new Error('pickPrimaryOwner called without an owned identifier');
}
