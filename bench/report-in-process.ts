// `DATABASE_URL=postgres://… npm run bench:report-in-process -- [--people 100000] [--reports 200] [--search]`
//
// One business report (with --search: one search by name and birth date, as npm run bench's) after another, in this process (no HTTP), on a registry `npm run bench`
// made and kept (ccsl_bench_<N>): wall time and this process's CPU per report, and the statements
// each report sends. The figure that shows what the report path itself costs, apart from HTTP and
// from the load generator (docs/performance.md). Its one connection's PostgreSQL backend is measured
// too (its CPU from /proc), so the figure holds even when other work shares the database server.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { pullCreditReport } from '../src/server/modules/reports/pull-report';
import { searchRegistry } from '../src/server/modules/reports/search';
import { argValue, hasFlag } from './lib/args';
import { BENCH_USERNAME } from './lib/bench-business';

const people = Number(argValue('people', '100000'));
const reports = Number(argValue('reports', '200'));
const isSearch = hasFlag('search');
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('Set DATABASE_URL: this measures the PostgreSQL report path on a registry npm run bench made.');
const url = new URL(adminUrl);
url.pathname = `/ccsl_bench_${people}`;
const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 1 });
const sampled = await queryRows<{ id: string; first_name: string; last_name: string; date_of_birth: string }>(
  handle.db,
  sql`SELECT id, first_name, last_name, date_of_birth::text AS date_of_birth FROM credit_subjects TABLESAMPLE SYSTEM (5)
    WHERE date_of_birth IS NOT NULL LIMIT ${reports * 2}`,
);
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
const pool = handle.pool!;
const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
(pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
  statements++;
  return query(...args);
};
for (const round of ['warm-up', 'measured']) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const backendBefore = backendCpuMs();
  statements = 0;
  const offset = round === 'warm-up' ? 0 : reports;
  for (let i = 0; i < reports; i++) {
    const person = sampled[(offset + i) % sampled.length];
    const meta = { businessId: lender.id, userId: lender.id };
    if (isSearch) {
      const terms = { firstName: person.first_name, lastName: person.last_name, dateOfBirth: person.date_of_birth };
      await searchRegistry(handle.db, meta, { ...terms, purpose: 'credit_application' }, 'bench-hash-key');
    } else await pullCreditReport(handle.db, meta, { subjectId: person.id, purpose: 'credit_application', consent: true });
  }
  const used = process.cpuUsage(cpu);
  const backendUsed = backendCpuMs() - backendBefore;
  console.log(
    `${round}: ${((performance.now() - start) / reports).toFixed(2)} ms a ${isSearch ? 'search' : 'report'}, ${((used.user + used.system) / 1000 / reports).toFixed(2)} ms of this process's CPU, ` +
      `${(backendUsed / reports).toFixed(2)} ms of its PostgreSQL backend's, ` +
      `${(statements / reports).toFixed(1)} statements through the pool (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  );
}
await handle.close();
