import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/query';
import { Rng } from '../../src/server/db/seed/registry/prng';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { readTemplate } from '../helpers/database-templates';
import { startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server-process';
import { waitForSubmissionAt } from '../helpers/submissions';

/**
 * SIGKILL during monthly-file ingestion (security issue 9, decisions 007 and 033): the real server
 * runs as a child process, a business sends 2,000-row monthly files one after another (each sent,
 * queued, then waited for until applied), and the process is killed at a random moment, again and
 * again on the same database. After every kill the server is started again on that database and,
 * through its API, every file whose upload was acknowledged (202) is applied by the restarted
 * server's queue: completed with all its accounts; no file has only some of its accounts.
 * Straight from the database (after every kill on PostgreSQL, at the end on PGlite, see Engine):
 * the same, plus each file's identifiers all or none and each submission's accounts matching its
 * status. Each kill's landing (before the file was queued, after it was queued but before the
 * answer, inside a file's apply transaction) is printed; some must land inside an apply, and the
 * restarted server must take that file up again and apply it once.
 *
 * Knobs: CRASH_TEST_KILLS (default 20), CRASH_TEST_ROWS (rows a file, default 2,000),
 * CRASH_TEST_SEED (the random kill moments, printed by each run).
 */
const KILLS = Number(process.env.CRASH_TEST_KILLS ?? 20);
const ROWS = Number(process.env.CRASH_TEST_ROWS ?? 2_000);
const SEED = Number(process.env.CRASH_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
// About 7 s a kill on PostgreSQL and 10 s on PGlite on a quiet two-core machine (server start is
// most of it), and each file is now also waited for until the queue applied it; the limit leaves room for a machine shared with other work (a PGlite restart took
// up to 43 s at load average 15).
const TEST_TIMEOUT_MS = 60_000 + KILLS * 80_000;

const FIRST = ['Aminata', 'Mohamed', 'Fatmata', 'Ibrahim', 'Isatu', 'Abu', 'Mariama', 'Alusine', 'Kadiatu', 'Sorie'];
const LAST = ['Kamara', 'Sesay', 'Koroma', 'Bangura', 'Conteh', 'Turay', 'Jalloh', 'Mansaray', 'Kargbo', 'Fofanah'];

let phoneCounter = 0;
/** Distinct phones for every row of the run, so no two new people look alike. */
const nextPhone = () => {
  const n = phoneCounter++;
  return `+232${['99', '88', '33', '30'][Math.floor(n / 1_000_000) % 4]}${String(n % 1_000_000).padStart(6, '0')}`;
};

/** A file of new people, each with one account; `tag` makes its account numbers and NINs its own. */
function monthlyFile(tag: string, rows: number) {
  return {
    rows: Array.from({ length: rows }, (_, i) => ({
      subject: {
        nationalId: `CR${tag}N${i}`,
        phone: nextPhone(),
        firstName: FIRST[i % 10],
        lastName: LAST[Math.floor(i / 10) % 10],
        dateOfBirth: `${1950 + (i % 50)}-${String(1 + (Math.floor(i / 50) % 12)).padStart(2, '0')}-${String(1 + (Math.floor(i / 600) % 28)).padStart(2, '0')}`,
        address: { line: `${i} Kissy Road, Freetown`, district: 'Western Area Urban' },
      },
      account: {
        accountNumber: `CRASH-${tag}-${i}`,
        type: 'personal_loan',
        currency: 'SLE',
        principal: String(1_000 + (i % 90) * 100),
        balance: String(500 + (i % 40) * 10),
        openedAt: '2025-06-01',
        status: 'current',
        paymentHistory: '000000',
      },
    })),
  };
}

interface SentFile {
  tag: string;
  acknowledgedId: string | null;
}

type Landing =
  | 'between files, or before the file was queued (upload, parsing, validation, storing)'
  | 'mid-apply (transaction open, rolled back, taken up again by the restart)'
  | 'after the file was queued, before the answer';

interface Engine {
  env: Record<string, string>;
  /** Opens the database in this process, for the checks (the server is dead meanwhile). */
  open(): Promise<DatabaseHandle>;
  /**
   * Also read the database directly after every kill. Cheap on PostgreSQL; on PGlite opening the
   * folder here as well costs seconds a kill, so there the restarted server answers the checks
   * after each kill (its opening the folder is the recovery under test) and the direct read runs
   * once at the end.
   */
  checkDatabaseEachKill: boolean;
}

async function logIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/businesses/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo-business', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

async function sendFile(server: ServerProcess, cookie: string, body: string): Promise<string | null> {
  try {
    const res = await fetch(`${server.url}/api/credit/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body,
    });
    if (res.status !== 202) throw new Error(`monthly file answered ${res.status}: ${await res.text()}`);
    const accepted = (await res.json()) as { id: string; status: string };
    expect(accepted.status).toBe('queued');
    return accepted.id;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('monthly file answered')) throw error;
    return null; // the connection died with the server
  }
}

/**
 * Every invariant, read straight from the database: acknowledged files whole once applied (all
 * of them at the end: `isFinal`), no file in part (accounts and identifiers), each submission's
 * accounts matching its status.
 */
async function checkDatabase(database: DatabaseHandle, files: SentFile[], isFinal: boolean) {
  const db = database.db;
  const perFile = await queryRows<{ tag: string; accounts: number }>(
    db,
    sql`SELECT split_part(account_number, '-', 2) AS tag, count(*)::int AS accounts FROM credit_accounts WHERE account_number LIKE 'CRASH-%' GROUP BY 1`,
  );
  const accountsOf = new Map(perFile.map((r) => [r.tag, r.accounts]));
  const perFileIds = await queryRows<{ tag: string; identifiers: number }>(
    db,
    sql`SELECT substring(value FROM '^CR(.*)N[0-9]+$') AS tag, count(*)::int AS identifiers FROM credit_subject_identifiers WHERE value LIKE 'CR%N%' GROUP BY 1`,
  );
  const identifiersOf = new Map(perFileIds.map((r) => [r.tag, r.identifiers]));
  for (const file of files) {
    const accounts = accountsOf.get(file.tag) ?? 0;
    expect([0, ROWS], `accounts of file ${file.tag}: all or none`).toContain(accounts);
    expect(identifiersOf.get(file.tag.toUpperCase()) ?? 0, `identifiers of file ${file.tag} follow its accounts`).toBe(accounts);
  }

  const submissions = await queryRows<{ id: string; status: string; accepted: number; accounts: number }>(
    db,
    sql`SELECT s.id, s.status, s.accepted, (SELECT count(*)::int FROM credit_accounts a WHERE a.submission_id = s.id) AS accounts
        FROM credit_submissions s WHERE s.total = ${ROWS}`,
  );
  for (const s of submissions) {
    if (s.status === 'completed') {
      expect(s.accepted, `completed submission ${s.id} accepted every row`).toBe(ROWS);
      expect(s.accounts, `completed submission ${s.id} has all its accounts`).toBe(ROWS);
    } else {
      // Queued or processing only while the server is down (the next start applies them).
      expect(['queued', 'processing', 'failed'], `submission ${s.id}`).toContain(s.status);
      expect(s.accounts, `${s.status} submission ${s.id} has no accounts`).toBe(0);
    }
  }
  // An acknowledged file is whole once applied; until a server's queue has applied it (right after a
  // kill) it is queued or processing with none of its accounts. At the end every one is applied.
  const byId = new Map(submissions.map((s) => [s.id, s]));
  for (const file of files) {
    if (!file.acknowledgedId) continue;
    const status = byId.get(file.acknowledgedId)?.status;
    expect(isFinal ? ['completed'] : ['queued', 'processing', 'completed'], `acknowledged ${file.tag}`).toContain(status);
    expect(accountsOf.get(file.tag) ?? 0, `acknowledged file ${file.tag}`).toBe(status === 'completed' ? ROWS : 0);
  }
}

/** Sends a file and waits until the queue has applied it; null when the server died meanwhile. */
async function sendAndApply(server: ServerProcess, cookie: string, body: string): Promise<{ id: string | null; isApplied: boolean }> {
  const id = await sendFile(server, cookie, body);
  if (!id) return { id, isApplied: false };
  try {
    await waitForSubmissionAt(server.url, { cookie }, id);
    return { id, isApplied: true };
  } catch {
    return { id, isApplied: false }; // the server died while the file waited or was applied
  }
}

/**
 * The same invariants through the restarted server's own API (it has just opened the database the
 * kill left): each file's accounts all or none, acknowledged files whole and completed. Returns
 * where the kill landed, from the submissions that appeared since the last check.
 */
async function checkThroughServer(
  server: ServerProcess,
  cookie: string,
  files: SentFile[],
  knownSubmissionIds: Set<string>,
): Promise<Landing> {
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  type Listed = { id: string; status: string; total: number; accepted: number };
  const list = async () => ((await get('/api/credit/submissions?limit=100')) as { submissions: Listed[] }).submissions;
  // The restarted server's queue takes up every queued file and the file it was applying.
  for (const s of await list())
    if (s.total === ROWS && (s.status === 'queued' || s.status === 'processing')) await waitForSubmissionAt(server.url, { cookie }, s.id);
  const ours = (await list()).filter((s) => s.total === ROWS);
  for (const s of ours) expect(s, `file ${s.id} applied once the queue ran`).toMatchObject({ status: 'completed', accepted: ROWS });
  for (const file of files) {
    const { total } = (await get(`/api/businesses/me/accounts?q=${encodeURIComponent(`CRASH-${file.tag}-`)}`)) as { total: number };
    expect([0, ROWS], `accounts of file ${file.tag}: all or none`).toContain(total);
    if (file.acknowledgedId) expect(total, `acknowledged file ${file.tag} is whole`).toBe(ROWS);
  }
  for (const file of files) {
    if (!file.acknowledgedId) continue;
    expect(
      ours.find((s) => s.id === file.acknowledgedId),
      `acknowledged ${file.tag}`,
    ).toMatchObject({ status: 'completed', accepted: ROWS });
  }
  const fresh = ours.filter((s) => !knownSubmissionIds.has(s.id) && !files.some((f) => f.acknowledgedId === s.id));
  for (const s of ours) knownSubmissionIds.add(s.id);
  // The queue says so when it takes up a file whose worker stopped (file-queue.ts).
  if (/monthly file taken up again/.test(server.output()))
    return 'mid-apply (transaction open, rolled back, taken up again by the restart)';
  if (fresh.length > 0) return 'after the file was queued, before the answer';
  return 'between files, or before the file was queued (upload, parsing, validation, storing)';
}

async function crashRepeatedly(engine: Engine) {
  // Deterministic for a seed, so a failing run can be replayed.
  const rng = new Rng(SEED);
  const random = () => rng.next();
  const files: SentFile[] = [];
  const knownSubmissionIds = new Set<string>();
  const landings = new Map<Landing, number>();
  const started = Date.now();
  let restartMs = 0;
  let fileMs = 0;
  let cookie: string | undefined;
  let killAfterMs = 0;
  /** The files the last kill may have caught; checked once the server is up again. */
  let lastKillFiles: SentFile[] = [];

  // KILLS kills, then one more start to check the last of them.
  for (let kill = 0; kill <= KILLS; kill++) {
    const clock = performance.now();
    const server = await startServerProcess(engine.env, 120_000);
    if (kill > 0) restartMs += performance.now() - clock;
    try {
      // Sessions live in the database: one sign-in serves every restart.
      cookie ??= await logIn(server);
      if (kill > 0) {
        const landing = await checkThroughServer(
          server,
          cookie,
          [...lastKillFiles, ...files.filter((f) => f.acknowledgedId)],
          knownSubmissionIds,
        );
        landings.set(landing, (landings.get(landing) ?? 0) + 1);
        console.log(
          `kill ${kill}: ${Math.round(killAfterMs)} ms into the sending, ${landing}; restarted in ${Math.round(performance.now() - clock)} ms (${Math.round((Date.now() - started) / 1000)} s so far)`,
        );
      }
      if (kill === KILLS) break;
      if (kill === 0) {
        // How long one file takes here (sent, queued, applied), so the kills land inside files rather than between them.
        const tag = 'calibrate';
        const sending = performance.now();
        const entry: SentFile = { tag, acknowledgedId: (await sendAndApply(server, cookie, JSON.stringify(monthlyFile(tag, ROWS)))).id };
        fileMs = performance.now() - sending;
        files.push(entry);
        expect(entry.acknowledgedId, 'the first file is acknowledged').not.toBeNull();
        await checkThroughServer(server, cookie, [entry], knownSubmissionIds);
      }
      if (kill % 3 === 1) {
        // Every third restart sends one file to the end first: later kills must not undo it.
        const tag = `k${kill}whole`;
        const sent = await sendAndApply(server, cookie, JSON.stringify(monthlyFile(tag, ROWS)));
        const entry: SentFile = { tag, acknowledgedId: sent.id };
        files.push(entry);
        expect(sent.isApplied, `file ${tag} acknowledged and applied`).toBe(true);
      }
      // Mostly inside the next file, sometimes in the one after it.
      killAfterMs = random() * fileMs * 1.6;
      let isKilled = false;
      const killer = new Promise<void>((resolve) =>
        setTimeout(() => {
          isKilled = true;
          server.process.kill('SIGKILL');
          resolve();
        }, killAfterMs),
      );
      lastKillFiles = [];
      for (let f = 0; !isKilled; f++) {
        const tag = `k${kill}f${f}`;
        const body = JSON.stringify(monthlyFile(tag, ROWS));
        const entry: SentFile = { tag, acknowledgedId: null };
        files.push(entry);
        lastKillFiles.push(entry);
        const sent = await sendAndApply(server, cookie, body);
        entry.acknowledgedId = sent.id;
        if (!sent.isApplied) break;
      }
      await killer;
      await server.exited;
    } finally {
      if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
      await server.exited;
    }
    // PostgreSQL: also straight from the database after each kill (cheap; the server is down).
    if (engine.checkDatabaseEachKill) await withDatabase(engine, (database) => checkDatabase(database, files, false));
  }

  // At the end, on every engine: straight from the database, identifiers and submissions included.
  await withDatabase(engine, (database) => checkDatabase(database, files, true));

  const acknowledged = files.filter((f) => f.acknowledgedId).length;
  console.log(
    `${KILLS} kills (seed ${SEED}, ${ROWS} rows a file, one file ${Math.round(fileMs)} ms, ${Math.round((Date.now() - started) / 1000)} s in all): ` +
      `${files.length} files sent, ${acknowledged} acknowledged; kills landed ${JSON.stringify(Object.fromEntries(landings))}; a restart took ${Math.round(restartMs / KILLS)} ms`,
  );
  expect([...landings.values()].reduce((a, b) => a + b, 0)).toBe(KILLS);
  expect(
    landings.get('mid-apply (transaction open, rolled back, taken up again by the restart)') ?? 0,
    'some kills must land inside a file’s apply transaction',
  ).toBeGreaterThan(0);
}

async function withDatabase(engine: Engine, work: (database: DatabaseHandle) => Promise<void>) {
  const database = await engine.open();
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

const adminUrl = process.env.DATABASE_URL;
describe.skipIf(!adminUrl)('SIGKILL during monthly files on PostgreSQL (needs DATABASE_URL; CI sets it)', () => {
  it(`keeps every acknowledged file whole and no file in part, over ${KILLS} kills`, { timeout: TEST_TIMEOUT_MS }, async () => {
    const name = `ccsl_crash_${randomBytes(4).toString('hex')}`;
    const template = readTemplate('seeded');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A clone of this run's migrated and seeded template: the server neither migrates nor seeds.
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      await crashRepeatedly({
        env: { DATABASE_URL: url.toString(), SCHEDULED_JOBS: 'false', REDIS_URL: '' },
        open: () => openDatabase({ databaseUrl: url.toString(), poolMax: 2 }),
        checkDatabaseEachKill: true,
      });
    } finally {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  });
});

// In the PGlite run only: the PostgreSQL run covers PostgreSQL (the two runs together cover both).
describe.skipIf(Boolean(adminUrl))(
  'SIGKILL during monthly files on PGlite (a data folder; skipped in the PostgreSQL run, the PGlite run covers it)',
  () => {
    it(
      `the folder opens again after each kill, every acknowledged file whole and no file in part, over ${KILLS} kills`,
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        const data = tempDataDir();
        try {
          const template = readTemplate('seeded');
          if (template && existsSync(template)) {
            // The folder starts as this run's migrated and seeded template: the server neither migrates nor seeds.
            const seeded = await openDatabase({ dataDir: data.dir, loadDataDir: new Blob([readFileSync(template)]) });
            await seeded.close();
          }
          await crashRepeatedly({
            env: { DATA_DIR: data.dir, DATABASE_URL: '', SCHEDULED_JOBS: 'false', REDIS_URL: '' },
            open: () => openDatabase({ dataDir: data.dir }),
            checkDatabaseEachKill: false,
          });
        } finally {
          data.remove();
        }
      },
    );
  },
);
