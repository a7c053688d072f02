import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeName, swapDayMonth, trigramSimilarity } from '../../../src/server/modules/matching/names';
import { mayCloseMargin, reachOfNames } from '../../../src/server/modules/matching/reach';
import {
  checkIdentifierAgreement,
  decideCandidate,
  isWorthReview,
  namePartSimilarity,
  rankCandidates,
  scoreCandidate,
  scoreDateOfBirth,
  scoreName,
  type CandidateIdentity,
  type NameRecord,
  type PairScore,
  type ProbeIdentity,
} from '../../../src/server/modules/matching/score';

const rec = (first: string, last: string, dob: string | null, codes: [string, string] = ['', ''], middle = ''): NameRecord => ({
  first: normalizeName(first),
  middle: normalizeName(middle),
  last: normalizeName(last),
  dob,
  firstCode: codes[0],
  lastCode: codes[1],
});

function candidate(id: string, names: NameRecord[], phones: string[] = [], nin?: string): CandidateIdentity {
  return {
    subjectId: id,
    names,
    phones: new Set(phones),
    addresses: new Set(),
    identifiers: new Map(nin ? [['nin', new Set([nin])]] : []),
  };
}

const probeOf = (r: NameRecord, phone: string | null = null, nin?: string): ProbeIdentity => ({
  ...r,
  phone,
  identifiers: nin ? [{ type: 'nin', value: nin }] : [],
});

describe('names', () => {
  it('normalises case, accents, apostrophes and hyphens', () => {
    expect(normalizeName("  Abu-Bakarr  O'Neil ")).toBe('abu bakarr oneil');
    expect(normalizeName('Fátmata')).toBe('fatmata');
  });

  it("computes pg_trgm's similarity", () => {
    // Values PostgreSQL gives: similarity('mohamed', 'mohammed') = 0.7, identical = 1.
    expect(trigramSimilarity('mohamed', 'mohammed')).toBeCloseTo(0.7, 5);
    expect(trigramSimilarity('kamara', 'kamara')).toBe(1);
    expect(trigramSimilarity('sesay', 'koroma')).toBe(0);
  });

  it('swaps day and month only when the result is another date', () => {
    expect(swapDayMonth('1988-04-12')).toBe('1988-12-04');
    expect(swapDayMonth('1988-04-13')).toBeNull();
    expect(swapDayMonth('1988-05-05')).toBeNull();
  });

  it('is symmetric and bounded', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,10}$/), fc.stringMatching(/^[a-z]{1,10}$/), (a, b) => {
        const s = namePartSimilarity(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(namePartSimilarity(b, a)).toBeCloseTo(s, 10);
      }),
    );
  });
});

describe('scores', () => {
  it('treats spelling variants with the same sound as close', () => {
    expect(namePartSimilarity('mohamed', 'mohammed', 'MHMT', 'MHMT')).toBeGreaterThanOrEqual(0.85);
    expect(namePartSimilarity('fatmata', 'fatimata', 'FTMT', 'FTMT')).toBeGreaterThanOrEqual(0.85);
    expect(namePartSimilarity('fatmata', 'isatu', 'FTMT', 'AST')).toBeLessThan(0.3);
  });

  it('tolerates transposed first and last names', () => {
    expect(scoreName(rec('Kamara', 'Aminata', null), rec('Aminata', 'Kamara', null))).toBeGreaterThan(0.95);
  });

  it('scores birth dates: equal, day-month swap, one-digit typo, far apart, unknown', () => {
    expect(scoreDateOfBirth('1988-04-12', '1988-04-12')).toBe(1);
    expect(scoreDateOfBirth('1988-04-12', '1988-12-04')).toBe(0.9);
    expect(scoreDateOfBirth('1988-04-12', '1988-04-13')).toBe(0.7);
    expect(scoreDateOfBirth('1988-04-12', '1961-09-30')).toBe(0);
    expect(scoreDateOfBirth(null, '1988-04-12')).toBeNull();
  });

  it('ranks the person with the phone on file above a namesake born the same day', () => {
    const probe = probeOf(rec('Mohamed', 'Kamara', '1990-01-01', ['MHMT', 'KMR']), '+23276111222');
    const ranked = rankCandidates([
      scoreCandidate(probe, candidate('a', [rec('Mohamed', 'Kamara', '1990-01-01', ['MHMT', 'KMR'])], ['+23277000000'])),
      scoreCandidate(probe, candidate('b', [rec('Mohamed', 'Kamara', '1990-01-01', ['MHMT', 'KMR'])], ['+23276111222'])),
    ]);
    expect(ranked[0].subjectId).toBe('b');
  });

  it('penalises a candidate holding a different NIN', () => {
    const probe = probeOf(rec('Isatu', 'Sesay', '1980-02-02'), null, 'NIN111111');
    const withOther = scoreCandidate(probe, candidate('a', [rec('Isatu', 'Sesay', '1980-02-02')], [], 'NIN222222'));
    const withNone = scoreCandidate(probe, candidate('b', [rec('Isatu', 'Sesay', '1980-02-02')]));
    expect(withOther.identifierConflict).toBe(true);
    expect(withOther.score).toBeLessThan(withNone.score - 0.2);
  });
});

