import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { z } from 'zod';
import { numberColumn, queryParsedRows } from '../query';
import { helpContent, managedContent } from '../schema/index';
import { HELP_ARTICLES } from './help-articles';
import { LANDING_CONTENT } from './landing-content';

/** Landing text and help articles are part of the product: seeded into empty tables in every mode. */
export async function seedContentIfEmpty(db: Database) {
  const [counts] = await queryParsedRows(
    db,
    z.object({ cms: numberColumn, help: numberColumn }),
    sql`SELECT (SELECT count(*)::int FROM managed_content) AS cms, (SELECT count(*)::int FROM help_content) AS help`,
  );
  if (Number(counts.cms) === 0) await db.insert(managedContent).values(LANDING_CONTENT);
  if (Number(counts.help) === 0) {
    const now = Date.now();
    await db.insert(helpContent).values(
      // Spread creation times a day apart so "newest first" follows the list's order.
      HELP_ARTICLES.map((a, i) => ({
        ...a,
        isPublished: true,
        createdAt: new Date(now - i * 86_400_000),
        updatedAt: new Date(now - i * 86_400_000),
      })),
    );
  }
}
