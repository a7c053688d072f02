// The server the browser tests run against: a freshly built web app, demo mode, and a throwaway
// database (a new PGlite folder, or a new database on DATABASE_URL's server).
//
// Clean-up (nothing may be left behind after a run):
// - Playwright stops this script with SIGTERM to its process group (webServer.gracefulShutdown in
//   playwright.config.ts; without it Playwright sends SIGKILL and no clean-up can run). The server
//   runs in a process group of its own, so it is signalled once, by this script; when it has exited
//   the throwaway database and folders are removed, then this script exits.
// - If this script is killed outright (SIGKILL), the server notices its parent is gone and stops
//   itself, and the next run removes what the killed one left: every folder and database it makes
//   carries its process id (ccsl-e2e-<pid>-*, ccsl-e2e-heads-<pid>-*, ccsl_e2e_<pid>), and those of
//   a process that no longer runs are removed at start.
// E2E_SKIP_BUILD=1 skips the web build (the clean-up test needs no pages).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const port = process.env.E2E_PORT ?? '3100';
/** How long the server may take to stop before it is killed (its own grace is 25 s). */
const STOP_TIMEOUT_MS = 40_000;

let server = null;
let isStopping = false;
let cleanup = async () => {};

async function finish(code) {
  await cleanup().catch((error) => console.warn(`e2e server: clean-up failed: ${error?.message ?? error}`));
  process.exit(code);
}

function onSignal(signal) {
  if (isStopping) return;
  isStopping = true;
  if (!server || server.exitCode !== null || server.signalCode !== null) {
    void finish(0);
    return;
  }
  server.kill(signal);
  setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS).unref();
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => onSignal(signal));

/** A process that exists and is not a zombie (a killed process may wait a while to be reaped). */
const isRunning = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // No /proc (not Linux), or no such process.
  }
  try {
    process.kill(pid, 0);
    return !existsSync('/proc/self');
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Folders of earlier runs whose script no longer runs (killed before its clean-up). */
function removeLeftoverFolders() {
  for (const name of readdirSync(tmpdir())) {
    const match = /^ccsl-e2e-(?:heads-)?(\d+)-/.exec(name);
    if (match && Number(match[1]) !== process.pid && !isRunning(Number(match[1])))
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

const build =
  process.env.E2E_SKIP_BUILD === '1'
    ? { status: 0 }
    : spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (isStopping) process.exit(0);

removeLeftoverFolders();
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  DEMO_MODE: 'true',
  LOGIN_RATE_LIMIT: '10000',
  REGISTRATION_RATE_LIMIT: '10000',
  LOG_LEVEL: 'warn',
};
const cleanups = [];
cleanup = async () => {
  for (const step of cleanups.reverse()) await step();
};
if (process.env.DATABASE_URL) {
  const name = `ccsl_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  // Databases of earlier runs whose script no longer runs.
  const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname ~ '^ccsl_e2e_[0-9]+$'`);
  for (const { datname } of rows) {
    if (datname === name || !isRunning(Number(datname.slice('ccsl_e2e_'.length))))
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  const dir = mkdtempSync(join(tmpdir(), `ccsl-e2e-${process.pid}-`));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  env.DATA_DIR = dir;
}

// Audit seal heads outside the database, as in production (decisions/023).
const headsDir = mkdtempSync(join(tmpdir(), `ccsl-e2e-heads-${process.pid}-`));
cleanups.push(async () => rmSync(headsDir, { recursive: true, force: true }));
env.AUDIT_HEAD_FILE = join(headsDir, 'audit-seal-heads.jsonl');
if (isStopping) await finish(0);

// Loaded into the server before its code: it stops itself (SIGTERM, once) when this script is gone.
const watchParent = `const parent = process.ppid; let told = false;
setInterval(() => { if (!told && process.ppid !== parent) { told = true; process.kill(process.pid, 'SIGTERM'); } }, 500).unref();`;
server = spawn(
  process.execPath,
  ['--import', `data:text/javascript,${encodeURIComponent(watchParent)}`, '--import', 'tsx', 'src/server/main.ts'],
  {
    stdio: 'inherit',
    env,
    detached: true,
  },
);
server.on('exit', (code) => void finish(isStopping ? 0 : (code ?? 1)));