describe('decisions', () => {
  const pair = (over: Partial<PairScore>): PairScore => ({
    subjectId: 'a',
    score: 1.1,
    nameScore: 1,
    dobScore: 1,
    phoneMatch: true,
    addressSimilarity: 0,
    identifierConflict: false,
    documentConflict: false,
    ...over,
  });

  it('links automatically only a clear, corroborated best candidate', () => {
    expect(decideCandidate([pair({})]).outcome).toBe('probable');
    expect(decideCandidate([pair({ phoneMatch: false, score: 1 })]).outcome).toBe('review');
    expect(decideCandidate([pair({ dobScore: null, score: 0.92 })]).outcome).toBe('review');
    expect(decideCandidate([pair({}), pair({ subjectId: 'b', score: 1.05 })])).toMatchObject({
      outcome: 'review',
      reason: 'ambiguous_candidates',
    });
    expect(decideCandidate([pair({ identifierConflict: true })])).toMatchObject({ outcome: 'review', reason: 'conflicting_identifier' });
    expect(decideCandidate([pair({ score: 0.5 })]).outcome).toBe('new');
    expect(decideCandidate([]).outcome).toBe('new');
  });

  it('asks a reviewer only what the evidence leaves open', () => {
    const noPhone = { phoneMatch: false, addressCompared: true };
    // Another first name beside the same surname and birth date: another person.
    expect(isWorthReview(pair({ ...noPhone, nameScore: 0.6, score: 0.76, addressSimilarity: 0.3 }))).toBe(false);
    // The same name with no birth date on one side, nothing else: a namesake.
    expect(isWorthReview(pair({ ...noPhone, dobScore: null, score: 0.82, addressSimilarity: 0.95 }))).toBe(false);
    // The same name and birth date, another phone and another address: a namesake.
    expect(isWorthReview(pair({ ...noPhone, score: 1, addressSimilarity: 0.2 }))).toBe(false);
    // ... at the same address line: a question.
    expect(isWorthReview(pair({ ...noPhone, score: 1.06, addressSimilarity: 1 }))).toBe(true);
    // ... with no address to compare: a question.
    expect(isWorthReview(pair({ phoneMatch: false, score: 1 }))).toBe(true);
    // A different NIN and no phone in common: two people.
    expect(isWorthReview(pair({ ...noPhone, score: 0.81, addressSimilarity: 0.7, identifierConflict: true }))).toBe(false);
    // The phone and the birth date with a name spelt past recognition (Jalloh and Diallo): a question.
    expect(isWorthReview(pair({ nameScore: 0.65, score: 0.89 }))).toBe(true);
    // The family phone with another first name and another birth date: not.
    expect(isWorthReview(pair({ nameScore: 0.6, dobScore: 0.2, score: 0.54 + 0.08 + 0.1 }))).toBe(false);
  });

  it('links a person with no birth date only by the same name, phone and address', () => {
    expect(decideCandidate([pair({ dobScore: null, score: 0.98, addressSimilarity: 1 })]).outcome).toBe('probable');
    expect(decideCandidate([pair({ dobScore: null, score: 0.98, nameScore: 0.9, addressSimilarity: 1 })]).outcome).toBe('review');
    expect(decideCandidate([pair({ dobScore: null, score: 0.92, addressSimilarity: 0.3, addressCompared: true })]).outcome).toBe('review');
  });

  it('needs a link to be ahead of every candidate, a namesake not worth a review too', () => {
    const namesake = pair({ subjectId: 'b', phoneMatch: false, score: 1.05, addressSimilarity: 0.2, addressCompared: true });
    expect(isWorthReview(namesake)).toBe(false);
    expect(decideCandidate(rankCandidates([pair({ score: 1.1 }), namesake]))).toMatchObject({
      outcome: 'review',
      reason: 'uncertain_candidate',
    });
  });

  it('flags an identifier match whose name or birth date disagrees strongly', () => {
    const held = [rec('Isatu', 'Bangura', '1979-01-05')];
    expect(checkIdentifierAgreement(rec('Isata', 'Bangura', '1979-01-05'), held).agrees).toBe(true);
    expect(checkIdentifierAgreement(rec('Ibrahim', 'Fofanah', '1979-01-05'), held)).toMatchObject({
      agrees: false,
      reason: 'identifier_name_mismatch',
    });
    expect(checkIdentifierAgreement(rec('Isatu', 'Bangura', '1999-08-30'), held)).toMatchObject({
      agrees: false,
      reason: 'identifier_dob_mismatch',
    });
  });
});

