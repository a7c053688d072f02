import { loadDetails, loadIdentifiers, loadIdentities, reachOfNames, type CandidateIdentity, type CandidateReach } from '../matching';
import type { Tx } from './batch-planner';
import type { PreparedRow } from './chunk-lookup';
import { NAMESAKES_SCORED } from './namesake-limit';

/** The round's candidates as chunk-lookup.ts loads them. */
export interface LoadedCandidates {
  /** Whole: names, phones, addresses and identifiers. */
  identities: Map<string, CandidateIdentity>;
  /** Names only (and identifiers for the ids in withIdentifiers): RoundPeople makes them whole when needed. */
  sketches: Map<string, CandidateIdentity>;
  /** Sketches whose identifiers were loaded: people a row points at, whose facts may adopt them at once. */
  sketchesWithIdentifiers: Set<string>;
  /**
   * By row, the reach of each candidate left a sketch, from its names as loaded (never worth a
   * review): the decision takes it while no earlier row of the round added a name to the person.
   */
  sketchReach: Map<number, Map<string, CandidateReach>>;
}

/**
 * The round's candidates: names of all of them, phones, addresses and identifiers only of those
 * whose names leave them a way to count for some row (issue 22). Most candidates of a row nobody's
 * identifier points at come from the loose blocks (the same birth date and one name's sound) and
 * carry another first name: no phone or address can make them worth a review (reachOfNames), so
 * the rest of them is not read. The decisions make a sketch whole when a row still needs it
 * (candidate-decision.ts: one that may stand within the margin of a probable link).
 *
 * A row with a NIN and more candidates than NamesakeLimit lets through gets all of them whole:
 * which namesakes the limit admits depends on their identifiers, phones and addresses
 * (decisions/052). `pointedAt`: the people rows point at (their account or an identifier); a
 * sketch among them gets its identifiers too, since a row's facts can make it whole without a
 * query (RoundPeople.identityOf).
 */
export async function loadCandidates(
  tx: Tx,
  prepared: PreparedRow[],
  candidateIds: Map<number, Set<string>>,
  pointedAt: Set<string>,
): Promise<LoadedCandidates> {
  const allCandidateIds = new Set<string>();
  for (const set of candidateIds.values()) for (const id of set) allCandidateIds.add(id);
  const sketches = await loadIdentities(tx, allCandidateIds, { contacts: false, identifiers: false });
  const identities = new Map<string, CandidateIdentity>();
  const makeWhole = (id: string) => {
    const sketch = sketches.get(id);
    if (!sketch) return;
    identities.set(id, sketch);
    sketches.delete(id);
  };
  const sketchReach = new Map<number, Map<string, CandidateReach>>();
  for (const [idx, ids] of candidateIds) {
    const { probe } = prepared[idx];
    const isLimited = ids.size > NAMESAKES_SCORED && probe.identifiers.some((i) => i.type === 'nin');
    let reachOfRow: Map<string, CandidateReach> | undefined;
    for (const id of ids) {
      const sketch = sketches.get(id);
      if (!sketch) continue;
      if (isLimited) {
        makeWhole(id);
        continue;
      }
      const reach = reachOfNames(probe, sketch.names);
      if (reach.mayBeWorthReview) makeWhole(id);
      else (reachOfRow ??= new Map()).set(id, reach);
    }
    if (reachOfRow) sketchReach.set(idx, reachOfRow);
  }
  await loadDetails(tx, [...identities.values()], { contacts: true, identifiers: true });
  const sketchesWithIdentifiers = new Set<string>();
  for (const id of pointedAt) if (sketches.has(id)) sketchesWithIdentifiers.add(id);
  await loadIdentifiers(
    tx,
    [...sketchesWithIdentifiers].map((id) => sketches.get(id)!),
  );
  return { identities, sketches, sketchesWithIdentifiers, sketchReach };
}
