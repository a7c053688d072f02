// `npm run db:migrate`: applies the committed migrations to the configured database, as the
// tables' owner (DATABASE_OWNER_URL) when it is set; DATABASE_URL's role then gets its grants.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../env';
import { openDatabase } from './client';
import { z } from 'zod';
import { queryParsedRows } from './query';
import { grantApplicationRole } from './roles';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseOwnerUrl ?? config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (config.databaseOwnerUrl && config.databaseUrl) {
  const app = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: 1 });
  const [{ role }] = await queryParsedRows(app.db, z.object({ role: z.string() }), sql`SELECT current_user AS role`);
  await app.close();
  await grantApplicationRole(database.db, role);
  console.log(`Privileges granted to the application role ${role}.`);
}
await database.close();
console.log(`Migrations applied (${database.kind}).`);
