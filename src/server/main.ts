import { buildApp } from './app';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/roles';
import { EnvironmentError, loadConfig } from './env';
import { buildLoggerOptions } from './logging';
import { startMessage } from './start-message';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  // Migrations and seeding come before listening: until then a readiness probe finds no server
  // (modules may touch their tables when the app becomes ready). Instances take turns here.
  // With DATABASE_OWNER_URL, as the tables' owner; DATABASE_URL's role then owns nothing (docs/operations.md).
  await prepareDatabase(database, { ownerUrl: config.databaseOwnerUrl, demoMode: config.demoMode });
  const app = await buildApp({ config, database, logger: buildLoggerOptions(config) });
  await app.listen({ port: config.port, host: config.host });

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing those in flight');
    app.readiness.isReady = false;
    app.readiness.reason = 'shutting_down';
    const force = setTimeout(() => {
      app.log.error('requests still running after the grace period; closing anyway');
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  console.log(startMessage(config));
}

main().catch((error) => {
  if (error instanceof EnvironmentError) {
    console.error(error.message);
  } else {
    console.error('CreditCheck SL could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
