import { CMS_KEYS, type TAdminContent, type TContentUpdate } from '@shared/schemas/admin';
import { CMS_SECTIONS } from '@shared/schemas/content';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { managedContent } from '../../db/schema/index';
import { recordAuditEvent, type AuditContext } from '../audit';

// The landing page's managed texts as the administrator edits them.

export async function listAdminContent(db: Database): Promise<TAdminContent> {
  const rows = await db.select().from(managedContent);
  const items = CMS_SECTIONS.flatMap((section) =>
    CMS_KEYS[section].map((key) => {
      const row = rows.find((r) => r.section === section && r.key === key);
      return { section, key, content: row?.content ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
    }),
  );
  return { items };
}

/** Sets one landing-page text; empty text removes it so the page shows its built-in default. */
export async function updateContent(db: Database, input: TContentUpdate, context: AuditContext): Promise<TAdminContent> {
  await db.transaction(async (tx) => {
    if (input.content === '') {
      await tx.delete(managedContent).where(sql`${managedContent.section} = ${input.section} AND ${managedContent.key} = ${input.key}`);
    } else {
      await tx
        .insert(managedContent)
        .values({ section: input.section, key: input.key, content: input.content })
        .onConflictDoUpdate({
          target: [managedContent.section, managedContent.key],
          set: { content: input.content, updatedAt: new Date() },
        });
    }
    await recordAuditEvent(tx, {
      action: 'admin.content_changed',
      ...context,
      targetType: 'managed_content',
      targetId: `${input.section}.${input.key}`,
      details: { length: input.content.length, cleared: input.content === '' },
    });
  });
  return listAdminContent(db);
}
