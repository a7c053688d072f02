// `npm run bench:matching -- [--people 20000] [--positives 1500] [--negatives 500] [--seed 7] [--json out.json]`
//
// Measures identity matching on a labelled set. A registry is generated into a throwaway database
// (PGlite in memory, or a new database on the server DATABASE_URL names); a second lender then
// reports probes: known people with the errors lenders make (spelling variants such as
// Mohamed/Mohammed, typos, transposed names, day and month swapped, identifiers the registry never
// saw, changed phones) and new people who look like known ones (namesakes, relatives sharing a
// phone). It reports how often the right person is ranked first, and what the matcher decided:
// automatic links (exact, probable) with their precision, reviews, and new people.
import { sql } from 'drizzle-orm';
import { writeFileSync } from 'node:fs';
import type { Database } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { generatePerson, indexLenders, type GeneratedPerson } from '../src/server/db/seed/registry/generate';
import { LENDERS } from '../src/server/db/seed/registry/lenders';
import { ensureLenders, writeRegistry } from '../src/server/db/seed/registry/write-registry';
import { computeNameCodes, findCandidateSubjects, findIdentifierOwners, identifierKey } from '../src/server/modules/matching/candidates';
import { loadIdentities } from '../src/server/modules/matching/identities';
import { normalizeName, swapDayMonth } from '../src/server/modules/matching/names';
import {
  MATCH_THRESHOLDS,
  rankCandidates,
  scoreCandidate,
  type IdentifierValue,
  type ProbeIdentity,
} from '../src/server/modules/matching/score';
import { applyAccountReports } from '../src/server/modules/submissions/apply-reports';
import { ZCreditAccountReportSchema, type TCreditAccountReport } from '../src/shared/schemas/credit';
import { openTestDatabase } from '../tests/helpers/test-database';
import { argValue } from './lib/args';
import { makeProbes, type Probe } from './matching/make-probes';

const peopleCount = Number(argValue('people', '20000'));
const positives = Number(argValue('positives', '1500'));
const negatives = Number(argValue('negatives', '500'));
const seed = Number(argValue('seed', '7'));
const jsonPath = argValue('json', '');
const asOf = new Date('2026-10-31T12:00:00Z');

const started = performance.now();
const database = await openTestDatabase();
console.log(`Generating a registry of ${peopleCount.toLocaleString('en')} people (seed ${seed}) on ${database.kind}...`);
await writeRegistry(database, { people: peopleCount, seed, asOf, rebuildIndexes: peopleCount >= 500_000, batchSize: 20_000 });
const db = database.db;
const lenders = indexLenders(LENDERS);
const probes = makeProbes(peopleCount, (i): GeneratedPerson => generatePerson({ seed, asOf }, i, lenders), { seed, positives, negatives });
const [probeLender] = await ensureLenders(db, [
  { key: 'matching-bench', name: 'Matching Bench Lender', kind: 'mfi', accountTypes: ['personal_loan'], weight: 1 },
]);

const parsed: { probe: Probe; report: TCreditAccountReport }[] = probes.map((probe) => ({
  probe,
  report: ZCreditAccountReportSchema.parse(probe.report),
}));

function identifiersOf(report: TCreditAccountReport): IdentifierValue[] {
  const ids: IdentifierValue[] = [];
  if (report.subject.nationalId) ids.push({ type: 'nin', value: report.subject.nationalId });
  if (report.subject.passportNumber) ids.push({ type: 'passport', value: report.subject.passportNumber });
  if (report.subject.driversLicense) ids.push({ type: 'drivers_license', value: report.subject.driversLicense });
  return ids;
}

