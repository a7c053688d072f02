import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';

/** What this needs of a mailer (lib/mailer.ts createMailer gives one: SMTP when SMTP_URL is set). */
export interface NotificationMailer {
  isConfigured: boolean;
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

const BATCH = 100;

/** Which preference covers a kind of notification (businesses' own notifications always go). */
const PREFERENCE_OF_KIND: Record<string, string> = {
  new_account: 'email_new_accounts',
  new_default: 'email_new_accounts',
  account_corrected: 'email_new_accounts',
  new_inquiry: 'email_inquiries',
  dispute_update: 'email_disputes',
  dispute_overdue: 'email_disputes',
};

const ZNotificationIdRow = z.object({ id: z.string() });

/** A claimed notification, its recipient's address and role, and their email preferences (null without a row). */
const ZClaimedNotificationRow = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  email_new_accounts: z.boolean().nullable(),
  email_inquiries: z.boolean().nullable(),
  email_disputes: z.boolean().nullable(),
});

/**
 * Emails pending notifications when SMTP is configured, to people who have an address and want
 * that kind; the rest are marked skipped. A send that fails is marked failed (the in-app one stays).
 */
export async function sendPendingNotificationEmails(
  db: Database,
  mailer: NotificationMailer,
  options: { publicUrl?: string } = {},
): Promise<Record<string, number>> {
  if (!mailer.isConfigured) {
    const skipped = await queryParsedRows(
      db,
      ZNotificationIdRow,
      sql`UPDATE notifications SET email_status = 'skipped' WHERE email_status = 'pending' RETURNING id`,
    );
    return { sent: 0, skipped: skipped.length, failed: 0 };
  }
  // Claimed in one statement (SKIP LOCKED): two instances never email the same notification.
  const rows = await queryParsedRows(
    db,
    ZClaimedNotificationRow,
    sql`WITH claimed AS (
          UPDATE notifications SET email_status = 'sending'
          WHERE id IN (SELECT id FROM notifications WHERE email_status = 'pending' ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, user_id, kind, title, body, link
        )
        SELECT c.id, c.kind, c.title, c.body, c.link, u.email, u.role::text AS role, np.email_new_accounts, np.email_inquiries, np.email_disputes
        FROM claimed c
        JOIN users u ON u.id = c.user_id
        LEFT JOIN notification_preferences np ON np.user_id = c.user_id`,
  );
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  for (const row of rows) {
    const preference = PREFERENCE_OF_KIND[row.kind];
    const wants = row.role !== 'consumer' || !preference || (row[preference as keyof typeof row] ?? true) !== false;
    if (!row.email || !wants) {
      await db.execute(sql`UPDATE notifications SET email_status = 'skipped' WHERE id = ${row.id}::uuid`);
      skipped++;
      continue;
    }
    const link = row.link && options.publicUrl ? `\n\nOpen: ${options.publicUrl}${row.link}` : '';
    try {
      await mailer.send({
        to: row.email,
        subject: `CreditCheck SL: ${row.title}`,
        text: `${row.body}${link}\n\nYou can change which notifications you receive by email in Settings.`,
      });
      await db.execute(sql`UPDATE notifications SET email_status = 'sent', emailed_at = now() WHERE id = ${row.id}::uuid`);
      sent++;
    } catch {
      await db.execute(sql`UPDATE notifications SET email_status = 'failed' WHERE id = ${row.id}::uuid`);
      failed++;
    }
  }
  return { sent, skipped, failed };
}
