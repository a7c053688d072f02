import type { TIdentifierType } from '@shared/credit-reference';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { queryPreparedParsedRows } from '../../db/prepared';
import { queryParsedRows } from '../../db/query';
import { plainArray, textArray } from '../../db/sql-arrays';
import {
  ZAddressRow,
  ZIdentifierOwnerRow,
  ZKnownFactsRow,
  ZLooseBlockRow,
  ZNameCodeRow,
  ZNameRow,
  ZPhoneRow,
  ZSubjectIdentifierRow,
  ZTightBlockRow,
  type NameRow,
} from './candidate-rows';
import type { CandidateIdentity, IdentifierValue, NameRecord } from './score';

// Set-based lookups of the matcher: each function answers for a whole batch in one query, so a
// file of 100,000 rows costs a handful of round trips, not one per row.

type Executor = Pick<Database, 'execute'>;

/**
 * dmetaphone codes already computed, by name. dmetaphone is a pure function, so a code asked once
 * never needs PostgreSQL again; names repeat (Mohamed, Fatmata, Kamara, Sesay), so a monthly file
 * sends only the few spellings this process has not seen yet.
 */
const nameCodeCache = new Map<string, string>();
const NAME_CODE_CACHE_MAX = 200_000;

/** dmetaphone codes of each (first, last) pair, in order. PostgreSQL computes them so they agree with the stored ones. */
export async function computeNameCodes(
  db: Executor,
  names: { first: string; last: string }[],
): Promise<{ firstCode: string; lastCode: string }[]> {
  if (names.length === 0) return [];
  const codes = new Map<string, string>();
  const missing: string[] = [];
  for (const n of names) {
    for (const name of [n.first, n.last]) {
      if (codes.has(name)) continue;
      const cached = nameCodeCache.get(name);
      if (cached === undefined) missing.push(name);
      codes.set(name, cached ?? '');
    }
  }
  if (missing.length > 0) {
    const rows = await queryParsedRows(
      db as Database,
      ZNameCodeRow,
      sql`SELECT t.ord, dmetaphone(t.name) AS code FROM unnest(${textArray(missing)}::text[]) WITH ORDINALITY AS t(name, ord)`,
    );
    if (nameCodeCache.size + missing.length > NAME_CODE_CACHE_MAX) nameCodeCache.clear();
    for (const r of rows) {
      const name = missing[r.ord - 1];
      codes.set(name, r.code ?? '');
      nameCodeCache.set(name, r.code ?? '');
    }
  }
  return names.map((n) => ({ firstCode: codes.get(n.first)!, lastCode: codes.get(n.last)! }));
}

/** Who holds each identifier, by type then value: no "type:value" strings to build per look-up. */
export class IdentifierOwners {
  private readonly byType = new Map<string, Map<string, string>>();

  get(type: string, value: string): string | undefined {
    return this.byType.get(type)?.get(value);
  }

  set(type: string, value: string, subjectId: string) {
    let byValue = this.byType.get(type);
    if (!byValue) this.byType.set(type, (byValue = new Map()));
    byValue.set(value, subjectId);
  }
}

/** Owner of each identifier that is already in the registry. */
export async function findOwnersOfIdentifiers(db: Executor, identifiers: IdentifierValue[]): Promise<IdentifierOwners> {
  const owners = new IdentifierOwners();
  if (identifiers.length === 0) return owners;
  const sorted = inIndexOrder(identifiers, (i) => `${i.type} ${i.value}`);
  const rows = await queryParsedRows(
    db as Database,
    ZIdentifierOwnerRow,
    sql`SELECT i.type, i.value, i.subject_id
        FROM credit_subject_identifiers i
        JOIN unnest(${textArray(sorted.map((i) => i.type))}::text[]::credit_identifier_type[], ${textArray(sorted.map((i) => i.value))}::text[]) AS u(type, value)
          ON i.type = u.type AND i.value = u.value`,
  );
  for (const r of rows) owners.set(r.type, r.value, r.subject_id);
  return owners;
}

/** Owner of each identifier that is already in the registry, keyed "type:value". */
export async function findIdentifierOwners(db: Executor, identifiers: IdentifierValue[]): Promise<Map<string, string>> {
  const found = await findOwnersOfIdentifiers(db, identifiers);
  const owners = new Map<string, string>();
  for (const id of identifiers) {
    const owner = found.get(id.type, id.value);
    if (owner) owners.set(identifierKey(id.type, id.value), owner);
  }
  return owners;
}

