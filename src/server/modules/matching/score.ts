import type { TIdentifierType } from '@shared/credit-reference';
import { swapDayMonth, textTrigrams, trigramSetSimilarity, trigramSimilarity } from './names';

/**
 * How a reported identity is scored against a person already in the registry. The weights and
 * thresholds are documented, with their measured precision and recall, in docs/matching.md;
 * change them only with `npm run bench:matching` before and after.
 */
export const MATCH_THRESHOLDS = {
  /** A candidate is linked automatically only at or above this score... */
  autoAccept: 0.88,
  /** ...and only this far ahead of the next candidate. */
  autoMargin: 0.1,
  /** ...and only if the name alone scores this much. */
  autoMinName: 0.8,
  /** Below this, a candidate is too weak to be worth a reviewer's time: the record is a new person. */
  review: 0.7,
  /**
   * ...and so is one whose name alone scores below this: another first name beside the same
   * surname and birth date (Ruth and John Kamara, Isatu and Ramatu Bangura) is another person.
   */
  reviewMinName: 0.75,
  /** ...but with a birth date that agrees and the phone or the address on file, a name down to this is worth a look. */
  reviewMinNameWithContact: 0.6,
  /** An address line this alike (pg_trgm similarity) or more is the same line (another house number scores about 0.8). */
  sameAddress: 0.9,
  /** Below this, two address lines are in different streets or towns: evidence against. */
  differentAddress: 0.5,
  /**
   * With no birth date on either side, a link needs the name alone to score this much, with the
   * phone and the address on file.
   */
  autoMinNameWithoutDob: 0.95,
  /** With an identifier match, a name below this is a strong disagreement (queued, not merged). */
  identifierMinName: 0.55,
  /** With an identifier match, a birth date scoring at or below this is a strong disagreement. */
  identifierMaxDobDisagreement: 0.2,
} as const;

const WEIGHT_NAME = 0.6;
const WEIGHT_DOB = 0.4;
/** What an unknown birth date contributes: neither for nor against. */
const DOB_UNKNOWN = 0.55;
const PHONE_BONUS = 0.1;
/** At most this for the same address line (addresses are rewritten and shared: a tie-breaker, never proof). */
const ADDRESS_BONUS = 0.06;
/** A candidate holding a different NIN is very likely someone else: the NIN is lifelong. */
const NIN_CONFLICT_PENALTY = 0.25;
/** A different passport or licence number means less: both are renewed under new numbers. */
const DOCUMENT_CONFLICT_PENALTY = 0.05;
const TRANSPOSED_PENALTY = 0.02;

export interface NameRecord {
  first: string;
  middle: string;
  last: string;
  dob: string | null;
  /** dmetaphone codes, computed by PostgreSQL. */
  firstCode: string;
  lastCode: string;
}

export interface IdentifierValue {
  type: TIdentifierType;
  value: string;
}

export interface ProbeIdentity extends NameRecord {
  phone: string | null;
  identifiers: IdentifierValue[];
  /** The reported address line, when there is one. */
  addressLine?: string | null;
}

export interface CandidateIdentity {
  subjectId: string;
  names: NameRecord[];
  phones: Set<string>;
  /** Address lines on file (not used for scoring: addresses are too often shared or rewritten). */
  addresses: Set<string>;
  /** Type -> values the person holds. */
  identifiers: Map<TIdentifierType, Set<string>>;
}

export interface PairScore {
  subjectId: string;
  score: number;
  nameScore: number;
  dobScore: number | null;
  phoneMatch: boolean;
  /** 0 to 1: how alike the reported address is to the nearest one on file. */
  addressSimilarity: number;
  /**
   * Both sides had an address to compare, so a low similarity is a different address (evidence
   * against), not an unknown one. Absent counts as not compared.
   */
  addressCompared?: boolean;
  /** The candidate holds a different NIN (blocks an automatic link). */
  identifierConflict: boolean;
  /** The candidate holds a different passport or licence number (weak evidence). */
  documentConflict: boolean;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
function osaDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/** One spelling -> the other (the first sorts before the second) -> similarity without the sound. */
const similarityCache = new Map<string, Map<string, number>>();
let similarityCacheSize = 0;
const SIMILARITY_CACHE_MAX = 200_000;

/** How alike two spellings of one name part are, 0 to 1. */
export function namePartSimilarity(a: string, b: string, codeA = '', codeB = ''): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  // Names repeat (Mohamed, Kamara): the same pair comes back thousands of times in a large file.
  const first = a < b ? a : b;
  const second = a < b ? b : a;
  let bySecond = similarityCache.get(first);
  let value = bySecond?.get(second);
  if (value === undefined) {
    value = spellingSimilarity(first, second);
    if (similarityCacheSize >= SIMILARITY_CACHE_MAX) {
      similarityCache.clear();
      similarityCacheSize = 0;
      bySecond = undefined;
    }
    if (!bySecond) similarityCache.set(first, (bySecond = new Map()));
    bySecond.set(second, value);
    similarityCacheSize++;
  }
  // Same sound: Mohamed/Mohammed/Muhammad, Fatmata/Fatimata, Isatu/Isata.
  if (codeA && codeA === codeB) return Math.max(value, codeA.length >= 2 ? 0.85 : 0.6);
  return value;
}

