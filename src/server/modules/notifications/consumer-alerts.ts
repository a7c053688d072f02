import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows } from '../../db/query';

/** How far back each scan looks; the dedupe keys make overlapping scans harmless. */
const SCAN_WINDOW_HOURS = 48;

/** How many notifications the scan inserted (`::int`; read as a number whatever the driver gives). */
const ZInsertedCountRow = z.object({ n: numberColumn });

/**
 * Tells verified consumers what lenders did on their file since they confirmed their identity: a
 * new account, an account gone into default, a search or report about them. Driven from the
 * verified consumers (consumer_profiles -> NIN -> subject -> accounts and inquiries by the
 * subject's indexes), so it never scans the registry, and it touches no registry write path: the
 * monthly files stay as fast as they were. Runs every few minutes on every instance; the unique
 * (user, dedupe key) makes each notification appear once. `params` carries the names and codes
 * (no lender name: the portal's "A lender" in the reader's language) for the portal's catalogue.
 */
export async function scanConsumerAlerts(db: Database, now = new Date()): Promise<Record<string, number>> {
  const since = new Date(now.getTime() - SCAN_WINDOW_HOURS * 3600_000).toISOString();
  const accounts = await queryParsedRows(
    db,
    ZInsertedCountRow,
    sql`WITH people AS (
          SELECT cp.user_id, cp.identity_verified_at, i.subject_id
          FROM consumer_profiles cp
          JOIN credit_subject_identifiers i ON i.type = 'nin' AND i.value = cp.national_id
          WHERE cp.identity_verified_at IS NOT NULL
        ), inserted AS (
          INSERT INTO notifications (user_id, kind, title, body, params, link, dedupe_key, email_status)
          SELECT p.user_id, 'new_account', 'A new account was reported on your file',
                 COALESCE(b.business_name, 'A lender') || ' reported ' || lower(t.name) || ' ' || a.account_number || '. Check it is yours.',
                 jsonb_strip_nulls(jsonb_build_object('variant', 'reported', 'lender', b.business_name, 'accountType', a.type::text, 'accountNumber', a.account_number)),
                 '/consumer/reports', 'account:' || a.id, 'pending'
          FROM people p
          JOIN credit_accounts a ON a.subject_id = p.subject_id
          JOIN credit_account_types t ON t.code = a.type
          LEFT JOIN business_profiles b ON b.user_id = a.business_id
          WHERE a.created_at > p.identity_verified_at AND a.created_at > ${since}::timestamptz
          UNION ALL
          SELECT p.user_id, 'new_default', 'A default was reported on your file',
                 COALESCE(b.business_name, 'A lender') || ' reported account ' || a.account_number || ' as ' || lower(st.name) || '. If this is wrong, dispute it.',
                 jsonb_strip_nulls(jsonb_build_object('variant', 'reported', 'lender', b.business_name, 'accountNumber', a.account_number, 'status', a.status::text)),
                 '/consumer/disputes', 'default:' || a.id || ':' || COALESCE(a.default_date::text, ''), 'pending'
          FROM people p
          JOIN credit_accounts a ON a.subject_id = p.subject_id
          JOIN credit_account_statuses st ON st.code = a.status
          LEFT JOIN business_profiles b ON b.user_id = a.business_id
          WHERE a.status IN ('default', 'written_off') AND a.updated_at > p.identity_verified_at AND a.updated_at > ${since}::timestamptz
          UNION ALL
          SELECT p.user_id, 'new_inquiry',
                 CASE WHEN q.kind = 'report' THEN 'A business pulled your credit report' ELSE 'A business searched for you' END,
                 COALESCE(b.business_name, 'A business') || ' (' || lower(pp.name) || ').',
                 jsonb_strip_nulls(jsonb_build_object('variant', CASE WHEN q.kind = 'report' THEN 'report' ELSE 'search' END, 'business', b.business_name, 'purpose', q.purpose)),
                 '/consumer/access-log', 'inquiry:' || q.id, 'pending'
          FROM people p
          JOIN credit_inquiry_subjects qs ON qs.subject_id = p.subject_id
          JOIN credit_inquiries q ON q.id = qs.inquiry_id
          JOIN permissible_purposes pp ON pp.code = q.purpose
          LEFT JOIN business_profiles b ON b.user_id = q.business_id
          WHERE q.created_at > p.identity_verified_at AND q.created_at > ${since}::timestamptz
          ON CONFLICT (user_id, dedupe_key) DO NOTHING
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM inserted`,
  );
  return { notified: accounts[0]?.n ?? 0 };
}
