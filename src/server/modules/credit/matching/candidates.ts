import { sql } from 'drizzle-orm';
import type { TIdentifierType } from '@shared/credit-reference';
import type { Database } from '../../../db/client';
import { queryRows } from '../../../db/query';
import type { CandidateIdentity, IdentifierValue, NameRecord } from './score';

// Set-based lookups of the matcher: each function answers for a whole batch in one query, so a
// file of 100,000 rows costs a handful of round trips, not one per row.

type Executor = Pick<Database, 'execute'>;

const param = (value: unknown) => sql.param(value);

/** dmetaphone codes of each (first, last) pair, in order. PostgreSQL computes them so they agree with the stored ones. */
export async function computeNameCodes(db: Executor, names: { first: string; last: string }[]): Promise<{ firstCode: string; lastCode: string }[]> {
  if (names.length === 0) return [];
  const rows = await queryRows<{ ord: number | string; first_code: string; last_code: string }>(
    db as Database,
    sql`SELECT t.ord, dmetaphone(t.f) AS first_code, dmetaphone(t.l) AS last_code
        FROM unnest(${param(names.map((n) => n.first))}::text[], ${param(names.map((n) => n.last))}::text[]) WITH ORDINALITY AS t(f, l, ord)`,
  );
  const out = new Array<{ firstCode: string; lastCode: string }>(names.length);
  for (const r of rows) out[Number(r.ord) - 1] = { firstCode: r.first_code ?? '', lastCode: r.last_code ?? '' };
  return out;
}

/** Owner of each identifier that is already in the registry, keyed "type:value". */
export async function findIdentifierOwners(db: Executor, identifiers: IdentifierValue[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  if (identifiers.length === 0) return owners;
  const rows = await queryRows<{ type: TIdentifierType; value: string; subject_id: string }>(
    db as Database,
    sql`SELECT i.type, i.value, i.subject_id
        FROM credit_subject_identifiers i
        JOIN unnest(${param(identifiers.map((i) => i.type))}::text[]::credit_identifier_type[], ${param(identifiers.map((i) => i.value))}::text[]) AS u(type, value)
          ON i.type = u.type AND i.value = u.value`,
  );
  for (const r of rows) owners.set(identifierKey(r.type, r.value), r.subject_id);
  return owners;
}

export const identifierKey = (type: string, value: string) => `${type}:${value}`;

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
      ${param(probes.map((p) => p.idx))}::int[],
      ${param(probes.map((p) => p.firstCode))}::text[],
      ${param(probes.map((p) => p.lastCode))}::text[],
      ${param(probes.map((p) => p.dob))}::date[],
      ${param(probes.map((p) => p.swappedDob))}::date[],
      ${param(probes.map((p) => p.phone))}::text[]
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
export async function findCandidateSubjects(db: Executor, probes: BlockingProbe[]): Promise<Map<number, Set<string>>> {
  const result = new Map<number, Set<string>>();
  if (probes.length === 0) return result;
  const add = (idx: number, subjectId: string) => {
    let set = result.get(idx);
    if (!set) result.set(idx, (set = new Set()));
    set.add(subjectId);
  };
  const tight = await queryRows<{ idx: number; subject_id: string; via: 'name' | 'phone' }>(
    db as Database,
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
    add(Number(r.idx), r.subject_id);
    if (r.via === 'phone' && byName.has(`${r.idx}|${r.subject_id}`)) settled.add(Number(r.idx));
  }
  const open = probes.filter((p) => !settled.has(p.idx));
  if (open.length === 0) return result;
  const loose = await queryRows<{ idx: number; subject_id: string }>(
    db as Database,
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
  for (const r of loose) add(Number(r.idx), r.subject_id);
  return result;
}

/**
 * Names, birth dates, phones, addresses and (unless told not to) identifiers of the given people,
 * one query each. The people a row points at directly skip identifiers: the identifier look-up
 * already answered for them.
 */
export async function loadIdentities(db: Executor, subjectIds: Iterable<string>, options: { identifiers?: boolean } = {}): Promise<Map<string, CandidateIdentity>> {
  const ids = [...new Set(subjectIds)];
  const identities = new Map<string, CandidateIdentity>();
  if (ids.length === 0) return identities;
  for (const id of ids) identities.set(id, { subjectId: id, names: [], phones: new Set(), addresses: new Set(), identifiers: new Map() });
  const idParam = param(ids);
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  const names = await queryRows<{ subject_id: string; first_name: string; middle_name: string; last_name: string; date_of_birth: string | null; first_code: string; last_code: string }>(
    db as Database,
    sql`SELECT subject_id, first_name, middle_name, last_name, date_of_birth::text AS date_of_birth, first_code, last_code
        FROM credit_subject_names WHERE subject_id = ANY (${idParam}::uuid[])`,
  );
  const phones = await queryRows<{ subject_id: string; phone: string }>(db as Database, sql`SELECT subject_id, phone FROM credit_subject_phones WHERE subject_id = ANY (${idParam}::uuid[])`);
  const addresses = await queryRows<{ subject_id: string; line: string }>(db as Database, sql`SELECT subject_id, line FROM credit_subject_addresses WHERE subject_id = ANY (${idParam}::uuid[])`);
  for (const n of names) identities.get(n.subject_id)!.names.push(toNameRecord(n));
  for (const p of phones) identities.get(p.subject_id)!.phones.add(p.phone);
  for (const a of addresses) identities.get(a.subject_id)!.addresses.add(a.line);
  if (options.identifiers !== false) {
    const identifiers = await queryRows<{ subject_id: string; type: TIdentifierType; value: string }>(
      db as Database,
      sql`SELECT subject_id, type, value FROM credit_subject_identifiers WHERE subject_id = ANY (${idParam}::uuid[])`,
    );
    for (const i of identifiers) addIdentifier(identities.get(i.subject_id)!, i.type, i.value);
  }
  return identities;
}

function toNameRecord(n: { first_name: string; middle_name: string; last_name: string; date_of_birth: string | null; first_code: string; last_code: string }): NameRecord {
  return { first: n.first_name, middle: n.middle_name, last: n.last_name, dob: n.date_of_birth, firstCode: n.first_code, lastCode: n.last_code };
}

export function addIdentifier(identity: CandidateIdentity, type: TIdentifierType, value: string) {
  let set = identity.identifiers.get(type);
  if (!set) identity.identifiers.set(type, (set = new Set()));
  set.add(value);
}
