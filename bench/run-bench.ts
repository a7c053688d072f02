// `npm run bench -- [--people 1000000] [--json] [--fresh] [--seconds 15] [--connections 32] [--rate 500] [--ingest-rows 100000]
//   [--search-rate 100] [--only report,search] [--cpu-prof] [--server-heap-mb 768] [--namesakes-rows 20000]`
//
// The national-scale benchmark (docs/performance.md): a registry of N generated people in the
// configured database (PostgreSQL with DATABASE_URL, PGlite otherwise), the real server started
// as production runs it, and autocannon over loopback against it, all in one run:
//   baseline  GET /api/health (one trivial query), at the same concurrency as the rest;
//   report    POST /api/credit/reports for a person found by NIN: audited, an inquiry, scored;
//   search    POST /api/credit/search by name and date of birth;
//   ingest    one monthly file of 100,000 rows with identity matching;
//   namesakes one file of 20,000 rows sharing one name and birth date, each with a NIN of its own.
// Throughput is taken flat out; report latency also at a fixed offered rate (--rate, 500/s).
// Ratios to the baseline are the figures to compare between machines.
import { mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/query';
import { argValue, hasFlag } from './lib/args';
import { BENCH_PASSWORD, BENCH_USERNAME, ensureBenchBusiness, raiseBenchLimits } from './lib/bench-business';
import { BENCH_AS_OF, BENCH_SEED, openBenchDatabase } from './lib/bench-database';
import { startBenchServer } from './lib/bench-server';
import { CpuMeter, cpuPerRequest } from './lib/cpu-usage';
import { runLoad, type LoadResult } from './lib/load';
import { buildMonthlyFile, buildNamesakesFile } from './lib/monthly-file';
import { runPacedLoad } from './lib/paced-load';
import { waitForSubmissionAt } from '../tests/helpers/submissions';

/** A scenario's load figures with the CPU each request cost the server and the database. */
type Measured = LoadResult & { serverCpuMs: number; databaseCpuMs: number };

const people = Number(argValue('people', '1000000'));
const asJson = hasFlag('json');
const seconds = Number(argValue('seconds', '15'));
// PGlite answers one query at a time: more connections only queue longer.
const connections = Number(argValue('connections', process.env.DATABASE_URL ? '32' : '8'));
const offeredRate = Number(argValue('rate', '500'));
// Latency is read at an offered rate, below capacity: flat out, p99 only measures the queue.
const searchRate = Number(argValue('search-rate', '100'));
const ingestRows = Number(argValue('ingest-rows', '100000'));
const namesakesRows = Number(argValue('namesakes-rows', '20000'));
// For working on one path: `--only report,search` runs the baseline and those scenarios alone
// (report, search, ingest, namesakes); the JSON line then holds only what ran.
const only = new Set(argValue('only', 'report,search,ingest,namesakes').split(','));
// With --cpu-prof the baseline is left out, so the profile holds the chosen scenarios alone (no ratios then).
const runBaseline = !hasFlag('cpu-prof');
// `--cpu-prof`: the server writes a V8 CPU profile of the whole run to .bench-data/profiles
// (open it in Chrome's DevTools, Performance tab); it costs throughput, so never quote those figures.
const serverNodeArgs = hasFlag('cpu-prof') ? ['--cpu-prof', '--cpu-prof-dir', '.bench-data/profiles'] : [];
// The server's V8 heap limit (--max-old-space-size): 768 MB, as the production image sets it
// (Dockerfile, decisions/020); `--server-heap-mb 0` runs it with V8's default (about 4 GB here).
const serverHeapMb = Number(argValue('server-heap-mb', '768'));
if (serverHeapMb > 0) serverNodeArgs.push(`--max-old-space-size=${serverHeapMb}`);
const log = (line: string) => console.log(line);

mkdirSync('.bench-data', { recursive: true });
log(
  `Load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} (other work on the machine lowers every figure).`,
);
const database = await openBenchDatabase(people, { fresh: hasFlag('fresh'), log });
const businessId = await ensureBenchBusiness(database.handle.db);
const raised = await raiseBenchLimits(database.handle.db, businessId);
// Every run's file brings people the registry has never seen: earlier runs' new people are in it now.
const [earlier] = await queryRows<{ files: number }>(
  database.handle.db,
  sql`SELECT count(*)::int AS files FROM credit_submissions WHERE business_id = ${businessId}::uuid`,
);
const newPeopleFrom = people + Number(earlier?.files ?? 0) * 1_000_000;
log(`Benchmark lender ${BENCH_USERNAME}: ${raised}.`);

interface Target {
  subjectId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}
// People to ask about, drawn at random from those with a NIN and a full birth date.
const targets = await queryRows<Target>(
  database.handle.db,
  sql`SELECT s.id AS "subjectId", s.first_name AS "firstName", s.last_name AS "lastName", s.date_of_birth::text AS "dateOfBirth"
      FROM credit_subjects s TABLESAMPLE SYSTEM (${Math.min(100, (200_000 / people) * 5)})
      WHERE s.date_of_birth IS NOT NULL AND EXISTS (SELECT 1 FROM credit_subject_identifiers i WHERE i.subject_id = s.id AND i.type = 'nin')
      LIMIT 5000`,
);
await database.handle.close();
if (targets.length < 100) throw new Error(`only ${targets.length} people to ask about`);
const pick = () => targets[Math.floor(Math.random() * targets.length)];

let cpuMeter: CpuMeter | undefined;
const server = await startBenchServer(database.serverEnv, '.bench-data/server.log', serverNodeArgs);
try {
  const login = await fetch(`${server.url}/api/businesses/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERNAME, password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie };
  const reportBody = () => JSON.stringify({ subjectId: pick().subjectId, purpose: 'credit_application', consent: true });
  const searchBody = () => {
    const t = pick();
    return JSON.stringify({ firstName: t.firstName, lastName: t.lastName, dateOfBirth: t.dateOfBirth, purpose: 'credit_application' });
  };

  const check = async (name: string, result: LoadResult) => {
    if (result.non2xx > 0 || result.errors > 0) log(`  ${name}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
    return result;
  };
  // CPU milliseconds per request, server and PostgreSQL (PGlite runs inside the server process).
  cpuMeter = new CpuMeter(server.process.pid!, database.kind === 'postgres');
  const meter = cpuMeter;
  const scenario = async (name: string, run: () => Promise<LoadResult>): Promise<Measured> => {
    log(`${name}...`);
    const before = meter.snapshot();
    const result = await check(name, await run());
    return { ...result, ...cpuPerRequest(before, meter.snapshot(), result.requests) };
  };

  // Warm-up: code paths compiled, caches and database buffers filled.
  if (only.has('report'))
    await runLoad({ url: `${server.url}/api/credit/reports`, method: 'POST', headers, body: reportBody, connections: 8, seconds: 3 });
  if (only.has('search'))
    await runLoad({ url: `${server.url}/api/credit/search`, method: 'POST', headers, body: searchBody, connections: 8, seconds: 3 });

  const baseline = runBaseline
    ? await scenario('baseline GET /api/health', () => runLoad({ url: `${server.url}/api/health`, connections, seconds }))
    : undefined;
  let report: Measured | undefined;
  let reportAtRate: Measured | undefined;
  if (only.has('report')) {
    report = await scenario('report, flat out', () =>
      runLoad({ url: `${server.url}/api/credit/reports`, method: 'POST', headers, body: reportBody, connections, seconds }),
    );
    reportAtRate = await scenario(`report at ${offeredRate}/s offered`, () =>
      runPacedLoad({
        url: `${server.url}/api/credit/reports`,
        method: 'POST',
        headers,
        body: reportBody,
        connections,
        seconds,
        rate: offeredRate,
      }),
    );
  }
  let search: Measured | undefined;
  let searchAtRate: Measured | undefined;
  if (only.has('search')) {
    search = await scenario('search by name and date of birth, flat out', () =>
      runLoad({ url: `${server.url}/api/credit/search`, method: 'POST', headers, body: searchBody, connections, seconds }),
    );
    searchAtRate = await scenario(`search at ${searchRate}/s offered`, () =>
      runPacedLoad({
        url: `${server.url}/api/credit/search`,
        method: 'POST',
        headers,
        body: searchBody,
        connections,
        seconds,
        rate: searchRate,
      }),
    );
  }

  /** Sends one monthly file and waits until it is applied: rows a second from the send to the final status. */
  const timeMonthlyFile = async (name: string, fileRows: unknown[]) => {
    const file = JSON.stringify({ rows: fileRows });
    const started = performance.now();
    const sent = await postOnFreshConnection(
      `${server.url}/api/credit/submissions`,
      { ...headers, 'content-type': 'application/json' },
      file,
    );
    const answerSeconds = (performance.now() - started) / 1000;
    const outcome = JSON.parse(sent.body) as { id?: string; message?: string };
    if (sent.status !== 202) throw new Error(`the monthly file was refused: ${sent.status} ${sent.body.slice(0, 500)}`);
    // The answer says `queued` (decisions/033): the rows are applied once its status is final.
    const status = await waitForSubmissionAt(server.url, headers, outcome.id!, 30 * 60_000);
    const fileSeconds = (performance.now() - started) / 1000;
    log(`  ${JSON.stringify({ status: status.status, accepted: status.accepted, rejected: status.rejected, matches: status.matches })}`);
    log(
      `  ${name}: ${fileRows.length.toLocaleString('en')} rows answered 202 queued in ${answerSeconds.toFixed(1)} s, applied in ${fileSeconds.toFixed(1)} s`,
    );
    return { rowsPerSecond: Math.round(fileRows.length / fileSeconds), rows: fileRows.length, seconds: Math.round(fileSeconds * 10) / 10 };
  };
  type FileRate = Awaited<ReturnType<typeof timeMonthlyFile>>;
  let ingest: FileRate | undefined;
  if (only.has('ingest')) {
    log(`ingest: building a monthly file of ${ingestRows.toLocaleString('en')} rows...`);
    const file = buildMonthlyFile({
      rows: ingestRows,
      registryPeople: people,
      newPeopleFrom,
      seed: BENCH_SEED,
      asOf: BENCH_AS_OF,
      accountPrefix: `BENCH-${Date.now()}`,
    });
    ingest = await timeMonthlyFile('ingest', file);
  }
  // Issue 22: a file of namesakes must run at least a tenth as fast as the varied one.
  let namesakes: FileRate | undefined;
  if (only.has('namesakes')) {
    log(`namesakes: a file of ${namesakesRows.toLocaleString('en')} rows, one name and birth date, a NIN each...`);
    const file = buildNamesakesFile({
      rows: namesakesRows,
      newPeopleFrom: newPeopleFrom + 500_000,
      seed: BENCH_SEED,
      asOf: BENCH_AS_OF,
      accountPrefix: `NAMESAKES-${Date.now()}`,
    });
    namesakes = await timeMonthlyFile('namesakes', file);
  }

  const ratio = (r: LoadResult) => (baseline ? Math.round((r.rps / baseline.rps) * 1000) / 1000 : NaN);
  const peakRssMb = server.peakRssMb();
  const rows: [string, Measured | undefined, string][] = [
    ['baseline (GET /api/health)', baseline, ''],
    ['report, flat out', report, report ? ratio(report).toFixed(2) : ''],
    [`report at ${offeredRate}/s offered`, reportAtRate, ''],
    ['search name+DOB, flat out', search, search ? ratio(search).toFixed(2) : ''],
    [`search at ${searchRate}/s offered`, searchAtRate, ''],
  ];
  log('');
  log(
    `${database.kind}, ${people.toLocaleString('en')} people, ${connections} connections, ${seconds} s each, server heap limit ` +
      `${serverHeapMb > 0 ? `${serverHeapMb} MB` : 'V8 default'}, server peak memory ${peakRssMb} MB, load average ${loadavg()[0].toFixed(1)}`,
  );
  log('scenario                        req/s    p50 ms   p99 ms   ratio   CPU ms a request: server, database');
  for (const [name, r, rr] of rows) {
    if (r)
      log(
        `${name.padEnd(30)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)}   ${rr.padEnd(6)}  ${r.serverCpuMs}, ${r.databaseCpuMs}`,
      );
  }
  if (ingest)
    log(
      `ingest                         ${ingest.rowsPerSecond.toLocaleString('en')} rows/s (${ingest.rows.toLocaleString('en')} rows in ${ingest.seconds.toFixed(1)} s)`,
    );
  if (namesakes)
    log(
      `namesakes                      ${namesakes.rowsPerSecond.toLocaleString('en')} rows/s (${namesakes.rows.toLocaleString('en')} rows in ${namesakes.seconds.toFixed(1)} s)` +
        (ingest ? `, ${(namesakes.rowsPerSecond / ingest.rowsPerSecond).toFixed(2)} of ingest's` : ''),
    );
  if (asJson) {
    console.log(
      JSON.stringify({
        database: database.kind,
        people,
        connections,
        seconds,
        serverHeapLimitMb: serverHeapMb > 0 ? serverHeapMb : null,
        serverPeakRssMb: peakRssMb,
        loadAverage: loadavg()[0],
        scenarios: {
          ...(baseline
            ? {
                baseline: {
                  rps: baseline.rps,
                  p50: baseline.p50,
                  p99: baseline.p99,
                  serverCpuMs: baseline.serverCpuMs,
                  databaseCpuMs: baseline.databaseCpuMs,
                },
              }
            : {}),
          ...(report && reportAtRate
            ? {
                report: {
                  rps: report.rps,
                  p50: reportAtRate.p50,
                  p99: reportAtRate.p99,
                  ratio: ratio(report),
                  offeredRate,
                  rpsAtOfferedRate: reportAtRate.rps,
                  p99FlatOut: report.p99,
                  serverCpuMs: report.serverCpuMs,
                  databaseCpuMs: report.databaseCpuMs,
                },
              }
            : {}),
          ...(search && searchAtRate
            ? {
                search: {
                  rps: search.rps,
                  p50: searchAtRate.p50,
                  p99: searchAtRate.p99,
                  ratio: ratio(search),
                  offeredRate: searchRate,
                  rpsAtOfferedRate: searchAtRate.rps,
                  p99FlatOut: search.p99,
                  serverCpuMs: search.serverCpuMs,
                  databaseCpuMs: search.databaseCpuMs,
                },
              }
            : {}),
          ...(ingest ? { ingest } : {}),
          ...(namesakes ? { namesakes } : {}),
        },
      }),
    );
  }
} finally {
  cpuMeter?.stop();
  await server.stop();
}

/**
 * A POST on a connection of its own: after minutes of load, fetch would reuse the login's
 * keep-alive connection, which the server has closed for idleness (EPIPE mid-upload).
 */
function postOnFreshConnection(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
