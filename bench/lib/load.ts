// One load scenario with autocannon over loopback, flat out: throughput and latency percentiles.
// Latency at a fixed offered rate is paced-load.ts (autocannon's rate option sends bursts).
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fresh body per request (a different person each time). */
  body?: () => string;
  connections: number;
  seconds: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const makeBody = options.body;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: { 'content-type': 'application/json', ...options.headers },
    requests: [
      {
        method: options.method ?? 'GET',
        ...(makeBody ? { setupRequest: (request: autocannon.Request) => ({ ...request, body: makeBody() }) } : {}),
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
