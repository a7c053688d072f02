import { randomBytes } from 'node:crypto';
import { Agent, request, type ClientRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/query';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { readTemplate } from '../helpers/database-templates';
import { startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server-process';
import { waitForSubmissionAt } from '../helpers/submissions';

let server: ServerProcess;
let data: ReturnType<typeof tempDataDir>;
beforeAll(async () => {
  data = tempDataDir();
  // PGlite on purpose, even in the PostgreSQL run: this test is about the process, not the engine.
  server = await startServerProcess({ DATA_DIR: data.dir, DATABASE_URL: '', SCHEDULED_JOBS: 'false' });
});
afterAll(async () => {
  await server.stop('SIGKILL');
  data.remove();
});

describe('SIGTERM', () => {
  it('lets a request in flight finish, refuses new work, and exits cleanly', async () => {
    const body = JSON.stringify({ username: 'demo-business', password: DEMO_PASSWORD });
    // The request is half sent when the signal arrives (its headers, not its body); the server must
    // still answer it. The signal is sent when the server says it has the headers (100 Continue),
    // not after a fixed delay: on a loaded machine the server may not have read them by then.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/businesses/login`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        server.process.kill('SIGTERM');
        setTimeout(() => req.end(body), 300);
      });
      req.flushHeaders();
    });
    const result = await answer;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body).message).toBe('Login successful');
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});

/**
 * The attack (issue "Operable from day one", item 4): a rolling restart behind a keep-alive proxy.
 * Before, SIGTERM closed the listening socket (a request arriving meanwhile found the connection
 * refused) and the keep-alive connection of a request in flight stayed open after its answer (72 s
 * keep-alive), so the process waited the whole grace period, logged "requests still running after
 * the grace period" and exited 1. Now: the answer in flight says `Connection: close`, idle
 * keep-alive connections close at once, a request arriving meanwhile gets 503 with Retry-After and
 * a code, and the process exits 0 as soon as the last request is answered.
 */
interface ServerDatabase {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

/** PostgreSQL in the PostgreSQL run (a clone of the seeded template), a PGlite folder otherwise. */
async function serverDatabase(): Promise<ServerDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const folder = tempDataDir();
    return {
      env: { DATA_DIR: folder.dir, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir: folder.dir }),
      remove: async () => folder.remove(),
    };
  }
  const name = `ccsl_shutdown_${randomBytes(4).toString('hex')}`;
  const template = readTemplate('seeded');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), poolMax: 1 }),
    async remove() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const ROWS = 200;
