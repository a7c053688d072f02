// `npm run db:migrate`: applies the committed migrations to the configured database.
import { loadConfig } from '../env';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
