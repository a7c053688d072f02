// `npx tsx bench/submission-accept.ts [--rows 100000] [--times 3]`: how long POST /api/credit/submissions
// takes to answer 202 queued (decisions/033, 038), on PGlite, or on PostgreSQL when DATABASE_URL is set.
// Three figures, each the median of --times sends: the request as a lender sends it (curl, another
// process, over a loopback connection: from the first byte sent to the 202 received), the whole
// request through the app without a network (app.inject: the body streamed, its rows found and cut
// into parts, the parts compressed and stored), and the accept alone (acceptMonthlyFile given the
// parts the reader made). The queue's worker is off: nothing is applied.
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/query';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { acceptMonthlyFile } from '../src/server/modules/submissions/accept-file';
import { readSubmissionJson } from '../src/server/modules/submissions/json-stream';
import { SUBMISSION_BODY_LIMIT } from '../src/server/modules/submissions/routes';
import { createTestApp, logInAs } from '../tests/helpers/test-app';
import { argValue } from './lib/args';
import { buildMonthlyFile } from './lib/monthly-file';

const run = promisify(execFile);
const rows = Number(argValue('rows', '100000'));
const times = Number(argValue('times', '3'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const t = await createTestApp({ config: { runSubmissionWorker: false } });
const cookie = await logInAs(t.app, 'business');
const [business] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE username = 'demo-business'`);
const file = buildMonthlyFile({ rows, registryPeople: 10_000, seed: 11, asOf: new Date('2026-10-31T12:00:00Z'), accountPrefix: 'ACCEPT' });
const body = JSON.stringify({ rows: file });
console.log(`${rows.toLocaleString('en')} rows, ${(body.length / 1e6).toFixed(0)} MB of JSON, on ${t.database.kind}`);

// Wall time says more about a shared machine's neighbours than about the code: this process's CPU
// time is printed too (on PGlite it includes the database's work; on PostgreSQL the server's is apart).
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const throughApp: number[] = [];
const acceptOnly: number[] = [];
const requestCpu: number[] = [];
const acceptCpu: number[] = [];
for (let i = 0; i < times; i++) {
  let started = performance.now();
  const requestCpuBefore = cpuMs();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/credit/submissions',
    headers: { cookie, 'content-type': 'application/json' },
    payload: body,
  });
  throughApp.push(performance.now() - started);
  requestCpu.push(cpuMs() - requestCpuBefore);
  if (res.statusCode !== 202 || res.json().status !== 'queued') throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const received = await readSubmissionJson(Readable.from([Buffer.from(body)]), SUBMISSION_BODY_LIMIT);
  started = performance.now();
  const cpuBefore = cpuMs();
  await acceptMonthlyFile(t.db, { businessId: business.id, userId: business.id }, received);
  acceptOnly.push(performance.now() - started);
  acceptCpu.push(cpuMs() - cpuBefore);
}
// The lender's view: curl sends the file from disk; time_total runs from the connection to the answer.
await t.app.listen({ host: '127.0.0.1', port: 0 });
const address = t.app.server.address();
if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
const bodyFile = join(mkdtempSync(join(tmpdir(), 'ccsl-accept-')), 'file.json');
writeFileSync(bodyFile, body);
const overConnection: number[] = [];
for (let i = 0; i < times; i++) {
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{time_total}',
    '-H',
    `cookie: ${cookie}`,
    '-H',
    'content-type: application/json',
    '--data-binary',
    `@${bodyFile}`,
    `http://127.0.0.1:${address.port}/api/credit/submissions`,
  ]);
  const [status, seconds] = stdout.split(' ');
  if (status !== '202') throw new Error(`curl: answered ${status}`);
  overConnection.push(Number(seconds) * 1000);
}
rmSync(bodyFile);

const ms = (values: number[]) => `${Math.round(median(values))} ms (each: ${values.map(Math.round).join(', ')})`;
console.log(`  sent by curl over a loopback connection, 202 queued received: median ${ms(overConnection)}`);
console.log(
  `  POST answered 202 queued (app.inject), body read and file stored: median ${ms(throughApp)}; CPU of this process ${ms(requestCpu)}`,
);
console.log(`  accept alone (parts compressed and stored): median ${ms(acceptOnly)}; CPU of this process ${ms(acceptCpu)}`);
console.log(`  load average ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
await t.close();
