import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { readTemplate, type TemplateKind } from './database-templates';

/**
 * A fresh throwaway database, migrated (and seeded with the demo data for kind 'seeded'): a clone
 * of this run's template when there is one, built from scratch otherwise. In-memory PGlite, or,
 * when DATABASE_URL is set, a new database on that server that is dropped again on close.
 */
export async function openTestDatabase(kind: TemplateKind = 'migrated'): Promise<DatabaseHandle & { isSeeded: boolean }> {
  const template = readTemplate(kind);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (template && existsSync(template)) {
      const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(template)]) });
      return Object.assign(handle, { isSeeded: kind === 'seeded' });
    }
    const handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return Object.assign(handle, { isSeeded: false });
  }
  const name = `ccsl_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
  if (!template) await handle.migrate();
  const close = handle.close;
  handle.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return Object.assign(handle, { isSeeded: Boolean(template) && kind === 'seeded' });
}
