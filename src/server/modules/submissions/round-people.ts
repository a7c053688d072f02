import {
  addIdentifier,
  checkIdentifierAgreement,
  loadIdentities,
  swapDayMonth,
  type CandidateIdentity,
  type IdentifierValue,
  type KnownFacts,
  type NameRecord,
  type ProbeIdentity,
} from '../matching';
import type { Tx } from './batch-planner';
import type { ChunkLookup } from './chunk-lookup';

/** What earlier rows of a round added to a person whose identity was not loaded. */
export interface Additions {
  names: NameRecord[];
  phones: string[];
  lines: string[];
  identifiers: IdentifierValue[];
}

export const isSameName = (a: NameRecord, b: NameRecord) =>
  a.first === b.first && a.middle === b.middle && a.last === b.last && a.dob === b.dob;

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

/**
 * The people of one round as the decisions see them: identities loaded from the registry, with
 * what earlier rows of the round added to them, and an index of the people the round created or
 * extended (later rows find those in memory; everyone else through SQL).
 */
export class RoundPeople {
  /** People pointed at whose identity is not loaded: what earlier rows of this round added to them. */
  private readonly additions = new Map<string, Additions>();
  /** Batch state: people created or extended by earlier rows of this chunk. */
  private readonly batchIndex = new Map<string, Set<string>>();
  readonly identities: Map<string, CandidateIdentity>;

  constructor(
    private readonly tx: Tx,
    private readonly lookup: ChunkLookup,
  ) {
    this.identities = lookup.identities;
  }

  additionsOf(subjectId: string): Additions {
    let a = this.additions.get(subjectId);
    if (!a) this.additions.set(subjectId, (a = { names: [], phones: [], lines: [], identifiers: [] }));
    return a;
  }

  /** Takes a person's identity as loaded from the registry, with what earlier rows of this round added. */
  private adopt(subjectId: string, identity: CandidateIdentity): CandidateIdentity {
    const added = this.additions.get(subjectId);
    if (added) {
      // A person loaded mid-round may already hold what this round wrote for them.
      for (const name of added.names) if (!identity.names.some((n) => isSameName(n, name))) identity.names.push(name);
      for (const phone of added.phones) identity.phones.add(phone);
      for (const line of added.lines) identity.addresses.add(line);
      for (const id of added.identifiers) addIdentifier(identity, id.type, id.value);
      this.additions.delete(subjectId);
    }
    this.identities.set(subjectId, identity);
    return identity;
  }

  /** A person this round creates: known with an empty identity from now on. */
  addNew(subjectId: string) {
    this.identities.set(subjectId, { subjectId, names: [], phones: new Set(), addresses: new Set(), identifiers: new Map() });
  }

  /** The row's facts if they were gathered for this person. */
  factsFor(idx: number, subjectId: string): KnownFacts | undefined {
    return this.lookup.factsTargetOfRow[idx] === subjectId ? this.lookup.factsOfRow[idx] : undefined;
  }

  /**
   * Makes sure a person a row points at can be compared and extended: either their identity is
   * loaded, or the row's facts about them are at hand. Only a person the row points at through an
   * identifier an earlier row of this round gave them lacks both: loaded here, one query (rare).
   */
  async ensureKnown(subjectId: string, facts: KnownFacts | undefined) {
    if (this.identities.has(subjectId) || facts) return;
    const [loaded] = (await loadIdentities(this.tx, [subjectId], { identifiers: false })).values();
    this.adopt(subjectId, loaded ?? { subjectId, names: [], phones: new Set(), addresses: new Set(), identifiers: new Map() });
  }

  /** The person's identity with this round's additions; null when neither loaded nor carried by the row's facts. */
  identityOf(subjectId: string, facts: KnownFacts | undefined): CandidateIdentity | null {
    const loaded = this.identities.get(subjectId);
    if (loaded) return loaded;
    return facts?.identity ? this.adopt(subjectId, facts.identity) : null;
  }

  /** Whether the row's name and birth date fit the person's: not compared when the exact name is on file. */
  agreementWith(subjectId: string, probe: ProbeIdentity, facts: KnownFacts | undefined) {
    const identity = this.identityOf(subjectId, facts);
    // The same name and birth date on file is the best possible agreement.
    if (!identity && facts?.name) return { agrees: true as const };
    return checkIdentifierAgreement(probe, identity?.names ?? []);
  }

  /** Makes a person this round created or extended findable by later rows of the round. */
  indexIdentity(subjectId: string, probe: ProbeIdentity) {
    for (const key of blockingKeysOf(probe.firstCode, probe.lastCode, probe.dob, probe.phone)) {
      let set = this.batchIndex.get(key);
      if (!set) this.batchIndex.set(key, (set = new Set()));
      set.add(subjectId);
    }
  }

  /** A row's candidates: the registry's (found by the look-up) and the people earlier rows of the round created or extended. */
  candidatesOf(idx: number, probe: ProbeIdentity): Set<string> {
    const ids = new Set<string>(this.lookup.candidateIds.get(idx) ?? []);
    if (this.batchIndex.size > 0) for (const key of probeKeys(probe)) for (const id of this.batchIndex.get(key) ?? []) ids.add(id);
    return ids;
  }
}
