// `DATABASE_URL=postgres://… npx tsx bench/report-floor.ts [--people 1000000] [--reports 1500]`
//
// How low a report's CPU can go on this machine, whatever the code (issue 22's target: 1.0 ms of
// CPU in all). On a registry `npm run bench` made and kept (ccsl_bench_<N>), on one connection:
// 1. real reports (pullCreditReport, no HTTP), each statement's CPU on both sides attributed to it:
//    this process's (process.cpuUsage) and its PostgreSQL backend's (/proc/<pid>/schedstat, the
//    scheduler's nanoseconds, not 10 ms ticks), and the process's CPU outside any statement (the
//    report's assembly, its score, its JSON);
// 2. floors, each the least of its kind that a report cannot do without:
//    - a round trip: `SELECT 1` as a named prepared statement;
//    - the file's rows: the person, their accounts and months, the year's inquiries, identifiers
//      and names, each visited by the index the report's read uses, counted, nothing built or sent;
//    - a commit: a one-row insert into a table with a primary key and nothing else;
//    - the report's rows: the very write statements of step 1, replayed into copies of their
//      tables in a scratch schema (`report_floor`) that keep a primary key only: no secondary
//      index, no foreign key, no toast compression setting, small and cached. Dropped at the end.
// What step 2 measures is a lower bound of a report's own writes: the real tables can only cost
// more. Compare within one run only (docs/performance.md, "Issue 22: session 17").
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { pullCreditReport } from '../src/server/modules/reports/pull-report';
import { argValue } from './lib/args';
import { BENCH_USERNAME } from './lib/bench-business';
import { keptRegistryUrl } from './lib/bench-database';

const people = Number(argValue('people', '1000000'));
const reports = Number(argValue('reports', '1500'));
const url = keptRegistryUrl(people, 'this measures a report on a registry npm run bench made.');
const handle = await openDatabase({ databaseUrl: url, poolMax: 1 });
const db = handle.db;
const pool = handle.pool!;

type Person = { id: string };
// The same people every run, each asked for twice: the first time warms their file's pages, so
// the second (measured) pass compares runs on the same cached reads and leaves the writes to differ.
const sampled = await queryRows<Person>(
  db,
  sql`SELECT id FROM credit_subjects TABLESAMPLE SYSTEM (5) REPEATABLE (42) WHERE date_of_birth IS NOT NULL LIMIT ${reports}`,
);
const [lender] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE username = ${BENCH_USERNAME}`);
if (!lender) throw new Error(`No ${BENCH_USERNAME} in ccsl_bench_${people}: run npm run bench -- --people ${people} first.`);
const [{ pid }] = await queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`);

/** The backend's CPU so far, in ms, from the scheduler's own count (nanoseconds). */
const backendMs = () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
const processMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

interface Spent {
  count: number;
  processMs: number;
  backendMs: number;
}
const byStatement = new Map<string, Spent>();
const writes: { text: string; values: unknown[] }[] = [];
let isAttributing = false;
const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args) => {
  if (!isAttributing) return poolQuery(...args);
  const config = args[0] as { name?: string; text?: string; values?: unknown[] } | string;
  const text = typeof config === 'string' ? config : (config.text ?? '');
  const name = (typeof config === 'object' && config.name) || text.replace(/\s+/g, ' ').slice(0, 60);
  if (name === 'credit-report-write' && typeof config === 'object') writes.push({ text, values: config.values ?? [] });
  const [p0, b0] = [processMs(), backendMs()];
  try {
    return await poolQuery(...args);
  } finally {
    const spent = byStatement.get(name) ?? { count: 0, processMs: 0, backendMs: 0 };
    spent.count++;
    spent.processMs += processMs() - p0;
    spent.backendMs += backendMs() - b0;
    byStatement.set(name, spent);
  }
};

/** The tables a report writes: read from its captured write statement, so the list cannot drift from it. */
const writtenTables = () => [...new Set([...writes[0].text.matchAll(/INSERT INTO "?([a-z_]+)"?/g)].map((m) => m[1]))];