// 1. Ranking: who does the matcher put first for each probe (read-only, each probe alone)?
const names = parsed.map(({ report }) => ({
  first: normalizeName(report.subject.firstName),
  last: normalizeName(report.subject.lastName),
}));
const codes = await computeNameCodes(db, names);
const owners = await findIdentifierOwners(
  db,
  parsed.flatMap(({ report }) => identifiersOf(report)),
);
const blocked = await findCandidateSubjects(
  db,
  parsed.map(({ report }, idx) => ({
    idx,
    firstCode: codes[idx].firstCode,
    lastCode: codes[idx].lastCode,
    dob: report.subject.dateOfBirth ?? null,
    swappedDob: swapDayMonth(report.subject.dateOfBirth),
    phone: report.subject.phone,
  })),
);
const identities = await loadIdentities(
  db,
  [...blocked.values()].flatMap((s) => [...s]),
);
const rankMisses: unknown[] = [];
const firstRanked = parsed.map(({ report }, idx) => {
  const owner = identifiersOf(report)
    .map((i) => owners.get(identifierKey(i.type, i.value)))
    .find(Boolean);
  if (owner) return { subjectId: owner, score: 1, via: 'identifier' as const };
  const probe: ProbeIdentity = {
    ...names[idx],
    middle: normalizeName(report.subject.middleName),
    dob: report.subject.dateOfBirth ?? null,
    ...codes[idx],
    phone: report.subject.phone,
    identifiers: identifiersOf(report),
    addressLine: report.subject.address.line,
  };
  const ranked = rankCandidates([...(blocked.get(idx) ?? [])].map((id) => scoreCandidate(probe, identities.get(id)!)));
  const truth = parsed[idx].probe.truthSubjectId;
  if (truth && ranked[0]?.subjectId !== truth) {
    const t = ranked.find((r) => r.subjectId === truth);
    rankMisses.push({
      probe: idx,
      perturbations: parsed[idx].probe.perturbations,
      truthScore: t?.score ?? null,
      top: ranked[0] ?? null,
      truth: t ?? null,
    });
  }
  return ranked[0] ? { subjectId: ranked[0].subjectId, score: ranked[0].score, via: 'name' as const } : null;
});

// 2. Decisions: the probes as one monthly file from a second lender, rolled back afterwards.
const decisions = new Map<number, { match: string; subjectId: string; reviewCandidates: string[] }>();
const rollback = new Error('rollback');
const applyStarted = performance.now();
await db
  .transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const { applied } = await applyAccountReports(
      tx,
      { businessId: probeLender, submissionId: null },
      parsed.map(({ report }, i) => ({ rowNumber: i + 1, report })),
    );
    const reviews = await queryRows<{ account_number: string; candidate_subject_id: string }>(
      tx,
      sql`SELECT a.account_number, r.candidate_subject_id FROM credit_match_reviews r JOIN credit_accounts a ON a.id = r.account_id WHERE r.business_id = ${probeLender}::uuid`,
    );
    const reviewsByAccount = new Map<string, string[]>();
    for (const r of reviews)
      reviewsByAccount.set(r.account_number, [...(reviewsByAccount.get(r.account_number) ?? []), r.candidate_subject_id]);
    for (const a of applied) {
      const probe = parsed[a.rowNumber - 1];
      decisions.set(probe.probe.id, {
        match: a.match,
        subjectId: a.subjectId,
        reviewCandidates: reviewsByAccount.get(probe.report.account.accountNumber) ?? [],
      });
    }
    throw rollback;
  })
  .catch((error) => {
    if (error !== rollback) throw error;
  });
const applyMs = performance.now() - applyStarted;

// 3. Scores.
interface Tally {
  probes: number;
  rankedFirst: number;
  autoCorrect: number;
  autoWrong: number;
  reviewWithTruth: number;
  review: number;
  newPerson: number;
}
const blank = (): Tally => ({ probes: 0, rankedFirst: 0, autoCorrect: 0, autoWrong: 0, reviewWithTruth: 0, review: 0, newPerson: 0 });
const byKind = new Map<string, Tally>();
const byPerturbation = new Map<string, Tally>();
const all = { known: blank(), newPeople: blank() };
const wrongMerges: { probe: number; kind: string; match: string }[] = [];

