// `npm run db:seed`: applies migrations, then seeds the database if it holds no users yet.
import { loadConfig } from '../env';
import { openDatabase } from './client';
import { seedIfEmpty } from './seed/index';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const { seeded } = await database.withStartupLock(() => seedIfEmpty(database.db, { demoMode: config.demoMode }));
await database.close();
console.log(seeded ? `Seeded (${config.demoMode ? 'with' : 'without'} demo data).` : 'The database already has users; nothing seeded.');
