import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import playwrightConfig from '../../playwright.config';
import { freePort } from '../helpers/server-process';

// Issue "Operable from day one", item 9: every Playwright run left its throwaway database
// (PostgreSQL) or data folder (PGlite) behind: Playwright stopped the e2e server script by
// SIGKILL to its process group, before the script's clean-up could run. The reproduction: start
// scripts/e2e-server.mjs the way Playwright's webServer does (a shell, in a process group of its
// own), and stop it the way Playwright does with this repository's playwright.config.ts: its
// gracefulShutdown signal to the group, SIGKILL when that timeout passes, or SIGKILL at once when
// the config has no gracefulShutdown (as before). Then nothing named ccsl-e2e-* may be left in the
// temp folder, and no ccsl_e2e_* database of the run on the server.

const adminUrl = process.env.DATABASE_URL;
const temp = mkdtempSync(join(tmpdir(), 'ccsl-e2e-cleanup-test-'));
const started: Run[] = [];
afterAll(async () => {
  // A failed assertion must not leave a server running: stop every run still up.
  for (const run of started) {
    if (run.shell.exitCode === null && run.shell.signalCode === null) {
      try {
        process.kill(-run.shell.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([run.closed, new Promise((r) => setTimeout(r, 45_000))]);
    }
  }
  rmSync(temp, { recursive: true, force: true });
}, 60_000);

interface Run {
  shell: ChildProcess;
  closed: Promise<void>;
  output: () => string;
}

/** As Playwright's webServer: `sh -c <command>`, detached (a new process group), piped output. */
async function startLikePlaywright(): Promise<Run & { port: number }> {
  const port = await freePort();
  let output = '';
  const shell = spawn(
    playwrightConfig.webServer && !Array.isArray(playwrightConfig.webServer)
      ? playwrightConfig.webServer.command
      : 'node scripts/e2e-server.mjs',
    {
      shell: true,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      // A temp folder of this test's own, so only this run's folders are looked at.
      env: { ...process.env, TMPDIR: temp, E2E_PORT: String(port), E2E_SKIP_BUILD: '1' },
    },
  );
  shell.stdout!.on('data', (d) => (output += d));
  shell.stderr!.on('data', (d) => (output += d));
  const closed = new Promise<void>((resolve) => shell.once('close', () => resolve()));
  started.push({ shell, closed, output: () => output });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (shell.exitCode !== null) throw new Error(`e2e server exited during start:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`e2e server not up in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return { shell, closed, output: () => output, port };
}

/** As Playwright stops its webServer (playwright-core launchProcess + the webServer plugin). */
async function stopLikePlaywright(run: Run) {
  const pid = run.shell.pid!;
  const graceful =
    playwrightConfig.webServer && !Array.isArray(playwrightConfig.webServer) ? playwrightConfig.webServer.gracefulShutdown : undefined;
  if (graceful) {
    process.kill(-pid, graceful.signal);
    const inTime = await Promise.race([
      run.closed.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), graceful.timeout ?? 0)),
    ]);
    if (inTime) return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await run.closed;
}

const leftFolders = () => readdirSync(temp).filter((name) => name.startsWith('ccsl-e2e-'));

async function e2eDatabasesOf(pids: number[]): Promise<string[]> {
  if (!adminUrl) return [];
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = ANY($1::text[])`, [
      pids.map((p) => `ccsl_e2e_${p}`),
    ]);
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

/** The pid in the names the script gave its folders (its own pid). */
const scriptPidOf = () => Number(/^ccsl-e2e-heads-(\d+)-/.exec(leftFolders().find((n) => n.startsWith('ccsl-e2e-heads-')) ?? '')?.[1]);

async function portIsClosed(port: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const open = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (!open) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe('a Playwright run leaves no throwaway database or folder behind', () => {
  it('playwright.config.ts stops the e2e server with SIGTERM and gives it time to clean up (Playwright SIGKILLs otherwise)', () => {
    const webServer = playwrightConfig.webServer;
    expect(webServer && !Array.isArray(webServer) && webServer.gracefulShutdown).toMatchObject({ signal: 'SIGTERM' });
    expect((webServer as { gracefulShutdown: { timeout: number } }).gracefulShutdown.timeout).toBeGreaterThanOrEqual(30_000);
  });

  it(
    'attack: a run stopped as Playwright stops it leaves no ccsl-e2e-* folder and no ccsl_e2e database',
    { timeout: 300_000 },
    async () => {
      const run = await startLikePlaywright();
      const pid = scriptPidOf();
      expect(pid).toBeGreaterThan(0);
      if (adminUrl) expect(await e2eDatabasesOf([pid])).toEqual([`ccsl_e2e_${pid}`]);
      else expect(leftFolders().some((n) => n.startsWith(`ccsl-e2e-${pid}-`))).toBe(true);
      await stopLikePlaywright(run);
      expect(leftFolders()).toEqual([]);
      expect(await e2eDatabasesOf([pid])).toEqual([]);
      expect(await portIsClosed(run.port, 5_000)).toBe(true);
    },
  );

  it(
    'attack: the script SIGKILLed outright: its server stops itself, and the next run removes what the killed one left',
    { timeout: 400_000 },
    async () => {
      const first = await startLikePlaywright();
      const firstPid = scriptPidOf();
      process.kill(-first.shell.pid!, 'SIGKILL');
      // The server, in its own process group, outlives the script only until it notices (half a second) and stops.
      expect(await portIsClosed(first.port, 60_000)).toBe(true);
      const second = await startLikePlaywright();
      const names = leftFolders();
      expect(names.filter((n) => n.includes(`-${firstPid}-`))).toEqual([]);
      expect(await e2eDatabasesOf([firstPid])).toEqual([]);
      const secondPid = Number(/-(\d+)-/.exec(names[0])?.[1]);
      await stopLikePlaywright(second);
      expect(leftFolders()).toEqual([]);
      expect(await e2eDatabasesOf([secondPid])).toEqual([]);
    },
  );
});
