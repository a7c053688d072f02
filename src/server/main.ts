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
  // Requests being answered, counted where Node sees them (from the request's headers to the last
  // byte of its answer, or its connection's end): a shutdown exits once none is left.
  let inFlight = 0;
  let onDrained = () => {};
  app.server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) onDrained();
    });
  });
  await app.listen({ port: config.port, host: config.host });

  /**
   * SIGTERM (a rolling restart): the instance keeps listening while it drains, so a request that
   * still reaches it gets 503 with Retry-After (plugins/readiness.ts) rather than a refused
   * connection; /api/ready answers 503 so the proxy stops sending; every answer from now on has
   * `Connection: close`; idle keep-alive connections are closed at once. When the last request in
   * flight is answered, the server closes and the process exits 0. After SHUTDOWN_GRACE_SECONDS it
   * exits 1 whatever is still running.
   */
  let isShuttingDown = false;
  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal, inFlight }, 'shutting down: new requests get 503, finishing those in flight');
    app.readiness.isReady = false;
    app.readiness.reason = 'shutting_down';
    const force = setTimeout(() => {
      app.log.error({ inFlight }, 'requests still running after the grace period; closing anyway');
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    let isClosing = false;
    onDrained = () => {
      if (isClosing) return;
      isClosing = true;
      void (async () => {
        try {
          await app.close();
          await database.close();
          process.exit(0);
        } catch (error) {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        }
      })();
    };
    app.server.closeIdleConnections();
    if (inFlight === 0) onDrained();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

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
