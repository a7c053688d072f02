import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed/index';
import { buildApp } from './app';
import { EnvironmentError, loadConfig } from './env';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  await database.migrate();
  await seedIfEmpty(database.db, { demoMode: config.demoMode });

  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
  });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`\nCreditCheck SL is running at http://localhost:${config.port} (database: ${where}${config.demoMode ? ', demo mode' : ''})\n`);
}

main().catch((error) => {
  if (error instanceof EnvironmentError) {
    console.error(error.message);
  } else {
    console.error('CreditCheck SL could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
