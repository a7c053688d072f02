import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { queryParsedRows } from '../db/query';
import { readSetting } from '../modules/settings';

export const INVOICE_DAYS_BEFORE_RENEWAL = 7;
export const GRACE_DAYS_PAST_DUE = 7;

const ZUserIdRow = z.object({ user_id: z.string() });

/**
 * The daily subscription run, set-based:
 * 1. an open invoice for the next month, a week before each paid subscription renews (the
 *    specification's "invoice before each monthly renewal");
 * 2. a subscription whose period has ended unpaid becomes past_due;
 * 3. past_due for more than the grace period falls back to the free Starter plan.
 */
export async function runSubscriptionRenewals(db: Database, now = new Date()): Promise<Record<string, number>> {
  const rate = await readSetting(db, 'exchange_rate_sle_per_usd');
  const invoiced = await queryParsedRows(
    db,
    z.object({ id: z.string() }),
    sql`INSERT INTO invoices (number, business_id, plan_code, amount_usd_cents, exchange_rate_sle_per_usd, amount_sle_cents, status, period_start, period_end, issued_at)
        SELECT 'INV-' || to_char(${now}::timestamptz, 'YYYYMM') || '-' || upper(substr(md5(random()::text || bp.user_id::text), 1, 8)),
               bp.user_id, bp.plan_code, p.price_usd_cents, ${rate}::numeric,
               round(p.price_usd_cents * ${rate}::numeric)::bigint, 'open',
               bp.next_billing_date, bp.next_billing_date + interval '1 month', ${now}::timestamptz
        FROM business_profiles bp
        JOIN plans p ON p.code = bp.plan_code
        WHERE bp.subscription_status = 'active'
          AND p.is_free = false AND p.price_usd_cents IS NOT NULL
          AND bp.next_billing_date <= ${now}::timestamptz + make_interval(days => ${INVOICE_DAYS_BEFORE_RENEWAL})
          AND NOT EXISTS (
            SELECT 1 FROM invoices i
            WHERE i.business_id = bp.user_id AND i.period_start >= bp.next_billing_date
          )
        RETURNING id`,
  );
  const pastDue = await queryParsedRows(
    db,
    ZUserIdRow,
    sql`UPDATE business_profiles SET subscription_status = 'past_due'
        WHERE subscription_status = 'active' AND next_billing_date < ${now}::timestamptz
          AND plan_code IN (SELECT code FROM plans WHERE is_free = false)
        RETURNING user_id`,
  );
  const lapsed = await queryParsedRows(
    db,
    ZUserIdRow,
    sql`UPDATE business_profiles SET subscription_status = 'inactive', plan_code = 'starter'
        WHERE subscription_status = 'past_due'
          AND next_billing_date < ${now}::timestamptz - make_interval(days => ${GRACE_DAYS_PAST_DUE})
        RETURNING user_id`,
  );
  return { invoicesIssued: invoiced.length, markedPastDue: pastDue.length, downgradedToStarter: lapsed.length };
}