/** Every part of the similarity that depends on the two spellings alone (symmetric). */
function spellingSimilarity(a: string, b: string): number {
  let s = Math.max(trigramSimilarity(a, b), 1 - osaDistance(a, b) / Math.max(a.length, b.length));
  // An initial for the name: "M" and "Mohamed".
  if ((a.length === 1 || b.length === 1) && a[0] === b[0]) s = Math.max(s, 0.6);
  // A middle name written into the first-name field: "mohamed lamin" and "mohamed".
  if (a.includes(' ') || b.includes(' ')) {
    const wa = a.split(' ');
    const wb = b.split(' ');
    if (wa.includes(b) || wb.includes(a)) s = Math.max(s, 0.85);
  }
  return s;
}

/** The name agreement of a reported identity and one recorded name, first and last names possibly transposed. */
export function scoreName(probe: NameRecord, rec: NameRecord): number {
  // The common case, the same spelling, needs no similarity at all.
  if (probe.first === rec.first && probe.last === rec.last && (!probe.middle || !rec.middle || probe.middle === rec.middle)) return 1;
  const first = namePartSimilarity(probe.first, rec.first, probe.firstCode, rec.firstCode);
  const last = namePartSimilarity(probe.last, rec.last, probe.lastCode, rec.lastCode);
  let straight = (first + last) / 2;
  const swappedFirst = namePartSimilarity(probe.first, rec.last, probe.firstCode, rec.lastCode);
  const swappedLast = namePartSimilarity(probe.last, rec.first, probe.lastCode, rec.firstCode);
  let swapped = (swappedFirst + swappedLast) / 2 - TRANSPOSED_PENALTY;
  if (probe.middle && rec.middle) {
    const middle = namePartSimilarity(probe.middle, rec.middle);
    straight = 0.8 * straight + 0.2 * middle;
    swapped = 0.8 * swapped + 0.2 * middle;
  }
  return Math.max(straight, swapped, 0);
}

function differsByOneDigit(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
  return diff === 1;
}

/** Birth-date agreement, 0 to 1, or null when either side has none. Day and month swaps are tolerated. */
export function scoreDateOfBirth(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  if (a === b) return 1;
  if (swapDayMonth(a) === b) return 0.9;
  const [ya, ma, da] = a.split('-');
  const [yb, mb, db] = b.split('-');
  if (ya === yb && ma === mb) return differsByOneDigit(da, db) ? 0.7 : 0.5;
  if (ma === mb && da === db) return differsByOneDigit(ya, yb) || Math.abs(Number(ya) - Number(yb)) === 1 ? 0.7 : 0.2;
  if (ya === yb && da === db) return differsByOneDigit(ma, mb) ? 0.6 : 0.4;
  if (ya === yb) return 0.2;
  return 0;
}

function conflictsOf(probe: ProbeIdentity, cand: CandidateIdentity): { nin: boolean; document: boolean } {
  let nin = false;
  let document = false;
  for (const id of probe.identifiers) {
    const held = cand.identifiers.get(id.type);
    if (held && held.size > 0 && !held.has(id.value)) {
      if (id.type === 'nin') nin = true;
      else document = true;
    }
  }
  return { nin, document };
}

/**
 * Address line -> the 3-grams of its lower-case form (words are the runs of a-z and 0-9, as if
 * everything else were a space). Addresses repeat less than names, hence a cache of their own.
 */
const addressTrigramCache = new Map<string, Uint16Array>();
const ADDRESS_CACHE_MAX = 200_000;

function addressTrigrams(line: string): Uint16Array {
  let trigrams = addressTrigramCache.get(line);
  if (!trigrams) {
    if (addressTrigramCache.size >= ADDRESS_CACHE_MAX) addressTrigramCache.clear();
    trigrams = textTrigrams(line.toLowerCase());
    addressTrigramCache.set(line, trigrams);
  }
  return trigrams;
}

