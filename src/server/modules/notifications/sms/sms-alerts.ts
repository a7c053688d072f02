import { languageOf, translatorFor, type Language } from '@shared/i18n';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { numberColumn, queryParsedRows } from '../../../db/query';
import { isOptedOut } from './opt-outs';
import type { SmsMessage, SmsProvider } from './sms-provider';

// Alerts by SMS to verified consumers, in their language (issue 21, decisions/046). The scan writes
// one sms_alerts row per event (the unique (user, dedupe key), as the in-app alerts), reading the
// same verified people's accounts, inquiries and disputes, never a lender's write path; the sender
// claims due rows and sends them through the SMS provider. A send the gateway refuses is tried again
// after 1, 5 and 30 minutes, then marked failed.

const SCAN_WINDOW_HOURS = 48;
const BATCH = 100;
/** Minutes before the next try, after the 1st, 2nd and 3rd failure; a 4th failure gives up. */
export const SMS_ALERT_RETRY_MINUTES = [1, 5, 30] as const;
/** A claimed row whose sender died is claimed again after this. */
const CLAIM_LEASE_MINUTES = 10;

export type SmsAlertKind = 'new_default' | 'report_pulled' | 'dispute_answered';

const ZVars = z.object({
  lender: z.string().nullish(),
  account: z.string().nullish(),
  status: z.string().nullish(),
  purpose: z.string().nullish(),
  outcome: z.string().nullish(),
});
export type SmsAlertVars = z.infer<typeof ZVars>;

/** The text of an alert in a language: the words of the sms catalogue, the lender's name and account as reported. */
export function smsAlertText(kind: SmsAlertKind, vars: SmsAlertVars, language: Language): string {
  const t = translatorFor(language);
  const lender = vars.lender ?? t('sms:someLender');
  const account = vars.account ?? '';
  switch (kind) {
    case 'new_default':
      return t('sms:alert.newDefault', { lender, account, status: t(`sms:status.${vars.status ?? 'default'}`) });
    case 'report_pulled':
      return t('sms:alert.reportPulled', { business: lender, purpose: t(`sms:purpose.${vars.purpose ?? 'credit_application'}`) });
    case 'dispute_answered':
      return t('sms:alert.disputeAnswered', { lender, account, outcome: t(`sms:outcome.${vars.outcome ?? 'verified'}`) });
  }
}

/** A message that is an alert, not a code the person asked for: not sent to a phone that sent STOP. */
export async function sendAlertSms(db: Database, sms: SmsProvider, message: SmsMessage) {
  if (await isOptedOut(db, message.to)) return null;
  return sms.send(db, message);
}

/** Writes the alert rows of what lenders did since each verified consumer confirmed their identity. */
export async function scanSmsAlerts(db: Database, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - SCAN_WINDOW_HOURS * 3600_000).toISOString();
  // Due from the scan's own clock: the sender compares with the same `now`.
  const nowText = now.toISOString();
  const [row] = await queryParsedRows(
    db,
    z.object({ n: numberColumn }),
    sql`WITH people AS (
          SELECT cp.user_id, cp.identity_verified_at, i.subject_id
          FROM consumer_profiles cp
          JOIN credit_subject_identifiers i ON i.type = 'nin' AND i.value = cp.national_id
          WHERE cp.identity_verified_at IS NOT NULL
        ), inserted AS (
          INSERT INTO sms_alerts (user_id, kind, vars, dedupe_key, next_attempt_at)
          SELECT user_id, kind, vars, dedupe_key, ${nowText}::timestamptz FROM (
          SELECT p.user_id, 'new_default', jsonb_build_object('lender', b.business_name, 'account', a.account_number, 'status', a.status::text),
                 'default:' || a.id || ':' || COALESCE(a.default_date::text, '')
          FROM people p
          JOIN credit_accounts a ON a.subject_id = p.subject_id
          LEFT JOIN business_profiles b ON b.user_id = a.business_id
          WHERE a.status IN ('default', 'written_off') AND a.updated_at > p.identity_verified_at AND a.updated_at > ${since}::timestamptz
          UNION ALL
          SELECT p.user_id, 'report_pulled', jsonb_build_object('lender', b.business_name, 'purpose', q.purpose::text), 'inquiry:' || q.id
          FROM people p
          JOIN credit_inquiry_subjects qs ON qs.subject_id = p.subject_id
          JOIN credit_inquiries q ON q.id = qs.inquiry_id
          LEFT JOIN business_profiles b ON b.user_id = q.business_id
          WHERE q.kind = 'report' AND q.created_at > p.identity_verified_at AND q.created_at > ${since}::timestamptz
          UNION ALL
          SELECT d.consumer_user_id, 'dispute_answered',
                 jsonb_build_object('lender', b.business_name, 'account', a.account_number, 'outcome', d.outcome::text),
                 'dispute_answered:' || d.id
          FROM disputes d
          JOIN consumer_profiles cp ON cp.user_id = d.consumer_user_id AND cp.identity_verified_at IS NOT NULL
          LEFT JOIN credit_accounts a ON a.id = d.account_id
          LEFT JOIN business_profiles b ON b.user_id = d.business_id
          WHERE d.resolved_at > ${since}::timestamptz AND d.outcome IS NOT NULL
          ) AS events (user_id, kind, vars, dedupe_key)
          ON CONFLICT (user_id, dedupe_key) DO NOTHING
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM inserted`,
  );
  return row?.n ?? 0;
}