/**
 * The captured writes replayed, in the order they ran, into copies of their tables in a scratch
 * schema: the tables named in `indexed` with all their indexes (and storage settings), the others
 * with their primary key alone. The quota row is one per business and month, as in the real table.
 */
async function replayWrites(client: pg.PoolClient, indexed: string[] | null) {
  await client.query('DROP SCHEMA IF EXISTS report_floor CASCADE; CREATE SCHEMA report_floor');
  for (const table of writtenTables()) {
    if (indexed?.includes(table)) {
      await client.query(`CREATE TABLE report_floor.${table} (LIKE public.${table} INCLUDING ALL)`);
      continue;
    }
    await client.query(`CREATE TABLE report_floor.${table} (LIKE public.${table} INCLUDING DEFAULTS INCLUDING GENERATED)`);
    // The real table's primary key, its columns as they are.
    const { rows: key } = await client.query<{ columns: string }>(
      `SELECT string_agg(a.attname, ', ' ORDER BY array_position(i.indkey, a.attnum)) AS columns FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
       WHERE i.indrelid = 'public.${table}'::regclass AND i.indisprimary`,
    );
    await client.query(`ALTER TABLE report_floor.${table} ADD PRIMARY KEY (${key[0].columns})`);
  }
  await client.query('SET search_path TO report_floor, public');
  // A new statement name each time: a prepared statement keeps the tables it was planned on.
  const name = `floor-write-${++replays}`;
  const spent = await measure(writes.length, (i) => client.query({ name, text: writes[i].text, values: writes[i].values }));
  await client.query('RESET search_path');
  return spent;
}
let replays = 0;

const report = (person: Person) =>
  pullCreditReport(
    db,
    { businessId: lender.id, userId: lender.id },
    { subjectId: person.id, purpose: 'credit_application', consent: true },
  );

/** Runs `once` n times and gives this process's and the backend's CPU per call, in ms. */
async function measure(n: number, once: (i: number) => Promise<unknown>): Promise<{ processMs: number; backendMs: number }> {
  const [p0, b0] = [processMs(), backendMs()];
  for (let i = 0; i < n; i++) await once(i);
  return { processMs: (processMs() - p0) / n, backendMs: (backendMs() - b0) / n };
}
const ms = (x: number) => x.toFixed(3);

console.log(
  `Load average at the start: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')}; ${reports} reports, each person's second (the first warms their file).`,
);
await measure(reports, (i) => report(sampled[i]));
/**
 * Counts that hold on a noisy machine: the WAL the database wrote (the machine is otherwise idle)
 * and this database's shared-buffer pages found and read (pg_stat_database, this backend's counts
 * flushed first).
 */
type Io = { wal: string; hit: string; read: string };
const ioNow = async () => {
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const [io] = await queryRows<Io>(
    db,
    sql`SELECT pg_current_wal_lsn()::text AS wal, blks_hit::text AS hit, blks_read::text AS read FROM pg_stat_database WHERE datname = current_database()`,
  );
  return io;
};
const walBytes = (lsn: string) => {
  const [high, low] = lsn.split('/').map((part) => parseInt(part, 16));
  return high * 2 ** 32 + low;
};
const ioBefore = await ioNow();
isAttributing = true;
const whole = await measure(reports, (i) => report(sampled[i]));
isAttributing = false;
const ioAfter = await ioNow();
console.log(`\nA report, in all: ${ms(whole.processMs)} ms of this process's CPU + ${ms(whole.backendMs)} ms of its backend's`);
console.log(
  `  ${((walBytes(ioAfter.wal) - walBytes(ioBefore.wal)) / reports).toFixed(0)} bytes of WAL, ` +
    `${((Number(ioAfter.hit) - Number(ioBefore.hit)) / reports).toFixed(1)} pages found in shared buffers and ` +
    `${((Number(ioAfter.read) - Number(ioBefore.read)) / reports).toFixed(1)} read from the operating system a report`,
);
let inStatements = 0;
for (const [name, spent] of byStatement) {
  inStatements += spent.processMs;
  console.log(
    `  ${name}: ${(spent.count / reports).toFixed(2)} a report, ${ms(spent.processMs / reports)} ms process + ${ms(spent.backendMs / reports)} ms backend a report`,
  );
}
console.log(`  outside any statement (assembly, score, JSON, ids): ${ms(whole.processMs - inStatements / reports)} ms process`);