describe('a candidate known by its names alone (issue 22: phones and addresses read only for candidates that can count)', () => {
  const firsts = ['Mohamed', 'Mohammed', 'Fatmata', 'Fatima', 'Isatu', 'Ibrahim', 'M', 'Mohamed Lamin', 'Kamara'];
  const lasts = ['Kamara', 'Kamarah', 'Bangura', 'Sesay', 'Conteh', 'Mohamed'];
  const dobs = [null, '1980-01-01', '1980-01-10', '1980-10-01', '1981-01-01', '1980-01-02', '1975-06-30'];
  const codes: Record<string, string> = {
    mohamed: 'MHMT',
    mohammed: 'MHMT',
    fatmata: 'FTMT',
    fatima: 'FTM',
    kamara: 'KMR',
    kamarah: 'KMR',
  };
  const name = fc
    .tuple(fc.constantFrom(...firsts), fc.constantFrom(...lasts), fc.constantFrom(...dobs), fc.constantFrom('', 'Lamin', 'Foday'))
    .map(([f, l, d, m]) => rec(f, l, d, [codes[normalizeName(f)] ?? '', codes[normalizeName(l)] ?? ''], m));
  const line = fc.constantFrom('12 Kissy Road, Freetown', '12 Kissy Rd, Freetown', '4 Wilkinson Road', '');

  it('never scores above its highest score, and is never worth a review when its names say it cannot be', () => {
    fc.assert(
      fc.property(
        name,
        fc.array(name, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        line,
        line,
        fc.constantFrom(undefined, 'NIN1', 'NIN2'),
        (probeName, names, samePhone, probeLine, heldLine, heldNin) => {
          const probe = { ...probeOf(probeName, '076000001', 'NIN1'), addressLine: probeLine || null };
          const held = candidate('c', names, samePhone ? ['076000001'] : ['077999999'], heldNin);
          if (heldLine) held.addresses.add(heldLine);
          const reach = reachOfNames(probe, names);
          const pair = scoreCandidate(probe, held);
          expect(pair.score).toBeLessThanOrEqual(reach.highestScore);
          if (!reach.mayBeWorthReview) expect(isWorthReview(pair)).toBe(false);
          const best = { ...pair, subjectId: 'b', score: pair.score + 0.1 };
          if (!mayCloseMargin(reach, best)) expect(best.score - pair.score).toBeGreaterThanOrEqual(0.1);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('leaves out a namesake with another first name, and keeps one whose name is close', () => {
    const probe = probeOf(rec('Mohamed', 'Kamara', '1980-01-01', ['MHMT', 'KMR']));
    expect(reachOfNames(probe, [rec('Fatmata', 'Kamara', '1980-01-01', ['FTMT', 'KMR'])]).mayBeWorthReview).toBe(false);
    expect(reachOfNames(probe, [rec('Mohammed', 'Kamara', '1980-01-10', ['MHMT', 'KMR'])]).mayBeWorthReview).toBe(true);
  });
});