for (const { probe } of parsed) {
  const decision = decisions.get(probe.id)!;
  const first = firstRanked[probe.id];
  const isAuto = decision.match === 'exact' || decision.match === 'probable';
  const tallies = [
    all[probe.truthSubjectId ? 'known' : 'newPeople'],
    byKind.get(probe.kind) ?? byKind.set(probe.kind, blank()).get(probe.kind)!,
  ];
  if (probe.kind === 'missing_identifiers') {
    const labels = probe.perturbations.length ? probe.perturbations : ['none'];
    for (const p of labels) tallies.push(byPerturbation.get(p) ?? byPerturbation.set(p, blank()).get(p)!);
  }
  for (const t of tallies) {
    t.probes++;
    if (probe.truthSubjectId) {
      if (first?.subjectId === probe.truthSubjectId) t.rankedFirst++;
      if (isAuto && decision.subjectId === probe.truthSubjectId) t.autoCorrect++;
      if (decision.match === 'review' && decision.reviewCandidates.includes(probe.truthSubjectId)) t.reviewWithTruth++;
    } else if (!isAuto) {
      t.rankedFirst++; // for a new person, "right" is being kept apart
    }
    if (isAuto && decision.subjectId !== probe.truthSubjectId) t.autoWrong++;
    if (decision.match === 'review') t.review++;
    if (decision.match === 'new') t.newPerson++;
  }
  if (isAuto && decision.subjectId !== probe.truthSubjectId) wrongMerges.push({ probe: probe.id, kind: probe.kind, match: decision.match });
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
const row = (label: string, t: Tally) =>
  `${label.padEnd(26)} ${String(t.probes).padStart(6)}  ${pct(t.rankedFirst, t.probes).padStart(7)}  ${pct(t.autoCorrect, t.probes).padStart(7)}  ${String(t.autoWrong).padStart(5)}  ${pct(t.review, t.probes).padStart(7)}  ${pct(t.newPerson, t.probes).padStart(7)}`;
const header = `${'probes'.padEnd(26)} ${'count'.padStart(6)}  ${'first'.padStart(7)}  ${'linked'.padStart(7)}  ${'wrong'.padStart(5)}  ${'review'.padStart(7)}  ${'new'.padStart(7)}`;

const auto = all.known.autoCorrect + all.known.autoWrong + all.newPeople.autoWrong;
const precision = auto ? (all.known.autoCorrect / auto) * 100 : 100;
const recall = (all.known.autoCorrect / all.known.probes) * 100;
const rankedFirst = ((all.known.rankedFirst + all.newPeople.rankedFirst) / (all.known.probes + all.newPeople.probes)) * 100;

console.log(
  `\nThresholds: auto-accept ${MATCH_THRESHOLDS.autoAccept}, margin ${MATCH_THRESHOLDS.autoMargin}, review ${MATCH_THRESHOLDS.review}\n`,
);
console.log(header);
console.log(row('known people', all.known));
console.log(row('new people (look-alikes)', all.newPeople));
console.log('\nby kind');
for (const [k, t] of byKind) console.log(row(`  ${k}`, t));
console.log('\nmissing identifiers, by error');
for (const [k, t] of [...byPerturbation].sort()) console.log(row(`  ${k}`, t));
console.log(`\nRight person first (known people ranked first; new people kept apart): ${rankedFirst.toFixed(1)}%`);
console.log(
  `Known people ranked first: ${pct(all.known.rankedFirst, all.known.probes)}; a review naming the right person: ${pct(all.known.reviewWithTruth, all.known.probes)}`,
);
console.log(
  `Automatic links: precision ${precision.toFixed(2)}%, recall ${recall.toFixed(1)}%, wrong automatic merges ${wrongMerges.length}`,
);
console.log(
  `Applying ${parsed.length} probes as one file: ${Math.round(applyMs)} ms. Total ${Math.round((performance.now() - started) / 1000)} s.`,
);
if (jsonPath) {
  writeFileSync(
    jsonPath,
    JSON.stringify(
      {
        peopleCount,
        positives,
        negatives,
        seed,
        engine: database.kind,
        thresholds: MATCH_THRESHOLDS,
        all,
        byKind: Object.fromEntries(byKind),
        byPerturbation: Object.fromEntries(byPerturbation),
        rankedFirst,
        precision,
        recall,
        wrongMerges,
        rankMisses,
      },
      null,
      2,
    ),
  );
}
await database.close();
