import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed/index';
import { TEMPLATE_DIR, templateDatabaseName, type TemplateIndex } from '../helpers/database-templates';

/**
 * Vitest global setup: migrates (and seeds) two template databases once per run, so each test file
 * clones one in seconds instead of applying every migration and the demo seed again.
 * PGlite: dumped data folders; PostgreSQL: databases used with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const adminUrl = process.env.DATABASE_URL;
  const index: TemplateIndex = {};
  if (!adminUrl) {
    for (const kind of ['migrated', 'seeded'] as const) {
      const handle = await openDatabase({ dataDir: 'memory://' });
      await handle.migrate();
      if (kind === 'seeded') await seedIfEmpty(handle.db, { demoMode: true });
      const dump = await handle.pglite!.dumpDataDir('gzip');
      const file = `${TEMPLATE_DIR}/pglite-${kind}-${process.pid}.tar.gz`;
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      await handle.close();
      index[kind] = file;
    }
    project.provide('databaseTemplates', index);
    return () => {
      for (const file of Object.values(index)) rmSync(file, { force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const kind of ['migrated', 'seeded'] as const) {
    const name = templateDatabaseName(kind);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
    await handle.migrate();
    if (kind === 'seeded') await seedIfEmpty(handle.db, { demoMode: true });
    await handle.close();
    index[kind] = name;
  }
  await admin.end();
  project.provide('databaseTemplates', index);
  return async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    for (const name of Object.values(index)) await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
}
