import {
  decideCandidate,
  mayCloseMargin,
  rankCandidates,
  scoreCandidate,
  type CandidateDecision,
  type CandidateReach,
  type PairScore,
  type ProbeIdentity,
} from '../matching';
import type { RoundPeople } from './round-people';

/**
 * decideCandidate over a row's candidates, some of them sketched (names and identifiers only:
 * chunk-lookup.ts). The decision is the one scoring every candidate whole would give: a sketched
 * candidate is made whole (RoundPeople.complete) before the decision whenever its names leave it
 * any way to count, that is when it may be worth a review for some phone and address, or, once a
 * probable link is found, when it may stand within the margin behind it. The others cannot
 * change the outcome: decideCandidate looks at candidates not worth a review only to check that a
 * probable link is clearly ahead of them. `idx`: the row's index in the round (RoundPeople.reachOf
 * takes the reach the look-up computed for it).
 */
export async function decideAmongCandidates(
  people: RoundPeople,
  idx: number,
  probe: ProbeIdentity,
  ids: Set<string>,
): Promise<CandidateDecision> {
  const scores: PairScore[] = [];
  const sketched: { id: string; reach: CandidateReach }[] = [];
  const toComplete: string[] = [];
  for (const id of ids) {
    const identity = people.identities.get(id);
    if (identity) {
      scores.push(scoreCandidate(probe, identity));
      continue;
    }
    const reach = people.reachOf(idx, id, probe);
    if (reach.mayBeWorthReview) toComplete.push(id);
    else sketched.push({ id, reach });
  }
  await people.complete(toComplete);
  for (const id of toComplete) scores.push(scoreCandidate(probe, people.identities.get(id)!));
  const decision = decideCandidate(rankCandidates(scores));
  if (decision.outcome !== 'probable') return decision;
  const closing = sketched.filter((s) => mayCloseMargin(s.reach, decision.best)).map((s) => s.id);
  if (closing.length === 0) return decision;
  await people.complete(closing);
  for (const id of closing) scores.push(scoreCandidate(probe, people.identities.get(id)!));
  return decideCandidate(rankCandidates(scores));
}
