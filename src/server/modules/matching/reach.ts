import { highestScoreWith, MATCH_THRESHOLDS, nameAndDobOf, type NameRecord, type PairScore } from './score';

// What a candidate read by its names alone can still come to (issue 22): a monthly file reads the
// phones, addresses and identifiers only of candidates that can count (submissions/candidate-sketches.ts).

/**
 * What a candidate known only by its names and birth dates can still reach, whatever its phones,
 * addresses and identifiers turn out to be (they only add the phone and address bonuses, or take
 * penalties away from the score, and only open the review rules isWorthReview checks).
 */
export interface CandidateReach {
  /** Its score is never above this: the best name and birth date with the phone and the whole address bonus, no penalty. */
  highestScore: number;
  /** False: isWorthReview is false for it whatever the rest of its identity. */
  mayBeWorthReview: boolean;
}

/**
 * The reach of a candidate from its names alone (every record is looked at: whichever one
 * bestNameAndDob keeps, its name and birth date are covered). Floating-point rounding is
 * monotonic and the terms are added in scoreCandidate's order, so its score is never above highestScore.
 */
export function reachOfNames(probe: NameRecord, names: NameRecord[]): CandidateReach {
  let combinedMax = -1;
  let nameMayDo = false;
  for (const rec of names) {
    const { nameScore, dobScore, combined } = nameAndDobOf(probe, rec);
    if (combined > combinedMax) combinedMax = combined;
    // isWorthReview's name rules: a close name, or a looser one with a birth date that agrees (and the phone or address).
    const dobAgrees = dobScore !== null && dobScore >= 0.7;
    if (nameScore >= MATCH_THRESHOLDS.reviewMinName || (dobAgrees && nameScore >= MATCH_THRESHOLDS.reviewMinNameWithContact))
      nameMayDo = true;
  }
  const highestScore = Math.max(0, highestScoreWith(combinedMax));
  return { highestScore, mayBeWorthReview: nameMayDo && highestScore >= MATCH_THRESHOLDS.review };
}

/**
 * Whether a candidate of this reach can stand less than the margin behind `best` and so keep it
 * from an automatic link (decideCandidate compares the best with every other candidate).
 */
export function mayCloseMargin(reach: CandidateReach, best: PairScore): boolean {
  return !(best.score - reach.highestScore >= MATCH_THRESHOLDS.autoMargin);
}