export const identifierKey = (type: string, value: string) => `${type}:${value}`;

/**
 * The batch sorted by the key of the index its look-up probes. Same answers in any order, but
 * PostgreSQL then walks each index from one end to the other instead of jumping about it: half the
 * CPU of the same probes in file order.
 */
export function inIndexOrder<T>(items: readonly T[], key: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, k: key(item) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.item);
}

export interface BlockingProbe {
  idx: number;
  firstCode: string;
  lastCode: string;
  dob: string | null;
  swappedDob: string | null;
  phone: string | null;
}

/** Most people one phone number may bring in as candidates (a lender's own number on many records). */
const PHONE_CANDIDATE_LIMIT = 20;
/**
 * Most people one loose block may bring in. Blocks on a birth date and one name's sound are large
 * for common names on common dates (thousands of Kamaras carry 1 January at national scale); the
 * tight block (birth date and both sounds) has no limit, so the usual case is never cut.
 */
const LOOSE_BLOCK_LIMIT = 40;
/**
 * A safety cap on the tight block. Every block is a LATERAL subquery with a LIMIT on purpose: it
 * keeps PostgreSQL probing the index once per row, where its planner would otherwise merge-join
 * whole index ranges of common names (Kamara, Mohamed) against the batch.
 */
const TIGHT_BLOCK_LIMIT = 200;

const PROBES_CTE = (probes: BlockingProbe[]) => sql`WITH p AS (
    SELECT p.*, ARRAY[p.dob, p.sdob] AS dobs,
      make_date(extract(year FROM p.dob)::int, extract(month FROM p.dob)::int, 1) AS month_start
    FROM unnest(
      ${plainArray(probes.map((p) => p.idx))}::int[],
      ${textArray(probes.map((p) => p.firstCode))}::text[],
      ${textArray(probes.map((p) => p.lastCode))}::text[],
      ${plainArray(probes.map((p) => p.dob))}::date[],
      ${plainArray(probes.map((p) => p.swappedDob))}::date[],
      ${textArray(probes.map((p) => p.phone))}::text[]
    ) AS p(idx, fc, lc, dob, sdob, phone)
  )`;

/**
 * People worth scoring against each probe, found by blocking keys that each hit an index. First
 * the tight blocks: birth date (or its day-month swap) with both names' sounds, either way round,
 * and the phone. A probe whose tight blocks already agree on someone (same names, same birth date,
 * same phone) stops there; the others also get the loose blocks: birth date with one name's sound,
 * either way round (the other misspelt past recognition), both sounds in the same birth month (a mistyped day), and
 * both sounds where either side has no birth date.
 */
