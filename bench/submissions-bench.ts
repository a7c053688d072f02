// `npm run bench:submissions -- [--registry 100000] [--rows 100000] [--seed 11] [--format json|csv] [--fresh] [--once] [--namesakes] [--dump file]`
//
// Times a monthly file end to end (storing it: the 202 queued answer; then validation, identity matching, writes, one transaction) against
// a generated registry in a throwaway database: PostgreSQL when DATABASE_URL is set (the target
// is 20,000 rows a second there; the registry is a copy of a kept template, below), PGlite otherwise. The file mixes what a new lender's first file
// holds: people the registry knows by NIN, people it knows only by name, birth date and phone, and
// people it has never seen. The same file is then sent again (every row an update; --once skips it).
// After the first send it prints what matching decided for each kind of row, against the generator's
// truth (linked to the right person, wrong merges, new people, reviews by reason). With --seed 42 the
// registry and the file are those of `npm run bench` (its ingest scenario). --namesakes sends instead a file
// whose rows all share one name and birth date, each with its own new NIN (issue 22; sent once).
import { sql } from 'drizzle-orm';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { ensureLenders, writeRegistry } from '../src/server/db/seed/registry/write-registry';
import { acceptMonthlyFile } from '../src/server/modules/submissions/accept-file';
import { runQueuedFiles } from '../src/server/modules/submissions/file-queue';
import { getSubmission } from '../src/server/modules/submissions/service';
import { CSV_COLUMNS, type TCreditAccountReportInput } from '../src/shared/schemas/credit';
import { openTestDatabase } from '../tests/helpers/test-database';
import { argValue, hasFlag } from './lib/args';
import { fileOutcomes, formatFileOutcomes } from './lib/file-outcomes';
import { buildMonthlyFile, buildNamesakesFile } from './lib/monthly-file';

const registryPeople = Number(argValue('registry', '100000'));
const rows = Number(argValue('rows', '100000'));
const seed = Number(argValue('seed', '11'));
const format = argValue('format', 'json') as 'json' | 'csv';
const asOf = new Date('2026-10-31T12:00:00Z');

/**
 * On PostgreSQL the generated registry is kept as a template database (ccsl_subbench_<people>_<seed>)
 * and every run works on a copy of it, dropped afterwards: generating 1,000,000 people takes
 * minutes, copying them seconds. --fresh generates the template again.
 */
async function openRegistryDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openTestDatabase();
    console.log(`Registry of ${registryPeople.toLocaleString('en')} people on ${database.kind}...`);
    await writeRegistry(database, { people: registryPeople, seed, asOf, rebuildIndexes: registryPeople >= 500_000 });
    return { handle: database, drop: async () => {} };
  }
  const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const template = `ccsl_subbench_${registryPeople}_${seed}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (hasFlag('fresh')) await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!rowCount) {
      // Built under another name and renamed when complete, so a half-written template is never used.
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ databaseUrl: urlOf(building), poolMax: 4 });
      await handle.migrate();
      console.log(`Generating a registry of ${registryPeople.toLocaleString('en')} people (kept as ${template}; --fresh regenerates)...`);
      const written = await writeRegistry(handle, { people: registryPeople, seed, asOf, rebuildIndexes: registryPeople >= 500_000 });
      await handle.db.execute(sql`VACUUM ANALYZE`);
      await handle.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      console.log(`  generated in ${(written.milliseconds / 1000).toFixed(0)} s`);
    } else {
      console.log(`Copying the kept registry of ${registryPeople.toLocaleString('en')} people (${template}; --fresh regenerates)...`);
    }
    const name = `ccsl_subbench_run_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
    const handle = await openDatabase({ databaseUrl: urlOf(name), poolMax: 5 });
    await handle.migrate();
    const drop = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
    return { handle, drop };
  } finally {
    await admin.end();
  }
}

const { handle: database, drop } = await openRegistryDatabase();
const [lender] = await ensureLenders(database.db, [
  { key: 'bench-lender', name: 'Submission Bench Lender', kind: 'mfi', accountTypes: ['microfinance_loan'], weight: 1 },
]);
// The generator's lenders cannot sign in (their users are disabled); a business sending a file must
// be an active, verified one (businesses/admin-review.ts assertVerified), so this one is made active.
// Its password stays unusable.
await database.db.execute(sql`UPDATE users SET status = 'active' WHERE id = ${lender}::uuid`);

