// `npm run bench:report-serialization -- [--people 1000000] [--reports 300]`
//
// What sending a report costs in Node besides building it, per report, on the report copies a
// registry `npm run bench` made holds (ccsl_bench_<N>, PostgreSQL): the answer through the zod
// serializer the routes use (fastify-type-provider-zod: the schema's check, then JSON.stringify)
// against JSON.stringify alone. POST /api/credit/reports now sends the text its stored copy was
// written with (decisions/053): the first figure is what that saves. CPU time of this process,
// three rounds; read the last (the first warms the JIT).
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { ZCreditReportSchema } from '../src/shared/schemas/credit';
import { keptRegistryUrl } from './lib/bench-database';
import { argValue } from './lib/args';

const people = Number(argValue('people', '1000000'));
const count = Number(argValue('reports', '300'));
const url = keptRegistryUrl(people, 'this reads the report copies of a registry npm run bench made.');
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query<{ report: string }>(
  'SELECT report::text AS report FROM credit_report_copies ORDER BY created_at DESC LIMIT $1',
  [count],
);
await client.end();
if (rows.length === 0) throw new Error(`No report copies in ccsl_bench_${people}: run npm run bench -- --people ${people} first.`);
const reports: unknown[] = rows.map((row) => JSON.parse(row.report));
const meanBytes = Math.round(rows.reduce((sum, row) => sum + row.report.length, 0) / rows.length);

const zodSerializer = serializerCompiler({ schema: ZCreditReportSchema, method: 'POST', url: '/api/credit/reports', httpStatus: '200' });
/** CPU milliseconds a report for `send`, over ten passes of the sample. */
function cpuPerReport(send: (report: unknown) => string): number {
  const start = process.cpuUsage();
  for (let pass = 0; pass < 10; pass++) for (const report of reports) send(report);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / (10 * reports.length);
}
for (let round = 1; round <= 3; round++) {
  const throughZod = cpuPerReport((report) => zodSerializer(report));
  const plain = cpuPerReport((report) => JSON.stringify(report));
  console.log(
    `round ${round}: zod serializer ${throughZod.toFixed(3)} ms, JSON.stringify ${plain.toFixed(3)} ms a report ` +
      `(${reports.length} reports of ${meanBytes.toLocaleString('en')} bytes on average)`,
  );
}