let lastProbe: ProbeIdentity | null = null;
let lastProbeLine = '';
let lastProbeTrigrams: Uint16Array = new Uint16Array(0);

/** The best pg_trgm similarity of the reported address line to a line on file (normalised: lower case, letters and digits). */
function addressSimilarityOf(probe: ProbeIdentity, cand: CandidateIdentity): number {
  if (!probe.addressLine || cand.addresses.size === 0) return 0;
  // A row is scored against all its candidates one after another: its own 3-grams once.
  if (probe !== lastProbe || probe.addressLine !== lastProbeLine) {
    lastProbe = probe;
    lastProbeLine = probe.addressLine;
    lastProbeTrigrams = addressTrigrams(probe.addressLine);
  }
  const mine = lastProbeTrigrams;
  let best = 0;
  for (const line of cand.addresses) best = Math.max(best, trigramSetSimilarity(mine, addressTrigrams(line)));
  return best;
}

/** The agreement between a reported identity and one recorded name and birth date. */
export function nameAndDobOf(probe: NameRecord, rec: NameRecord): { nameScore: number; dobScore: number | null; combined: number } {
  const nameScore = scoreName(probe, rec);
  const dobScore = scoreDateOfBirth(probe.dob, rec.dob);
  return { nameScore, dobScore, combined: WEIGHT_NAME * nameScore + WEIGHT_DOB * (dobScore ?? DOB_UNKNOWN) };
}

/**
 * The highest score a candidate with this name and birth date agreement can reach: the phone and the
 * whole address bonus, no penalty (scoreCandidate adds nothing else), added in scoreCandidate's
 * order, so rounding can never put a score above it.
 */
export const highestScoreWith = (combined: number) => combined + PHONE_BONUS + ADDRESS_BONUS;

/** The best agreement between a reported identity and any name and birth date recorded for a person. */
export function bestNameAndDob(probe: NameRecord, names: NameRecord[]): { nameScore: number; dobScore: number | null; combined: number } {
  let best = { nameScore: 0, dobScore: null as number | null, combined: -1 };
  for (const rec of names) {
    const agreement = nameAndDobOf(probe, rec);
    if (agreement.combined > best.combined) best = agreement;
  }
  return best;
}

export function scoreCandidate(probe: ProbeIdentity, cand: CandidateIdentity): PairScore {
  const { nameScore, dobScore, combined } = bestNameAndDob(probe, cand.names);
  const phoneMatch = probe.phone !== null && cand.phones.has(probe.phone);
  // The address only ranks candidates that could matter; comparing it costs more than the rest.
  const couldMatter = combined + (phoneMatch ? PHONE_BONUS : 0) + ADDRESS_BONUS >= MATCH_THRESHOLDS.review;
  const addressSimilarity = couldMatter ? addressSimilarityOf(probe, cand) : 0;
  const addressCompared = couldMatter && !!probe.addressLine && cand.addresses.size > 0;
  const conflicts = conflictsOf(probe, cand);
  // Not capped at 1: the phone and the address still rank two people whose name and birth date both fit.
  const score =
    combined +
    (phoneMatch ? PHONE_BONUS : 0) +
    (addressSimilarity >= 0.5 ? ADDRESS_BONUS * addressSimilarity : 0) -
    (conflicts.nin ? NIN_CONFLICT_PENALTY : 0) -
    (conflicts.document ? DOCUMENT_CONFLICT_PENALTY : 0);
  return {
    subjectId: cand.subjectId,
    score: Math.max(0, score),
    nameScore,
    dobScore,
    phoneMatch,
    addressSimilarity,
    addressCompared,
    identifierConflict: conflicts.nin,
    documentConflict: conflicts.document,
  };
}

export type CandidateDecision =
  | { outcome: 'probable'; best: PairScore }
  | {
      outcome: 'review';
      best: PairScore;
      /** The other candidate as close as the best one (ambiguous_candidates): queued beside it. */
      second?: PairScore;
      reason: 'ambiguous_candidates' | 'conflicting_identifier' | 'uncertain_candidate';
    }
  | { outcome: 'new' };

/** Candidates best first; ties broken by subject id so the order is the same on every run. */
export function rankCandidates(scores: PairScore[]): PairScore[] {
  return [...scores].sort((a, b) => b.score - a.score || (a.subjectId < b.subjectId ? -1 : 1));
}

