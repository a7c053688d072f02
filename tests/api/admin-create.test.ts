import { spawn } from 'node:child_process';
import { TEST_CERTIFICATE_SIGNING_KEY } from '../helpers/certificate-key';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/query';
import { startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server-process';

/**
 * The reproduction (issue "Operable from day one", item 1): a production install from the docs.
 * Without demo mode the seed creates no user, invitations need an administrator, and nothing
 * created the first one, so nobody could ever sign in. `npm run admin:create` creates it on the
 * configured database (an empty one here: the command migrates it first), and that administrator
 * signs in on a production-mode server. The attacks on the command: a weak password, and taking
 * over an existing administrator's username or email, are refused without creating anything.
 * On PostgreSQL in the PostgreSQL run (a new empty database), on a PGlite folder otherwise.
 */

const folder = tempDataDir();
const PRODUCTION = {
  NODE_ENV: 'production',
  DEMO_MODE: 'false',
  SESSION_SECRET: 's'.repeat(40),
  AUDIT_SEAL_KEY: 'k'.repeat(40),
  CERTIFICATE_SIGNING_KEY: TEST_CERTIFICATE_SIGNING_KEY,
  PAYMENT_PROVIDER: 'sandbox',
  SMS_PROVIDER: 'sandbox',
  DATA_DIR: folder.dir,
  AUDIT_HEAD_FILE: join(folder.dir, 'audit-seal-heads.jsonl'),
  SCHEDULED_JOBS: 'false',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
};
const PASSWORD = 'Kissy-Road-Ledger-42';

const adminUrl = process.env.DATABASE_URL;
const databaseName = `ccsl_admin_create_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
let server: ServerProcess | undefined;

function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'admin:create', '--', ...args], {
      env: { ...process.env, ...PRODUCTION, DATABASE_URL: databaseUrl, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function openConfigured(): Promise<DatabaseHandle> {
  return databaseUrl ? openDatabase({ databaseUrl, poolMax: 1 }) : openDatabase({ dataDir: folder.dir });
}

beforeAll(async () => {
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  if (adminUrl) {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await dropper.end();
  }
  folder.remove();
});

describe('npm run admin:create: the first administrator of a production install', () => {
  it('refuses a weak password (common, or too short) with a clear message and a non-zero exit, before touching the database', async () => {
    const common = await runCommand(['--username', 'root-admin', '--email', 'ops@creditcheck.sl'], { ADMIN_PASSWORD: 'password1' });
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('No administrator created');
    expect(common.stderr).toContain('password: This password is one of the most commonly used');
    const short = await runCommand(['--username', 'root-admin', '--email', 'ops@creditcheck.sl'], { ADMIN_PASSWORD: 'Kx-7' });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('password: Password must be at least 8 characters');
    const noPassword = await runCommand(['--username', 'root-admin', '--email', 'ops@creditcheck.sl'], { ADMIN_PASSWORD: '' });
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain('set ADMIN_PASSWORD');
    const usage = await runCommand(['--username', 'root-admin'], { ADMIN_PASSWORD: PASSWORD });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin:create -- --username <name> --email <address>');
  }, 180_000);

  it('creates the administrator on an empty database (migrating it first), audited in the same transaction', async () => {
    const created = await runCommand(['--username', 'Root-Admin', '--email', 'Ops@CreditCheck.sl', '--full-name', 'Fatmata Conteh'], {
      ADMIN_PASSWORD: PASSWORD,
    });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Administrator root-admin <ops@creditcheck.sl> created');

    const database = await openConfigured();
    try {
      const rows = await queryRows<{ id: string; role: string; status: string; full_name: string }>(
        database.db,
        sql`SELECT u.id, u.role, u.status, s.full_name FROM users u JOIN staff_profiles s ON s.user_id = u.id WHERE u.username = 'root-admin'`,
      );
      expect(rows).toEqual([expect.objectContaining({ role: 'system_admin', status: 'active', full_name: 'Fatmata Conteh' })]);
      const events = await queryRows<{ action: string; details: unknown }>(
        database.db,
        sql`SELECT action, details FROM audit_events WHERE target_type = 'user' AND target_id = ${rows[0].id}`,
      );
      expect(events.map((e) => e.action)).toEqual(['admin.administrator_created']);
      expect(JSON.stringify(events[0].details)).not.toContain(PASSWORD);
      const [{ count }] = await queryRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM users`);
      expect(count).toBe(1);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses an existing username or email (taking over an administrator) with a clear message and a non-zero exit', async () => {
    const sameName = await runCommand(['--username', 'root-admin', '--email', 'someone-else@creditcheck.sl'], {
      ADMIN_PASSWORD: 'Another-Long-Phrase-77',
    });
    expect(sameName.code).toBe(1);
    expect(sameName.stderr).toContain('username: An administrator with this username already exists');
    const sameEmail = await runCommand(['--username', 'second-admin', '--email', 'OPS@creditcheck.sl'], {
      ADMIN_PASSWORD: 'Another-Long-Phrase-77',
    });
    expect(sameEmail.code).toBe(1);
    expect(sameEmail.stderr).toContain('email: An administrator with this email already exists');

    const database = await openConfigured();
    try {
      const [{ count }] = await queryRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM users`);
      expect(count).toBe(1);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('the administrator signs in on a production-mode server (no demo mode) and reaches /api/admin/me', async () => {
    server = await startServerProcess({ ...PRODUCTION, DATABASE_URL: databaseUrl });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root-admin', password: PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const me = await fetch(`${server.url}/api/admin/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ role: 'system_admin', username: 'root-admin' });
    // Production has no demo account to fall back on.
    const demo = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo-admin', password: 'CreditCheck-demo-1' }),
    });
    expect(demo.status).toBe(401);
  }, 180_000);
});
