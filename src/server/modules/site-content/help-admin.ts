import type { ZHelpArticleFormSchema } from '@shared/schemas/admin';
import type { THelpItem } from '@shared/schemas/content';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { helpContent } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { toHelpItem } from './help';

// The help centre as the administrator manages it: drafts, edits and publishing.

/** Every article, drafts too (the public route lists published ones only). */
export async function listAllHelp(db: Database): Promise<THelpItem[]> {
  const rows = await db.select().from(helpContent).orderBy(asc(helpContent.category), asc(helpContent.id));
  return rows.map(toHelpItem);
}

type HelpInput = z.output<typeof ZHelpArticleFormSchema>;

export async function createHelpArticle(db: Database, input: HelpInput, context: AuditContext): Promise<THelpItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(helpContent)
      .values({ ...input, tags: [...new Set(input.tags)], isPublished: false })
      .returning();
    await recordAuditEvent(tx, {
      action: 'admin.help_created',
      ...context,
      targetType: 'help_article',
      targetId: String(row.id),
      details: { title: row.title, category: row.category },
    });
    return toHelpItem(row);
  });
}

export async function updateHelpArticle(db: Database, id: number, input: HelpInput, context: AuditContext): Promise<THelpItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(helpContent)
      .set({ ...input, tags: [...new Set(input.tags)], updatedAt: new Date() })
      .where(eq(helpContent.id, id))
      .returning();
    if (!row) throw notFound('Help article not found');
    await recordAuditEvent(tx, {
      action: 'admin.help_updated',
      ...context,
      targetType: 'help_article',
      targetId: String(id),
      details: { title: row.title, version: row.version },
    });
    return toHelpItem(row);
  });
}

export async function setHelpPublished(db: Database, id: number, isPublished: boolean, context: AuditContext): Promise<THelpItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(helpContent).set({ isPublished, updatedAt: new Date() }).where(eq(helpContent.id, id)).returning();
    if (!row) throw notFound('Help article not found');
    await recordAuditEvent(tx, {
      action: isPublished ? 'admin.help_published' : 'admin.help_unpublished',
      ...context,
      targetType: 'help_article',
      targetId: String(id),
      details: { title: row.title },
    });
    return toHelpItem(row);
  });
}
