import { INCIDENT_KINDS, INCIDENT_STATUSES, type TIncident, type TIncidentKind } from '@shared/schemas/admin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows, timestampColumn } from '../../db/query';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { bigintColumn, numberColumn } from './columns';

// Security incidents, derived from the audit log by a scan (scheduled, and on an administrator's
// request): lockouts, bursts of failed sign-ins from one address, bursts of refused access by one
// user, and businesses that used up their monthly quota. Each incident has a fingerprint, so
// scanning again updates it rather than opening another (decisions/013).

type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;

/** Failed sign-ins from one address within one 10-minute window that make an incident. */
export const FAILED_LOGIN_BURST = 10;
/** Refused requests (403 from a role guard) by one user within one 10-minute window. */
export const ACCESS_DENIED_BURST = 5;
const WINDOW_SECONDS = 600;
const SCAN_LOCK_ID = 7_232_020;
const CURSOR = 'security_incidents';

const ZSeverity = z.enum(['low', 'medium', 'high']);

/** An incident a scan query finds: ids of audit events are bigints (text on node-postgres). */
const ZCandidateRow = z.object({
  fingerprint: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  severity: ZSeverity,
  summary: z.string(),
  ip: z.string().nullable(),
  user_id: z.string().nullable(),
  business_id: z.string().nullable(),
  event_count: numberColumn,
  first_event_id: bigintColumn.nullable(),
  last_event_id: bigintColumn.nullable(),
  first_seen_at: timestampColumn,
  last_seen_at: timestampColumn,
});
type Candidate = z.output<typeof ZCandidateRow>;

const ZLockRow = z.object({ locked: z.boolean() });
const ZCursorRow = z.object({ last_event_id: bigintColumn });
const ZMaxEventIdRow = z.object({ max_id: bigintColumn.nullable() });
const ZUpsertedRow = z.object({ inserted: z.boolean() });

/**
 * Reads the audit events written since the last scan and opens or updates incidents. One scanner
 * at a time across instances (advisory lock); the cursor moves in the same transaction.
 */
