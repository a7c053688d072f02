import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the rest of the server sees, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The pg pool (PostgreSQL only), for pool metrics and COPY. */
  pool?: pg.Pool;
  /** The PGlite instance (PGlite only). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  /** Runs start-up work (migrations, seeding) one instance at a time. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... selects PostgreSQL; absent selects PGlite. */
  databaseUrl?: string;
  /** PGlite data folder, or "memory://" for a throwaway in-memory database. */
  dataDir?: string;
  /** PGlite only: start from a dumped data folder (tests clone a migrated, seeded template). */
  loadDataDir?: Blob;
  poolMax?: number;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: several instances starting together take turns migrating and seeding.
const STARTUP_LOCK_ID = 7_232_001;

// DATE columns come back as 'YYYY-MM-DD' text rather than a Date shifted by the time zone.
pg.types.setTypeParser(1082, (v) => v);
// NUMERIC (money) stays text so no amount passes through a float.
pg.types.setTypeParser(1700, (v) => v);

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10);
  return openPglite(options.dataDir ?? './data', options.loadDataDir);
}

async function openPostgres(url: string, poolMax: number): Promise<DatabaseHandle> {
  // A server that does not answer fails a request in 5 s (503 DATABASE_UNAVAILABLE) instead of
  // holding it forever (pg's default is no limit).
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5_000 });
  // A broken idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  // A session-level advisory lock held on one dedicated connection while the work uses the pool.
  async function withStartupLock<T>(work: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
      client.release();
    }
  }
  return {
    db,
    kind: 'postgres',
    pool,
    withStartupLock,
    migrate: () => withStartupLock(() => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER })),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm, fuzzystrmatch }, loadDataDir });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite,
    async migrate() {
      await migratePglite(drizzlePglite({ client: pglite, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    // One process owns a PGlite folder: nothing to take turns with.
    withStartupLock: (work) => work(),
    close: () => pglite.close(),
  };
}
