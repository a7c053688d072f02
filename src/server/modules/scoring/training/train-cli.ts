// `npm run model:train -- --version <new version> [--people 50000 --seed 42 --as-of 2026-10-31] [--no-activate] [--out <folder>]`
// Generates the demo registry into a throwaway in-memory PGlite database (the registry's own
// generator, deterministic from the seed), rebuilds each person's file as it stood 24 months before
// the snapshot (the fit) and 12 months before it (the out-of-time validation), fits the scorecard,
// validates it and writes the model file, models/active.json and docs/scoring.md.
// The same arguments give the same files. --version is required and must be new: a version that
// is in the folder already is refused before any work, and nothing is overwritten (write-model.ts).
// --no-activate: the model file only, with its card next to it (scorecard-<version>.md); neither
// models/active.json nor docs/scoring.md (the card of the active model) is touched.
// --out <folder>: the model file (and active.json) go there instead of the models folder; the card
// then goes next to the model file too, and docs/scoring.md is left alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../../db/client';
import { writeRegistry } from '../../../db/seed/registry/write-registry';
import { subtractMonths, toIsoDate } from '../month-arithmetic';
import { buildTrainingRows, readRegistryFiles } from './build-snapshot';
import { fitScorecard, isRuleRow, type FitConfig } from './fit-scorecard';
import { challengerFileOf } from './challenger-file';
import { describeLimits } from './model-limits';
import { refuseExistingVersion, writeModelFile } from './write-model';
import { MANIFEST_FILE } from '../model-manifest';
import { writeModelCard } from './model-card';
import { OUTCOME_MONTHS } from './outcome';
import { MAX_VALUE_SHARE, TARGET_AUC, TARGET_KS } from './targets';
import { figuresFor, validate } from './validation';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '50000' },
    seed: { type: 'string', default: '42' },
    'as-of': { type: 'string', default: '2026-10-31' },
    version: { type: 'string' },
    'no-activate': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const isActivating = !values['no-activate'];
const defaultModelsDir = fileURLToPath(new URL('../models/', import.meta.url));
const modelsDir = values.out ? resolve(values.out) : defaultModelsDir;
// docs/scoring.md describes the active model of the repository, so only an activated model in the
// repository's models folder rewrites it; any other card is written next to its model file.
const cardFile =
  isActivating && !values.out
    ? fileURLToPath(new URL('../../../../../docs/scoring.md', import.meta.url))
    : join(modelsDir, `scorecard-${values.version}.md`);
