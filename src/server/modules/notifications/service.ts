import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TPageQuery } from '@shared/schemas/common';
import type { TNotificationList, TNotificationParams } from '@shared/schemas/consumer';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { decodeKeysetCursor, keysetAfterSql, keysetPage, microsecondsSql } from '../../lib/keyset-page';

export type NotificationKind =
  | 'new_account'
  | 'new_default'
  | 'new_inquiry'
  | 'dispute_update'
  | 'dispute_filed'
  | 'dispute_overdue'
  | 'account_corrected'
  | 'ussd_locked'
  | 'ussd_callback';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** English: the email's words, and what a client without the catalogue shows. */
  title: string;
  body: string;
  /**
   * For a consumer: the sentence's figures and names (`variant` picks the sentence of its kind), so
   * the portal says it from `portal:notices.<kind>.<variant>` in the reader's language (decisions/047).
   */
  params?: TNotificationParams | null;
  link?: string | null;
  /** The same key for the same user is written once (writers may run twice). */
  dedupeKey: string;
}

/**
 * Adds in-app notifications; each is also queued for email, which the mail job sends when SMTP is
 * configured and the person wants that kind by email (or marks skipped).
 */
export async function notify(db: Database, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(notifications)
    .values(
      items.map((n) => ({
        userId: n.userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        params: n.params ?? null,
        link: n.link ?? null,
        dedupeKey: n.dedupeKey,
        emailStatus: 'pending',
      })),
    )
    .onConflictDoNothing();
}

/** A user's notifications, newest first, a page at a time (keyset on (user_id, created_at)), and the unread count. */
export async function listNotifications(db: Database, userId: string, page: TPageQuery): Promise<TNotificationList> {
  const after = page.cursor ? decodeKeysetCursor(page.cursor) : null;
  const [fetched, [unread]] = await Promise.all([
    db
      .select({ row: notifications, createdUs: sql<string>`${microsecondsSql(sql`${notifications.createdAt}`)}` })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          after ? keysetAfterSql(sql`${notifications.createdAt}`, sql`${notifications.id}`, after) : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit + 1),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  const { rows, nextCursor } = keysetPage(fetched, page.limit, (r) => ({ sortUs: String(r.createdUs), id: r.row.id }));
  const list = rows.map(({ row: r }) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    params: r.params ?? null,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
  }));
  // `notifications` and `items` are the same page (docs/api.md, Paging).
  return { unread: Number(unread?.n ?? 0), notifications: list, items: list, nextCursor };
}

/** Marks the given notifications (all when none are given) of this user read; others' ids are ignored. */
export async function markNotificationsRead(db: Database, userId: string, ids?: string[]): Promise<{ updated: number }> {
  const where = and(
    eq(notifications.userId, userId),
    isNull(notifications.readAt),
    ids ? inArray(notifications.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
  );
  const rows = await db.update(notifications).set({ readAt: new Date() }).where(where).returning({ id: notifications.id });
  return { updated: rows.length };
}
