// Ten visitors, no session, each sending a 64 MB monthly file to POST /api/credit/submissions, while
// /api/health is asked every 20 ms. Before the role guard moved ahead of body reading (issue "Every
// credit file protected", item 1), each of them waited 7 to 61 s for its 401 while the server read
// and parsed the body, health took up to 13 s and memory passed 1 GB. Targets: health p99 < 100 ms,
// server peak < 1 GB.
//   npm run bench:large-bodies [-- --visitors 10 --seconds 20 --json]
// The real server (production mode, PGlite in a temp folder, or DATABASE_URL) in a child process.
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argValue, hasFlag } from './lib/args';
import { startBenchServer } from './lib/bench-server';

const MB = 1024 * 1024;
const visitors = Number(argValue('visitors', '10'));
const seconds = Number(argValue('seconds', '20'));
const asJson = hasFlag('json');

/** One visitor: announces 64 MB and sends it as fast as the server takes it; then again, until the end. */
async function floodOnce(url: URL): Promise<{ status: number; bytes: number; ms: number }> {
  const chunk = Buffer.alloc(MB, 0x20);
  const started = performance.now();
  return new Promise((resolve) => {
    let bytes = 0;
    let isDone = false;
    const finish = (status: number) => {
      if (isDone) return;
      isDone = true;
      resolve({ status, bytes, ms: performance.now() - started });
    };
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/credit/submissions',
        headers: { 'content-type': 'application/json', 'content-length': String(64 * MB) },
      },
      (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode ?? 0));
      },
    );
    // The server closing on us after its answer is the expected end.
    req.on('error', () => finish(-1));
    const writeMore = () => {
      if (isDone || bytes >= 64 * MB) return req.end();
      bytes += MB;
      if (req.write(chunk)) setImmediate(writeMore);
      else req.once('drain', writeMore);
    };
    writeMore();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ccsl-bench-bodies-'));
  const server = await startBenchServer({ DATA_DIR: dataDir, SCHEDULED_JOBS: 'false', LOG_LEVEL: 'warn' }, join(dataDir, 'server.log'));
  const url = new URL(server.url);
  const deadline = Date.now() + seconds * 1000;
  const outcomes: { status: number; bytes: number; ms: number }[] = [];
  const floods = Array.from({ length: visitors }, async () => {
    while (Date.now() < deadline) outcomes.push(await floodOnce(url));
  });
  const health: number[] = [];
  let healthFailures = 0;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${server.url}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) healthFailures++;
    } catch {
      healthFailures++;
    }
    health.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  await Promise.all(floods);
  const peakMb = server.peakRssMb();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const sorted = [...health].sort((a, b) => a - b);
  const refused = outcomes.filter((o) => o.status === 401 || o.status === -1).length;
  const result = {
    scenario: 'large-body-flood',
    visitors,
    seconds,
    uploadsAttempted: outcomes.length,
    uploadsRefusedUnread: refused,
    meanMbSentPerUpload: Math.round((outcomes.reduce((s, o) => s + o.bytes, 0) / Math.max(1, outcomes.length) / MB) * 10) / 10,
    healthRequests: health.length,
    healthFailures,
    healthP50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
    healthP99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    serverPeakMb: peakMb,
    targetsMet: percentile(sorted, 99) < 100 && peakMb < 1024 && healthFailures === 0,
  };
  if (asJson) console.log(JSON.stringify(result));
  else {
    console.log(
      `${visitors} visitors sending 64 MB bodies for ${seconds} s: ${result.uploadsAttempted} uploads, ${result.uploadsRefusedUnread} refused unread (mean ${result.meanMbSentPerUpload} MB sent before the refusal)`,
    );
    console.log(
      `/api/health: ${result.healthRequests} requests, p50 ${result.healthP50Ms} ms, p99 ${result.healthP99Ms} ms, ${healthFailures} failed (target p99 < 100 ms)`,
    );
    console.log(`server peak memory: ${peakMb} MB (target < 1024 MB)`);
    console.log(result.targetsMet ? 'targets met' : 'TARGETS NOT MET');
  }
  process.exit(result.targetsMet ? 0 : 1);
}

await main();
