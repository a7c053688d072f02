import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { z } from 'zod';
import { numberColumn, queryParsedRows } from '../query';
import { analyseTables } from '../statistics';
import { seedContentIfEmpty } from './content';
import { seedDemoEnterprise } from './demo-enterprise';
import { seedDemoRegistry } from './demo-registry';
import { seedDemoScoreHistory } from './demo-score-history';
import { seedDemoUsers } from './demo-users';

export interface SeedOptions {
  demoMode: boolean;
}

/**
 * Seeds once, into an empty database. Content (help articles, landing text) is part of the
 * product; demo accounts and sample records only exist in demo mode. Every table is analysed after
 * seeding (db/statistics.ts).
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<{ seeded: boolean }> {
  await seedContentIfEmpty(db);
  const [row] = await queryParsedRows(db, z.object({ count: numberColumn }), sql`SELECT count(*)::int AS count FROM users`);
  if (Number(row?.count ?? 0) > 0) return { seeded: false };
  if (options.demoMode) {
    await seedDemoUsers(db);
    await seedDemoEnterprise(db);
    await seedDemoRegistry(db);
    await seedDemoScoreHistory(db);
  }
  // Statistics for the planner at once, outside the seed's writes: without them a freshly seeded
  // database plans every query for empty tables until autovacuum (absent on PGlite) catches up.
  await analyseTables(db);
  return { seeded: true };
}