/**
 * Whether the evidence leaves a question a reviewer can answer. For the candidate: the phone on
 * file, the same address line, a birth date that agrees. Against: another name (a different first
 * name beside the same surname and birth date is another person), another phone and another
 * address, a different NIN. A name and birth date alone are what namesakes share at national scale
 * (there are thousands of Mohamed Kamaras, and one in eight people carries 1 January): a record
 * with nothing more is a new person, not a question.
 */
export function isWorthReview(pair: PairScore): boolean {
  if (pair.score < MATCH_THRESHOLDS.review) return false;
  const dobAgrees = pair.dobScore !== null && pair.dobScore >= 0.7;
  const sameAddress = pair.addressSimilarity >= MATCH_THRESHOLDS.sameAddress;
  const addressDiffers = pair.addressCompared === true && pair.addressSimilarity < MATCH_THRESHOLDS.differentAddress;
  // The birth date with the phone or the address on file: a name spelt past recognition (Jalloh
  // and Diallo, names transposed and misspelt) is still worth a look.
  if (dobAgrees && (pair.phoneMatch || sameAddress)) return pair.nameScore >= MATCH_THRESHOLDS.reviewMinNameWithContact;
  if (pair.nameScore < MATCH_THRESHOLDS.reviewMinName) return false;
  // The phone with a close name and another birth date (or none): a typed date, or a relative of the same name.
  if (pair.phoneMatch) return true;
  // A different NIN on each side, and no phone in common: two people (the NIN is lifelong).
  if (pair.identifierConflict) return false;
  return dobAgrees && !addressDiffers;
}

/** The evidence is enough to link without a reviewer. */
function isCorroborated(best: PairScore): boolean {
  if (!best.phoneMatch || best.score < MATCH_THRESHOLDS.autoAccept) return false;
  if (best.dobScore === null) {
    // Neither side (or one) has a birth date: the name, the phone and the address must all agree.
    return best.nameScore >= MATCH_THRESHOLDS.autoMinNameWithoutDob && best.addressSimilarity >= MATCH_THRESHOLDS.sameAddress;
  }
  return best.dobScore >= 0.7 && best.nameScore >= MATCH_THRESHOLDS.autoMinName;
}

/**
 * Links a record to a person without a shared identifier only when it is clearly that person:
 * a high score, clearly ahead of the next candidate, no conflicting identifier, a birth date that
 * agrees (or, with none on file, the same name and address), and the phone on file as
 * corroboration (name and birth date alone are shared by too many Sierra Leoneans: there are
 * thousands of Mohamed Kamaras). A candidate plausible but short of that goes to a reviewer only if
 * the evidence leaves a real question (isWorthReview); otherwise the record is a new person.
 * A candidate not worth a review never makes the best one ambiguous, but an automatic link still
 * needs the best to be clearly ahead of every other candidate.
 */
export function decideCandidate(ranked: PairScore[]): CandidateDecision {
  const plausible = ranked.filter(isWorthReview);
  const [best, second] = plausible;
  if (!best) return { outcome: 'new' };
  if (best.identifierConflict) return { outcome: 'review', best, reason: 'conflicting_identifier' };
  const isClearlyAhead = !second || best.score - second.score >= MATCH_THRESHOLDS.autoMargin;
  if (!isClearlyAhead) return { outcome: 'review', best, second, reason: 'ambiguous_candidates' };
  const nextOfAll = ranked.find((c) => c !== best);
  const isAheadOfAll = !nextOfAll || best.score - nextOfAll.score >= MATCH_THRESHOLDS.autoMargin;
  if (isAheadOfAll && isCorroborated(best)) return { outcome: 'probable', best };
  return { outcome: 'review', best, reason: 'uncertain_candidate' };
}

export type IdentifierAgreement =
  { agrees: true } | { agrees: false; reason: 'identifier_name_mismatch' | 'identifier_dob_mismatch'; score: number };

/** With an identifier match, whether the reported name and birth date fit the person holding it. */
export function checkIdentifierAgreement(probe: NameRecord, names: NameRecord[]): IdentifierAgreement {
  if (names.length === 0) return { agrees: true };
  const { nameScore, dobScore, combined } = bestNameAndDob(probe, names);
  if (nameScore < MATCH_THRESHOLDS.identifierMinName) return { agrees: false, reason: 'identifier_name_mismatch', score: combined };
  if (dobScore !== null && dobScore <= MATCH_THRESHOLDS.identifierMaxDobDisagreement) {
    return { agrees: false, reason: 'identifier_dob_mismatch', score: combined };
  }
  return { agrees: true };
}
