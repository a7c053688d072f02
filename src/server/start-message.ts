import type { AppConfig } from './env';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * What the server prints once it listens: where to open it, and in demo mode who can reach it. The
 * demo's passwords are published (README), so demo mode listens on 127.0.0.1 unless HOST is set
 * (env.ts); the line says how to open it to the network, or warns that it is open.
 */
export function startMessage(config: Pick<AppConfig, 'host' | 'port' | 'demoMode' | 'databaseUrl' | 'dataDir'>): string {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const shownHost = LOOPBACK.has(config.host) || config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    `CreditCheck SL is running at http://${shownHost}:${config.port} (database: ${where}${config.demoMode ? ', demo mode' : ''})`,
  ];
  if (config.demoMode && LOOPBACK.has(config.host)) {
    lines.push(
      `Demo mode listens on ${config.host} only (its passwords are published): to open it to the network, start it with HOST=0.0.0.0.`,
    );
  } else if (config.demoMode) {
    lines.push(
      `Demo mode is open to the network on ${config.host}: anyone who can reach this address can sign in with the published demo passwords.`,
    );
  }
  return `\n${lines.join('\n')}\n`;
}
