// `npx tsx bench/http-floor.ts [--seconds 10] [--connections 32]`
//
// The least CPU an HTTP exchange of a report's size costs a Node server on this machine, whatever
// the framework: a bare node:http server in a child process reads a small JSON body (a report's
// request) and answers 10 KB of JSON (a report's size), nothing else: no database, no session,
// no log. autocannon asks it flat out over loopback, as `npm run bench` asks the product; the
// child's CPU (from /proc) divided by the requests answered is the floor a report's server CPU
// sits on (docs/performance.md, "Issue 22: session 17").
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { argValue } from './lib/args';
import { CpuMeter } from './lib/cpu-usage';
import { runLoad } from './lib/load';

if (process.argv[2] === '--child') {
  const answer = JSON.stringify({ report: 'x'.repeat(10_000) });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send!(typeof address === 'object' && address ? address.port : 0);
  });
} else {
  const seconds = Number(argValue('seconds', '10'));
  const connections = Number(argValue('connections', '32'));
  const child = fork(new URL(import.meta.url).pathname, ['--child'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  const url = `http://127.0.0.1:${port}/`;
  const body = () => JSON.stringify({ subjectId: '0190f3a4-1c2d-7e5f-8a9b-0c1d2e3f4a5b', purpose: 'credit_application', consent: true });
  await runLoad({ url, method: 'POST', body, connections, seconds: 2 });
  const meter = new CpuMeter(child.pid!, false);
  const before = meter.snapshot();
  const result = await runLoad({ url, method: 'POST', body, connections, seconds });
  const after = meter.snapshot();
  meter.stop();
  child.kill();
  console.log(
    `A bare node:http server, a small JSON body in and 10 KB of JSON out, ${connections} connections flat out for ${seconds} s: ` +
      `${result.rps} a second, ${((after.serverMs - before.serverMs) / result.requests).toFixed(3)} ms of its CPU a request ` +
      `(load average ${loadavg()[0].toFixed(1)})`,
  );
}
