import {
  addIdentifier,
  checkIdentifierAgreement,
  loadContacts,
  loadIdentifiers,
  loadIdentities,
  reachOfNames,
  swapDayMonth,
  type CandidateIdentity,
  type CandidateReach,
  type IdentifierValue,
  type KnownFacts,
  type NameRecord,
  type ProbeIdentity,
} from '../matching';
import type { Tx } from './batch-planner';
import type { ChunkLookup } from './chunk-lookup';
import { NAMESAKES_SCORED, NamesakeLimit } from './namesake-limit';

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
  /** Batch state: people created or extended by earlier rows of this chunk, by blocking key. */
  private readonly batchIndex = new Map<string, InRoundBlock>();
  /** Whole identities: the round's people as the decisions compare and extend them. */
  readonly identities: Map<string, CandidateIdentity>;
  /**
   * Registry candidates whose phones, addresses and (unless in sketchesWithIdentifiers)
   * identifiers were not loaded (their names could not make them count: candidate-sketches.ts):
   * their names as the round began. Never in identities.
   */
  private readonly sketches: Map<string, CandidateIdentity>;
  private readonly sketchesWithIdentifiers: Set<string>;
  /** Candidates handed to the scoring so far (benchmarks and the namesakes test read it). */
  candidatesScored = 0;
  /** Sketched candidates completed during the decisions, one query a row (benchmarks read it). */
  candidatesCompletedLate = 0;

  constructor(
    private readonly tx: Tx,
    private readonly lookup: ChunkLookup,
  ) {
    this.identities = lookup.identities;
    this.sketches = lookup.sketches;
    this.sketchesWithIdentifiers = lookup.sketchesWithIdentifiers;
  }

  additionsOf(subjectId: string): Additions {
    let a = this.additions.get(subjectId);
    if (!a) this.additions.set(subjectId, (a = { names: [], phones: [], lines: [], identifiers: [] }));
    return a;
  }

  /** Takes a person's identity as loaded from the registry, with what earlier rows of this round added. */
  private adopt(subjectId: string, identity: CandidateIdentity): CandidateIdentity {
    // A sketched candidate loaded without identifiers (findKnownFacts, ensureKnown) takes the
    // sketch's: whole, as if it had been loaded whole with the round's candidates.
    const sketch = this.sketches.get(subjectId);
    if (sketch) {
      // Every way here loads them first (complete, ensureKnown) or had them loaded (candidate-sketches.ts).
      if (!this.sketchesWithIdentifiers.has(subjectId)) throw new Error('a sketched candidate was adopted without its identifiers');
      this.sketchesWithIdentifiers.delete(subjectId);
      if (sketch !== identity)
        for (const [type, values] of sketch.identifiers) for (const value of values) addIdentifier(identity, type, value);
      this.sketches.delete(subjectId);
    }
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

  /** A candidate's names as they are now: whole identity or sketch, with what earlier rows of the round added. */
  namesOf(subjectId: string): NameRecord[] {
    const identity = this.identities.get(subjectId);
    if (identity) return identity.names;
    const sketch = this.sketches.get(subjectId)!;
    const added = this.additions.get(subjectId);
    return added && added.names.length > 0 ? [...sketch.names, ...added.names] : sketch.names;
  }

  /**
   * What a sketched candidate can still reach for row `idx`: as the look-up computed it from the
   * same names (candidate-sketches.ts), unless an earlier row of the round added a name to them.
   */
  reachOf(idx: number, subjectId: string, probe: ProbeIdentity): CandidateReach {
    if (!(this.additions.get(subjectId)?.names.length ?? 0)) {
      const kept = this.lookup.sketchReach.get(idx)?.get(subjectId);
      if (kept) return kept;
    }
    return reachOfNames(probe, this.namesOf(subjectId));
  }

  /** Whether the candidate's whole identity is at hand (else only its names: namesOf). */
  isWhole(subjectId: string): boolean {
    return this.identities.has(subjectId);
  }

  /**
   * Makes sketched candidates whole: their phones and addresses as the registry holds them now
   * (with what this round wrote), then what earlier rows of the round added (adopt). One query
   * pair, after the writes already queued on the transaction.
   */
  async complete(subjectIds: string[]) {
    const sketches = subjectIds.map((id) => this.sketches.get(id)).filter((s) => s !== undefined);
    if (sketches.length === 0) return;
    await loadContacts(this.tx, sketches);
    await this.loadSketchIdentifiers(sketches);
    for (const sketch of sketches) this.adopt(sketch.subjectId, sketch);
    this.candidatesCompletedLate += sketches.length;
  }

  /** The identifiers on file of sketches that lack them (with any this round wrote: its additions hold those too, adopt merges them). */
  private async loadSketchIdentifiers(sketches: CandidateIdentity[]) {
    const missing = sketches.filter((s) => !this.sketchesWithIdentifiers.has(s.subjectId));
    await loadIdentifiers(this.tx, missing);
    for (const s of missing) this.sketchesWithIdentifiers.add(s.subjectId);
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
    const sketch = this.sketches.get(subjectId);
    if (sketch) await this.loadSketchIdentifiers([sketch]);
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
    // Only a person known to hold a NIN goes with the NIN holders (see NamesakeLimit); one whose
    // identifiers were not loaded stays with the others, which every row still scores.
    const holdsNin = (this.identities.get(subjectId)?.identifiers.get('nin')?.size ?? 0) > 0;
    const keys = blockingKeysOf(probe.firstCode, probe.lastCode, probe.dob, probe.phone);
    if (probe.addressLine) keys.push(`a:${probe.addressLine}`);
    for (const key of keys) {
      let block = this.batchIndex.get(key);
      if (!block) this.batchIndex.set(key, (block = { others: new Set(), ninHolders: new Set() }));
      (holdsNin ? block.ninHolders : block.others).add(subjectId);
    }
  }

  /**
   * A row's candidates: the registry's (found by the look-up) and the people earlier rows of the
   * round created or extended, each block read as the SQL blocks are (at most IN_ROUND_BLOCK_LIMIT
   * people a block) and NIN holders limited for a row with a NIN of its own (NamesakeLimit).
   */
  candidatesOf(idx: number, probe: ProbeIdentity): Set<string> {
    const limit = new NamesakeLimit(probe, this.identities);
    const ids = new Set<string>();
    for (const id of this.lookup.candidateIds.get(idx) ?? []) if (limit.admits(id)) ids.add(id);
    if (this.batchIndex.size > 0) {
      const overflowing: Set<string>[] = [];
      for (const key of probeKeys(probe)) {
        const block = this.batchIndex.get(key);
        if (!block) continue;
        takeUpTo(block.others, IN_ROUND_BLOCK_LIMIT, ids);
        const isLimited = limit.appliesTo(block.ninHolders.size);
        takeUpTo(block.ninHolders, isLimited ? NAMESAKES_SCORED : IN_ROUND_BLOCK_LIMIT, ids);
        if (isLimited) overflowing.push(block.ninHolders);
      }
      // Past the limit, the namesakes at the row's own phone (its key above) and address line still come in.
      const sameLine = probe.addressLine ? this.batchIndex.get(`a:${probe.addressLine}`) : undefined;
      if (sameLine && overflowing.length > 0) {
        let taken = 0;
        for (const id of sameLine.ninHolders) {
          if (taken >= NAMESAKES_SCORED) break;
          if (overflowing.some((block) => block.has(id)) && !ids.has(id)) {
            ids.add(id);
            taken++;
          }
        }
      }
    }
    this.candidatesScored += ids.size;
    return ids;
  }
}

/** A blocking key's people made or extended by the round: those known to hold a NIN apart. */
interface InRoundBlock {
  others: Set<string>;
  ninHolders: Set<string>;
}

/** Most people one in-round block brings to a row, as TIGHT_BLOCK_LIMIT caps the registry's blocks. */
const IN_ROUND_BLOCK_LIMIT = 200;

function takeUpTo(from: Set<string>, limit: number, into: Set<string>) {
  let taken = 0;
  for (const id of from) {
    if (taken++ >= limit) return;
    into.add(id);
  }
}