const people = Number(values.people);
const seed = Number(values.seed);
const snapshot = new Date(`${values['as-of']}T12:00:00.000Z`);
if (!values.version) {
  console.error('--version is required: the name of the new model, e.g. --version 2.2.0-demo (an existing version is refused).');
  process.exit(2);
}
const version = values.version;
try {
  refuseExistingVersion(modelsDir, version);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// Fitted 24 months before the snapshot; validated out of time 12 months later on the people then
// on file, with their own following 12 months (the 36 months of history make both possible).
const observation = subtractMonths(snapshot, 2 * OUTCOME_MONTHS);
const outOfTimeObservation = subtractMonths(snapshot, OUTCOME_MONTHS);
const command = `npm run model:train -- --people ${people} --seed ${seed} --as-of ${values['as-of']} --version ${version}${isActivating ? '' : ' --no-activate'}${values.out ? ` --out ${values.out}` : ''}`;

const started = performance.now();
const database = await openDatabase({ dataDir: 'memory://' });
try {
  await database.migrate();
  console.log(
    `Generating ${people.toLocaleString('en')} people (seed ${seed}, registry as of ${toIsoDate(snapshot)}) into a throwaway PGlite database...`,
  );
  const written = await writeRegistry(database, { people, seed, asOf: snapshot });
  console.log(
    `  ${written.accounts.toLocaleString('en')} accounts, ${written.inquiries.toLocaleString('en')} inquiries in ${(written.milliseconds / 1000).toFixed(1)} s`,
  );

  const files = await readRegistryFiles(database.db);
  // The model's own rates: amounts in USD count at this many SLE, whatever the day's setting.
  const sleRates = { SLE: 1, USD: 22.75 };
  const development = buildTrainingRows(files, observation, sleRates);
  const outOfTime = buildTrainingRows(files, outOfTimeObservation, sleRates);
  const ruleRows = development.rows.filter(isRuleRow).length;
  console.log(
    `Observation date ${toIsoDate(observation)}: ${development.rows.length.toLocaleString('en')} people scored (${ruleRows.toLocaleString('en')} in default or 90 days late, left out of the fit), ${development.thin.toLocaleString('en')} thin files left out; out of time ${toIsoDate(outOfTimeObservation)}: ${outOfTime.rows.length.toLocaleString('en')} scored`,
  );

  const config: FitConfig = {
    version,
    // The snapshot date, not the clock: rerunning gives the same file.
    createdAt: snapshot.toISOString(),
    seed: `ccsl-scorecard-${seed}`,
    holdoutShare: 0.3,
    scale: { baseScore: 600, low: { quantile: 0.002, score: 360 }, high: { quantile: 0.998, score: 830 } },
    rule: { to: 349, divisor: 5 },
    bandBadRates: { good: 0.03, poor: 0.15 },
    minBinShare: 0.005,
    l2: 1,
    sleRates,
    data: {
      source: 'generated demo registry (src/server/db/seed/registry)',
      people,
      generatorSeed: seed,
      snapshotDate: toIsoDate(snapshot),
      observationDate: toIsoDate(observation),
      outOfTimeObservationDate: toIsoDate(outOfTimeObservation),
      outcomeMonths: OUTCOME_MONTHS,
      thinAtObservation: development.thinByReason,
      ruleScoredAtObservation: ruleRows,
    },
  };
  const fit = fitScorecard(development.rows, config);
  const validation = validate(fit.model, config, development.rows, outOfTime.rows);
  fit.model.training.validation = validation.figures;
  fit.model.training.distribution = validation.distribution;

  mkdirSync(modelsDir, { recursive: true });
  const { file: modelFile, sha256 } = writeModelFile(modelsDir, fit.model, { activate: isActivating });
  // The challenger goes beside the model it challenges, never into active.json (decisions/038).
  writeFileSync(join(modelsDir, `challenger-${version}.json`), `${JSON.stringify(challengerFileOf(fit.model, validation), null, 2)}\n`, {
    flag: 'wx',
  });
  const card = writeModelCard(fit, validation, {
    command,
    dataSource: `the demo registry generated by the registry's generator (src/server/db/seed/registry/generate.ts), ${people.toLocaleString('en')} people, seed ${seed}, into a throwaway PGlite database and read back with the same queries as a real registry`,
    snapshotDate: toIsoDate(snapshot),
    observationDate: toIsoDate(observation),
    outOfTimeDate: toIsoDate(outOfTimeObservation),
    subjects: files.size,
    thinAtObservation: development.thinByReason,
    ruleScoredAtObservation: ruleRows,
    limits: describeLimits(fit),
  });
  writeFileSync(cardFile, card);

  for (const f of validation.figures)
    console.log(
      `  ${f.model} ${f.population} (${f.sample}): ${f.rows.toLocaleString('en')} people, bad rate ${(f.badRate * 100).toFixed(1)}%, AUC ${f.auc.toFixed(4)}, KS ${f.ks.toFixed(4)}, Gini ${f.gini.toFixed(4)}`,
    );
  const d = validation.distribution;
  console.log(
    `  scores ${d.min}..${d.max} (reachable ${validation.reachable.worst}..${validation.reachable.best}), ${d.distinctValues} values, most common ${d.mostCommon.value} held by ${(d.mostCommon.share * 100).toFixed(2)}%; PSI train/holdout ${fit.psi.toFixed(4)}`,
  );
  console.log(
    `  scale: ${fit.model.scaling.baseScore} at odds ${fit.model.scaling.baseOdds}:1, ${fit.model.scaling.pdo} points double the odds; base points ${fit.model.basePoints}; bands ${fit.model.bands.map((b) => `${b.name} >= ${b.minScore}`).join(', ')}`,
  );
  if (fit.droppedFeatures.length > 0)
    console.log(`  dropped by the fit (coefficient would be negative): ${fit.droppedFeatures.join(', ')}`);
  const shown = (file: string) => (file.startsWith(`${process.cwd()}/`) ? file.slice(process.cwd().length + 1) : file);
  console.log(
    `Wrote ${shown(modelFile)} (SHA-256 ${sha256}, recorded in ${MANIFEST_FILE})${isActivating ? ` (now active)` : ' (not activated)'} and ${shown(cardFile)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const headline = figuresFor(validation, 'not_in_default_at_observation', 'holdout');
  if (headline.auc < TARGET_AUC || headline.ks < TARGET_KS || d.mostCommon.share > MAX_VALUE_SHARE) {
    console.error(
      `Below the targets (holdout not in default at observation: AUC >= ${TARGET_AUC}, KS >= ${TARGET_KS}; no score value above ${MAX_VALUE_SHARE * 100}% of people).`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