export async function scanForIncidents(
  db: Database,
  requestedBy?: AuditContext,
): Promise<{ scannedEvents: number; opened: number; updated: number }> {
  return db.transaction(async (tx) => {
    const [lock] = await queryParsedRows(tx, ZLockRow, sql`SELECT pg_try_advisory_xact_lock(${SCAN_LOCK_ID}) AS locked`);
    if (!lock?.locked) return { scannedEvents: 0, opened: 0, updated: 0 };
    await tx.execute(sql`INSERT INTO audit_scan_cursors (name, last_event_id) VALUES (${CURSOR}, 0) ON CONFLICT (name) DO NOTHING`);
    const [cursor] = await queryParsedRows(
      tx,
      ZCursorRow,
      sql`SELECT last_event_id FROM audit_scan_cursors WHERE name = ${CURSOR} FOR UPDATE`,
    );
    const from = cursor.last_event_id;
    const [top] = await queryParsedRows(tx, ZMaxEventIdRow, sql`SELECT max(id) AS max_id FROM audit_events`);
    const to = top?.max_id ?? 0;

    const candidates: Candidate[] = [];
    if (to > from) {
      candidates.push(
        ...(await queryParsedRows(
          tx,
          ZCandidateRow,
          sql`SELECT 'account_lockout:' || e.id AS fingerprint, 'account_lockout' AS kind, 'medium' AS severity,
                'Account locked after repeated failed sign-ins (' || COALESCE(e.actor_role, 'unknown role') || ')' AS summary,
                e.ip, e.actor_user_id AS user_id, e.business_id, 1 AS event_count, e.id AS first_event_id, e.id AS last_event_id,
                e.occurred_at AS first_seen_at, e.occurred_at AS last_seen_at
              FROM audit_events e WHERE e.id > ${from} AND e.id <= ${to} AND e.action = 'auth.account_locked'`,
        )),
      );
      // Every window a new event falls into is counted again in full, so a burst spread over
      // several scans is still seen whole.
      candidates.push(
        ...(await queryParsedRows(
          tx,
          ZCandidateRow,
          sql`WITH touched AS (
                SELECT DISTINCT ip, floor(extract(epoch FROM occurred_at) / ${WINDOW_SECONDS})::bigint AS bucket
                FROM audit_events WHERE id > ${from} AND id <= ${to} AND action = 'auth.login_failed' AND ip IS NOT NULL
              )
              SELECT 'failed_login_burst:' || t.ip || ':' || t.bucket AS fingerprint, 'failed_login_burst' AS kind,
                CASE WHEN count(*) >= ${FAILED_LOGIN_BURST * 5} THEN 'high' ELSE 'medium' END AS severity,
                count(*) || ' failed sign-ins from ' || t.ip || ' within 10 minutes, against ' || count(DISTINCT e.actor_user_id) || ' known account(s)' AS summary,
                t.ip, CASE WHEN count(DISTINCT e.actor_user_id) = 1 THEN min(e.actor_user_id::text)::uuid END AS user_id, NULL::uuid AS business_id,
                count(*)::int AS event_count, min(e.id) AS first_event_id, max(e.id) AS last_event_id, min(e.occurred_at) AS first_seen_at, max(e.occurred_at) AS last_seen_at
              FROM touched t JOIN audit_events e ON e.action = 'auth.login_failed' AND e.ip = t.ip
                AND e.occurred_at >= to_timestamp(t.bucket * ${WINDOW_SECONDS}) AND e.occurred_at < to_timestamp((t.bucket + 1) * ${WINDOW_SECONDS})
              GROUP BY t.ip, t.bucket HAVING count(*) >= ${FAILED_LOGIN_BURST}`,
        )),
      );
      candidates.push(
        ...(await queryParsedRows(
          tx,
          ZCandidateRow,
          sql`WITH touched AS (
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
              GROUP BY t.actor_user_id, t.bucket HAVING count(*) >= ${ACCESS_DENIED_BURST}`,
        )),
      );
    }
    // Quota: read from the inquiry records (the registry's own log of every search and report); a
    // business reaching its quota is seen by the scans of the next 15 minutes.
    candidates.push(
      ...(await queryParsedRows(
        tx,
        ZCandidateRow,
        sql`SELECT 'quota_exhausted:' || i.business_id || ':' || to_char(date_trunc('month', now() AT TIME ZONE 'UTC'), 'YYYY-MM') AS fingerprint,
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
            HAVING count(*) >= COALESCE(b.monthly_quota_override, p.monthly_inquiry_quota) AND COALESCE(b.monthly_quota_override, p.monthly_inquiry_quota) > 0`,
      )),
    );

    let opened = 0;
    let updated = 0;
    for (const c of candidates) {
      const [row] = await queryParsedRows(
        tx,
        ZUpsertedRow,
        sql`INSERT INTO security_incidents (fingerprint, kind, severity, summary, ip, user_id, business_id, event_count, first_event_id, last_event_id, first_seen_at, last_seen_at)
            VALUES (${c.fingerprint}, ${c.kind}, ${c.severity}, ${c.summary}, ${c.ip}, ${c.user_id}, ${c.business_id}, ${c.event_count},
              ${c.first_event_id}, ${c.last_event_id}, ${c.first_seen_at}, ${c.last_seen_at})
            ON CONFLICT (fingerprint) DO UPDATE SET severity = EXCLUDED.severity, summary = EXCLUDED.summary, event_count = EXCLUDED.event_count,
              last_event_id = EXCLUDED.last_event_id, last_seen_at = EXCLUDED.last_seen_at
            WHERE security_incidents.event_count <> EXCLUDED.event_count
            RETURNING (xmax = 0) AS inserted`,
      );
      if (row?.inserted) opened += 1;
      else if (row) updated += 1;
    }
    await tx.execute(sql`UPDATE audit_scan_cursors SET last_event_id = ${Math.max(from, to)}, updated_at = now() WHERE name = ${CURSOR}`);
    const result = { scannedEvents: Math.max(0, to - from), opened, updated };
    // A scan an administrator asked for is an administrative act; the scheduled one is not recorded.
    if (requestedBy)
      await recordAuditEvent(tx, { action: 'admin.incident_scan', ...requestedBy, targetType: 'security_incidents', details: result });
    return result;
  });
}

const ZIncidentRow = z.object({
  id: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  severity: ZSeverity,
  summary: z.string(),
  ip: z.string().nullable(),
  user_id: z.string().nullable(),
  business_id: z.string().nullable(),
  event_count: numberColumn,
  first_seen_at: timestampColumn,
  last_seen_at: timestampColumn,
  status: z.enum(INCIDENT_STATUSES),
  acknowledged_at: timestampColumn.nullable(),
  acknowledged_by_name: z.string().nullable(),
  resolved_at: timestampColumn.nullable(),
  resolved_by_name: z.string().nullable(),
  resolution_note: z.string().nullable(),
});
type IncidentRow = z.output<typeof ZIncidentRow>;

