import { timeOrderedId } from '../../db/ordered-ids';
import { addIdentifier, type IdentifierOwners, type KnownFacts, type NameRecord } from '../matching';
import type { PreparedRow } from './chunk-lookup';
import { isSameName, type RoundPeople } from './round-people';
import type { WriteBatch } from './round-writer';

/** What a round has written so far, as the rows after it are decided. */
export interface RoundRecords {
  /** The batch being filled; replaced by a new one each time it goes to the writer. */
  batch: WriteBatch;
  /** People created by this round: their district was written with them (see touchSubjects). */
  createdIds: Set<string>;
  /** Latest reported district of each person given a new address by this round. */
  touchedDistrict: Map<string, string | null>;
}

/** A new person from the row's identity. */
export function createSubject(round: RoundRecords, people: RoundPeople, row: PreparedRow): string {
  const s = row.report.subject;
  const id = timeOrderedId();
  round.createdIds.add(id);
  round.batch.newSubjects.push({
    id,
    firstName: s.firstName,
    middleName: s.middleName ?? null,
    lastName: s.lastName,
    dateOfBirth: s.dateOfBirth ?? null,
    district: s.address.district,
  });
  people.addNew(id);
  return id;
}

/** Records what this row says about the person: identifiers nobody holds yet, the name, phone and address. */
export function attach(
  round: RoundRecords,
  people: RoundPeople,
  owners: IdentifierOwners,
  subjectId: string,
  row: PreparedRow,
  facts: KnownFacts | undefined,
) {
  const { batch } = round;
  const identity = people.identityOf(subjectId, facts);
  const added = identity ? null : people.additionsOf(subjectId);
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
  const isKnownPhone = !probe.phone || (identity ? identity.phones.has(probe.phone) : facts!.phone || added!.phones.includes(probe.phone));
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
    if (!round.createdIds.has(subjectId)) {
      const district = address.district ?? round.touchedDistrict.get(subjectId) ?? null;
      round.touchedDistrict.set(subjectId, district);
      batch.touched.set(subjectId, { subjectId, district });
    }
  }
  // Later rows of the batch find people in the database through SQL; only what this batch adds
  // (new people, new spellings, new phones) needs the in-memory index.
  if (!isKnownName || !isKnownPhone) people.indexIdentity(subjectId, probe);
}