function monthlyFile(): string {
  return JSON.stringify({
    rows: Array.from({ length: ROWS }, (_, i) => ({
      subject: {
        nationalId: `SHUTDOWN${i}`,
        phone: `+23299${String(700_000 + i).padStart(6, '0')}`,
        firstName: 'Isatu',
        lastName: `Drain${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
        dateOfBirth: '1980-01-01',
        address: { line: `${i} Kissy Road, Freetown`, district: 'Western Area Urban' },
      },
      account: {
        accountNumber: `SHUTDOWN-${i}`,
        type: 'personal_loan',
        currency: 'SLE',
        principal: '1000',
        balance: '500',
        openedAt: '2025-06-01',
        status: 'current',
        paymentHistory: '000000',
      },
    })),
  });
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

function send(url: string, options: RequestOptions, write: (req: ClientRequest) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, at: Date.now() }));
    });
    req.on('error', reject);
    write(req);
  });
}

describe('SIGTERM behind a keep-alive proxy (a rolling restart)', () => {
  let keepAliveServer: ServerProcess;
  let database: ServerDatabase;
  const GRACE_SECONDS = 20;

  beforeAll(async () => {
    database = await serverDatabase();
    keepAliveServer = await startServerProcess({
      ...database.env,
      SCHEDULED_JOBS: 'false',
      REDIS_URL: '',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      LOG_LEVEL: 'info',
    });
  });
  afterAll(async () => {
    await keepAliveServer.stop('SIGKILL');
    await database.remove();
  });

  it(
    'a monthly file in flight on a keep-alive connection is accepted (queued, applied by the next start) and answered with Connection: close, an idle connection closes at once, a new request gets 503 with Retry-After, and the process exits 0 within seconds',
    { timeout: 120_000 },
    async () => {
      const url = keepAliveServer.url;
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const login = await send(
          `${url}/api/businesses/login`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (req) => req.end(JSON.stringify({ username: 'demo-business', password: DEMO_PASSWORD })),
        );
        expect(login.status).toBe(200);
        expect(login.headers.connection).toBe('keep-alive');
        const cookie = String(login.headers['set-cookie']![0]).split(';')[0];

        // An idle keep-alive connection, as a proxy keeps a pool of them.
        let idleSocket: Socket | undefined;
        const idleAnswer = await new Promise<number>((resolve, reject) => {
          const req = request(`${url}/api/health`, { agent: idleAgent }, (res) => {
            idleSocket = res.socket;
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end();
        });
        expect(idleAnswer).toBe(200);
        let idleClosedAt = 0;
        idleSocket!.once('close', () => (idleClosedAt = Date.now()));

        // The monthly file, half sent on the login's keep-alive connection when SIGTERM arrives.
        const file = monthlyFile();
        let signalledAt = 0;
        let refused: Answer | undefined;
        let refusedError: unknown;
        const upload = send(
          `${url}/api/credit/submissions`,
          {
            method: 'POST',
            agent,
            // 100 Continue says the server has the request (its headers): only then is half the
            // file sent and the signal given, however slowly a loaded machine reads it.
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(file), cookie, expect: '100-continue' },
          },
          (req) => {
            req.flushHeaders();
            req.on('continue', () => {
              req.write(file.slice(0, file.length / 2));
              setTimeout(() => {
                signalledAt = Date.now();
                keepAliveServer.process.kill('SIGTERM');
                setTimeout(() => {
                  // A request arriving meanwhile, on a new connection: answered 503, not refused.
                  void fetch(`${url}/api/config`)
                    .then(
                      async (res) =>
                        (refused = {
                          status: res.status,
                          headers: Object.fromEntries(res.headers) as IncomingHttpHeaders,
                          body: await res.text(),
                          at: Date.now(),
                        }),
                    )
                    // Before: the connection was refused (the listening socket closed at SIGTERM).
                    .catch((error: unknown) => (refusedError = error))
                    .finally(() => req.end(file.slice(file.length / 2)));
                }, 300);
              }, 300);
            });
          },
        );
        const answer = await upload;
        expect(answer.status, answer.body).toBe(202);
        expect(answer.headers.connection).toBe('close');
        const submissionId = (JSON.parse(answer.body) as { id: string }).id;

        expect(refusedError).toBeUndefined();
        expect(refused?.status).toBe(503);
        expect(refused?.headers['retry-after']).toBeDefined();
        expect(refused?.headers.connection).toBe('close');
        expect(JSON.parse(refused!.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });

        expect(idleClosedAt).toBeGreaterThan(0);
        expect(idleClosedAt - signalledAt).toBeLessThan(2_000);

        // Exits 0 right after the last answer (it waited the whole 20 s grace and exited 1 before).
        const exitCode = await keepAliveServer.exited;
        const exitedAt = Date.now();
        expect(exitCode, keepAliveServer.output()).toBe(0);
        expect(exitedAt - answer.at).toBeLessThan(5_000);
        expect(keepAliveServer.output()).not.toMatch(/requests still running after the grace period/);

        // The file was accepted while the server drained: queued (a draining server takes no file
        // from the queue), and the next start applies it (decisions/033). Sessions live in the
        // database: the same cookie reads its status from the new process.
        const restarted = await startServerProcess({ ...database.env, SCHEDULED_JOBS: 'false', REDIS_URL: '' });
        try {
          expect(await waitForSubmissionAt(restarted.url, { cookie }, submissionId)).toMatchObject({ status: 'completed', accepted: ROWS });
        } finally {
          await restarted.stop();
        }

        // The file is applied: completed, every account stored.
        const handle = await database.open();
        try {
          const [submission] = await queryRows<{ status: string }>(
            handle.db,
            sql`SELECT status FROM credit_submissions WHERE id = ${submissionId}`,
          );
          expect(submission.status).toBe('completed');
          const [{ accounts }] = await queryRows<{ accounts: number }>(
            handle.db,
            sql`SELECT count(*)::int AS accounts FROM credit_accounts WHERE account_number LIKE 'SHUTDOWN-%'`,
          );
          expect(accounts).toBe(ROWS);
        } finally {
          await handle.close();
        }
      } finally {
        agent.destroy();
        idleAgent.destroy();
      }
    },
  );
});
