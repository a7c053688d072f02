// `npm run bench:submissions -- [--registry 100000] [--rows 100000] [--seed 11] [--format json|csv]`
//
// Times a monthly file end to end (validation, identity matching, writes, one transaction) against
// a generated registry in a throwaway database: PostgreSQL when DATABASE_URL is set (the target
// is 20,000 rows a second there), PGlite otherwise. The file mixes what a new lender's first file
// holds: people the registry knows by NIN, people it knows only by name, birth date and phone, and
// people it has never seen. The same file is then sent again (every row an update).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { CSV_COLUMNS, type TCreditAccountReportInput } from '../src/shared/schemas/credit';
import { queryRows } from '../src/server/db/query';
import { generatePerson, indexLenders } from '../src/server/db/seed/registry/generate';
import { LENDERS } from '../src/server/db/seed/registry/sierra-leone-data';
import { ensureLenders, writeRegistry } from '../src/server/db/seed/registry/write-registry';
import { submitMonthlyFile, getSubmission } from '../src/server/modules/credit/submissions/service';
import { openTestDatabase } from '../tests/helpers/test-database';
import { argValue } from './lib/args';

const registryPeople = Number(argValue('registry', '100000'));
const rows = Number(argValue('rows', '100000'));
const seed = Number(argValue('seed', '11'));
const format = argValue('format', 'json') as 'json' | 'csv';
const asOf = new Date('2026-10-31T12:00:00Z');

const database = await openTestDatabase();
console.log(`Registry of ${registryPeople.toLocaleString('en')} people on ${database.kind}...`);
await writeRegistry(database, { people: registryPeople, seed, asOf, rebuildIndexes: registryPeople >= 500_000 });
const [lender] = await ensureLenders(database.db, [{ key: 'bench-lender', name: 'Submission Bench Lender', kind: 'mfi', accountTypes: ['microfinance_loan'], weight: 1 }]);
const lenders = indexLenders(LENDERS);

function fileRow(i: number): TCreditAccountReportInput {
  const kind = i % 10;
  // 0-5 known by NIN, 6-7 known by name/birth date/phone only, 8-9 new people.
  const index = kind < 8 ? (i * 7_919) % registryPeople : registryPeople + i;
  const p = generatePerson({ seed, asOf }, index, lenders);
  const knownById = kind < 6;
  return {
    subject: {
      nationalId: knownById ? (p.nin ?? undefined) : undefined,
      passportNumber: knownById ? (p.passport ?? undefined) : `B${String(i).padStart(7, '0')}`,
      driversLicense: knownById ? (p.driversLicense ?? undefined) : undefined,
      firstName: p.firstName,
      middleName: p.middleName ?? undefined,
      lastName: p.lastName,
      dateOfBirth: p.dateOfBirth ?? undefined,
      phone: p.phone,
      address: { line: p.addressLine, district: p.district },
    },
    account: {
      accountNumber: `BENCH-${i}`,
      type: 'microfinance_loan',
      currency: 'SLE',
      principal: String(1_000 + (i % 90) * 100),
      balance: String(500 + (i % 40) * 10),
      openedAt: '2025-06-01',
      status: i % 23 === 0 ? 'default' : 'current',
      ...(i % 23 === 0 ? { defaultAmount: '700', defaultDate: '2026-05-31' } : {}),
      paymentHistory: i % 23 === 0 ? 'D32100' : '000000',
    },
  };
}

function toCsv(file: TCreditAccountReportInput[]): string {
  const lines = file.map((r) => {
    const s = r.subject as Record<string, any>;
    const a = r.account as Record<string, any>;
    const address = s.address as { line: string; district: string };
    return [
      s.nationalId, s.driversLicense, s.passportNumber, s.firstName, s.middleName, s.lastName, s.dateOfBirth, s.phone, `"${address.line}"`, address.district,
      a.accountNumber, a.type, a.currency, a.principal, a.balance, a.openedAt, a.status, a.defaultAmount, a.defaultDate, a.paymentHistory,
    ].map((v) => v ?? '').join(',');
  });
  return [CSV_COLUMNS.join(','), ...lines].join('\n');
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const file = Array.from({ length: rows }, (_, i) => fileRow(i));
const body = format === 'csv' ? { format: 'csv' as const, body: toCsv(file) } : { format: 'json' as const, body: JSON.parse(JSON.stringify({ rows: file })) };
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

for (const round of ['first send', 'sent again']) {
  const cpuBefore = await cpuSeconds();
  const started = performance.now();
  const timings: Record<string, number> = {};
  const { id } = await submitMonthlyFile(database.db, meta, body, { timings });
  const seconds = (performance.now() - started) / 1000;
  const status = await getSubmission(database.db, lender, id);
  console.log(
    `${round}: ${rows.toLocaleString('en')} ${format.toUpperCase()} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en')} rows/s; ` +
      `${status.status}, accepted ${status.accepted}, rejected ${status.rejected}, matches ${JSON.stringify(status.matches)}, created ${status.created}, updated ${status.updated}`,
  );
  console.log(`  ms by phase: ${Object.entries(timings).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}`);
  const cpuAfter = await cpuSeconds();
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
const [count] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM credit_accounts WHERE business_id = ${lender}::uuid`);
console.log(`Accounts of the lender after both sends: ${count.n}`);
await database.close();
