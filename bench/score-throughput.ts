// `DATABASE_URL=postgres://... npx tsx bench/score-throughput.ts [--people 50000] [--scores 5000] [--concurrency 20]`
// (BENCH_STORE=0: compute without storing)
// Scores (and stores) people of a generated registry on PostgreSQL as fast as a pool allows: the
// scoring part of a credit report (one read of the person's accounts and inquiries, one insert).
// Uses a throwaway database on the server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { writeRegistry } from '../src/server/db/seed/registry/write-registry';
import { scoreSubject } from '../src/server/modules/scoring/service';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '50000' },
    scores: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '20' },
  },
});
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (a throwaway database is made on it)');
const name = `ccsl_bench_score_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const concurrency = Number(values.concurrency);
const database = await openDatabase({ databaseUrl: url.toString(), poolMax: concurrency });
try {
  await database.migrate();
  const written = await writeRegistry(database, { people: Number(values.people), seed: 42, asOf: new Date(), rebuildIndexes: true });
  console.log(`registry: ${written.people} people, ${written.accounts} accounts, ${written.inquiries} inquiries`);
  const subjects = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id FROM credit_subjects ORDER BY md5(id::text) LIMIT ${Number(values.scores)}`,
  );
  const isStored = process.env.BENCH_STORE !== '0';
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < subjects.length) {
        const subject = subjects[next++];
        const t0 = performance.now();
        await scoreSubject(database.db, subject.id, { store: isStored, context: 'benchmark' });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  console.log(
    `${subjects.length} scores ${isStored ? 'computed and stored' : 'computed'} in ${seconds.toFixed(2)} s: ${(subjects.length / seconds).toFixed(0)} per second with ${concurrency} connections; latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
