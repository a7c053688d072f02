import type { TBusinessAnalytics } from '@shared/schemas/business';
import { sql } from 'drizzle-orm';
import { CLOSED_STATUSES_SQL } from '../../db/account-statuses';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';

/** How far back the delinquency chart reads the payment histories (they hold 24 months). */
const DELINQUENCY_MONTHS = 24;

const ZCount = z.coerce.number<number | string>();

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Every day from `days - 1` days ago to today (UTC, which is Sierra Leone's time all year). */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => isoDay(new Date(today - (days - 1 - i) * 86_400_000)));
}

/**
 * The business's analytics from its own rows: its inquiries per day, its accounts by status, the
 * delinquency of its accounts month by month (from the payment histories it reported) and totals.
 * Four statements, run side by side; each reads the business's rows through its indexes.
 */
export async function getBusinessAnalytics(db: Database, businessId: string, days: number, now = new Date()): Promise<TBusinessAnalytics> {
  const dayList = lastDays(days, now);
  const from = `${dayList[0]}T00:00:00Z`;
  const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DELINQUENCY_MONTHS - 1), 1)).toISOString().slice(0, 7);

  const [perDay, byStatus, delinquency, [totals]] = await Promise.all([
    queryParsedRows(
      db,
      z.object({ day: z.string(), searches: ZCount, reports: ZCount }),
      sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE kind = 'search')::int AS searches,
            count(*) FILTER (WHERE kind = 'report')::int AS reports
          FROM credit_inquiries
          WHERE business_id = ${businessId}::uuid AND created_at >= ${from}::timestamptz
          GROUP BY 1`,
    ),
    queryParsedRows(
      db,
      z.object({ status: z.string(), status_name: z.string(), is_negative: z.boolean(), accounts: ZCount }),
      sql`SELECT st.code AS status, st.name AS status_name, st.is_negative, count(a.id)::int AS accounts
          FROM credit_account_statuses st
          JOIN credit_accounts a ON a.status = st.code AND a.business_id = ${businessId}::uuid
          GROUP BY st.code, st.name, st.is_negative, st.sort_order
          ORDER BY st.sort_order`,
    ),
    // Month i of a history (1 = the first character) is the month of last_reported_at minus i - 1,
    // as credit/report.ts reads it.
    queryParsedRows(
      db,
      z.object({ month: z.string(), reported: ZCount, late30: ZCount, late60: ZCount, late90: ZCount, defaulted: ZCount }),
      sql`SELECT m.month,
            count(*) FILTER (WHERE m.code IN ('0', '1', '2', '3', 'D'))::int AS reported,
            count(*) FILTER (WHERE m.code = '1')::int AS late30,
            count(*) FILTER (WHERE m.code = '2')::int AS late60,
            count(*) FILTER (WHERE m.code = '3')::int AS late90,
            count(*) FILTER (WHERE m.code = 'D')::int AS defaulted
          FROM credit_accounts a
          CROSS JOIN LATERAL (
            SELECT to_char(date_trunc('month', a.last_reported_at AT TIME ZONE 'UTC') - make_interval(months => i - 1), 'YYYY-MM') AS month,
                   substr(a.payment_history, i, 1) AS code
            FROM generate_series(1, length(a.payment_history)) AS i
          ) m
          WHERE a.business_id = ${businessId}::uuid AND m.month >= ${firstMonth}
          GROUP BY m.month
          ORDER BY m.month`,
    ),
    queryParsedRows(
      db,
      z.object({ accounts: ZCount, open_accounts: ZCount, clients: ZCount, in_default: ZCount }),
      sql`SELECT count(*)::int AS accounts,
            count(*) FILTER (WHERE status NOT IN ${CLOSED_STATUSES_SQL})::int AS open_accounts,
            count(DISTINCT subject_id) FILTER (WHERE status NOT IN ${CLOSED_STATUSES_SQL})::int AS clients,
            count(*) FILTER (WHERE status IN ('default', 'written_off'))::int AS in_default
          FROM credit_accounts WHERE business_id = ${businessId}::uuid`,
    ),
  ]);

  const counted = new Map(perDay.map((r) => [r.day, r]));
  return {
    days,
    inquiriesPerDay: dayList.map((date) => ({
      date,
      searches: Number(counted.get(date)?.searches ?? 0),
      reports: Number(counted.get(date)?.reports ?? 0),
    })),
    portfolioByStatus: byStatus.map((r) => ({
      status: r.status,
      statusName: r.status_name,
      accounts: Number(r.accounts),
      isNegative: r.is_negative,
    })),
    delinquencyByMonth: delinquency.map((r) => {
      const late = Number(r.late30) + Number(r.late60) + Number(r.late90) + Number(r.defaulted);
      const reported = Number(r.reported);
      return {
        month: r.month,
        reported,
        late30: Number(r.late30),
        late60: Number(r.late60),
        late90: Number(r.late90),
        defaulted: Number(r.defaulted),
        rate: reported === 0 ? 0 : Math.round((late / reported) * 10_000) / 10_000,
      };
    }),
    totals: {
      accounts: Number(totals.accounts),
      openAccounts: Number(totals.open_accounts),
      clients: Number(totals.clients),
      accountsInDefault: Number(totals.in_default),
    },
  };
}
