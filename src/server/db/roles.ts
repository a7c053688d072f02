import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client';
import { z } from 'zod';
import { queryParsedRows } from './query';
import { seedIfEmpty } from './seed/index';

/** The audit log: the application role may read and append, never rewrite (decisions/023). */
const AUDIT_TABLES = ['audit_events', 'audit_seals'] as const;

const quoteRole = (role: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(role)) throw new Error(`Not a plain role name: ${role}`);
  return `"${role}"`;
};

/**
 * Run as the tables' owner after the migrations: gives the application's role what it needs and no
 * more. Every table: SELECT, INSERT, UPDATE, DELETE; the audit tables: SELECT and INSERT only,
 * plus UPDATE of audit_events.seal_id for the sealer (the append-only trigger lets it be set once).
 * The role owns nothing, so it cannot TRUNCATE, DROP, ALTER or turn a trigger off. Default
 * privileges cover tables a later migration adds; this runs again at every start anyway.
 */
export async function grantApplicationRole(ownerDb: DatabaseHandle['db'], role: string): Promise<void> {
  const r = quoteRole(role);
  const [{ owner }] = await queryParsedRows(ownerDb, z.object({ owner: z.string() }), sql`SELECT current_user AS owner`);
  if (owner === role)
    throw new Error('The application role must not be the owner of the tables (DATABASE_URL and DATABASE_OWNER_URL name the same role)');
  const audit = AUDIT_TABLES.join(', ');
  await ownerDb.transaction(async (tx) => {
    for (const statement of [
      `GRANT USAGE ON SCHEMA public TO ${r}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
      `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
      `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${audit} FROM ${r}`,
      `GRANT UPDATE (seal_id) ON audit_events TO ${r}`,
      // The migrations table: read by backups and health checks, never written by the application.
      `GRANT USAGE ON SCHEMA drizzle TO ${r}`,
      `GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${r}`,
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${r}`,
    ]) {
      await tx.execute(sql.raw(statement));
    }
  });
}

/**
 * Start-up work before listening: migrations and seeding, as the owner when DATABASE_OWNER_URL is
 * set (then the application's role from DATABASE_URL gets its grants), otherwise on `database`.
 */
export async function prepareDatabase(database: DatabaseHandle, options: { ownerUrl?: string; demoMode: boolean }): Promise<void> {
  if (!options.ownerUrl || database.kind !== 'postgres') {
    await database.migrate();
    await database.withStartupLock(() => seedIfEmpty(database.db, { demoMode: options.demoMode }));
    return;
  }
  const owner = await openDatabase({ databaseUrl: options.ownerUrl, poolMax: 2 });
  try {
    await owner.migrate();
    await owner.withStartupLock(async () => {
      await seedIfEmpty(owner.db, { demoMode: options.demoMode });
      const [{ role }] = await queryParsedRows(database.db, z.object({ role: z.string() }), sql`SELECT current_user AS role`);
      await grantApplicationRole(owner.db, role);
    });
  } finally {
    await owner.close();
  }
}
