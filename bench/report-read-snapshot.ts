// `DATABASE_URL=postgres://… npx tsx bench/report-read-snapshot.ts [--people 1000000] [--reads 400]`
//
// What a per-person assembled file would save a report's read (decisions/056, proposed): the
// report's read as it is (readReportSources: the person, identifiers, names, phones, addresses,
// accounts with parties and months, inquiries, the score's inquiries) against reading the same
// content stored as one text row per person and parsed with JSON.parse. Both on one connection,
// its PostgreSQL backend's CPU read from /proc (other work on the server does not count), and this
// process's CPU. An upper bound of the gain: the snapshot read leaves out what a real one would
// still read per request (the year's inquiries, the fraud alert, consent, the business's access)
// and the time rules it would still apply (retention, overdue disputes). The registry is the one
// `npm run bench -- --people <N>` kept (ccsl_bench_<N>); the experiment's table is dropped at the end.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { readReportSources } from '../src/server/modules/credit-file/report-sources';
import { keptRegistryUrl } from './lib/bench-database';
import { argValue } from './lib/args';

const people = Number(argValue('people', '1000000'));
const reads = Number(argValue('reads', '400'));
const url = keptRegistryUrl(people, 'this reads the PostgreSQL registry npm run bench kept.');
const handle = await openDatabase({ databaseUrl: url, poolMax: 1 });
const db = handle.db;

const sampled = await queryRows<{ id: string }>(db, sql`SELECT id FROM credit_subjects TABLESAMPLE SYSTEM (2) LIMIT ${reads * 2}`);
const [{ pid }] = await queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`);
/** The backend's utime + stime in ms (clock ticks of 10 ms: measure a few hundred reads). */
const backendCpuMs = () => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const asOf = new Date();
const readToday = (subjectId: string) => readReportSources(db, subjectId, { audience: 'business', asOf, businessId: null, purpose: null });

await db.execute(sql`DROP TABLE IF EXISTS bench_file_snapshots`);
await db.execute(sql`CREATE TABLE bench_file_snapshots (subject_id uuid PRIMARY KEY, content text NOT NULL)`);
try {
  for (const { id } of sampled) {
    const sources = await readToday(id);
    await db.execute(sql`INSERT INTO bench_file_snapshots VALUES (${id}::uuid, ${JSON.stringify(sources)})`);
  }
  await db.execute(sql`VACUUM ANALYZE bench_file_snapshots`);
  const measure = async (label: string, offset: number, read: (subjectId: string) => Promise<unknown>) => {
    const backend = backendCpuMs();
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < reads; i++) await read(sampled[(offset + i) % sampled.length].id);
    const used = process.cpuUsage(cpu);
    const per = (x: number) => (x / reads).toFixed(3);
    console.log(
      `${label}: PostgreSQL backend ${per(backendCpuMs() - backend)} ms, this process ${per((used.user + used.system) / 1000)} ms, wall ${per(performance.now() - start)} ms a read`,
    );
  };
  const readSnapshot = async (subjectId: string) => {
    const [row] = await queryRows<{ content: string }>(
      db,
      sql`SELECT content FROM bench_file_snapshots WHERE subject_id = ${subjectId}::uuid`,
    );
    return JSON.parse(row.content) as unknown;
  };
  // Warm-up on the first half, measured on the second; the two kinds alternate so drift in the
  // machine's speed falls on both.
  for (const [round, offset] of [
    ['warm-up', 0],
    ['measured', reads],
    ['measured again', reads],
  ] as const) {
    await measure(`${round}, the read as it is`, offset, readToday);
    await measure(`${round}, one snapshot row`, offset, readSnapshot);
  }
  console.log(`(${reads} people, load average ${loadavg()[0].toFixed(1)})`);
} finally {
  await db.execute(sql`DROP TABLE IF EXISTS bench_file_snapshots`);
  await handle.close();
}
