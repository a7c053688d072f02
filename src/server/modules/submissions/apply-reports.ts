import { historyCodeOfStatus, PAYMENT_HISTORY_MONTHS, type TIdentifierType } from '@shared/credit-reference';
import type { TCreditAccountReport, TMatchOutcome, TSubmissionReject } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { textArray } from '../../db/sql-arrays';
import { recordReportedPhones } from '../consumers';
import {
  addIdentifier,
  checkIdentifierAgreement,
  computeNameCodes,
  decideCandidate,
  findCandidateSubjects,
  findKnownFacts,
  findOwnersOfIdentifiers,
  loadIdentities,
  normalizeName,
  rankCandidates,
  scoreCandidate,
  swapDayMonth,
  type CandidateIdentity,
  type FactsProbe,
  type IdentifierOwners,
  type IdentifierValue,
  type KnownFacts,
  type NameRecord,
  type ProbeIdentity,
} from '../matching';
import {
  insertAccounts,
  insertIdentifiers,
  insertNames,
  insertReviews,
  insertSubjects,
  touchSubjects,
  updateAccounts,
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
export async function applyAccountReports(
  tx: Tx,
  context: ApplyContext,
  rows: ReportedRow[],
): Promise<{ applied: AppliedRow[]; rejects: TSubmissionReject[] }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRY_WRITE_LOCK})`);
  const [previous] = await queryRows<Record<string, string>>(
    tx as Database,
    sql`SELECT ${sql.raw(PLANNER_SETTINGS.map((s) => `current_setting('${s}') AS ${s}`).join(', '))}`,
  );
  await setPlanner(tx, BATCH_PLANNER);
  const applied: AppliedRow[] = [];
  const rejects: TSubmissionReject[] = [];
  const chunkSize = context.chunkSize ?? DEFAULT_CHUNK;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const result = await applyChunk(tx, context, rows.slice(start, start + chunkSize), { ...previous, jit: 'off' });
    for (const a of result.applied) applied.push(a);
    for (const r of result.rejects) rejects.push(r);
  }
  // Who reported which phone, for identity codes (consumers/reported-phones.ts, decisions/021).
  await recordReportedPhones(tx, rows, applied);
  // The caller's transaction goes on with its own settings.
  await setPlanner(tx, previous);
  return { applied, rejects };
}

/**
 * Every statement here joins a batch (an unnest of up to 20,000 rows, or an = ANY array) to indexed
 * tables, and the right plan is always an index probe per batch row, whatever the table
 * statistics say (a new lender's accounts are not in them yet). For the duration: generic plans
 * (planned without looking at the arrays: the batch counts as small, so the batch drives the join;
 * and no selectivity estimate per array element, which cost 10 ms a statement), no hash or merge
 * join (PostgreSQL may otherwise read a whole table to join a large batch), no memoize (a cache in
 * front of each probe that almost never hits and costs a third of the probe), no JIT (compiling
 * costs more than running).
 */
const PLANNER_SETTINGS = ['plan_cache_mode', 'enable_hashjoin', 'enable_mergejoin', 'enable_memoize', 'jit'] as const;
const BATCH_PLANNER: Record<(typeof PLANNER_SETTINGS)[number], string> = {
  plan_cache_mode: 'force_generic_plan',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
  enable_memoize: 'off',
  jit: 'off',
};

async function setPlanner(tx: Tx, values: Record<string, string>) {
  await tx.execute(
    sql`SELECT ${sql.join(
      PLANNER_SETTINGS.map((s) => sql`set_config(${s}, ${values[s]}, true)`),
      sql`, `,
    )}`,
  );
}

interface ExistingAccount {
  id: string;
  subjectId: string;
  paymentHistory: string;
  /** UTC year and month of the last report, 'YYYY-MM'. */
  lastReportedMonth: string;
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
    rowNumber: r.rowNumber,
    report: r.report,
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
  const rows = await queryRows<{
    id: string;
    subject_id: string;
    account_number: string;
    payment_history: string;
    last_reported_month: string;
  }>(
    tx as Database,
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

function nextPaymentHistory(report: TCreditAccountReport, existing: ExistingAccount | undefined, thisMonth: string): string {
  if (report.account.paymentHistory !== undefined) return report.account.paymentHistory;
  const code = historyCodeOfStatus(report.account.status);
  if (!existing) return code;
  const sameMonth = existing.lastReportedMonth === thisMonth;
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

/** Adds the milliseconds since the last lap to `timings[phase]`, and this process's CPU milliseconds to `timings['cpu ' + phase]`. */
export function phaseClock(timings: Record<string, number> | undefined) {
  let last = performance.now();
  let lastCpu = timings ? process.cpuUsage() : null;
  return (phase: string) => {
    if (!timings) return;
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu!);
    timings[phase] = (timings[phase] ?? 0) + now - last;
    timings[`cpu ${phase}`] = (timings[`cpu ${phase}`] ?? 0) + (cpu.user + cpu.system) / 1000;
    last = now;
    lastCpu = process.cpuUsage();
  };
}

/** What earlier rows of a round added to a person whose identity was not loaded (see applyChunk). */
interface Additions {
  names: NameRecord[];
  phones: string[];
  lines: string[];
  identifiers: IdentifierValue[];
}

const isSameName = (a: NameRecord, b: NameRecord) => a.first === b.first && a.middle === b.middle && a.last === b.last && a.dob === b.dob;

async function applyChunk(tx: Tx, context: ApplyContext, rows: ReportedRow[], blockingPlanner: Record<string, string>) {
  const thisMonth = new Date().toISOString().slice(0, 7);
  const lap = phaseClock(context.timings);
  const prepared = await prepareRows(tx, rows);
  lap('name codes');
  const existingAccounts = await findExistingAccounts(
    tx,
    context.businessId,
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
    const existing = existingAccounts.get(r.report.account.accountNumber);
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
  const allCandidateIds = new Set<string>();
  for (const set of candidateIds.values()) for (const id of set) allCandidateIds.add(id);
  // Whole identities: of candidates (identifiers too), and, as they are needed, of people a row
  // points at and brings a new name or phone to (names, phones, addresses: findKnownFacts).
  const identities = await loadIdentities(tx, allCandidateIds);
  lap('candidate details');

  // People pointed at whose identity is not loaded: what earlier rows of this round added to them.
  const additions = new Map<string, Additions>();
  const additionsOf = (subjectId: string) => {
    let a = additions.get(subjectId);
    if (!a) additions.set(subjectId, (a = { names: [], phones: [], lines: [], identifiers: [] }));
    return a;
  };
  /** Takes a person's identity as loaded from the registry, with what earlier rows of this round added. */
  const adopt = (subjectId: string, identity: CandidateIdentity): CandidateIdentity => {
    const added = additions.get(subjectId);
    if (added) {
      // A person loaded mid-round may already hold what this round wrote for them.
      for (const name of added.names) if (!identity.names.some((n) => isSameName(n, name))) identity.names.push(name);
      for (const phone of added.phones) identity.phones.add(phone);
      for (const line of added.lines) identity.addresses.add(line);
      for (const id of added.identifiers) addIdentifier(identity, id.type, id.value);
      additions.delete(subjectId);
    }
    identities.set(subjectId, identity);
    return identity;
  };
  /** The row's facts if they were gathered for this person. */
  const factsFor = (idx: number, subjectId: string) => (factsTargetOfRow[idx] === subjectId ? factsOfRow[idx] : undefined);
  /**
   * Makes sure a person a row points at can be compared and extended: either their identity is
   * loaded, or the row's facts about them are at hand. Only a person the row points at through an
   * identifier an earlier row of this round gave them lacks both: loaded here, one query (rare).
   */
  const ensureKnown = async (subjectId: string, facts: KnownFacts | undefined) => {
    if (identities.has(subjectId) || facts) return;
    const [loaded] = (await loadIdentities(tx, [subjectId], { identifiers: false })).values();
    adopt(subjectId, loaded ?? { subjectId, names: [], phones: new Set(), addresses: new Set(), identifiers: new Map() });
  };
  /** The person's identity with this round's additions; null when neither loaded nor carried by the row's facts. */
  const identityOf = (subjectId: string, facts: KnownFacts | undefined): CandidateIdentity | null => {
    const loaded = identities.get(subjectId);
    if (loaded) return loaded;
    return facts?.identity ? adopt(subjectId, facts.identity) : null;
  };
  /** Whether the row's name and birth date fit the person's: not compared when the exact name is on file. */
  const agreementWith = (subjectId: string, probe: ProbeIdentity, facts: KnownFacts | undefined) => {
    const identity = identityOf(subjectId, facts);
    // The same name and birth date on file is the best possible agreement.
    if (!identity && facts?.name) return { agrees: true as const };
    return checkIdentifierAgreement(probe, identity?.names ?? []);
  };

  // Batch state: people created or extended by earlier rows of this chunk.
  const batchIndex = new Map<string, Set<string>>();
  const indexIdentity = (subjectId: string, probe: ProbeIdentity) => {
    for (const key of blockingKeysOf(probe.firstCode, probe.lastCode, probe.dob, probe.phone)) {
      let set = batchIndex.get(key);
      if (!set) batchIndex.set(key, (set = new Set()));
      set.add(subjectId);
    }
  };

  // What the round writes goes to PostgreSQL in parts while the rows after them are decided
  // (RoundWriter): the decisions need nothing of those writes, and the next round's look-ups wait
  // for all of them.
  const writer = new RoundWriter(tx, context);
  let batch = newWriteBatch();
  /** People created by this round: their district was written with them (see touchSubjects). */
  const createdIds = new Set<string>();
  /** Latest reported district of each person given a new address by this round. */
  const touchedDistrict = new Map<string, string | null>();
  const applied: AppliedRow[] = [];
  const rejects: TSubmissionReject[] = [];

  const createSubject = (row: PreparedRow): string => {
    const s = row.report.subject;
    const id = randomUUID();
    createdIds.add(id);
    batch.newSubjects.push({
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
  const attach = (subjectId: string, row: PreparedRow, facts: KnownFacts | undefined) => {
    const identity = identityOf(subjectId, facts);
    const added = identity ? null : additionsOf(subjectId);
    const { probe } = row;
    for (const id of probe.identifiers) {
      if (owners.get(id.type, id.value) !== undefined) continue;
      owners.set(id.type, id.value, subjectId);
      if (identity) addIdentifier(identity, id.type, id.value);
      else added!.identifiers.push(id);
      batch.newIdentifiers.push({ subjectId, type: id.type, value: id.value });
    }
    const name: NameRecord = {
      first: probe.first,
      middle: probe.middle,
      last: probe.last,
      dob: probe.dob,
      firstCode: probe.firstCode,
      lastCode: probe.lastCode,
    };
    const address = row.report.subject.address;
    // What the registry already knows is not written again: a re-sent file writes its accounts only.
    // Without a loaded identity the row's facts say it (and the facts carry the identity whenever
    // the name or the phone is new, so such a person is never indexed below without one).
    const isKnownName = identity
      ? identity.names.some((n) => isSameName(n, name))
      : facts!.name || added!.names.some((n) => isSameName(n, name));
    const isKnownPhone =
      !probe.phone || (identity ? identity.phones.has(probe.phone) : facts!.phone || added!.phones.includes(probe.phone));
    const isKnownAddress = identity ? identity.addresses.has(address.line) : facts!.addressLine || added!.lines.includes(address.line);
    // Each is new to the person (checked just above, with everything earlier rows added), so
    // each is written once.
    if (!isKnownName) {
      batch.names.push({ subjectId, first: probe.first, middle: probe.middle, last: probe.last, dob: probe.dob });
      if (identity) identity.names.push(name);
      else added!.names.push(name);
    }
    if (!isKnownPhone) {
      batch.phones.push({ subjectId, phone: probe.phone! });
      if (identity) identity.phones.add(probe.phone!);
      else added!.phones.push(probe.phone!);
    }
    if (!isKnownAddress) {
      batch.addresses.push({ subjectId, line: address.line, district: address.district });
      if (identity) identity.addresses.add(address.line);
      else added!.lines.push(address.line);
      if (!createdIds.has(subjectId)) {
        const district = address.district ?? touchedDistrict.get(subjectId) ?? null;
        touchedDistrict.set(subjectId, district);
        batch.touched.set(subjectId, { subjectId, district });
      }
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
    const rowOwners = ownersOf(probe.identifiers, owners);
    let subjectId: string;
    let match: TMatchOutcome;
    let attachFacts: KnownFacts | undefined;
    const queue = (subject: string, candidate: string, reason: string, score: number) =>
      batch.reviews.push({
        subjectId: subject,
        candidateSubjectId: candidate,
        reason,
        score,
        accountNumber: report.account.accountNumber,
        reported: reportedIdentity(report),
      });

    if (existing) {
      // The account already belongs to someone: it may be re-reported, not moved to another person.
      subjectId = existing.subjectId;
      attachFacts = factsFor(idx, subjectId);
      await ensureKnown(subjectId, attachFacts);
      const pointsElsewhere = rowOwners.some((o) => o !== subjectId);
      const isLinkedById = rowOwners.includes(subjectId);
      if (pointsElsewhere || (!isLinkedById && !agreementWith(subjectId, probe, attachFacts).agrees)) {
        rejects.push({ row: row.rowNumber, field: 'account.accountNumber', message: ACCOUNT_OF_ANOTHER_PERSON });
        continue;
      }
      match = 'exact';
    } else if (rowOwners.length > 0) {
      const primary = pickPrimaryOwner(probe.identifiers, owners);
      // The facts were gathered for the primary owner as the round began; an identifier an
      // earlier row of this round gave to someone can make another person primary now.
      const primaryFacts = factsFor(idx, primary);
      await ensureKnown(primary, primaryFacts);
      const agreement = agreementWith(primary, probe, primaryFacts);
      if (!agreement.agrees) {
        // The number belongs to someone whose name or birth date is far from this one: keep them apart.
        subjectId = createSubject(row);
        for (const owner of rowOwners) queue(subjectId, owner, agreement.reason, agreement.score);
        match = 'review';
        attachFacts = undefined;
      } else if (rowOwners.length > 1) {
        subjectId = primary;
        for (const owner of rowOwners) if (owner !== primary) queue(primary, owner, 'identifiers_of_different_people', 1);
        match = 'review';
        attachFacts = primaryFacts;
      } else {
        subjectId = primary;
        match = 'exact';
        attachFacts = primaryFacts;
      }
    } else {
      const ids = new Set<string>(candidateIds.get(idx) ?? []);
      if (batchIndex.size > 0) for (const key of probeKeys(probe)) for (const id of batchIndex.get(key) ?? []) ids.add(id);
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
      attachFacts = undefined;
    }

    attach(subjectId, row, attachFacts);
    const accountId = existing?.id ?? randomUUID();
    const a = report.account;
    (existing ? batch.knownAccounts : batch.newAccounts).push({
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
      paymentHistory: nextPaymentHistory(report, existing, thisMonth),
    });
    batch.accountIdByNumber.set(a.accountNumber, accountId);
    applied.push({ rowNumber: row.rowNumber, accountId, subjectId, match, created: !existing });
    if (++batch.rows >= WRITE_BATCH_ROWS) {
      writer.write(batch);
      batch = newWriteBatch();
    }
    // Let the driver send the next queued write while this loop runs.
    if (idx % YIELD_EVERY_ROWS === 0) await writer.yield();
  }
  writer.write(batch);

  lap('decisions');
  await writer.done();
  lap('writes');
  return { applied, rejects };
}

/** Rows decided per write batch, and how often the decision loop lets queued writes go out. */
const WRITE_BATCH_ROWS = 2_500;
const YIELD_EVERY_ROWS = 250;

interface WriteBatch {
  rows: number;
  newSubjects: NewSubjectRow[];
  newIdentifiers: { subjectId: string; type: TIdentifierType; value: string }[];
  names: NameRow[];
  phones: { subjectId: string; phone: string }[];
  addresses: { subjectId: string; line: string; district: string | null }[];
  touched: Map<string, { subjectId: string; district: string | null }>;
  newAccounts: AccountRow[];
  knownAccounts: AccountRow[];
  accountIdByNumber: Map<string, string>;
  reviews: ReviewRow[];
}

const newWriteBatch = (): WriteBatch => ({
  rows: 0,
  newSubjects: [],
  newIdentifiers: [],
  names: [],
  phones: [],
  addresses: [],
  touched: new Map(),
  newAccounts: [],
  knownAccounts: [],
  accountIdByNumber: new Map(),
  reviews: [],
});

/**
 * Writes a round's batches in order, one statement after another on the transaction's connection,
 * while the caller goes on deciding the next rows: PostgreSQL writes while Node decides. The first
 * failure stops the chain and is thrown by done() (the caller's transaction then rolls back).
 */
class RoundWriter {
  private tail: Promise<void> = Promise.resolve();
  private failed = false;

  constructor(
    private readonly tx: Tx,
    private readonly context: ApplyContext,
  ) {}

  write(batch: WriteBatch) {
    if (batch.rows === 0) return;
    this.tail = this.tail.then(() => writeBatch(this.tx, this.context, batch));
    // Seen at once (no unhandled rejection while the loop runs), thrown by done().
    this.tail.catch(() => {
      this.failed = true;
    });
  }

  /** Gives the event loop a turn, so the driver can take a finished statement's answer and send the next. */
  async yield() {
    if (this.failed) await this.tail;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  done(): Promise<void> {
    return this.tail;
  }
}

/** One batch's rows, set-based: people first (the rest refers to them), then accounts and reviews. */
async function writeBatch(tx: Tx, context: ApplyContext, batch: WriteBatch) {
  await insertSubjects(tx, batch.newSubjects);
  await insertIdentifiers(tx, batch.newIdentifiers);
  await insertNames(tx, batch.names);
  await upsertPhones(tx, batch.phones);
  await upsertAddresses(tx, batch.addresses);
  await touchSubjects(tx, [...batch.touched.values()]);
  await insertAccounts(tx, context.businessId, context.submissionId, batch.newAccounts);
  await updateAccounts(tx, context.submissionId, batch.knownAccounts);
  await insertReviews(
    tx,
    context.businessId,
    context.submissionId,
    batch.reviews.map((r) => ({ ...r, accountId: batch.accountIdByNumber.get(r.accountNumber) ?? null })),
  );
}

/** The distinct people the row's identifiers belong to. */
function ownersOf(identifiers: IdentifierValue[], owners: IdentifierOwners): string[] {
  const found: string[] = [];
  for (const i of identifiers) {
    const owner = owners.get(i.type, i.value);
    if (owner && !found.includes(owner)) found.push(owner);
  }
  return found;
}

function primaryOwnerOrNull(identifiers: IdentifierValue[], owners: IdentifierOwners): string | null {
  for (const type of IDENTIFIER_PRIORITY) {
    const id = identifiers.find((i) => i.type === type);
    const owner = id && owners.get(id.type, id.value);
    if (owner) return owner;
  }
  return null;
}

function pickPrimaryOwner(identifiers: IdentifierValue[], owners: IdentifierOwners): string {
  const owner = primaryOwnerOrNull(identifiers, owners);
  if (!owner) throw new Error('pickPrimaryOwner called without an owned identifier');
  return owner;
}
