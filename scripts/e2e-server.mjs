// The server the browser tests run against: a freshly built web app, demo mode, and a throwaway
// database (a new PGlite folder, or a new database on DATABASE_URL's server).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const port = process.env.E2E_PORT ?? '3100';
const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const env = { ...process.env, PORT: port, HOST: '127.0.0.1', NODE_ENV: 'test', DEMO_MODE: 'true', LOGIN_RATE_LIMIT: '10000', REGISTRATION_RATE_LIMIT: '10000', LOG_LEVEL: 'warn' };
let cleanup = async () => {};
if (process.env.DATABASE_URL) {
  const name = `ccsl_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  const dir = mkdtempSync(join(tmpdir(), 'ccsl-e2e-'));
  env.DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

// Audit seal heads outside the database, as in production (decisions/023).
const headsDir = mkdtempSync(join(tmpdir(), 'ccsl-e2e-heads-'));
env.AUDIT_HEAD_FILE = join(headsDir, 'audit-seal-heads.jsonl');
const cleanupDatabase = cleanup;
cleanup = async () => {
  await cleanupDatabase();
  rmSync(headsDir, { recursive: true, force: true });
};

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit', env });
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  await cleanup().catch(() => {});
  process.exit(code ?? 0);
});