const ZClaimedAlertRow = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: z.enum(['new_default', 'report_pulled', 'dispute_answered']),
  vars: z.unknown(),
  attempts: numberColumn,
  phone: z.string().nullable(),
  language: z.string().nullable(),
  is_verified: z.boolean(),
});

/**
 * Sends the due alerts (claimed with SKIP LOCKED: two instances never send one twice) to the phone
 * each person signs in with, in their language; a phone that sent STOP, a person without a phone
 * or no longer verified is skipped.
 */
export async function sendPendingSmsAlerts(db: Database, sms: SmsProvider, now = new Date()): Promise<Record<string, number>> {
  const lease = new Date(now.getTime() + CLAIM_LEASE_MINUTES * 60_000).toISOString();
  const rows = await queryParsedRows(
    db,
    ZClaimedAlertRow,
    sql`WITH claimed AS (
          UPDATE sms_alerts SET status = 'sending', next_attempt_at = ${lease}::timestamptz
          WHERE id IN (SELECT id FROM sms_alerts WHERE status IN ('pending', 'sending') AND next_attempt_at <= ${now.toISOString()}::timestamptz
                       ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, user_id, kind, vars, attempts
        )
        SELECT c.id, c.user_id, c.kind, c.vars, c.attempts, u.phone, cp.language, (cp.identity_verified_at IS NOT NULL) AS is_verified
        FROM claimed c JOIN users u ON u.id = c.user_id LEFT JOIN consumer_profiles cp ON cp.user_id = c.user_id`,
  );
  const counts = { sent: 0, skipped: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    if (!row.phone || !row.is_verified || (await isOptedOut(db, row.phone))) {
      await db.execute(sql`UPDATE sms_alerts SET status = 'skipped' WHERE id = ${row.id}::uuid`);
      counts.skipped++;
      continue;
    }
    const vars = ZVars.parse(typeof row.vars === 'string' ? JSON.parse(row.vars) : row.vars);
    const body = smsAlertText(row.kind, vars, languageOf(row.language));
    const sent = await sms.send(db, { to: row.phone, body, purpose: `alert_${row.kind}`, userId: row.user_id });
    if (sent.status === 'sent') {
      await db.execute(
        sql`UPDATE sms_alerts SET status = 'sent', outbox_id = ${sent.id}::uuid, sent_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
            WHERE id = ${row.id}::uuid`,
      );
      counts.sent++;
      continue;
    }
    const delay = SMS_ALERT_RETRY_MINUTES[row.attempts];
    if (delay === undefined) {
      await db.execute(
        sql`UPDATE sms_alerts SET status = 'failed', outbox_id = ${sent.id}::uuid, attempts = attempts + 1 WHERE id = ${row.id}::uuid`,
      );
      counts.failed++;
    } else {
      const next = new Date(now.getTime() + delay * 60_000).toISOString();
      await db.execute(
        sql`UPDATE sms_alerts SET status = 'pending', outbox_id = ${sent.id}::uuid, attempts = attempts + 1, next_attempt_at = ${next}::timestamptz
            WHERE id = ${row.id}::uuid`,
      );
      counts.retrying++;
    }
  }
  return counts;
}

/** The job: scan, then send what is due. */
export async function runSmsAlerts(db: Database, sms: SmsProvider, now = new Date()): Promise<Record<string, number>> {
  const queued = await scanSmsAlerts(db, now);
  return { queued, ...(await sendPendingSmsAlerts(db, sms, now)) };
}
