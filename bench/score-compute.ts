// `DATABASE_URL=postgres://… npx tsx bench/score-compute.ts [--people 1000000] [--files 400] [--rounds 30]`
//
// The score's own CPU, apart from any database or HTTP work: the scoring inputs of `--files`
// people of the registry `npm run bench -- --people <N>` kept (ccsl_bench_<N>), read once as a
// business report reads them (the same people every run), then computeScore over all of them,
// `--rounds` times. Prints the CPU µs a score (the best round and the median: the best is the
// figure a change is compared by on a noisy machine) and a digest of every result, so a change
// that must not alter a score shows the same digest before and after (docs/performance.md).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { computeScore, type ScoringInputs } from '../src/server/modules/scoring';
import { readScoringInputs } from '../src/server/modules/scoring/queries';
import { argValue } from './lib/args';
import { keptRegistryUrl } from './lib/bench-database';

const people = Number(argValue('people', '1000000'));
const files = Number(argValue('files', '400'));
const rounds = Number(argValue('rounds', '30'));
/** One instant for every run, so the digest compares like with like. */
const asOf = new Date('2026-11-25T12:00:00Z');

const handle = await openDatabase({
  databaseUrl: keptRegistryUrl(people, 'this reads scoring inputs from a registry npm run bench made.'),
  poolMax: 1,
});
const sampled = await queryRows<{ id: string }>(
  handle.db,
  sql`SELECT id FROM credit_subjects TABLESAMPLE SYSTEM (5) REPEATABLE (7) LIMIT ${files}`,
);
const inputs: ScoringInputs[] = [];
for (const { id } of sampled) inputs.push(await readScoringInputs(handle.db, id, asOf, null, 'business'));
await handle.close();

const digest = createHash('sha256');
let scored = 0;
for (const input of inputs) {
  const computed = computeScore(input, asOf);
  if (computed.score) scored++;
  digest.update(JSON.stringify(computed));
}
const perScore: number[] = [];
for (let round = 0; round < rounds; round++) {
  const cpu = process.cpuUsage();
  for (const input of inputs) computeScore(input, asOf);
  const used = process.cpuUsage(cpu);
  perScore.push((used.user + used.system) / inputs.length);
}
perScore.sort((a, b) => a - b);
const accounts = inputs.reduce((n, i) => n + i.accounts.length, 0);
console.log(
  `${inputs.length} files (${scored} scored, ${(accounts / inputs.length).toFixed(1)} accounts a file): ` +
    `best ${perScore[0].toFixed(1)} µs a score, median ${perScore[perScore.length >> 1].toFixed(1)} µs; results digest ${digest.digest('hex').slice(0, 16)}`,
);
