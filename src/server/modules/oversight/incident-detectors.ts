import { sql, type SQL } from 'drizzle-orm';

// The scan's detectors: each is one query that returns incidents (oversight/incidents.ts's candidate
// rows) found among the audit events with ids in (from, to], or, for the quota, in this month's inquiries.

/** Failed sign-ins from one address within one 10-minute window that make an incident. */
export const FAILED_LOGIN_BURST = 10;
/** Refused requests (403 from a role guard) by one user within one 10-minute window. */
export const ACCESS_DENIED_BURST = 5;
const WINDOW_SECONDS = 600;

/** Each lockout is an incident of its own. */
export function accountLockoutsSql(from: number, to: number): SQL {
  return sql`SELECT 'account_lockout:' || e.id AS fingerprint, 'account_lockout' AS kind, 'medium' AS severity,
    'Account locked after repeated failed sign-ins (' || COALESCE(e.actor_role, 'unknown role') || ')' AS summary,
    e.ip, e.actor_user_id AS user_id, e.business_id, 1 AS event_count, e.id AS first_event_id, e.id AS last_event_id,
    e.occurred_at AS first_seen_at, e.occurred_at AS last_seen_at
    FROM audit_events e WHERE e.id > ${from} AND e.id <= ${to} AND e.action = 'auth.account_locked'`;
}

/** Bursts of failed sign-ins from one address within one window. Every window a new event falls into is counted again in full, so a burst spread over several scans is still seen whole. */
export function failedLoginBurstsSql(from: number, to: number): SQL {
  return sql`WITH touched AS (
    SELECT DISTINCT ip, floor(extract(epoch FROM occurred_at) / ${WINDOW_SECONDS})::bigint AS bucket
    FROM audit_events WHERE id > ${from} AND id <= ${to} AND action = 'auth.login_failed' AND ip IS NOT NULL
    )
    SELECT 'failed_login_burst:' || t.ip || ':' || t.bucket AS fingerprint, 'failed_login_burst' AS kind,
    CASE WHEN count(*) >= ${FAILED_LOGIN_BURST * 5} THEN 'high' ELSE 'medium' END AS severity,
    count(*) || ' failed sign-ins from ' || t.ip || ' within 10 minutes, against ' || count(DISTINCT e.actor_user_id) || CASE WHEN count(DISTINCT e.actor_user_id) = 1 THEN ' known account' ELSE ' known accounts' END AS summary,
    t.ip, CASE WHEN count(DISTINCT e.actor_user_id) = 1 THEN min(e.actor_user_id::text)::uuid END AS user_id, NULL::uuid AS business_id,
    count(*)::int AS event_count, min(e.id) AS first_event_id, max(e.id) AS last_event_id, min(e.occurred_at) AS first_seen_at, max(e.occurred_at) AS last_seen_at
    FROM touched t JOIN audit_events e ON e.action = 'auth.login_failed' AND e.ip = t.ip
    AND e.occurred_at >= to_timestamp(t.bucket * ${WINDOW_SECONDS}) AND e.occurred_at < to_timestamp((t.bucket + 1) * ${WINDOW_SECONDS})
    GROUP BY t.ip, t.bucket HAVING count(*) >= ${FAILED_LOGIN_BURST}`;
}

/** Bursts of refused requests (routes of another role) by one user within one window. */
export function accessDeniedBurstsSql(from: number, to: number): SQL {
  return sql`WITH touched AS (
    SELECT DISTINCT actor_user_id, floor(extract(epoch FROM occurred_at) / ${WINDOW_SECONDS})::bigint AS bucket
    FROM audit_events WHERE id > ${from} AND id <= ${to} AND action = 'access.denied' AND actor_user_id IS NOT NULL
    )
    SELECT 'access_denied_burst:' || t.actor_user_id || ':' || t.bucket AS fingerprint, 'access_denied_burst' AS kind,
    CASE WHEN count(*) >= ${ACCESS_DENIED_BURST * 4} THEN 'high' ELSE 'medium' END AS severity,
    count(*) || ' refused requests by one ' || COALESCE(min(e.actor_role), 'user') || ' account within 10 minutes (routes of another role)' AS summary,
    min(e.ip) AS ip, t.actor_user_id AS user_id, min(e.business_id::text)::uuid AS business_id,
    count(*)::int AS event_count, min(e.id) AS first_event_id, max(e.id) AS last_event_id, min(e.occurred_at) AS first_seen_at, max(e.occurred_at) AS last_seen_at
    FROM touched t JOIN audit_events e ON e.action = 'access.denied' AND e.actor_user_id = t.actor_user_id
    AND e.occurred_at >= to_timestamp(t.bucket * ${WINDOW_SECONDS}) AND e.occurred_at < to_timestamp((t.bucket + 1) * ${WINDOW_SECONDS})
    GROUP BY t.actor_user_id, t.bucket HAVING count(*) >= ${ACCESS_DENIED_BURST}`;
}

/** Businesses that used up their monthly quota, read from the inquiry records (the registry's own log of every search and report); a business reaching its quota is seen by the scans of the next 15 minutes. */
export function quotaExhaustedSql(): SQL {
  return sql`SELECT 'quota_exhausted:' || i.business_id || ':' || to_char(date_trunc('month', now() AT TIME ZONE 'UTC'), 'YYYY-MM') AS fingerprint,
    'quota_exhausted' AS kind, 'low' AS severity,
    b.business_name || ' used all ' || COALESCE(b.monthly_quota_override, p.monthly_inquiry_quota) || ' reports of its ' || p.name || ' plan this month' AS summary,
    NULL AS ip, NULL::uuid AS user_id, i.business_id, count(*)::int AS event_count, NULL::bigint AS first_event_id, NULL::bigint AS last_event_id,
    min(i.created_at) AS first_seen_at, max(i.created_at) AS last_seen_at
    FROM credit_inquiries i
    JOIN business_profiles b ON b.user_id = i.business_id
    JOIN plans p ON p.code = b.plan_code
    WHERE i.kind = 'report' AND i.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
    -- Only businesses that pulled a report lately: the scan runs every minute, a national month is large.
    AND i.business_id IN (SELECT DISTINCT r.business_id FROM credit_inquiries r WHERE r.kind = 'report' AND r.created_at > now() - interval '15 minutes')
    GROUP BY i.business_id, b.business_name, b.monthly_quota_override, p.monthly_inquiry_quota, p.name
    HAVING count(*) >= COALESCE(b.monthly_quota_override, p.monthly_inquiry_quota) AND COALESCE(b.monthly_quota_override, p.monthly_inquiry_quota) > 0`;
}
