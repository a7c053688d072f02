import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { plainArray, textArray } from '../../db/sql-arrays';
import { inIndexOrder } from './index-order';
import { ZIdentifierOwnerRow, ZKnownFactsRow, ZNameCodeRow } from './candidate-rows';
import { loadIdentities } from './identities';
import type { CandidateIdentity, IdentifierValue } from './score';

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

export { findCandidateSubjects, type BlockingProbe } from './blocking';

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
