import { loadContacts, loadIdentities, reachOfNames, type CandidateIdentity } from '../matching';
import type { Tx } from './batch-planner';
import type { PreparedRow } from './chunk-lookup';
import { NAMESAKES_SCORED } from './namesake-limit';

/**
 * The round's candidates: names and identifiers of all of them, phones and addresses only of those
 * whose names leave them a way to count for some row (issue 22). Most candidates of a row nobody's
 * identifier points at come from the loose blocks (the same birth date and one name's sound) and
 * carry another first name: no phone or address can make them worth a review (reachOfNames), so
 * their phones and addresses are not read. The decisions make a sketch whole when a row still needs
 * it (candidate-decision.ts: one that may stand within the margin of a probable link).
 *
 * A row with a NIN and more candidates than NamesakeLimit lets through gets all of them whole:
 * which namesakes the limit admits depends on their phones and addresses (decisions/052).
 */
export async function loadCandidates(
  tx: Tx,
  prepared: PreparedRow[],
  candidateIds: Map<number, Set<string>>,
): Promise<{ identities: Map<string, CandidateIdentity>; sketches: Map<string, CandidateIdentity> }> {
  const allCandidateIds = new Set<string>();
  for (const set of candidateIds.values()) for (const id of set) allCandidateIds.add(id);
  const sketches = await loadIdentities(tx, allCandidateIds, { contacts: false });
  const identities = new Map<string, CandidateIdentity>();
  const makeWhole = (id: string) => {
    const sketch = sketches.get(id);
    if (!sketch) return;
    identities.set(id, sketch);
    sketches.delete(id);
  };
  for (const [idx, ids] of candidateIds) {
    const { probe } = prepared[idx];
    const isLimited = ids.size > NAMESAKES_SCORED && probe.identifiers.some((i) => i.type === 'nin');
    for (const id of ids) {
      const sketch = sketches.get(id);
      if (sketch && (isLimited || reachOfNames(probe, sketch.names).mayBeWorthReview)) makeWhole(id);
    }
  }
  await loadContacts(tx, [...identities.values()]);
  return { identities, sketches };
}