function toCsv(file: TCreditAccountReportInput[]): string {
  const lines = file.map((r) => {
    const s = r.subject as Record<string, any>;
    const a = r.account as Record<string, any>;
    const address = s.address as { line: string; district: string };
    return [
      s.nationalId,
      s.driversLicense,
      s.passportNumber,
      s.firstName,
      s.middleName,
      s.lastName,
      s.dateOfBirth,
      s.phone,
      `"${address.line}"`,
      address.district,
      a.accountNumber,
      a.type,
      a.currency,
      a.principal,
      a.balance,
      a.openedAt,
      a.status,
      a.defaultAmount,
      a.defaultDate,
      a.paymentHistory,
    ]
      .map((v) => v ?? '')
      .join(',');
  });
  return [CSV_COLUMNS.join(','), ...lines].join('\n');
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const namesakes = hasFlag('namesakes');
const file = namesakes
  ? buildNamesakesFile({ rows, newPeopleFrom: registryPeople + 10_000_000, seed, asOf, accountPrefix: 'BENCH' })
  : buildMonthlyFile({ rows, registryPeople, seed, asOf, accountPrefix: 'BENCH', accountLife: hasFlag('account-life') });
const body =
  format === 'csv'
    ? { format: 'csv' as const, body: toCsv(file) }
    : { format: 'json' as const, body: JSON.parse(JSON.stringify({ rows: file })) };
const meta = { businessId: lender, userId: lender };

/**
 * CPU seconds used so far by this process and by the database's server processes (PostgreSQL on
 * this machine only, read from /proc). On a shared machine wall time says more about the
 * neighbours than about the code; CPU time does not.
 */
async function cpuSeconds(): Promise<{ node: number; database: number | null }> {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1e6;
  if (database.kind !== 'postgres') return { node, database: null };
  try {
    const pids = await queryRows<{ pid: number }>(database.db, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
    const ticks = pids.reduce((sum, { pid }) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + Number(fields[11]) + Number(fields[12]);
    }, 0);
    return { node, database: ticks / 100 };
  } catch {
    return { node, database: null };
  }
}

/**
 * --dump <file>: every row's decision as text lines (the account, the person when the registry
 * already held them, else "new"; each review item with its candidate, reason and score), sorted,
 * so two runs of the same file can be compared line by line (a faster path must decide the same).
 */
async function decisionLines(sentAt: Date): Promise<string[]> {
  const accounts = await queryRows<{ line: string }>(
    database.db,
    sql`SELECT a.account_number || ' ' || CASE WHEN s.created_at < ${sentAt.toISOString()}::timestamptz THEN s.id::text ELSE 'new' END AS line
        FROM credit_accounts a JOIN credit_subjects s ON s.id = a.subject_id
        WHERE a.business_id = ${lender}::uuid`,
  );
  const reviews = await queryRows<{ line: string }>(
    database.db,
    sql`SELECT 'review ' || a.account_number || ' ' || r.candidate_subject_id || ' ' || r.reason || ' ' || r.score AS line
        FROM credit_match_reviews r JOIN credit_accounts a ON a.id = r.account_id
        WHERE r.business_id = ${lender}::uuid`,
  );
  return [...accounts, ...reviews].map((r) => r.line).sort();
}

for (const round of hasFlag('once') || namesakes ? ['first send'] : ['first send', 'sent again']) {
  const sentAt = new Date();
  const cpuBefore = await cpuSeconds();
  const started = performance.now();
  const timings: Record<string, number> = {};
  // What the route does before it answers 202 queued (storing the rows), then the queue checks and applies them.
  const { id } = await acceptMonthlyFile(database.db, meta, body, { timings });
  const acceptSeconds = (performance.now() - started) / 1000;
  await runQueuedFiles(database.db, { timings });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${round}: accepted (stored: the 202 queued answer) in ${acceptSeconds.toFixed(2)} s`);
  const status = await getSubmission(database.db, lender, id);
  console.log(
    `${round}: ${rows.toLocaleString('en')} ${format.toUpperCase()} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en')} rows/s; ` +
      `${status.status}, accepted ${status.accepted}, rejected ${status.rejected}, matches ${JSON.stringify(status.matches)}, created ${status.created}, updated ${status.updated}`,
  );
  const phases = Object.entries(timings).filter(([k]) => !k.startsWith('cpu ') && !k.startsWith('count '));
  const scored = timings['count candidates scored'] ?? 0;
  console.log(`  candidates scored: ${scored.toLocaleString('en')} (${(scored / rows).toFixed(1)} a row)`);
  // Candidates whose phones and addresses were never read (their names could not make them count), and those read late, a row at a time.
  const sketched = timings['count candidates sketched'];
  if (sketched !== undefined)
    console.log(
      `  candidates loaded whole: ${(timings['count candidates whole'] ?? 0).toLocaleString('en')}, names only: ${sketched.toLocaleString('en')}, ` +
        `made whole later: ${(timings['count candidates completed late'] ?? 0).toLocaleString('en')}`,
    );
  console.log(`  ms by phase: ${phases.map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}`);
  console.log(`  server CPU ms by phase: ${phases.map(([k]) => `${k} ${Math.round(timings[`cpu ${k}`] ?? 0)}`).join(', ')}`);
  const cpuAfter = await cpuSeconds();
  if (round === 'first send' && !namesakes) {
    const outcomes = await fileOutcomes(database.db, {
      businessId: lender,
      accountPrefix: 'BENCH',
      registryPeople,
      seed,
      asOf,
      before: sentAt,
    });
    console.log('  by kind of row (linked: to the right person; wrong: to anybody else):');
    for (const line of formatFileOutcomes(outcomes)) console.log(line);
    const dump = argValue('dump', '');
    if (dump) writeFileSync(dump, (await decisionLines(sentAt)).join('\n') + '\n');
  }
  const nodeCpu = cpuAfter.node - cpuBefore.node;
  if (cpuAfter.database !== null && cpuBefore.database !== null) {
    const databaseCpu = cpuAfter.database - cpuBefore.database;
    console.log(
      `  CPU: server ${nodeCpu.toFixed(1)} s + PostgreSQL ${databaseCpu.toFixed(1)} s = ${(nodeCpu + databaseCpu).toFixed(1)} s, ` +
        `${Math.round(rows / (nodeCpu + databaseCpu)).toLocaleString('en')} rows per CPU-second (the rate on one free core; the load average was ${loadAverage()})`,
    );
  } else {
    console.log(`  CPU: server and database ${nodeCpu.toFixed(1)} s (load average ${loadAverage()})`);
  }
}
const [count] = await queryRows<{ n: number }>(
  database.db,
  sql`SELECT count(*)::int AS n FROM credit_accounts WHERE business_id = ${lender}::uuid`,
);
console.log(`Accounts of the lender after both sends: ${count.n}`);
await database.close();
await drop();
