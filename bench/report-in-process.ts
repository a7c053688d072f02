// `DATABASE_URL=postgres://… npm run bench:report-in-process -- [--people 100000] [--reports 200] [--search] [--pages 50] [--plans plans.jsonl]`
//
// One business report (with --search: one search by name and birth date, as npm run bench's) after another, in this process (no HTTP), on a registry `npm run bench`
// made and kept (ccsl_bench_<N>): wall time and this process's CPU per report, and the statements
// each report sends. The figure that shows what the report path itself costs, apart from HTTP and
// from the load generator (docs/performance.md). Its one connection's PostgreSQL backend is measured
// too (its CPU from /proc), so the figure holds even when other work shares the database server.
// --pages N: then N more requests (people sampled the same way every run, each request rolled
// back), each statement first run under EXPLAIN (ANALYZE, BUFFERS) on a second connection (a write
// rolled back): the shared-buffer pages each statement touches, hit or read. A count, not a time:
// it holds on a noisy machine, and a change's pair of runs counts the same people's same files.
import { appendFileSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { pullCreditReport } from '../src/server/modules/reports/pull-report';
import { searchRegistry } from '../src/server/modules/reports/search';
import { keptRegistryUrl } from './lib/bench-database';
import { argValue, hasFlag } from './lib/args';
import { BENCH_USERNAME } from './lib/bench-business';

const people = Number(argValue('people', '100000'));
const reports = Number(argValue('reports', '200'));
const isSearch = hasFlag('search');
const pagesOf = Number(argValue('pages', '0'));
/** --plans <file>: each counted statement's plan, one JSON line each (to see where the pages go). */
const plansFile = argValue('plans', '');
const url = keptRegistryUrl(people, 'this measures the PostgreSQL report path on a registry npm run bench made.');
const handle = await openDatabase({ databaseUrl: url, poolMax: 1 });
type Person = { id: string; first_name: string; last_name: string; date_of_birth: string };
const samplePeople = (repeatable: boolean, count: number) =>
  queryRows<Person>(
    handle.db,
    sql`SELECT id, first_name, last_name, date_of_birth::text AS date_of_birth
      FROM credit_subjects TABLESAMPLE SYSTEM (5) ${repeatable ? sql`REPEATABLE (42)` : sql``}
      WHERE date_of_birth IS NOT NULL LIMIT ${count}`,
  );
// Other people every run for the CPU figures; the same people every run for the page counts.
const sampled = await samplePeople(false, reports * 2);
const counted = pagesOf > 0 ? await samplePeople(true, pagesOf) : [];
const [lender] = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM users WHERE username = ${BENCH_USERNAME}`);
if (!lender) throw new Error(`No ${BENCH_USERNAME} in ccsl_bench_${people}: run npm run bench -- --people ${people} first.`);

// One connection, so one backend does all of the reports' statements (the writes and reads alike).
const [{ pid: backendPid }] = await queryRows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`);
/** The backend's utime + stime in ms (clock ticks of 10 ms, so measure a few hundred reports). */
const backendCpuMs = () => {
  const stat = readFileSync(`/proc/${backendPid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

let statements = 0;
/** With --pages, the shared-buffer pages of each named (prepared) statement, by name. */
let explainer: pg.Client | null = null;
const pages = new Map<string, number[]>();
/** With --pages, each named statement's execution time as EXPLAIN ANALYZE measured it (ms), by name. */
const executionMs = new Map<string, number[]>();
/** EXPLAIN (ANALYZE, BUFFERS) of a statement on the second connection, just before it runs for real; a write is rolled back. */
async function countPages(statement: { name: string; text: string; values?: unknown[] }) {
  const isWrite = /^\s*(WITH [a-z_]+ AS \()?\s*(INSERT|UPDATE|DELETE)/i.test(statement.text);
  if (isWrite) await explainer!.query('BEGIN');
  const { rows } = await explainer!.query({ text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, values: statement.values });
  if (isWrite) await explainer!.query('ROLLBACK');
  if (plansFile) appendFileSync(plansFile, `${JSON.stringify({ statement: statement.name, plan: rows[0] })}\n`);
  const explained = (rows[0] as { 'QUERY PLAN': { Plan: Record<string, number>; 'Execution Time': number }[] })['QUERY PLAN'][0];
  const plan = explained.Plan;
  executionMs.set(statement.name, [...(executionMs.get(statement.name) ?? []), explained['Execution Time']]);
  pages.set(statement.name, [...(pages.get(statement.name) ?? []), plan['Shared Hit Blocks'] + plan['Shared Read Blocks']]);
}
const pool = handle.pool!;
const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
  statements++;
  const config = args[0] as { name?: string; text?: string; values?: unknown[] };
  if (explainer && typeof config === 'object' && config.name && config.text)
    return countPages(config as { name: string; text: string }).then(() => query(...args));
  return query(...args);
};
const request = async (person: Person) => {
  const meta = { businessId: lender.id, userId: lender.id };
  if (isSearch) {
    const terms = { firstName: person.first_name, lastName: person.last_name, dateOfBirth: person.date_of_birth };
    await searchRegistry(handle.db, meta, { ...terms, purpose: 'credit_application' }, 'bench-hash-key');
  } else await pullCreditReport(handle.db, meta, { subjectId: person.id, purpose: 'credit_application', consent: true });
};
for (const round of ['warm-up', 'measured']) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const backendBefore = backendCpuMs();
  statements = 0;
  const offset = round === 'warm-up' ? 0 : reports;
  for (let i = 0; i < reports; i++) await request(sampled[(offset + i) % sampled.length]);
  const used = process.cpuUsage(cpu);
  const backendUsed = backendCpuMs() - backendBefore;
  console.log(
    `${round}: ${((performance.now() - start) / reports).toFixed(2)} ms a ${isSearch ? 'search' : 'report'}, ${((used.user + used.system) / 1000 / reports).toFixed(2)} ms of this process's CPU, ` +
      `${(backendUsed / reports).toFixed(2)} ms of its PostgreSQL backend's, ` +
      `${(statements / reports).toFixed(1)} statements through the pool (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  );
}
if (pagesOf > 0) {
  explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  // Each request in a transaction rolled back (the pool's one connection), so the people counted
  // keep the file they had: a run's inquiries would otherwise add pages to the next run's count.
  for (const person of counted) {
    await handle.db.execute(sql`BEGIN`);
    await request(person);
    await handle.db.execute(sql`ROLLBACK`);
  }
  await explainer.end();
  for (const [name, counts] of pages) {
    const sorted = [...counts].sort((x, y) => x - y);
    const mean = counts.reduce((x, y) => x + y, 0) / counts.length;
    const times = [...(executionMs.get(name) ?? [])].sort((x, y) => x - y);
    console.log(
      `pages: ${name}: mean ${mean.toFixed(1)}, median ${sorted[sorted.length >> 1]}, max ${sorted[sorted.length - 1]} (${counts.length} runs); ` +
        `execution under EXPLAIN ANALYZE (its own timing adds to it): median ${times[times.length >> 1].toFixed(3)} ms`,
    );
  }
}
await handle.close();