export async function findCandidateSubjects(
  db: Executor,
  batch: BlockingProbe[],
  // `blocks`: 'tight' runs only the tight blocks, 'loose' only the loose ones (a search scores the
  // tight block's people first and asks for the loose blocks only when none of them is the person).
  options: { prepared?: boolean; blocks?: 'all' | 'tight' | 'loose' } = {},
): Promise<Map<number, Set<string>>> {
  // A search (one probe, many a second) plans each block once per connection; a monthly file's
  // rounds keep custom plans, planned for their thousands of probes.
  const query = <S extends z.ZodType>(name: string, schema: S, statement: SQL) =>
    options.prepared
      ? queryPreparedParsedRows(db as Database, name, schema, statement)
      : queryParsedRows(db as Database, schema, statement);
  const result = new Map<number, Set<string>>();
  if (batch.length === 0) return result;
  const probes = inIndexOrder(batch, (p) => `${p.dob ?? ''} ${p.lastCode} ${p.firstCode}`);
  const add = (idx: number, subjectId: string) => {
    let set = result.get(idx);
    if (!set) result.set(idx, (set = new Set()));
    set.add(subjectId);
  };
  const blocks = options.blocks ?? 'all';
  const tight =
    blocks === 'loose'
      ? []
      : await query(
          'match-tight-block',
          ZTightBlockRow,
          sql`${PROBES_CTE(probes)}
        SELECT p.idx, x.subject_id, 'name' AS via FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.date_of_birth = ANY (p.dobs) AND n.last_code = p.lc AND n.first_code = p.fc LIMIT ${TIGHT_BLOCK_LIMIT}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id, 'name' AS via FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.date_of_birth = ANY (p.dobs) AND n.last_code = p.fc AND n.first_code = p.lc LIMIT ${TIGHT_BLOCK_LIMIT}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id, 'phone' AS via FROM p CROSS JOIN LATERAL (
          SELECT ph.subject_id FROM credit_subject_phones ph WHERE ph.phone = p.phone LIMIT ${PHONE_CANDIDATE_LIMIT}
        ) x WHERE p.phone IS NOT NULL`,
        );
  const byName = new Set<string>();
  const settled = new Set<number>();
  for (const r of tight) if (r.via === 'name') byName.add(`${r.idx}|${r.subject_id}`);
  for (const r of tight) {
    add(r.idx, r.subject_id);
    if (r.via === 'phone' && byName.has(`${r.idx}|${r.subject_id}`)) settled.add(r.idx);
  }
  const open = probes.filter((p) => !settled.has(p.idx));
  if (open.length === 0 || blocks === 'tight') return result;
  const loose = await query(
    'match-loose-block',
    ZLooseBlockRow,
    sql`${PROBES_CTE(open)}
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.date_of_birth = ANY (p.dobs) AND n.last_code = ANY (ARRAY[p.lc, p.fc]) LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.date_of_birth = ANY (p.dobs) AND n.first_code = ANY (ARRAY[p.fc, p.lc]) LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.last_code = p.lc AND n.first_code = p.fc
             AND n.date_of_birth >= p.month_start AND n.date_of_birth < (p.month_start + interval '1 month')::date
           LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.last_code = p.lc AND n.first_code = p.fc AND n.date_of_birth IS NULL LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x
        UNION ALL
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n WHERE n.last_code = p.lc AND n.first_code = p.fc LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x WHERE p.dob IS NULL`,
  );
  for (const r of loose) add(r.idx, r.subject_id);
  return result;
}

/**
 * Names, birth dates, phones, addresses and (unless told not to) identifiers of the given people,
 * one query each, joined to the id list row by row (an index probe per person).
 */
export async function loadIdentities(
  db: Executor,
  subjectIds: Iterable<string>,
  options: { identifiers?: boolean } = {},
): Promise<Map<string, CandidateIdentity>> {
  const ids = [...new Set(subjectIds)].sort();
  const identities = new Map<string, CandidateIdentity>();
  if (ids.length === 0) return identities;
  for (const id of ids) identities.set(id, { subjectId: id, names: [], phones: new Set(), addresses: new Set(), identifiers: new Map() });
  const list = sql`unnest(${plainArray(ids)}::uuid[]) AS s(id)`;
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  const names = await queryParsedRows(
    db as Database,
    ZNameRow,
    sql`SELECT n.subject_id, n.first_name, n.middle_name, n.last_name, n.date_of_birth::text AS date_of_birth, n.first_code, n.last_code
        FROM ${list} JOIN credit_subject_names n ON n.subject_id = s.id`,
  );
  const phones = await queryParsedRows(
    db as Database,
    ZPhoneRow,
    sql`SELECT p.subject_id, p.phone FROM ${list} JOIN credit_subject_phones p ON p.subject_id = s.id`,
  );
  const addresses = await queryParsedRows(
    db as Database,
    ZAddressRow,
    sql`SELECT a.subject_id, a.line FROM ${list} JOIN credit_subject_addresses a ON a.subject_id = s.id`,
  );
  for (const n of names) identities.get(n.subject_id)!.names.push(toNameRecord(n));
  for (const p of phones) identities.get(p.subject_id)!.phones.add(p.phone);
  for (const a of addresses) identities.get(a.subject_id)!.addresses.add(a.line);
  if (options.identifiers !== false) {
    const identifiers = await queryParsedRows(
      db as Database,
      ZSubjectIdentifierRow,
      sql`SELECT i.subject_id, i.type, i.value FROM ${list} JOIN credit_subject_identifiers i ON i.subject_id = s.id`,
    );
    for (const i of identifiers) addIdentifier(identities.get(i.subject_id)!, i.type, i.value);
  }
  return identities;
}

function toNameRecord(n: NameRow): NameRecord {
  return {
    first: n.first_name,
    middle: n.middle_name,
    last: n.last_name,
    dob: n.date_of_birth,
    firstCode: n.first_code,
    lastCode: n.last_code,
  };
}

