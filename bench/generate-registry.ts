// `npm run bench:generate -- --people 1000000 [--seed 42] [--as-of 2026-10-31] [--start 0] [--rebuild-indexes] [--truth truth.csv]`
//
// Writes a synthetic Sierra Leonean credit registry into the configured database (DATABASE_URL, or
// PGlite in DATA_DIR), through COPY. Deterministic: the same seed, as-of date and indexes give the
// same people, accounts and ids. --start adds people after an earlier run with the same seed.
// --truth writes each person's hidden latent risk and segment (for model checks, never for the app).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { openDatabase } from '../src/server/db/client';
import { indexLenders, generatePerson } from '../src/server/db/seed/registry/generate';
import { LENDERS } from '../src/server/db/seed/registry/lenders';
import { writeRegistry } from '../src/server/db/seed/registry/write-registry';
import { loadConfig } from '../src/server/env';
import { argValue, hasFlag } from './lib/args';

const people = Number(argValue('people', '10000'));
const seed = Number(argValue('seed', '42'));
const asOf = new Date(`${argValue('as-of', new Date().toISOString().slice(0, 10))}T12:00:00Z`);
const startIndex = Number(argValue('start', '0'));
const truthPath = argValue('truth', '');
const rebuildIndexes = hasFlag('rebuild-indexes') || people >= 500_000;

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 4 });
await database.migrate();
console.log(
  `Generating ${people.toLocaleString('en')} people (seed ${seed}, as of ${asOf.toISOString().slice(0, 10)}) into ${database.kind}${rebuildIndexes ? ', indexes rebuilt after the load' : ''}...`,
);

let lastReport = 0;
const result = await writeRegistry(database, {
  people,
  seed,
  asOf,
  startIndex,
  rebuildIndexes,
  batchSize: database.kind === 'postgres' ? 20_000 : 5_000,
  onProgress(written) {
    if (written - lastReport >= 100_000 || written === people) {
      lastReport = written;
      console.log(`  ${written.toLocaleString('en')} people`);
    }
  },
});
const seconds = result.milliseconds / 1000;
console.log(
  `Wrote ${result.people.toLocaleString('en')} people, ${result.accounts.toLocaleString('en')} accounts and ` +
    `${result.inquiries.toLocaleString('en')} inquiries in ${seconds.toFixed(1)} s (${Math.round(result.people / seconds).toLocaleString('en')} people/s).`,
);

if (truthPath) {
  const out = createWriteStream(truthPath);
  out.write('subject_id,person_index,latent_risk,segment\n');
  const lenders = indexLenders(LENDERS);
  for (let i = startIndex; i < startIndex + people; i++) {
    const p = generatePerson({ seed, asOf }, i, lenders);
    if (!out.write(`${p.id},${i},${p.latentRisk.toFixed(4)},${p.segment}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  console.log(`Latent risk of each person written to ${truthPath}.`);
}
await database.close();
