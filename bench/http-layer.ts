// `DATABASE_URL=postgres://… npx tsx bench/http-layer.ts [--people 1000000] [--requests 1500] [--report]`
//
// What the HTTP layer adds to a search (with --report: a report), in this process, one request
// after another on one database connection, on the registry `npm run bench` kept
// (ccsl_bench_<N>). Three ways, alternated, each after as many requests of warm-up:
//   direct  searchRegistry / pullCreditReport called as the route's handler calls it;
//   inject  the whole app through app.inject: the session check, the hooks, the body's
//           validation, the rate limits, the log line, the answer's serialisation, no socket;
//   socket  the same app listening on 127.0.0.1, asked over one kept-alive connection.
// For each: this process's CPU and its PostgreSQL backend's a request (docs/performance.md).
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query';
import { loadConfig } from '../src/server/env';
import { buildLoggerOptions } from '../src/server/logging';
import { pullCreditReport } from '../src/server/modules/reports/pull-report';
import { searchRegistry } from '../src/server/modules/reports/search';
import { argValue, hasFlag } from './lib/args';
import { keptRegistryUrl } from './lib/bench-database';
import { BENCH_PASSWORD, BENCH_USERNAME, ensureBenchBusiness, raiseBenchLimits } from './lib/bench-business';

const people = Number(argValue('people', '1000000'));
const requests = Number(argValue('requests', '1500'));
const isReport = hasFlag('report');
const url = keptRegistryUrl(people, 'this measures the HTTP layer on a registry npm run bench made.');
const database = await openDatabase({ databaseUrl: url, poolMax: 1 });
const { db } = database;
const businessId = await ensureBenchBusiness(db);
await raiseBenchLimits(db, businessId);

const [{ pid }] = await queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`);
const backendCpuMs = () => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
type Person = { id: string; first_name: string; last_name: string; date_of_birth: string };
const sampled = await queryRows<Person>(
  db,
  sql`SELECT id, first_name, last_name, date_of_birth::text AS date_of_birth FROM credit_subjects TABLESAMPLE SYSTEM (5)
      WHERE date_of_birth IS NOT NULL LIMIT ${requests * 8}`,
);
const bodyOf = (p: Person) =>
  isReport
    ? { subjectId: p.id, purpose: 'credit_application', consent: true }
    : { firstName: p.first_name, lastName: p.last_name, dateOfBirth: p.date_of_birth, purpose: 'credit_application' };
const path = isReport ? '/api/credit/reports' : '/api/credit/search';

// A production-like app: its log lines go to /dev/null through the same options as the server's.
const config = { ...loadConfig({ NODE_ENV: 'test' }), runScheduledJobs: false, runSubmissionWorker: false };
const app = await buildApp({
  config,
  database,
  webDist: '/nonexistent-web-dist',
  logger: { ...(buildLoggerOptions(config) as object), level: 'info', stream: pino.destination('/dev/null') },
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/businesses/login',
  payload: { username: BENCH_USERNAME, password: BENCH_PASSWORD },
});
if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode} ${login.body}`);
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

const meta = { businessId, userId: businessId };
const ways: Record<string, (p: Person) => Promise<void>> = {
  direct: async (p) => {
    if (isReport) await pullCreditReport(db, meta, bodyOf(p) as never);
    else await searchRegistry(db, meta, bodyOf(p) as never, 'bench-hash-key');
  },
  inject: async (p) => {
    const res = await app.inject({ method: 'POST', url: path, payload: bodyOf(p), headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  },
  socket: (p) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(bodyOf(p));
      const req = httpRequest(
        `${address}${path}`,
        { method: 'POST', agent, headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    }),
};

let next = 0;
const person = () => sampled[next++ % sampled.length];
for (let round = 1; round <= 2; round++) {
  for (const [name, run] of Object.entries(ways)) {
    for (let i = 0; i < requests; i++) await run(person());
    const cpu = process.cpuUsage();
    const backend = backendCpuMs();
    for (let i = 0; i < requests; i++) await run(person());
    const used = process.cpuUsage(cpu);
    console.log(
      `${name.padEnd(6)} round ${round}: ${((used.user + used.system) / 1000 / requests).toFixed(3)} ms of this process's CPU, ` +
        `${((backendCpuMs() - backend) / requests).toFixed(3)} ms of its PostgreSQL backend's a ${isReport ? 'report' : 'search'}`,
    );
  }
}
agent.destroy();
await app.close();
