// The database a benchmark runs against: a registry of N generated people, kept between runs.
//
// PostgreSQL (DATABASE_URL set): a database named ccsl_bench_<N> on the same server, created and
// filled on the first run and reused afterwards (--fresh drops it). PGlite: a data folder
// .bench-data/pglite-<N>. Generating 1,000,000 people takes minutes; measuring takes seconds, so
// the registry is kept and every run says whether it generated or reused it.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/query';
import { writeRegistry } from '../../src/server/db/seed/registry/write-registry';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** What the server is started with: DATABASE_URL or DATA_DIR. */
  serverEnv: Record<string, string>;
  kind: 'postgres' | 'pglite';
  generatedSeconds: number | null;
}

export const BENCH_SEED = 42;
export const BENCH_AS_OF = new Date('2026-10-31T12:00:00Z');

/**
 * The URL of the registry `npm run bench -- --people <people>` made and kept on the PostgreSQL of
 * DATABASE_URL (ccsl_bench_<people>), for the scripts that read it; `what` says why in the error
 * when DATABASE_URL is not set.
 */
export function keptRegistryUrl(people: number, what: string): string {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error(`Set DATABASE_URL: ${what}`);
  const url = new URL(adminUrl);
  url.pathname = `/ccsl_bench_${people}`;
  return url.toString();
}

async function createPostgresDatabase(adminUrl: string, name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function countPeople(handle: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM credit_subjects`);
  return Number(row?.n ?? 0);
}

export async function openBenchDatabase(people: number, options: { fresh: boolean; log: (line: string) => void }): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  let serverEnv: Record<string, string>;
  if (adminUrl) {
    const url = await createPostgresDatabase(adminUrl, `ccsl_bench_${people}`, options.fresh);
    handle = await openDatabase({ databaseUrl: url, poolMax: 4 });
    serverEnv = { DATABASE_URL: url };
  } else {
    const dir = `.bench-data/pglite-${people}`;
    if (options.fresh) rmSync(dir, { recursive: true, force: true });
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    handle = await openDatabase({ dataDir: dir });
    serverEnv = { DATA_DIR: dir };
  }
  await handle.migrate();
  const present = await countPeople(handle);
  let generatedSeconds: number | null = null;
  if (present < people) {
    if (present > 0) throw new Error(`The bench database holds ${present} people, fewer than ${people}: run again with --fresh.`);
    options.log(`Generating ${people.toLocaleString('en')} people into ${handle.kind} (kept for later runs; --fresh regenerates)...`);
    let lastReport = 0;
    const result = await writeRegistry(handle, {
      people,
      seed: BENCH_SEED,
      asOf: BENCH_AS_OF,
      rebuildIndexes: people >= 500_000,
      batchSize: handle.kind === 'postgres' ? 20_000 : 5_000,
      onProgress(written) {
        if (written - lastReport >= 100_000 || written === people) {
          lastReport = written;
          options.log(`  ${written.toLocaleString('en')} people`);
        }
      },
    });
    generatedSeconds = result.milliseconds / 1000;
    options.log(
      `Generated ${result.people.toLocaleString('en')} people, ${result.accounts.toLocaleString('en')} accounts, ` +
        `${result.inquiries.toLocaleString('en')} inquiries in ${generatedSeconds.toFixed(0)} s.`,
    );
  } else {
    options.log(`Reusing the registry of ${present.toLocaleString('en')} people in ${handle.kind} (--fresh regenerates it).`);
  }
  // Autovacuum is off on these machines (and PGlite has none): without this a registry just written
  // has no visibility map and stale statistics, and every read pays for it (a report measured 5.1 ms
  // of CPU on a fresh registry, 3.1 ms after a VACUUM, docs/performance.md). Production runs autovacuum.
  const vacuumStart = performance.now();
  await handle.db.execute(sql`VACUUM (ANALYZE)`);
  options.log(`VACUUM (ANALYZE) of the registry in ${((performance.now() - vacuumStart) / 1000).toFixed(0)} s.`);
  return { handle, serverEnv, kind: handle.kind, generatedSeconds };
}
