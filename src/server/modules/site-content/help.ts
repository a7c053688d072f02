import type { THelpItem } from '@shared/schemas/content';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { helpContent } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';

type HelpRow = typeof helpContent.$inferSelect;

/** A help row as the API answers it. */
export function toHelpItem(row: HelpRow): THelpItem {
  return {
    ...row,
    difficulty: row.difficulty as THelpItem['difficulty'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Published items; featured first, then newest. `whats_new` is an alias of the updates category. */
export async function listPublishedHelp(db: Database, category?: string): Promise<THelpItem[]> {
  const wanted = category === 'whats_new' ? 'updates' : category;
  const rows = await db
    .select()
    .from(helpContent)
    .where(and(eq(helpContent.isPublished, true), wanted ? eq(helpContent.category, wanted) : undefined))
    .orderBy(desc(helpContent.isFeatured), desc(helpContent.createdAt), asc(helpContent.id));
  return rows.map(toHelpItem);
}

/** Counts one view of a published guide; unpublished or unknown ids are 404. */
export async function recordHelpView(db: Database, id: number) {
  const rows = await db
    .update(helpContent)
    .set({ viewCount: sql`${helpContent.viewCount} + 1` })
    .where(and(eq(helpContent.id, id), eq(helpContent.isPublished, true)))
    .returning({ id: helpContent.id, viewCount: helpContent.viewCount });
  if (!rows[0]) throw notFound('Help article not found');
  return rows[0];
}