const INCIDENT_SELECT = sql`
  SELECT i.id, i.kind, i.severity, i.summary, i.ip, i.user_id, i.business_id, i.event_count, i.first_seen_at, i.last_seen_at, i.status,
    i.acknowledged_at, a.full_name AS acknowledged_by_name, i.resolved_at, r.full_name AS resolved_by_name, i.resolution_note
  FROM security_incidents i
  LEFT JOIN staff_profiles a ON a.user_id = i.acknowledged_by
  LEFT JOIN staff_profiles r ON r.user_id = i.resolved_by`;

function toIncident(row: IncidentRow): TIncident {
  return {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    summary: row.summary,
    ip: row.ip,
    userId: row.user_id,
    businessId: row.business_id,
    eventCount: row.event_count,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    status: row.status,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by_name,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by_name,
    resolutionNote: row.resolution_note,
  };
}

const ZStatusCountRow = z.object({ status: z.string(), n: numberColumn });

export async function listIncidents(
  db: Database,
  filter: { status?: TIncident['status']; kind?: TIncidentKind; limit: number; from?: string; to?: string },
) {
  const rows = await queryParsedRows(
    db,
    ZIncidentRow,
    sql`${INCIDENT_SELECT}
        WHERE (${filter.status ?? null}::text IS NULL OR i.status::text = ${filter.status ?? null})
          AND (${filter.kind ?? null}::text IS NULL OR i.kind = ${filter.kind ?? null})
          AND (${filter.from ?? null}::date IS NULL OR i.last_seen_at >= ${filter.from ?? null}::date)
          AND (${filter.to ?? null}::date IS NULL OR i.first_seen_at < ${filter.to ?? null}::date + 1)
        ORDER BY (i.status = 'open') DESC, i.last_seen_at DESC, i.id LIMIT ${filter.limit}`,
  );
  const counts = await queryParsedRows(
    db,
    ZStatusCountRow,
    sql`SELECT status::text, count(*)::int AS n FROM security_incidents GROUP BY status`,
  );
  const countOf = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    incidents: rows.map(toIncident),
    counts: { open: countOf('open'), acknowledged: countOf('acknowledged'), resolved: countOf('resolved') },
  };
}

async function getIncident(db: Database, id: string): Promise<TIncident> {
  const [row] = await queryParsedRows(db, ZIncidentRow, sql`${INCIDENT_SELECT} WHERE i.id = ${id}`);
  if (!row) throw notFound('Incident not found');
  return toIncident(row);
}

const ZIncidentStatusRow = z.object({ status: z.string(), kind: z.string() });

/** Acknowledge (someone is looking at it) or resolve (with how), with the audit event, in one transaction. */
export async function changeIncident(
  db: Database,
  id: string,
  action: 'acknowledge' | 'resolve',
  note: string | undefined,
  context: AuditContext,
): Promise<TIncident> {
  await db.transaction(async (tx) => {
    const [row] = await queryParsedRows(
      tx,
      ZIncidentStatusRow,
      sql`SELECT status::text, kind FROM security_incidents WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound('Incident not found');
    if (row.status === 'resolved') throw new HttpError(409, 'This incident is already resolved.');
    if (action === 'acknowledge' && row.status !== 'open') throw new HttpError(409, 'This incident is already acknowledged.');
    if (action === 'acknowledge') {
      await tx.execute(
        sql`UPDATE security_incidents SET status = 'acknowledged', acknowledged_by = ${context.actorUserId ?? null}, acknowledged_at = now() WHERE id = ${id}`,
      );
    } else {
      await tx.execute(
        sql`UPDATE security_incidents SET status = 'resolved', resolved_by = ${context.actorUserId ?? null}, resolved_at = now(), resolution_note = ${note ?? null},
              acknowledged_by = COALESCE(acknowledged_by, ${context.actorUserId ?? null}), acknowledged_at = COALESCE(acknowledged_at, now())
            WHERE id = ${id}`,
      );
    }
    await recordAuditEvent(tx, {
      action: action === 'acknowledge' ? 'admin.incident_acknowledged' : 'admin.incident_resolved',
      ...context,
      targetType: 'security_incident',
      targetId: id,
      details: { kind: row.kind, ...(note ? { note } : {}) },
    });
  });
  return getIncident(db, id);
}
