import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the app applies them at start
// on PGlite and on PostgreSQL alike (see docs/decisions/002-one-schema-two-engines.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
