import type { TIdentifierType } from '@shared/credit-reference';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { plainArray } from '../../db/sql-arrays';
import { ZDetailRow, ZNameAtRow, type NameRow } from './candidate-rows';
import type { CandidateIdentity, NameRecord } from './score';

// The people a matcher compares: their names, phones, addresses and identifiers. A monthly file
// reads some 400,000 candidates (issue 22), so each read is one query for a whole batch, its rows
// plain text columns. Read one row a person instead (json or array columns, one aggregate per
// kind), the same people cost more server CPU on node-postgres: the registry holds about one name,
// phone and address per person, so there are hardly fewer rows, and a json or array cell parses
// slower than plain ones (docs/performance.md, session 14).

type Executor = Pick<Database, 'execute'>;

/**
 * The people, sorted by PostgreSQL (a uuid sort in C, a fraction of sorting their text here), so
 * each look-up walks its subject_id index from one end to the other (see inIndexOrder).
 */
const sortedIdList = (ids: string[]) =>
  sql`(SELECT u.id, u.ord::int AS ord FROM unnest(${plainArray(ids)}::uuid[]) WITH ORDINALITY AS u(id, ord) ORDER BY u.id) AS s`;

/** The people's identities, empty, each once. */
function emptyIdentities(subjectIds: Iterable<string>): Map<string, CandidateIdentity> {
  const identities = new Map<string, CandidateIdentity>();
  for (const id of subjectIds)
    if (!identities.has(id))
      identities.set(id, { subjectId: id, names: [], phones: new Set(), addresses: new Set(), identifiers: new Map() });
  return identities;
}

/**
 * Names, birth dates, phones, addresses and (unless told not to) identifiers of the given people.
 * `contacts: false` leaves the phones and addresses out, `identifiers: false` the identifiers
 * (loadContacts and loadIdentifiers add them later, for the people that need them).
 */
export async function loadIdentities(
  db: Executor,
  subjectIds: Iterable<string>,
  options: { identifiers?: boolean; contacts?: boolean } = {},
): Promise<Map<string, CandidateIdentity>> {
  const identities = emptyIdentities(subjectIds);
  if (identities.size === 0) return identities;
  // A person's names come in the order of the index probe (credit_subject_names_key), the order
  // the scoring meets them in (of two names that score the same, the first is kept).
  const names = await queryParsedRows(
    db as Database,
    ZNameAtRow,
    sql`SELECT s.ord, n.first_name, n.middle_name, n.last_name, n.date_of_birth::text AS date_of_birth, n.first_code, n.last_code
        FROM ${sortedIdList([...identities.keys()])} JOIN credit_subject_names n ON n.subject_id = s.id`,
  );
  const people = [...identities.values()];
  for (const n of names) people[n.ord - 1].names.push(toNameRecord(n));
  await addDetails(db, identities, { contacts: options.contacts !== false, identifiers: options.identifiers !== false });
  return identities;
}

/** A name row as the scoring takes it. */
export function toNameRecord(n: Omit<NameRow, 'subject_id'>): NameRecord {
  return {
    first: n.first_name,
    middle: n.middle_name,
    last: n.last_name,
    dob: n.date_of_birth,
    firstCode: n.first_code,
    lastCode: n.last_code,
  };
}

/** What loadDetails adds: phones and addresses; identifiers. */
export interface DetailKinds {
  contacts?: boolean;
  identifiers?: boolean;
}

/** Adds the kinds asked, as on file, to identities loaded without them (loadIdentities' options): one query. */
export async function loadDetails(db: Executor, identities: CandidateIdentity[], kinds: DetailKinds): Promise<void> {
  if (identities.length === 0) return;
  await addDetails(db, new Map(identities.map((i) => [i.subjectId, i])), kinds);
}

/** Adds the identifiers on file to identities loaded without them (loadIdentities, `identifiers: false`). */
export const loadIdentifiers = (db: Executor, identities: CandidateIdentity[]) => loadDetails(db, identities, { identifiers: true });

/** Adds the phones and addresses on file to identities loaded without them (loadIdentities, `contacts: false`). */
export const loadContacts = (db: Executor, identities: CandidateIdentity[]) => loadDetails(db, identities, { contacts: true });

/** One row per phone, address line and identifier: `kind` is 'phone', 'line' or the identifier's type. */
async function addDetails(db: Executor, identities: Map<string, CandidateIdentity>, kinds: DetailKinds) {
  const parts = [];
  if (kinds.contacts)
    parts.push(
      sql`SELECT s.ord, 'phone' AS kind, p.phone AS value FROM s JOIN credit_subject_phones p ON p.subject_id = s.id`,
      sql`SELECT s.ord, 'line' AS kind, a.line AS value FROM s JOIN credit_subject_addresses a ON a.subject_id = s.id`,
    );
  if (kinds.identifiers)
    parts.push(sql`SELECT s.ord, i.type::text AS kind, i.value FROM s JOIN credit_subject_identifiers i ON i.subject_id = s.id`);
  if (parts.length === 0) return;
  const rows = await queryParsedRows(
    db as Database,
    ZDetailRow,
    sql`WITH s AS MATERIALIZED (SELECT s.id, s.ord FROM ${sortedIdList([...identities.keys()])})
        ${sql.join(parts, sql` UNION ALL `)}`,
  );
  const people = [...identities.values()];
  for (const r of rows) {
    const identity = people[r.ord - 1];
    if (r.kind === 'phone') identity.phones.add(r.value);
    else if (r.kind === 'line') identity.addresses.add(r.value);
    else addIdentifier(identity, r.kind, r.value);
  }
}

export function addIdentifier(identity: CandidateIdentity, type: TIdentifierType, value: string) {
  let set = identity.identifiers.get(type);
  if (!set) identity.identifiers.set(type, (set = new Set()));
  set.add(value);
}
