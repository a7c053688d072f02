import type { FastifyInstance, InjectOptions } from 'fastify';
import { ZSubmissionStatusSchema, type TSubmissionStatus } from '../../src/shared/schemas/credit';
import { runQueuedFiles } from '../../src/server/modules/submissions/file-queue';

// Monthly files are queued (decisions/033): the POST answers 202 `queued` and a worker applies
// the file. Tests that look at what a file did wait for it here.

const FINAL = new Set(['completed', 'failed']);
type Headers = Record<string, unknown>;

/** Only the headers that say who asks (cookie, API key), for the status reads. */
function callerOf(headers: Headers | undefined): Record<string, string> {
  const caller: Record<string, string> = {};
  for (const name of ['cookie', 'authorization', 'x-api-key'])
    if (typeof headers?.[name] === 'string') caller[name] = headers[name] as string;
  return caller;
}

async function pollUntilFinal(read: () => Promise<{ status: number; body: unknown }>, id: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 250)) {
    const answer = await read();
    if (answer.status !== 200) throw new Error(`status of submission ${id} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const status = ZSubmissionStatusSchema.parse(answer.body);
    if (FINAL.has(status.status)) return status;
    if (Date.now() > deadline) throw new Error(`submission ${id} still ${status.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Polls a file's status (through `app`) until it is completed or failed, and returns it. */
export function waitForSubmission(app: FastifyInstance, headers: Headers, id: string, timeoutMs = 120_000): Promise<TSubmissionStatus> {
  return pollUntilFinal(
    async () => {
      const res = await app.inject({ method: 'GET', url: `/api/credit/submissions/${id}`, headers: callerOf(headers) });
      return { status: res.statusCode, body: res.json() };
    },
    id,
    timeoutMs,
  );
}

/** The same against a running server (process tests, benchmarks). */
export function waitForSubmissionAt(baseUrl: string, headers: Headers, id: string, timeoutMs = 120_000): Promise<TSubmissionStatus> {
  return pollUntilFinal(
    async () => {
      const res = await fetch(`${baseUrl}/api/credit/submissions/${id}`, { headers: callerOf(headers) });
      return { status: res.status, body: await res.json() };
    },
    id,
    timeoutMs,
  );
}

/**
 * POST /api/credit/submissions, and when it is accepted (202) wait until the file is applied:
 * for tests that look at the registry afterwards. Answers the POST's own response.
 */
export async function injectSubmission(app: FastifyInstance, options: Omit<InjectOptions, 'method' | 'url'>) {
  const res = await app.inject({ ...options, method: 'POST', url: '/api/credit/submissions' });
  if (res.statusCode === 202) await waitForSubmission(app, options.headers ?? {}, res.json<{ id: string }>().id);
  return res;
}

/**
 * Sends `rows` as one monthly file and applies it in this process (the app's worker off:
 * `runSubmissionWorker: false`), with the apply step's counters: for tests that count what
 * matching did (candidates scored, sketched, completed late). Answers the file's status and the counters.
 */
export async function sendAndApplyFile(
  t: { app: FastifyInstance; db: Parameters<typeof runQueuedFiles>[0] },
  cookie: string,
  rows: unknown[],
  options: { chunkSize?: number } = {},
): Promise<{ status: TSubmissionStatus; timings: Record<string, number> }> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/credit/submissions', headers: { cookie }, payload: { rows } });
  if (sent.statusCode !== 202) throw new Error(`the file was not queued: ${sent.statusCode} ${sent.body}`);
  const timings: Record<string, number> = {};
  await runQueuedFiles(t.db, { timings, ...options });
  const read = await t.app.inject({ method: 'GET', url: `/api/credit/submissions/${sent.json<{ id: string }>().id}`, headers: { cookie } });
  return { status: ZSubmissionStatusSchema.parse(read.json()), timings };
}
