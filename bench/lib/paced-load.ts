// Latency at a fixed offered rate: one request every 1/rate seconds, evenly spaced, whether or not
// earlier ones have been answered (open loop), as lenders' systems send them.
//
// autocannon's own rate option is not that: each connection sends its share of the second back to
// back at the top of every second and then waits, so at "500 a second" the server sees bursts of
// 32 concurrent requests and the latencies measure the burst's queue. Each latency here is counted
// from the moment the request was due, not from when a free connection took it, so a server that
// falls behind shows it (no coordinated omission).
import { Agent, request } from 'node:http';
import type { LoadResult } from './load';

export interface PacedLoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: () => string;
  /** Requests a second, evenly spaced. */
  rate: number;
  seconds: number;
  /** Most requests in flight at once (sockets kept alive); a request due while all are busy waits. */
  connections: number;
}

export async function runPacedLoad(options: PacedLoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.url);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  const unanswered = new Set<ReturnType<typeof request>>();

  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const body = options.body?.();
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: options.method ?? 'GET',
          agent,
          headers: {
            'content-type': 'application/json',
            ...options.headers,
            ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          res.on('error', () => {
            unanswered.delete(req);
            errors++;
            resolve();
          });
          res.resume();
          res.on('end', () => {
            unanswered.delete(req);
            latencies.push(performance.now() - dueAt);
            if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx++;
            resolve();
          });
        },
      );
      unanswered.add(req);
      req.on('error', () => {
        unanswered.delete(req);
        errors++;
        resolve();
      });
      // Whatever else ends the request (a socket destroyed mid-answer) ends the wait for it.
      req.on('close', () => resolve());
      req.end(body);
    });

  for (let i = 0; i < total; i++) {
    const dueAt = start + i * interval;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(dueAt));
  }
  // A server slower than the offered rate has a growing queue: what is not answered within
  // 30 s of the last send is abandoned and counted as failed (the printout says so).
  const abandon = setTimeout(() => {
    for (const req of unanswered) req.destroy();
  }, 30_000);
  await Promise.all(pending);
  clearTimeout(abandon);
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rps: Math.round(latencies.length / elapsedSeconds), p50: at(0.5), p99: at(0.99), requests: latencies.length, non2xx, errors };
}