// The floors.
const client = await pool.connect();
try {
  const trip = await measure(reports, () => client.query({ name: 'floor-trip', text: 'SELECT 1' }));
  // The rows a report is made of, each visited in its table by the same indexes, nothing built or sent.
  const rowsRead = await measure(reports, (i) =>
    client.query({
      name: 'floor-read',
      text: `SELECT (SELECT count(s.first_name) FROM credit_subjects s WHERE s.id = $1::uuid) AS person,
        (SELECT count(a.payment_history) FROM credit_accounts a WHERE a.subject_id = $1::uuid) AS accounts,
        (SELECT sum(m.balance) FROM credit_accounts a JOIN credit_account_months m ON m.account_id = a.id WHERE a.subject_id = $1::uuid) AS months,
        (SELECT count(q.purpose) FROM credit_inquiry_subjects x JOIN credit_inquiries q ON q.id = x.inquiry_id
          WHERE x.subject_id = $1::uuid AND q.created_at > now() - interval '1 year') AS inquiries,
        (SELECT count(i.value) FROM credit_subject_identifiers i WHERE i.subject_id = $1::uuid) AS identifiers,
        (SELECT count(n.first_name) FROM credit_subject_names n WHERE n.subject_id = $1::uuid) AS names`,
      values: [sampled[i].id],
    }),
  );
  await client.query('DROP SCHEMA IF EXISTS report_floor CASCADE; CREATE SCHEMA report_floor');
  await client.query('CREATE TABLE report_floor.one_row (id uuid PRIMARY KEY, at timestamptz NOT NULL)');
  const commit = await measure(reports, () =>
    client.query({ name: 'floor-commit', text: 'INSERT INTO report_floor.one_row VALUES (gen_random_uuid(), now())' }),
  );
  const real = byStatement.get('credit-report-write')!;
  console.log(`\nFloors (${writes.length} of each, the same connection):`);
  console.log(`  a round trip (SELECT 1): ${ms(trip.processMs)} ms process + ${ms(trip.backendMs)} ms backend`);
  console.log(
    `  the rows of the file read plainly (the person, accounts, months, the year's inquiries, identifiers, names): ${ms(rowsRead.processMs)} ms process + ${ms(rowsRead.backendMs)} ms backend`,
  );
  console.log(`  a commit of one row (primary key only): ${ms(commit.processMs)} ms process + ${ms(commit.backendMs)} ms backend`);
  console.log(
    `  the report's write (${ms(real.processMs / real.count)} + ${ms(real.backendMs / real.count)} into the real tables), replayed into small copies of its tables:`,
  );
  const primaryKeyOnly = await replayWrites(client, null);
  console.log(
    `    each with its primary key only: ${ms(primaryKeyOnly.processMs)} ms process + ${ms(primaryKeyOnly.backendMs)} ms backend`,
  );
  for (const table of writtenTables()) {
    const one = await replayWrites(client, [table]);
    console.log(`    ${table} with all its indexes: backend +${ms(one.backendMs - primaryKeyOnly.backendMs)} ms`);
  }
  const all = await replayWrites(client, writtenTables());
  console.log(`    every table with all its indexes (no foreign keys): ${ms(all.processMs)} ms process + ${ms(all.backendMs)} ms backend`);
  console.log(`Load average at the end: ${loadavg()[0].toFixed(1)}`);
} finally {
  await client.query('RESET search_path; DROP SCHEMA IF EXISTS report_floor CASCADE');
  client.release();
  await handle.close();
}
