// PostgreSQL only (skipped on PGlite, which has one superuser): the application runs as a role that
// owns no table, migrations and seeding run as the owner (decisions/023, docs/operations.md).
// Reproduction (issue "Every credit file protected", item 4): anyone with the application's
// database access could rewrite the audit log, because the application connected as the tables'
// owner: UPDATE, DELETE, TRUNCATE and ALTER TABLE ... DISABLE TRIGGER all worked. As the
// application's role they must all fail, while the application itself still works.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/query';
import { prepareDatabase } from '../../src/server/db/roles';
import { loadConfig, type AppConfig } from '../../src/server/env';
import { recordAuditEvent } from '../../src/server/modules/audit/record';
import { sealAllPendingEvents } from '../../src/server/modules/audit/seal';
import { testLogger } from '../helpers/test-log';
import { logInAs } from '../helpers/test-app';

const adminUrl = process.env.DATABASE_URL;
const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
const OWNER = `ccsl_owner_${suffix}`;
const APP = `ccsl_app_${suffix}`;
const DB = `ccsl_roles_${suffix}`;
const KEY = 'roles-test-audit-seal-key-0123456789abcdef';

const urlAs = (role: string) => {
  const url = new URL(adminUrl!);
  url.username = role;
  url.password = '';
  url.pathname = `/${DB}`;
  return url.toString();
};

async function asAdmin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('the application as a PostgreSQL role that owns no table', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let headDir: string;
  let config: AppConfig;

  beforeAll(async () => {
    await asAdmin(`CREATE ROLE ${OWNER} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB`);
    await asAdmin(`CREATE ROLE ${APP} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB`);
    await asAdmin(`CREATE DATABASE ${DB} OWNER ${OWNER}`);
    headDir = mkdtempSync(join(tmpdir(), 'ccsl-roles-heads-'));
    config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      databaseUrl: urlAs(APP),
      databaseOwnerUrl: urlAs(OWNER),
      loginRateLimit: 10_000,
      runScheduledJobs: false,
      auditSealKey: KEY,
      auditHeadFile: join(headDir, 'heads.jsonl'),
    };
    // What main.ts does at start: the application's own connection, migrations and seed as the owner.
    database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: 4 });
    await prepareDatabase(database, { ownerUrl: config.databaseOwnerUrl, demoMode: true });
    app = await buildApp({ config, database, webDist: '/nonexistent-web-dist', logger: testLogger(config) });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await asAdmin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await asAdmin(`DROP ROLE IF EXISTS ${APP}`);
    await asAdmin(`DROP ROLE IF EXISTS ${OWNER}`);
    rmSync(headDir, { recursive: true, force: true });
  });

  /** The database's own message for a refused statement ('' if it ran). */
  async function refusal(statement: ReturnType<typeof sql.raw>): Promise<string> {
    try {
      await database.db.execute(statement);
      return '';
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause;
      return cause?.message ?? (error as Error).message;
    }
  }

  it('connects as the application role, which owns no table', async () => {
    const [{ role }] = await queryRows<{ role: string }>(database.db, sql`SELECT current_user AS role`);
    expect(role).toBe(APP);
    const [{ owned }] = await queryRows<{ owned: number }>(
      database.db,
      sql`SELECT count(*)::int AS owned FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user`,
    );
    expect(owned).toBe(0);
  });

  it('works as that role: sign-in for every role, a search, a report, a recorded event, sealing, verify and the head export', async () => {
    const business = await logInAs(app, 'business');
    const admin = await logInAs(app, 'system_admin');
    const regulator = await logInAs(app, 'regulator');
    await logInAs(app, 'consumer');
    const search = await app.inject({
      method: 'POST',
      url: '/api/credit/search',
      headers: { cookie: business },
      payload: { purpose: 'credit_application', nationalId: 'DEMO0001' },
    });
    expect(search.statusCode).toBe(200);
    const subjectId = search.json().candidates[0].subjectId as string;
    const report = await app.inject({
      method: 'POST',
      url: '/api/credit/reports',
      headers: { cookie: business },
      payload: { subjectId, purpose: 'credit_application', consent: true },
    });
    expect(report.statusCode).toBe(200);
    await recordAuditEvent(database.db, { action: 'test.as_application_role', details: { ok: true } });
    expect(await sealAllPendingEvents(database.db, { key: KEY, headFile: config.auditHeadFile })).toBeGreaterThan(0);
    const verify = (await app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: { cookie: admin } })).json();
    expect(verify).toMatchObject({ valid: true, outsideHeadChecked: true });
    expect(verify.outsideHead.sealHash).toBe(verify.latestSeal.sealHash);
    const heads = await app.inject({ method: 'GET', url: '/api/regulators/audit/seal-heads', headers: { cookie: regulator } });
    expect(heads.json().heads.length).toBeGreaterThan(0);
    for (const url of ['/api/admin/overview', '/api/regulators/overview']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: url.includes('admin') ? admin : regulator } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  for (const table of ['audit_events', 'audit_seals']) {
    it(`refuses UPDATE, DELETE, TRUNCATE, DROP and turning the triggers off on ${table}, as the application role`, async () => {
      const [{ n }] = await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
      expect(n).toBeGreaterThan(0);
      const column = table === 'audit_events' ? 'action' : 'seal_hash';
      const attempts = [
        `UPDATE ${table} SET ${column} = 'rewritten'`,
        `DELETE FROM ${table}`,
        `TRUNCATE ${table} CASCADE`,
        `ALTER TABLE ${table} DISABLE TRIGGER USER`,
        `ALTER TABLE ${table} DISABLE TRIGGER ALL`,
        `DROP TABLE ${table} CASCADE`,
      ];
      for (const attempt of attempts) expect(await refusal(sql.raw(attempt)), attempt).toMatch(/permission denied|must be owner/);
      if (table === 'audit_events') {
        // The sealer's one update (a column privilege): allowed once by the trigger, never again.
        expect(await refusal(sql`UPDATE audit_events SET seal_id = NULL WHERE seal_id IS NOT NULL`)).toMatch(/append-only/);
      }
      const [{ after }] = await queryRows<{ after: number }>(database.db, sql.raw(`SELECT count(*)::int AS after FROM ${table}`));
      expect(after).toBe(n);
    });
  }
});
