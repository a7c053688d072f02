// `npm run model:train [-- --people 50000 --seed 42 --as-of 2026-10-31 --version 1.0.0-demo] [--no-activate] [--out <folder>]`
// Generates the demo registry into a throwaway in-memory PGlite database (the registry's own
// generator, deterministic from the seed), rebuilds each person's file as it stood 12 months before
// the snapshot, fits the scorecard and writes the model file, models/active.json and docs/scoring.md.
// The same arguments give the same files.
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
import { evaluateHoldout, fitScorecard, type FitConfig } from './fit-scorecard';
import { describeLimits } from './model-limits';
import { writeModelCard } from './model-card';
import { OUTCOME_MONTHS } from './outcome';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '50000' },
    seed: { type: 'string', default: '42' },
    'as-of': { type: 'string', default: '2026-10-31' },
    version: { type: 'string', default: '1.0.0-demo' },
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
const version = values.version!;
const observation = subtractMonths(snapshot, OUTCOME_MONTHS);
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
  const { rows, thin } = buildTrainingRows(files, observation, sleRates);
  console.log(
    `Observation date ${toIsoDate(observation)}: ${rows.length.toLocaleString('en')} people scored, ${thin.toLocaleString('en')} thin files left out`,
  );

  const config: FitConfig = {
    version,
    // The snapshot date, not the clock: rerunning gives the same file.
    createdAt: snapshot.toISOString(),
    seed: `ccsl-scorecard-${seed}`,
    holdoutShare: 0.3,
    scaling: { baseScore: 600, baseOdds: 30, pdo: 20 },
    bandBadRates: { good: 0.05, poor: 0.2 },
    minBinShare: 0.01,
    l2: 1,
    sleRates,
    data: {
      source: 'generated demo registry (src/server/db/seed/registry)',
      people,
      generatorSeed: seed,
      snapshotDate: toIsoDate(snapshot),
      observationDate: toIsoDate(observation),
      outcomeMonths: OUTCOME_MONTHS,
      thinAtObservation: thin,
    },
  };
  const fit = fitScorecard(rows, config);
  const withoutDefault = evaluateHoldout(fit.model, rows, config, (r) => r.features.defaultCount === 0);
  fit.model.training.holdoutWithoutDefaultAtObservation = withoutDefault;

  mkdirSync(modelsDir, { recursive: true });
  const modelFile = join(modelsDir, `scorecard-${version}.json`);
  writeFileSync(modelFile, `${JSON.stringify(fit.model, null, 2)}\n`);
  if (isActivating) writeFileSync(join(modelsDir, 'active.json'), `${JSON.stringify({ version }, null, 2)}\n`);
  const card = writeModelCard(fit, {
    command,
    dataSource: `the demo registry generated by the registry's generator (src/server/db/seed/registry/generate.ts), ${people.toLocaleString('en')} people, seed ${seed}, into a throwaway PGlite database and read back with the same queries as a real registry`,
    snapshotDate: toIsoDate(snapshot),
    observationDate: toIsoDate(observation),
    subjects: files.size,
    thinAtObservation: thin,
    holdoutWithoutDefault: withoutDefault,
    limits: describeLimits(fit),
  });
  writeFileSync(cardFile, card);

  const h = fit.holdout;
  console.log(
    `Model ${version}: holdout AUC ${h.auc.toFixed(4)}, KS ${h.ks.toFixed(4)}, Gini ${h.gini.toFixed(4)}; PSI train/holdout ${fit.psi.toFixed(4)}`,
  );
  console.log(
    `  without people already in default at the observation date: AUC ${withoutDefault.auc.toFixed(4)}, KS ${withoutDefault.ks.toFixed(4)}, Gini ${withoutDefault.gini.toFixed(4)}`,
  );
  console.log(`  base points ${fit.model.basePoints}; bands ${fit.model.bands.map((b) => `${b.name} >= ${b.minScore}`).join(', ')}`);
  if (fit.droppedFeatures.length > 0)
    console.log(`  dropped by the fit (coefficient would be negative): ${fit.droppedFeatures.join(', ')}`);
  const shown = (file: string) => (file.startsWith(`${process.cwd()}/`) ? file.slice(process.cwd().length + 1) : file);
  console.log(
    `Wrote ${shown(modelFile)}${isActivating ? ` (now active)` : ' (not activated)'} and ${shown(cardFile)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (h.auc < 0.7 || fit.psi >= 0.1) {
    console.error('The holdout AUC is below 0.70 or the PSI is 0.10 or more: the data does not support a usable model.');
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