/** What the registry already holds of one reported identity, for the person the row points at. */
export interface KnownFacts {
  /** This exact name (first, middle, last) with this birth date. */
  name: boolean;
  phone: boolean;
  addressLine: boolean;
  /** The person's names, phones and addresses (no identifiers), when the name or the phone is new. */
  identity: CandidateIdentity | null;
}

export interface FactsProbe {
  subjectId: string;
  first: string;
  middle: string;
  last: string;
  dob: string | null;
  phone: string | null;
  addressLine: string;
}

/**
 * For rows that point at a known person (their account, or an identifier), whether the person
 * already has the row's name, phone and address line: three index probes per row in one query,
 * each key unique, so one answer row per row. The person's identity (names, phones, addresses; no
 * identifiers) is loaded only where the row brings a new name or phone: the rows that need a name
 * comparison, or by which later rows of the round may find the person.
 */
/** Shared by every row whose name, phone and address are all on file (never changed). */
const ALL_KNOWN: KnownFacts = Object.freeze({ name: true, phone: true, addressLine: true, identity: null });

export async function findKnownFacts(db: Executor, batch: FactsProbe[]): Promise<KnownFacts[]> {
  if (batch.length === 0) return [];
  // In subject order (see inIndexOrder); the answers go back to the caller's order at the end.
  const order = inIndexOrder(
    batch.map((_, i) => i),
    (i) => batch[i].subjectId,
  );
  const probes = order.map((i) => batch[i]);
  // Only rows with something new come back: a re-sent file's rows mostly have nothing new.
  const rows = await queryParsedRows(
    db as Database,
    ZKnownFactsRow,
    sql`SELECT * FROM (
        SELECT u.ord, n.subject_id IS NOT NULL AS known_name, (u.phone IS NULL OR p.subject_id IS NOT NULL) AS known_phone,
          a.subject_id IS NOT NULL AS known_address
        FROM unnest(${plainArray(probes.map((p) => p.subjectId))}::uuid[], ${textArray(probes.map((p) => p.first))}::text[],
          ${textArray(probes.map((p) => p.middle))}::text[], ${textArray(probes.map((p) => p.last))}::text[],
          ${plainArray(probes.map((p) => p.dob))}::date[], ${textArray(probes.map((p) => p.phone))}::text[],
          ${textArray(probes.map((p) => p.addressLine))}::text[]) WITH ORDINALITY AS u(sid, f, m, l, dob, phone, line, ord)
        LEFT JOIN credit_subject_names n ON n.subject_id = u.sid AND n.first_name = u.f AND n.middle_name = u.m AND n.last_name = u.l
          AND n.date_of_birth IS NOT DISTINCT FROM u.dob
        LEFT JOIN credit_subject_phones p ON p.subject_id = u.sid AND p.phone = u.phone
        LEFT JOIN credit_subject_addresses a ON a.subject_id = u.sid AND a.line = u.line
      ) f WHERE NOT (f.known_name AND f.known_phone AND f.known_address)`,
  );
  const facts = new Array<KnownFacts>(probes.length);
  for (let i = 0; i < probes.length; i++) facts[i] = ALL_KNOWN;
  const needIdentity: string[] = [];
  for (const r of rows) {
    const i = r.ord - 1;
    facts[i] = { name: r.known_name, phone: r.known_phone, addressLine: r.known_address, identity: null };
    if (!(r.known_name && r.known_phone)) needIdentity.push(probes[i].subjectId);
  }
  if (needIdentity.length > 0) {
    const identities = await loadIdentities(db, needIdentity, { identifiers: false });
    // Each row gets its own copy: the caller adopts one of them as the person's identity.
    for (let i = 0; i < probes.length; i++) {
      const f = facts[i];
      if (f.name && f.phone) continue;
      const loaded = identities.get(probes[i].subjectId)!;
      f.identity = {
        subjectId: loaded.subjectId,
        names: [...loaded.names],
        phones: new Set(loaded.phones),
        addresses: new Set(loaded.addresses),
        identifiers: new Map(),
      };
    }
  }
  const inCallerOrder = new Array<KnownFacts>(batch.length);
  for (let i = 0; i < order.length; i++) inCallerOrder[order[i]] = facts[i];
  return inCallerOrder;
}

export function addIdentifier(identity: CandidateIdentity, type: TIdentifierType, value: string) {
  let set = identity.identifiers.get(type);
  if (!set) identity.identifiers.set(type, (set = new Set()));
  set.add(value);
}
