import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/shared/demo';
import { ROLE_API_SEGMENT, type TRole } from '../../src/shared/roles';
import { buildApp } from '../../src/server/app';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed/index';
import { loadConfig, type AppConfig } from '../../src/server/env';
import { testLogger } from './test-log';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * One app and one fresh database for a whole test file (call in beforeAll, close in afterAll).
 * The demo data is seeded unless `seed: false`.
 */
export async function createTestApp(
  options: { seed?: boolean; config?: Partial<AppConfig>; sharedDatabase?: DatabaseHandle } = {},
): Promise<TestApp> {
  const isSeedWanted = options.seed ?? true;
  // A second app on another app's database (e.g. the same bureau after a change of settings): closing it leaves the database open.
  const shared = options.sharedDatabase;
  let database: DatabaseHandle;
  if (shared) database = shared;
  else {
    const opened = await openTestDatabase(isSeedWanted ? 'seeded' : 'migrated');
    if (isSeedWanted && !opened.isSeeded) await seedIfEmpty(opened.db, { demoMode: true });
    database = opened;
  }
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test' }),
    loginRateLimit: 10_000,
    registrationRateLimit: 10_000,
    runScheduledJobs: false,
    ...options.config,
  };
  const app = await buildApp({ config, database, webDist: '/nonexistent-web-dist', logger: testLogger(config) });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

/** The `cookie` header value of a response's session cookie. */
export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'ccsl_session');
  if (!cookie || !cookie.value) throw new Error('no session cookie in the response');
  return `ccsl_session=${cookie.value}`;
}

export const DEMO_LOGIN: Record<TRole, string> = {
  system_admin: DEMO_ACCOUNTS.system_admin.username,
  business: DEMO_ACCOUNTS.business.username,
  regulator: DEMO_ACCOUNTS.regulator.username,
  consumer: DEMO_ACCOUNTS.consumer.nationalId,
};

/** Signs in through the role's own endpoint and returns the cookie header to send. */
export async function logInAs(app: FastifyInstance, role: TRole, username = DEMO_LOGIN[role], password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: `/api/${ROLE_API_SEGMENT[role]}/login`, payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login as ${role} failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}
